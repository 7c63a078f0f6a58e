"""The errata sheets of a game: only the cards added or changed since an earlier version, printed
by the card sheets output itself (the same grid, bleed, marks and backs as a full build), after
a page that lists every change; and, when asked, the images of those cards."""
from __future__ import annotations

import io
from dataclasses import replace
from typing import Mapping

from cardgen import catalog
from cardgen.render.booklet.platypus import SimpleDocTemplate
from cardgen.history.diff import GameDiff
from cardgen.drawing import fonts
from cardgen.resolve.resolve import DeckFaces, Faces
from cardgen.base.markup import escaped, parse
from cardgen.base.model import Game
from cardgen.render.booklet.flowables import RichText
from cardgen.render.card_sheets import CardSheets
from cardgen.render.images import card_file, face_jobs
from cardgen.render.raster import cache_folder, rasterise_all
from cardgen.render.pages import (DocumentInfo, canvas_maker, document_info, finish,
                                   finish_writer, pdf_writer, template_options)
from cardgen.base.units import mm_to_pt

FILE = "errata.pdf"


def reprinted(game: Game, faces: Faces, diff: GameDiff) -> tuple[Game, Faces]:
    """The game and its faces with only the cards to print again, in their decks."""
    wanted = {(c.deck, c.card) for c in diff.reprint}
    decks, deck_faces = [], []
    for faces_of in faces.decks:
        deck = faces_of.deck
        cards = tuple(c for c in deck.cards if (deck.id, c.id) in wanted)
        if not cards:
            continue
        kept = replace(deck, cards=cards)
        decks.append(kept)
        ids = {c.id for c in cards}
        deck_faces.append(DeckFaces(kept, {k: v for k, v in faces_of.fronts.items() if k in ids},
                                    faces_of.back, {k: v for k, v in faces_of.backs.items() if k in ids}))
    return replace(game, decks=tuple(decks)), replace(faces, decks=tuple(deck_faces))


def errata_files(game: Game, faces: Faces, diff: GameDiff, since: str,
                 images: Mapping | None = None) -> dict[str, bytes]:
    """`errata.pdf`, and `errata-images/...` made with the images kind's options `images` when
    they are given: nothing when no card is reprinted but the change page, which always says
    what changed."""
    kept_game, kept_faces = reprinted(game, faces, diff)
    sheets = CardSheets().render(kept_game, kept_faces, lambda n: None) if kept_game.decks else {}
    out = {FILE: _merged(kept_game, _change_page(game, diff, since), list(sheets.values()))}
    if images is not None:       # named as a full export names them, so they replace those files
        wanted = {card_file(deck, number, card, side, images["format"]) for deck in game.decks
                  for number, card in enumerate(deck.cards, start=1)
                  if any((c.deck, c.card) == (deck.id, card.id) for c in diff.reprint)
                  for side in ("", "back")}
        jobs = {name: job for name, job in face_jobs(game, replace(faces, tokens={}),
                                                      images).items() if name in wanted}
        made = rasterise_all(list(jobs.values()), cache_folder(images))
        out.update({f"errata-{name}": made.images[job.key] for name, job in jobs.items()})
    return out


def _change_page(game: Game, diff: GameDiff, since: str) -> bytes:
    """The first page: which version this is, what changed since `since`, the changelog's words."""
    width, height = catalog.page_sizes()[game.print.page]
    buffer = io.BytesIO()
    margin = mm_to_pt(game.print.margin + 12)
    info = _info(game)
    document = SimpleDocTemplate(buffer, pagesize=(mm_to_pt(width), mm_to_pt(height)),
                                 leftMargin=margin, rightMargin=margin, topMargin=margin,
                                 bottomMargin=margin, **template_options(info))
    sans, condensed = fonts.family("sans"), fonts.family("condensed")
    lines = diff.lines()
    flow = [RichText(parse(f"**Errata: {escaped(game.title)}**"), condensed, 20, after=6),
            RichText(parse(escaped(
                (f"Version {diff.was} -> {diff.now}" if diff.was != diff.now else
                 f"Version {diff.now}") + f": the changes since {since}. The cards that follow "
                "are the ones to print again: cut them and put them in place of the old ones.")),
                     sans, 10, after=12)]
    flow += [RichText(parse(escaped(line.strip())), sans, 9.5, after=3) for line in lines[1:]]
    entry = next((e for e in game.changelog if e.version == diff.now and diff.was != diff.now), None)
    if entry is not None:
        flow.append(RichText(parse(f"**What version {escaped(entry.version)} changed**"),
                             condensed, 12, before=14, after=4))
        flow += [RichText(parse(change), sans, 9.5, bullet="\u2022", indent=12, after=3)
                 for change in entry.changes]
    document.build(flow, canvasmaker=canvas_maker(info))
    return finish(buffer.getvalue())


def _info(game: Game) -> DocumentInfo:
    return document_info(game, "errata", game.print.duplex)


def _merged(game: Game, first: bytes, sheets: list[bytes]) -> bytes:
    """The change page(s), a blank back for them when the sheets print two-sided (so every
    front still has its back behind it), then each deck's sheets."""
    from pypdf import PdfReader   # only when errata are made

    writer = pdf_writer()
    lead = PdfReader(io.BytesIO(first))
    for page in lead.pages:
        writer.add_page(page)
    if game.print.duplex in ("long", "short") and len(lead.pages) % 2:
        box = lead.pages[0].mediabox
        writer.add_blank_page(float(box.width), float(box.height))
    for data in sheets:
        for page in PdfReader(io.BytesIO(data)).pages:
            writer.add_page(page)
    return finish_writer(writer, _info(game))
