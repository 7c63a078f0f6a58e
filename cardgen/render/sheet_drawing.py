"""Drawing card sheets: a face printed more than once (copies, a deck's back) drawn once as a PDF
form, a face printed once drawn in place, in the slots of a sheet plan, with crop marks and a
page footer; several decks of one size may share the sheets."""
from __future__ import annotations

import io
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Sequence

from reportlab.lib.colors import Color
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from cardgen.resolve.bind import CardFace
from cardgen.resolve.resolve import DeckFaces
from cardgen.base.model import Game
from cardgen.imposition import FooterRoom, SheetPlan, Slot
from cardgen.imposition.arrange import in_order
from cardgen.drawing.pen import Pen
from cardgen.drawing.pictures import PictureCache
from cardgen.render.page_footer import (common_style, draw_footer, draw_label, draw_styled_footer,
                                         footer_forms)
from cardgen.render.pages import (document_info, draw_cut_marks, identity, new_document,
                                   page_size, save)
from cardgen.base.units import mm_to_pt

FOLD_COLOR = Color(0.55, 0.55, 0.55)
FOLD_LABEL = "fold on the dashed line, printed sides out"
# how far a card's drawing runs on under a neighbour drawn after it across a shared cut: two
# abutting edges each drawn part-covering the pixel the cut falls in leave a light seam on screen;
# run on a pixel's width (at screen resolutions), the later card covers it and no seam shows
SEAM_OVERLAP = 0.8
# in a slot left empty between cards, so that it is not taken for a card gone missing
GAP_NOTE = ("No card here:", "this space keeps cards", "of different colours", "from sharing a cut.")


def define_form(canvas: Canvas, name: str, face: CardFace, pictures: PictureCache,
                cmyk: bool = False) -> None:
    """Draw a face once; every copy of the card on any page reuses it."""
    b = mm_to_pt(face.bleed)
    define_pictures(canvas, face, pictures, cmyk)
    canvas.beginForm(name, -b, -b, mm_to_pt(face.width) + b, mm_to_pt(face.height) + b)
    _draw_elements(canvas, face, pictures, cmyk)
    canvas.endForm()


def define_pictures(canvas: Canvas, face: CardFace, pictures: PictureCache, cmyk: bool) -> None:
    """Put a face's pictures in the PDF as forms, each once, before anything draws them."""
    for element in face.elements:
        for info, crop, width, height in element.pictures():
            pictures.define_form(canvas, info, crop, width, height, cmyk)


def _draw_elements(canvas: Canvas, face: CardFace, pictures: PictureCache, cmyk: bool) -> None:
    pen = Pen(canvas, face.height, pictures, cmyk)
    for element in face.elements:
        canvas.saveState()
        element.draw(pen)
        canvas.restoreState()


@dataclass(frozen=True)
class Inline:
    """A face printed once, drawn straight onto its page rather than as a form: a form's own
    dictionary and its separately compressed stream would cost more than the drawing. It is
    marked as content tagged /Card with the face's name and its box, for readers of the PDF."""

    name: str
    face: CardFace


def place(canvas: Canvas, what: str | Inline, slot: Slot, plan: SheetPlan,
          pictures: PictureCache | None = None, cmyk: bool = False,
          under: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)) -> None:
    """Draw a face (a form's name, or an Inline face) in its slot, clipped to the trim and the
    bleed the slot keeps, run on by `under` (left, right, bottom, top: under neighbours drawn
    after it), turned as the slot says (a quarter turn puts the card's bottom-left corner at the
    footprint's bottom-right; a half turn, at its top-right)."""
    canvas.saveState()
    x, y, w, h = slot.clip(plan.slot_width, plan.slot_height)
    left, right, bottom, top = under
    x, y, w, h = (mm_to_pt(v) for v in (x - left, y - bottom, w + left + right, h + bottom + top))
    path = canvas.beginPath()
    path.rect(x, y, w, h)
    canvas.clipPath(path, stroke=0, fill=0)
    if slot.rotation == 90:
        canvas.translate(mm_to_pt(slot.x + plan.slot_width), mm_to_pt(slot.y))
    elif slot.rotation == -90:
        canvas.translate(mm_to_pt(slot.x), mm_to_pt(slot.y + plan.slot_height))
    elif slot.rotation == 180:
        canvas.translate(mm_to_pt(slot.x + plan.slot_width), mm_to_pt(slot.y + plan.slot_height))
    else:
        canvas.translate(mm_to_pt(slot.x), mm_to_pt(slot.y))
    if slot.rotation:
        canvas.rotate(slot.rotation)
    if isinstance(what, Inline):
        face, b = what.face, mm_to_pt(what.face.bleed)
        box = fp_str(-b, -b, mm_to_pt(face.width) + b, mm_to_pt(face.height) + b)
        canvas.addLiteral(f"/Card <</Face /{what.name} /BBox [{box}]>> BDC")
        _draw_elements(canvas, face, pictures, cmyk)
        canvas.addLiteral("EMC")
    else:
        canvas.doForm(what)
    canvas.restoreState()


