"""The one-card-a-page output, for print services that take PDFs: each deck as a PDF whose pages
are its cards, each card's front followed by its back, every page the card and its bleed with the
TrimBox on the card's edge and the BleedBox round the bleed, and no crop marks. Each file is
PDF/X-1a:2001 (the page layer's `print_service_info`): CMYK whatever the game's `cmyk` says.

Not part of a plain build: `cardgen export images --preset drivethru` or `cardgen build --only
card-pdfs` makes it.
"""
from __future__ import annotations

import io
from typing import Callable

from cardgen.base.errors import Report
from cardgen.drawing.pictures import PictureCache
from cardgen.resolve.resolve import Faces
from cardgen.base.model import Game, Source
from cardgen.render.base import OutputKind
from cardgen.render.pages import new_document, print_service_info, save
from cardgen.render.sheet_drawing import define_form
from cardgen.base.units import mm_to_pt

FOLDER = "card-pdfs"


class CardPdfs(OutputKind):
    name = "card-pdfs"
    description = "a PDF a deck with one card a page, TrimBox and BleedBox set, for print services"
    default = False

    def check(self, game: Game, report: Report) -> None:
        """Nothing beyond the faces' own checks."""

    def file_names(self, game: Game) -> dict[str, list[tuple[str, Source]]]:
        return {f"{FOLDER}/{deck.id}.pdf": [(f"deck '{deck.id}'", deck.source)] for deck in game.decks}

    def render(self, game: Game, faces: Faces, progress: Callable[[int], None]) -> dict[str, bytes]:
        out = {}
        for deck_faces in faces.decks:
            out[f"{FOLDER}/{deck_faces.deck.id}.pdf"] = _deck_pdf(game, deck_faces)
            progress(len(deck_faces.fronts))
        return out


def _deck_pdf(game: Game, deck_faces) -> bytes:
    deck = deck_faces.deck
    bleed = deck_faces.back.bleed
    width, height = mm_to_pt(deck.size.width + 2 * bleed), mm_to_pt(deck.size.height + 2 * bleed)
    trim = (mm_to_pt(bleed), mm_to_pt(bleed), width - mm_to_pt(bleed), height - mm_to_pt(bleed))
    buffer = io.BytesIO()
    # each card's back behind its front: a long-edge flip
    info = print_service_info(game, deck.name, "long")
    canvas = new_document(buffer, (width, height), info,
                          trim_box=trim, bleed_box=(0, 0, width, height))
    pictures, cmyk = PictureCache(), info.cmyk     # each picture put in the PDF once
    define_form(canvas, "back", deck_faces.back, pictures, cmyk)
    for number, card in enumerate(deck.cards):
        if card.id not in deck_faces.fronts:
            continue
        front = f"card{number}"              # forms named by place: a card's id could be "back"
        define_form(canvas, front, deck_faces.fronts[card.id], pictures, cmyk)
        back = "back"
        if card.id in deck_faces.backs:
            back = f"card{number}back"
            define_form(canvas, back, deck_faces.backs[card.id], pictures, cmyk)
        for form in (front, back):
            canvas.saveState()
            canvas.translate(mm_to_pt(bleed), mm_to_pt(bleed))
            canvas.doForm(form)
            canvas.restoreState()
            canvas.showPage()
    return save(canvas, buffer)
