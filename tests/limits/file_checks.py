"""Limits on the files a game names besides its data (fonts, pictures), and on git."""
from __future__ import annotations

import shutil
import subprocess

from PIL import Image

from cardgen.history import git_tree
from cardgen.drawing import fonts, images, pictures, svg_pictures
from cardgen.base.errors import Report
from cardgen.load.game import load_game
from cardgen.shared.schema import Invalid
from limits.probing import Pair, Run, errors

FONT = fonts.FONT_DIR / "DejaVuSans.ttf"


def _font(over: int):
    """A check of a game's font file when the limit is its size, less `over`."""
    def check(run: Run) -> str | None:
        game_dir = run.game("fonts:\n  mine: {regular: fonts/mine.ttf}\n")
        (game_dir / "fonts").mkdir()
        shutil.copy(FONT, game_dir / "fonts" / "mine.ttf")
        run.limit("FONT_BYTES", FONT.stat().st_size - over)
        report = Report()
        fonts.game_families(load_game(game_dir, report).fonts, report)   # registers its files
        return errors(report)
    return check


def _picture(run: Run, side: int):
    path = run.tmp_path / "art.png"
    Image.new("RGB", (side, side), "white").save(path)
    return path


def _inspected(path) -> str | None:
    try:
        images.inspect_image(path, "art/hero.png")
    except Invalid as exc:
        return str(exc)
    return None


def _picture_bytes(over: int):
    def check(run: Run) -> str | None:
        path = _picture(run, 10)
        run.limit("PICTURE_BYTES", path.stat().st_size - over)
        return _inspected(path)
    return check


def _picture_pixels(side: int):
    def check(run: Run) -> str | None:
        run.limit("PICTURE_PIXELS", 100)
        return _inspected(_picture(run, side))
    return check


def _drawn(side: int):
    """A picture `side` pixels square drawn an inch square when the limit is 10 dpi: drawn as it
    is at the limit, scaled down to 10 pixels past it."""
    def check(run: Run) -> None:
        run.limit("PICTURE_DPI", 10)
        prepared = pictures.prepare(images.inspect_image(_picture(run, side)), None, 25.4, 25.4, False)
        assert prepared.size == (10, 10)
    return check


def _svg(run: Run, body: str) -> str | None:
    """The message reading an SVG drawing of `body` gives, or None when it is drawn."""
    path = run.tmp_path / "icon.svg"
    path.write_bytes(_svg_text(body))
    try:
        svg_pictures.inspect_svg(path, "icons/icon.svg")
    except Invalid as exc:
        return str(exc)
    return None


def _svg_bytes(over: int):
    def check(run: Run) -> str | None:
        body = '<path d="M0 0h5v5z"/>'
        run.limit("SVG_BYTES", len(_svg_text(body)) - over)
        return _svg(run, body)
    return check


def _svg_text(body: str) -> bytes:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{body}</svg>'.encode()


def _svg_elements(paths: int):
    """The root and `paths` paths, the limit 10: at it with 9, past it with 10."""
    def check(run: Run) -> str | None:
        run.limit("SVG_ELEMENTS", 10)
        return _svg(run, '<path d="M0 0h5v5z"/>' * paths)
    return check


def _svg_path_chars(chars: int):
    """A path of `chars` characters of data, the limit 20."""
    def check(run: Run) -> str | None:
        run.limit("SVG_PATH_CHARS", 20)
        return _svg(run, f'<path d="{"M0 0" + " " * (chars - 6) + "h5"}"/>')
    return check


def _svg_depth(levels: int):
    """The root and `levels - 1` groups inside each other, the limit 5."""
    def check(run: Run) -> str | None:
        run.limit("SVG_DEPTH", 5)
        return _svg(run, "<g>" * (levels - 1) + "</g>" * (levels - 1))
    return check


def _git_at_once(run: Run) -> str | None:
    """A real repository: git answers well within the limit."""
    game = run.game()
    for args in (["init", "-q"], ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@t",
                                                  "commit", "-qm", "c"]):
        subprocess.run(["git", "-C", str(game), *args], check=True, capture_output=True)
    with git_tree.game_at(game, "HEAD") as old:
        assert (old.folder / "game.yaml").is_file()
    return None


def _git_never_answers(run: Run) -> str | None:
    """A stand-in git that never answers, with the limit set to a second."""
    folder = run.tmp_path / "bin"
    folder.mkdir()
    (folder / "git").write_text(f"#!/bin/sh\nexec {shutil.which('sleep')} 30\n", encoding="utf-8")
    (folder / "git").chmod(0o755)
    run.monkeypatch.setenv("PATH", str(folder))
    run.limit("GIT_SECONDS", 1)
    try:
        with git_tree.game_at(run.game(), "HEAD"):
            return None
    except git_tree.RevisionError as exc:
        return str(exc)


CHECKS = {
    "FONT_BYTES": Pair(_font(0), _font(1)),
    "PICTURE_BYTES": Pair(_picture_bytes(0), _picture_bytes(1)),
    "PICTURE_PIXELS": Pair(_picture_pixels(10), _picture_pixels(11)),
    "PICTURE_DPI": Pair(_drawn(10), _drawn(11)),
    "SVG_BYTES": Pair(_svg_bytes(0), _svg_bytes(1)),
    "SVG_ELEMENTS": Pair(_svg_elements(9), _svg_elements(10)),
    "SVG_PATH_CHARS": Pair(_svg_path_chars(20), _svg_path_chars(21)),
    "SVG_DEPTH": Pair(_svg_depth(5), _svg_depth(6)),
    "GIT_SECONDS": Pair(_git_at_once, _git_never_answers),
}