def run_under(slots: Sequence[Slot], plan: SheetPlan) -> list[tuple[float, float, float, float]]:
    """For each slot, drawn in this order, how far its drawing runs on (left, right, bottom, top)
    under the neighbours drawn after it whose drawing meets its own (across a shared cut, or
    bleed to bleed in a gutter): they cover it, so two like bleeds meet with no seam."""
    w, h, eps = plan.slot_width, plan.slot_height, 1e-6
    hair = min(SEAM_OVERLAP, plan.bleed)
    inks = [s.ink(w, h) for s in slots]
    out = []
    for n, a in enumerate(inks):
        sides = [0.0, 0.0, 0.0, 0.0]
        for b in inks[n + 1:]:
            level = min(a.y1, b.y1) - max(a.y0, b.y0) > eps
            plumb = min(a.x1, b.x1) - max(a.x0, b.x0) > eps
            if level and abs(b.x1 - a.x0) < eps:
                sides[0] = hair
            elif level and abs(a.x1 - b.x0) < eps:
                sides[1] = hair
            elif plumb and abs(b.y1 - a.y0) < eps:
                sides[2] = hair
            elif plumb and abs(a.y1 - b.y0) < eps:
                sides[3] = hair
        out.append(tuple(sides))
    return out


def draw_marks(canvas: Canvas, plan: SheetPlan, filled: Sequence[int]) -> None:
    """The crop marks of a sheet whose slots `filled` hold cards (on a halo: a tick runs over
    the outer bleed), and the fold line with its label."""
    draw_cut_marks(canvas, plan.marks_of(filled), halo=True)
    canvas.saveState()
    if plan.fold_line:
        canvas.setStrokeColor(FOLD_COLOR)
        canvas.setLineWidth(0.6)
        canvas.setDash([4, 3])
        canvas.line(*(mm_to_pt(v) for v in plan.fold_line))
    canvas.restoreState()
    if plan.fold_label:
        draw_label(canvas, plan.fold_label, FOLD_LABEL)


def draw_gap_notes(canvas: Canvas, plan: SheetPlan, filled: Sequence[int]) -> None:
    """In each slot left empty before the sheet's last card, a note saying why it is empty."""
    w, h = plan.slot_width, plan.slot_height
    for slot in range(max(filled, default=0)):
        if slot not in filled:
            at = plan.fronts[slot]
            room = FooterRoom(at.x + 6, at.y + h / 2 - 8, at.x + w - 6, at.y + h / 2 + 8)
            draw_footer(canvas, (room,), (GAP_NOTE,), centred=True)


def _form_or_inline(canvas: Canvas, name: str, face: CardFace, printed: int,
                    pictures: PictureCache, cmyk: bool) -> str | Inline:
    """A form for a face printed more than once; a face printed once is drawn in place."""
    if printed > 1:
        define_form(canvas, name, face, pictures, cmyk)
        return name
    define_pictures(canvas, face, pictures, cmyk)
    return Inline(name, face)


def render_deck(game: Game, faces: DeckFaces, plan: SheetPlan, duplex: str,
                progress: Callable[[int], None] = lambda n: None) -> bytes:
    """The deck's PDF: front sheets, each followed by its back sheet unless duplex is none/fold."""
    return render_decks(game, (faces,), plan, duplex, progress)


