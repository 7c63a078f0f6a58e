"""What an output kind is: something a build prints from a game, such as card sheets.

Each kind is one module in this package, a subclass of OutputKind, listed in BUILT_IN
(render/__init__.py) or registered from outside in the entry point group `cardgen.outputs`. The
pipeline makes every kind the build wants with its options, asks it for its checks, then for
its files, and writes them all together; a new kind of output is a new file, never a branch in
another kind's code.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from cardgen.base.errors import Report
from cardgen.base.markup import escaped
from cardgen.resolve.resolve import Faces
from cardgen.base.model import Game, Source, frozen_map
from cardgen.render.options import ExportCommand, Option, settled


# how a file prints: its pages one-sided, or two-sided with the duplex flip the kit is laid out for
SIDES = {"long": "two-sided, flipping on the long edge",
         "short": "two-sided, flipping on the short edge",
         "fold": "one-sided",
         "none": "one-sided"}


def listed(names) -> str:
    """File names in bold card markup, "**a.pdf**, **b.pdf** and **c.pdf**"."""
    bold = [f"**{escaped(name)}**" for name in names]
    return bold[0] if len(bold) == 1 else ", ".join(bold[:-1]) + " and " + bold[-1]


@dataclass(frozen=True)
class Exported:
    """What `cardgen export` builds for a kind's options: the kinds (a print service's preset
    may ask for another) with their options, and the print settings it sets (that service's
    bleed), as BuildOptions names them."""

    kinds: Mapping[str, Mapping]
    print: Mapping = field(default_factory=frozen_map)


class OutputKind:
    name: str = ""           # what `cardgen build --only` calls it
    description: str = ""
    default: bool = True     # made by every build (False: only when asked for by name)
    OPTIONS: tuple[Option, ...] = ()        # what it may be told, by build or export
    EXPORT: ExportCommand | None = None     # its `cardgen export <name>` command, if it has one

    def __init__(self, options: Mapping | None = None):
        self.options = settled(self.OPTIONS, options or {})

    def check(self, game: Game, report: Report) -> None:
        """This output's own checks of the game, before anything is drawn."""

    def check_faces(self, game: Game, faces: Faces, report: Report) -> None:
        """This output's own checks of what it would print, once the faces are resolved."""

    def file_names(self, game: Game) -> dict[str, list[tuple[str, Source]]]:
        """Every file it would write, with what makes it ("deck 'heroes'") and where that is:
        one maker per file made (decks packed into one file are one maker), so a name with two
        makers is two files that would overwrite each other."""
        raise NotImplementedError

    def assembly(self, game: Game) -> str | None:
        """How to print and make up what it writes, for the booklet's printing guide: one
        sentence in card markup naming its files, or None when it writes nothing to print."""
        return None

    def render(self, game: Game, faces: Faces, progress: Callable[[int], None]) -> dict[str, bytes]:
        """Every file, in memory: file name -> bytes, drawn from the game's resolved faces."""
        raise NotImplementedError

    def exported(self) -> Exported:
        """What its export command builds: this kind, with these options."""
        return Exported({self.name: self.options})
