"""What an output kind is: something a build prints from a game, such as card sheets.

Each kind is one module in this package and one entry in OUTPUT_KINDS (outputs/__init__.py). The
pipeline asks every kind the build wants for its checks, then for its files, and writes them all
together; a new kind of output is a new file here, never a branch in another kind's code.
"""
from __future__ import annotations

from typing import Callable, Protocol

from cardgen.errors import Report
from cardgen.layout.resolve import Faces
from cardgen.model import Game, Source


class OutputKind(Protocol):
    name: str            # what `cardgen build --only` calls it
    description: str
    default: bool        # made by every build (False: only when asked for by name)

    def check(self, game: Game, report: Report) -> None:
        """This output's own checks of the game, before anything is drawn."""

    def file_names(self, game: Game) -> dict[str, list[tuple[str, Source]]]:
        """Every file it would write, with what makes it ("deck 'heroes'") and where that is:
        one maker per file made (decks packed into one file are one maker), so a name with two
        makers is two files that would overwrite each other."""

    def render(self, game: Game, faces: Faces, progress: Callable[[int], None]) -> dict[str, bytes]:
        """Every file, in memory: file name -> bytes, drawn from the game's resolved faces."""
