"""`cardgen build --watch`: build, then rebuild a game each time one of its files (data, layouts,
fonts, pictures, its rules) is saved, for the designer's edit-and-look loop. File events come
from the watchfiles library; a failed rebuild writes nothing, so the last good output stays, and
its problems are shown."""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable, Iterator

from watchfiles import DefaultFilter, watch

from cardgen import catalog
from cardgen.load.game import layout_dirs
from cardgen.base.temp_files import is_temp_name

DEBOUNCE_MS = 300          # saves within this time are one change


class _Sources(DefaultFilter):
    """What a game is made from: not the build's own output, temporary files or editor backups."""

    def __init__(self, out_dir: Path):
        super().__init__(ignore_dirs=(*DefaultFilter.ignore_dirs, "schemas"))
        self.out_dir = Path(out_dir).resolve()

    def __call__(self, change, path: str) -> bool:
        where = Path(path)
        if is_temp_name(where.name) or self.out_dir in where.parents:
            return False
        return super().__call__(change, path)


def watched(games: list[Path]) -> list[Path]:
    """The folders a build reads: each game's, and the project layouts it shares with others."""
    folders = {game.resolve() for game in games}
    for game in games:
        folders |= {d.resolve() for d in layout_dirs(game) if d.resolve() != catalog.SHIPPED_LAYOUTS}
    return sorted(f for f in folders if f.is_dir())


def affected(games: list[Path], changed: Iterable[Path]) -> list[Path]:
    """The games a change touches: those holding a changed file, or all when a shared file
    (a project layout) changed."""
    hit = [g for g in games if any(g.resolve() in p.parents for p in changed)]
    shared = any(not any(g.resolve() in p.parents for g in games) for p in changed)
    return games if shared else hit


def changes(games: list[Path], out_dir: Path,
            stop_event=None) -> Iterator[tuple[list[Path], list[Path]]]:
    """(the games a change touches, the files changed), each time their files are saved, until
    `stop_event` is set (or Ctrl-C); nothing under `out_dir` counts."""
    for found in watch(*watched(games), watch_filter=_Sources(out_dir),
                       debounce=DEBOUNCE_MS, stop_event=stop_event):
        changed = [Path(path).resolve() for _, path in found]
        touched = affected(games, changed)
        if touched:
            yield touched, changed


def rebuild_on_change(games: list[Path], out_dir: Path, rebuild: Callable[[list[Path]], None],
                      stop_event=None) -> None:
    """Call `rebuild(games)` with the games a change touches, each time their files change,
    until `stop_event` is set (or Ctrl-C)."""
    for touched, _ in changes(games, out_dir, stop_event):
        rebuild(touched)
