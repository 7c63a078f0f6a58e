"""A 100 MB SVG drawing: one path of a million-fold repeated list of points."""
from __future__ import annotations

import pathlib

MB = 1_000_000


def make(root: pathlib.Path) -> None:
    step = b" l1 1 l-1 -1" * 10_000
    icons = root / "data" / "game" / "icons"
    icons.mkdir(exist_ok=True)
    with (icons / "hero.svg").open("wb") as out:
        out.write(b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\n<path d="M0 0')
        for _ in range(100 * MB // len(step)):
            out.write(step)
        out.write(b'z"/>\n</svg>\n')
