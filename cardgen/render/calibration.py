"""A two-sided calibration sheet: crosses on the front, millimetre scales behind them on the back.

Held to the light, a front cross shows through the back scales at the printer's misregistration;
the numbers read there are the `--back-offset X,Y` that cancels it.
"""
from __future__ import annotations

import io

from reportlab.lib.colors import Color, black
from reportlab.pdfgen.canvas import Canvas

from cardgen import catalog
from cardgen.drawing import fonts
from cardgen.imposition import Flip
from cardgen.render.pages import DocumentInfo, new_document, page_size, save
from cardgen.base.units import mm_to_pt

SCALE_MM = 5          # scales run from -5 to +5 mm
RULER_GAP = 7.5       # each ruler stands this far from the point it measures
TICKS_MM = (1.8, 0.9)  # tick lengths: every millimetre, and the half millimetres between
LABEL_PT = 6
X_ROWS_MM = (2.9, 5.3)  # the X ruler's numbers, below it: -4, 0 and 4 on the first row, -2, 2 on the second
INSET_MM = 35
GREY = Color(0.4, 0.4, 0.4)


def targets(page_w: float, page_h: float) -> list[tuple[float, float]]:
    return [(INSET_MM, page_h - INSET_MM), (page_w - INSET_MM, page_h - INSET_MM),
            (page_w / 2, page_h / 2), (INSET_MM, INSET_MM), (page_w - INSET_MM, INSET_MM)]


def _text(canvas: Canvas, x: float, y: float, text: str, size: float = 9, align: str = "center"):
    family = fonts.family("condensed" if size < 7 else "sans")
    canvas.setFont(family.face(), size)
    canvas.setFillColor(black)
    draw = {"center": canvas.drawCentredString, "left": canvas.drawString,
            "right": canvas.drawRightString}[align]
    draw(mm_to_pt(x), mm_to_pt(y), text)


def _number(canvas: Canvas, x: float, y: float, mm: float) -> None:
    """A ruler number whose digits are centred on `x`, its minus sign hanging to their left."""
    face = fonts.family("condensed").face()
    digits, sign = f"{abs(mm):g}", "-" if mm < 0 else ""
    width_mm = fonts.text_width(digits, face, LABEL_PT) * 25.4 / 72
    sign_mm = fonts.text_width(sign, face, LABEL_PT) * 25.4 / 72
    _text(canvas, x - width_mm / 2 - sign_mm, y, sign + digits, LABEL_PT, align="left")


def _cross(canvas: Canvas, x: float, y: float) -> None:
    canvas.setStrokeColor(black)
    canvas.setLineWidth(0.35)
    canvas.line(mm_to_pt(x - 12), mm_to_pt(y), mm_to_pt(x + 12), mm_to_pt(y))
    canvas.line(mm_to_pt(x), mm_to_pt(y - 12), mm_to_pt(x), mm_to_pt(y + 12))
    canvas.circle(mm_to_pt(x), mm_to_pt(y), mm_to_pt(3), stroke=1, fill=0)


def _scales(canvas: Canvas, x: float, y: float) -> None:
    """Two millimetre rulers beside the point a front cross lands on: X below it, Y left of it.
    The cross's long arms run across them, so its shift is read where each arm meets a ruler.
    Every second millimetre is numbered; the X ruler's numbers take two rows in turn, so that no
    number touches its neighbour, a tick or the other ruler."""
    canvas.setStrokeColor(GREY)
    below, left = y - RULER_GAP, x - RULER_GAP
    canvas.setLineWidth(0.3)
    canvas.line(mm_to_pt(x - SCALE_MM), mm_to_pt(below), mm_to_pt(x + SCALE_MM), mm_to_pt(below))
    canvas.line(mm_to_pt(left), mm_to_pt(y - SCALE_MM), mm_to_pt(left), mm_to_pt(y + SCALE_MM))
    for step in range(-SCALE_MM * 2, SCALE_MM * 2 + 1):
        mm = step / 2
        tick = TICKS_MM[0] if step % 2 == 0 else TICKS_MM[1]
        canvas.line(mm_to_pt(x + mm), mm_to_pt(below), mm_to_pt(x + mm), mm_to_pt(below + tick))
        canvas.line(mm_to_pt(left), mm_to_pt(y + mm), mm_to_pt(left + tick), mm_to_pt(y + mm))
        if step % 4 == 0:
            _number(canvas, x + mm, below - X_ROWS_MM[0 if step % 8 == 0 else 1], mm)
            _text(canvas, left - 0.9, y + mm - 0.75, f"{mm:g}", LABEL_PT, align="right")
    _text(canvas, x + SCALE_MM + 2.2, below - 0.8, "X", 7)
    _text(canvas, left, y + SCALE_MM + 1.8, "Y", 7)


def render_calibration(page: str, duplex: str) -> bytes:
    page_w, page_h = catalog.page_sizes()[page]
    buffer = io.BytesIO()
    canvas = new_document(buffer, page_size(page_w, page_h),
                          DocumentInfo("cardgen duplex calibration", "cardgen", duplex))
    flip = Flip(duplex, page_w, page_h)
    for point in targets(page_w, page_h):
        _cross(canvas, *point)
    _text(canvas, page_w / 2, page_h / 2 - 25, "FRONT: print this sheet double-sided at 100% scale,")
    _text(canvas, page_w / 2, page_h / 2 - 30, f"{'long' if duplex == 'long' else 'short'}-edge flip.")
    canvas.showPage()
    for point in targets(page_w, page_h):
        _scales(canvas, *flip.box(*point))
    lines = ["BACK: hold the sheet to the light. Each front cross shows through beside two",
             "rulers: read X where its upright arm crosses the ruler below, and Y where its",
             "level arm crosses the ruler on the left (mm). Build with --back-offset X,Y",
             "using the numbers read (average the five if they differ)."]
    for i, line in enumerate(lines):
        _text(canvas, page_w / 2, page_h / 2 - 25 - 5 * i, line)
    canvas.showPage()
    return save(canvas, buffer)
