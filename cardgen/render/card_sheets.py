"""The card sheets output: one PDF per deck (or per card size, packed) of cards on sleeve-sized
slots with bleed, crop marks and backs behind their fronts."""
from __future__ import annotations

from typing import Callable, Mapping

from cardgen import catalog
from cardgen.base.errors import Report
from cardgen.resolve.resolve import Faces
from cardgen.base.model import Game, Source
from cardgen.render.base import SIDES, OutputKind, listed
from cardgen.render.card_sheet_checks import (PlannedSheets, check_footers_between_gutters,
                                             check_print, check_shared_cuts, sheet_groups)
from cardgen.render.ink_saver import light_deck
from cardgen.render.options import Flag, Option
from cardgen.render.sheet_drawing import render_decks


class CardSheets(OutputKind):
    name = "cards"
    description = "card sheets: a PDF per deck of cards ready to cut"
    default = True
    OPTIONS = (Option("ink_saver", Flag(paired=False), False,
                      "Backs and bleeds drawn light for a home printer, on the same geometry."),)

    def __init__(self, options: Mapping | None = None):
        super().__init__(options)
        # the kind is made for one build: the sheets its checks judged are the ones it draws
        self.planned = PlannedSheets()

    def check(self, game: Game, report: Report) -> None:
        check_print(game, report)

    def check_faces(self, game: Game, faces: Faces, report: Report) -> None:
        check_shared_cuts(game, faces, report, self.planned)
        check_footers_between_gutters(game, faces, report, self.planned)

    def file_names(self, game: Game) -> dict[str, list[tuple[str, Source]]]:
        """One maker per PDF made: a deck, or the decks packed together into one."""
        names: dict[str, list[tuple[str, Source]]] = {}
        for name, decks in sheet_groups(game.decks, game.print.pack):
            label = (f"deck '{decks[0].id}'" if len(decks) == 1 else
                     "the pack of decks " + ", ".join(f"'{deck.id}'" for deck in decks))
            names.setdefault(f"{name}.pdf", []).append((label, decks[0].source))
        return names

    def assembly(self, game: Game) -> str | None:
        names = list(self.file_names(game))
        if not names:
            return None
        return (f"Cards: {listed(names)}, {SIDES[game.print.duplex]}; cut the cards apart along "
                "the crop marks.")

    def render(self, game: Game, faces: Faces, progress: Callable[[int], None]) -> dict[str, bytes]:
        settings = game.print
        page = catalog.page_sizes()[settings.page]
        out = {}
        for name, group in sheet_groups(faces.decks, settings.pack):
            plan, sheets, _ = self.planned(settings, page, group)
            if self.options["ink_saver"]:
                # planned on the faces as designed: a light bleed keeps the gutters it had
                group = tuple(light_deck(deck) for deck in group)
            out[f"{name}.pdf"] = render_decks(game, group, plan, settings.duplex, progress, sheets)
        return out
