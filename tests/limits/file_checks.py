"""Limits on the files a game names besides its data (fonts, pictures), and on git."""
from __future__ import annotations

import shutil
import subprocess

from PIL import Image

from cardgen.history import git_tree
from cardgen.drawing import fonts, images, pictures
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
    "GIT_SECONDS": Pair(_git_at_once, _git_never_answers),
}
