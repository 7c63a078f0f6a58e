"""Drawing card sheets: a face printed more than once (copies, a deck's back) drawn once as a PDF
form, a face printed once drawn in place, in the slots of a sheet plan, with crop marks and a
page footer; several decks of one size may share the sheets."""
from __future__ import annotations

import io
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Sequence

from reportlab.lib.colors import Color, black
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import PDFStream, PDFZCompress
from reportlab.pdfgen.canvas import Canvas

from cardgen.layout.bind import CardFace
from cardgen.layout.resolve import DeckFaces
from cardgen.model import Game
from cardgen.drawing import fonts
from cardgen.colors import to_cmyk
from cardgen.imposition import SheetPlan, Slot
from cardgen.drawing.pen import Pen
from cardgen.drawing.pictures import PictureCache
from cardgen.outputs.page_footer import (FOOTER_FAMILY, FOOTER_SIZE_PT, draw_footer, draw_label,
                                         footer_forms)
from cardgen.units import mm_to_pt

MARK_WIDTH_PT = 0.4
FOLD_COLOR = Color(0.55, 0.55, 0.55)
FOLD_LABEL = "fold on the dashed line, printed sides out"


class _Deflated:
    """A page stream's filter for content deflated already: named as reportlab's own, encoding
    nothing more."""

    pdfname = "FlateDecode"

    def encode(self, content: bytes) -> bytes:
        return content


class CompressingCanvas(Canvas):
    """A canvas that deflates each page's drawing as the page is finished, exactly as reportlab
    does when it saves (the file's bytes are the same), so a file of thousands of pages never
    holds them all uncompressed until then."""

    def showPage(self):
        super().showPage()
        page = self._doc.Pages.pages[-1]
        if page.compression and page.stream and not page.Contents:
            stream = PDFStream(content=PDFZCompress.encode(page.stream), filters=[_Deflated()])
            stream.__Comment__ = "page stream"
            page.Contents, page.stream = stream, None


def new_canvas(buffer: io.BytesIO, plan, title: str, author: str, duplex: str,
               cmyk: bool = False) -> Canvas:
    """A canvas for a plan's page size (see page_canvas)."""
    canvas = page_canvas(buffer, (plan.page_width, plan.page_height), title, cmyk)
    canvas.setAuthor(author)
    canvas.setViewerPreference("Duplex", DUPLEX_HINTS[duplex])
    return canvas


def page_canvas(buffer: io.BytesIO, page: tuple[float, float], title: str,
                cmyk: bool = False) -> Canvas:
    """A canvas that gives byte-identical output for identical input, whose every font is an
    embedded one (its initial font too), asking the print dialog not to scale; with `cmyk`,
    every colour drawn on it is written as DeviceCMYK."""
    canvas = CompressingCanvas(buffer, pagesize=(mm_to_pt(page[0]), mm_to_pt(page[1])),
                               invariant=1, pageCompression=1,
                               initialFontName=fonts.family(FOOTER_FAMILY).face(),
                               initialFontSize=FOOTER_SIZE_PT,
                               enforceColorSpace=to_cmyk if cmyk else None)
    canvas.setTitle(title)
    canvas.setCreator("cardgen")
    canvas.setViewerPreference("PrintScaling", "None")
    return canvas


# what the PDF tells the print dialog: a fold sheet or fronts only must not print two-sided
DUPLEX_HINTS = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "fold": "Simplex",
                "none": "Simplex"}


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
          pictures: PictureCache | None = None, cmyk: bool = False) -> None:
    """Draw a face (a form's name, or an Inline face) in its slot, clipped to the trim and the
    bleed the slot keeps, turned as the slot says (a quarter turn puts the card's bottom-left
    corner at the footprint's bottom-right)."""
    canvas.saveState()
    x, y, w, h = (mm_to_pt(v) for v in slot.clip(plan.slot_width, plan.slot_height))
    path = canvas.beginPath()
    path.rect(x, y, w, h)
    canvas.clipPath(path, stroke=0, fill=0)
    if slot.rotation == 90:
        canvas.translate(mm_to_pt(slot.x + plan.slot_width), mm_to_pt(slot.y))
    elif slot.rotation == -90:
        canvas.translate(mm_to_pt(slot.x), mm_to_pt(slot.y + plan.slot_height))
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


def draw_marks(canvas: Canvas, plan: SheetPlan, cards: int) -> None:
    """The crop marks of a sheet of `cards` cards, and the fold line with its label."""
    canvas.saveState()
    canvas.setStrokeColor(black)
    canvas.setLineWidth(MARK_WIDTH_PT)
    for x1, y1, x2, y2 in plan.marks_for(cards):
        canvas.line(*(mm_to_pt(v) for v in (x1, y1, x2, y2)))
    if plan.fold_line:
        canvas.setStrokeColor(FOLD_COLOR)
        canvas.setLineWidth(0.6)
        canvas.setDash([4, 3])
        canvas.line(*(mm_to_pt(v) for v in plan.fold_line))
    canvas.restoreState()
    if plan.fold_label:
        draw_label(canvas, plan.fold_label, FOLD_LABEL)


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
                 progress: Callable[[int], None] = lambda n: None) -> bytes:
    """One PDF of the cards of several decks of one size, in deck order, sharing sheets; each
    card's back is its own deck's back, behind it."""
    buffer = io.BytesIO()
    names = ", ".join(faces.deck.name for faces in decks)
    canvas = new_canvas(buffer, plan, f"{game.title} - {names}", ", ".join(game.credits), duplex,
                        game.print.cmyk)
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
    sheets = [sequence[i:i + plan.per_page] for i in range(0, len(sequence), plan.per_page)]
    separate_backs = with_backs and not plan.backs_on_same_page
    total = len(sheets) * (2 if separate_backs else 1)
    page = 0

    identity = (game.title, names, f"version {game.version}")

    def finish(label: str, cards: int, marks: bool = True) -> None:
        nonlocal page
        page += 1
        if marks:
            draw_marks(canvas, plan, cards)
        draw_footer(canvas, plan.footer if marks else plan.back_footer,
                    footer_forms(identity, label, page, total))
        canvas.showPage()

    for sheet in sheets:
        fronts, backs = plan.sheet(len(sheet))
        for slot, (front, _) in zip(fronts, sheet):
            place(canvas, front, slot, plan, pictures, cmyk)
        if with_backs and plan.backs_on_same_page:
            for slot, (_, back) in zip(backs, sheet):
                place(canvas, back, slot, plan, pictures, cmyk)
        finish("fronts and backs" if plan.backs_on_same_page else "fronts", len(sheet))
        if separate_backs:
            for slot, (_, back) in zip(backs, sheet):
                place(canvas, back, slot, plan, pictures, cmyk)
            finish("backs", len(sheet), marks=False)
        progress(len(sheet))
    canvas.save()
    return buffer.getvalue()
