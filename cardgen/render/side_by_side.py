"""Output kinds drawn side by side: a build that makes two or more kinds which draw PDFs (card
sheets and booklets, say) draws the second and later ones each in a process of its own, forked
from this one so that it shares the resolved faces without copying them, while this process
draws the first. Each kind's files come back as they would have been made here, and are put
together in the kinds' order, so the build is the same file for file.

A kind that rasterises (images, TTS) uses every core itself, and a kind from an extension may
rely on state of this process: both are drawn here. Where processes cannot be forked (Windows),
where this process runs other threads (a fork would copy locks they hold), or with one core,
every kind is drawn here in turn. A forked kind that fails is drawn again here, so its error is
raised as it would be in one process."""
from __future__ import annotations

import multiprocessing
import os
import threading
from typing import Callable

from cardgen.base.model import Game
from cardgen.render.base import OutputKind
from cardgen.resolve.resolve import Faces

# the kinds that draw PDFs from the game and its faces alone: each may be drawn in a fork
FORKABLE = frozenset({"cards", "tokens", "boards", "booklets", "card-pdfs"})


def render_kinds(kinds: tuple[OutputKind, ...], game: Game, faces: Faces,
                 progress: Callable[[int], None]) -> dict[str, bytes]:
    """Every kind's files, in the kinds' order."""
    forked = _forks(kinds)
    children = {id(kind): _start(kind, game, faces) for kind in forked}
    made = {id(kind): kind.render(game, faces, progress) for kind in kinds if kind not in forked}
    for kind in forked:
        made[id(kind)] = _result(children[id(kind)], kind, game, faces, progress)
    files: dict[str, bytes] = {}
    for kind in kinds:
        files.update(made[id(kind)])
    return files


def _forks(kinds: tuple[OutputKind, ...]) -> list[OutputKind]:
    """The kinds drawn in forks: the forkable ones past the first, one a spare core."""
    forkable = [kind for kind in kinds if kind.name in FORKABLE]
    spare = (os.cpu_count() or 1) - 1
    if (spare < 1 or len(forkable) < 2 or threading.active_count() > 1
            or "fork" not in multiprocessing.get_all_start_methods()):
        return []
    return forkable[1:1 + spare]


def _start(kind: OutputKind, game: Game, faces: Faces):
    receiver, sender = multiprocessing.Pipe(duplex=False)
    process = multiprocessing.get_context("fork").Process(
        target=_draw, args=(kind, game, faces, sender), daemon=True)
    process.start()
    sender.close()
    return process, receiver


def _draw(kind: OutputKind, game: Game, faces: Faces, sender) -> None:
    """In the fork: the kind's files and how much progress it reported, or None if it failed."""
    counted = []
    try:
        files = kind.render(game, faces, counted.append)
        sender.send((files, sum(counted)))
    except BaseException:                    # noqa: BLE001 - drawn again, and raised, in the parent
        sender.send(None)
    finally:
        sender.close()


def _result(child, kind: OutputKind, game: Game, faces: Faces,
            progress: Callable[[int], None]) -> dict[str, bytes]:
    process, receiver = child
    try:
        sent = receiver.recv()
    except EOFError:                         # the fork died before it sent anything
        sent = None
    finally:
        receiver.close()
        process.join()
    if sent is None:
        return kind.render(game, faces, progress)
    files, done = sent
    progress(done)
    return files