def render_decks(game: Game, decks: Sequence[DeckFaces], plan: SheetPlan, duplex: str,
                 progress: Callable[[int], None] = lambda n: None,
                 sheets: Sequence[Sequence[tuple[int, int]]] | None = None) -> bytes:
    """One PDF of the cards of several decks of one size, in deck order, sharing sheets; each
    card's back is its own deck's back, behind it. `sheets` says which slot of which sheet
    each card takes, as (slot, card's place in that order) (none: every slot in turn)."""
    buffer = io.BytesIO()
    names = decks_part(deck_faces.deck for deck_faces in decks)
    canvas = new_document(buffer, page_size(plan.page_width, plan.page_height),
                          document_info(game, names, duplex))
    with_backs = duplex != "none"
    pictures, cmyk = PictureCache(), game.print.cmyk
    sequence = []              # (front, back) of every printed card, in order: form or Inline
    form_count = 0
    for n, faces in enumerate(decks):
        back = "back" if n == 0 else f"back{n}"
        if with_backs:
            define_form(canvas, back, faces.back, pictures, cmyk)
        printed = Counter(card.id for card in faces.deck.cards for _ in range(card.copies))
        forms, backs = {}, {}
        for card_id, face in faces.fronts.items():
            name = f"card{form_count}"
            form_count += 1
            forms[card_id] = _form_or_inline(canvas, name, face, printed[card_id], pictures, cmyk)
            if with_backs and card_id in faces.backs:     # a double-faced card's own back
                backs[card_id] = _form_or_inline(canvas, f"{name}back", faces.backs[card_id],
                                                 printed[card_id], pictures, cmyk)
        sequence += [(forms[card.id], backs.get(card.id, back)) for card in faces.deck.cards
                     for _ in range(card.copies) if card.id in forms]
    sheets = sheets if sheets is not None else in_order(plan, len(sequence))
    sides = sheet_sides(plan, duplex)
    total = len(sheets) * len(sides)
    says = identity(game, names)
    style = footer_style(says, plan, duplex, total)
    page = 0
    laid: dict[tuple, tuple] = {}     # slots filled -> their fronts' and backs' slots, run on
    for taken in sheets:
        filled = [slot for slot, _ in taken]
        sheet = [sequence[i] for _, i in taken]
        if tuple(filled) not in laid:      # most sheets are full: laid out once
            fronts, backs = plan.sheet_of(filled)
            laid[tuple(filled)] = (list(zip(fronts, run_under(fronts, plan))),
                                   list(zip(backs, run_under(backs, plan))))
        fronts, backs = laid[tuple(filled)]
        for (slot, under), (front, _) in zip(fronts, sheet):
            place(canvas, front, slot, plan, pictures, cmyk, under)
        for n, (label, rooms) in enumerate(sides):
            if n or (with_backs and plan.backs_on_same_page):     # the backs' page, or the fold
                for (slot, under), (_, back) in zip(backs, sheet):
                    place(canvas, back, slot, plan, pictures, cmyk, under)
            if not n:
                draw_marks(canvas, plan, filled)
                draw_gap_notes(canvas, plan, filled)
            page += 1
            if style is not None:
                draw_styled_footer(canvas, rooms, footer_forms(says, label, page, total), style)
            canvas.showPage()
        progress(len(sheet))
    return save(canvas, buffer)


def sheet_sides(plan: SheetPlan, duplex: str) -> list[tuple[str, tuple]]:
    """The pages each sheet of cards prints, in order: what side each is, as its footer says,
    and where its footer may go. The renderer and the footer check both go by this."""
    if plan.backs_on_same_page:
        return [("fronts and backs", plan.footer)]
    if duplex == "none":
        return [("fronts", plan.footer)]
    return [("fronts", plan.footer), ("backs", plan.back_footer)]


def footer_style(says: Sequence[str], plan: SheetPlan, duplex: str, pages: int):
    """The one way every page of a PDF of `pages` pages on `plan` writes its footer (the same
    words, the same size, centred), or None if no way fits them all."""
    return common_style([(rooms, footer_forms(says, label, pages, pages))
                         for label, rooms in sheet_sides(plan, duplex)])


def decks_part(decks) -> str:
    """The part a PDF of one or several decks prints, as its pages and its title say it."""
    return ", ".join(deck.name for deck in decks)
