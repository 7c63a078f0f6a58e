"""The card sheets output: one PDF per deck (or per card size, packed) of cards on sleeve-sized
slots with bleed, crop marks and backs behind their fronts."""
from __future__ import annotations

from typing import Callable

from cardgen import catalog
from cardgen.base.errors import Report
from cardgen.imposition import plan_sheet
from cardgen.resolve.resolve import Faces
from cardgen.base.model import Game, Source
from cardgen.render.base import OutputKind
from cardgen.render.card_sheet_checks import check_print, sheet_groups
from cardgen.render.ink_saver import light_deck
from cardgen.render.options import Flag, Option
from cardgen.render.sheet_drawing import render_decks


class CardSheets(OutputKind):
    name = "cards"
    description = "card sheets: a PDF per deck of cards ready to cut"
    default = True
    OPTIONS = (Option("ink_saver", Flag(paired=False), False,
                      "Backs and bleeds drawn light for a home printer, on the same geometry."),)

    def check(self, game: Game, report: Report) -> None:
        check_print(game, report)

    def file_names(self, game: Game) -> dict[str, list[tuple[str, Source]]]:
        """One maker per PDF made: a deck, or the decks packed together into one."""
        names: dict[str, list[tuple[str, Source]]] = {}
        for name, decks in sheet_groups(game.decks, game.print.pack):
            label = (f"deck '{decks[0].id}'" if len(decks) == 1 else
                     "the pack of decks " + ", ".join(f"'{deck.id}'" for deck in decks))
            names.setdefault(f"{name}.pdf", []).append((label, decks[0].source))
        return names

    def render(self, game: Game, faces: Faces, progress: Callable[[int], None]) -> dict[str, bytes]:
        settings = game.print
        page = catalog.page_sizes()[settings.page]
        out = {}
        decks = faces.decks
        if self.options["ink_saver"]:
            decks = tuple(light_deck(deck) for deck in decks)
        for name, group in sheet_groups(decks, settings.pack):
            size = group[0].deck.size
            plan = plan_sheet(page, (size.width, size.height), settings.bleed, settings.margin,
                              settings.duplex, settings.crop_marks, settings.back_offset,
                              bool(settings.mark_every_cut))
            out[f"{name}.pdf"] = render_decks(game, group, plan, settings.duplex, progress)
        return out
