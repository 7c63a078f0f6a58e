"""The game's font: the shipped DejaVu Sans with a character map of one range claiming 2^31
characters."""
from pathlib import Path

from font_files import font_claiming


def make(root: Path) -> None:
    folder = root / "data" / "game" / "fonts"
    folder.mkdir()
    (folder / "Body.ttf").write_bytes(font_claiming(2 ** 31))
