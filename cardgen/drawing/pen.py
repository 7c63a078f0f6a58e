"""Drawing in a card's own coordinates: millimetres, origin at the trim's top-left, y downward."""
from __future__ import annotations

from functools import lru_cache

from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from cardgen.drawing.icons import draw_icon
from cardgen.drawing.pictures import PictureCache
from cardgen.base.units import mm_to_pt


@lru_cache(maxsize=1024)
def _curved_path(shape: str, x: float, y: float, width: float, height: float,
                 radius: float = 0.0) -> tuple[str, ...]:
    """The PDF path operators of an ellipse or a rounded rectangle, as reportlab writes them: a
    deck draws the same few (a badge, a panel) on every card, and their curves are worked out
    once."""
    path = PDFPathObject(code=[])
    if shape == "ellipse":
        path.ellipse(x, y, width, height)
    else:
        path.roundRect(x, y, width, height, radius)
    return tuple(path._code)


class Pen:
    """Wraps a reportlab canvas whose origin is the card trim's bottom-left corner."""

    def __init__(self, canvas: Canvas, card_height: float, pictures: PictureCache | None = None,
                 cmyk: bool = False):
        self.canvas = canvas
        self.card_height = card_height
        self.pictures = pictures if pictures is not None else PictureCache()
        self.cmyk = cmyk       # pictures are drawn in CMYK, like every colour of the sheet

    def box(self, x: float, y: float, width: float, height: float) -> tuple[float, float, float, float]:
        """A top-left mm box as reportlab's (x, y, width, height) in points, y up."""
        return (mm_to_pt(x), mm_to_pt(self.card_height - y - height), mm_to_pt(width),
                mm_to_pt(height))

    def point(self, x: float, y: float) -> tuple[float, float]:
        return mm_to_pt(x), mm_to_pt(self.card_height - y)

    def style(self, fill=None, stroke=None, stroke_width: float = 0.3, dash: tuple = ()) -> None:
        c = self.canvas
        if fill is not None:
            c.setFillColor(fill)
        if stroke is not None:
            c.setStrokeColor(stroke)
            c.setLineWidth(mm_to_pt(stroke_width))
            c.setDash([mm_to_pt(d) for d in dash] if dash else [])

    def rect(self, x, y, width, height, fill=None, stroke=None, stroke_width=0.3, radius=0.0) -> None:
        if fill is None and stroke is None:
            return
        self.style(fill, stroke, stroke_width)
        bx, by, bw, bh = self.box(x, y, width, height)
        flags = dict(fill=int(fill is not None), stroke=int(stroke is not None))
        if radius > 0:
            self._curve(_curved_path("round", bx, by, bw, bh, mm_to_pt(radius)), **flags)
        else:
            self.canvas.rect(bx, by, bw, bh, **flags)

    def ellipse(self, x, y, width, height, fill=None, stroke=None, stroke_width=0.3) -> None:
        self.style(fill, stroke, stroke_width)
        bx, by, bw, bh = self.box(x, y, width, height)
        # as reportlab's ellipse finds its size from the corners
        self._curve(_curved_path("ellipse", bx, by, (bx + bw) - bx, (by + bh) - by),
                    fill=int(fill is not None),
                    stroke=int(stroke is not None))

    def _curve(self, path: tuple[str, ...], fill: int, stroke: int) -> None:
        """Draw a path worked out by `_curved_path`, as reportlab's canvas draws its shapes."""
        self.canvas._code.extend(path)
        self.canvas._strokeAndFill(stroke, fill)

    def polygon(self, points: list[tuple[float, float]], fill=None, stroke=None,
                stroke_width=0.3) -> None:
        self.style(fill, stroke, stroke_width)
        path = self.canvas.beginPath()
        first, *rest = [self.point(x, y) for x, y in points]
        path.moveTo(*first)
        for point in rest:
            path.lineTo(*point)
        path.close()
        self.canvas.drawPath(path, fill=int(fill is not None), stroke=int(stroke is not None))

    def line(self, x1, y1, x2, y2, color, width=0.3, dash: tuple = ()) -> None:
        self.style(stroke=color, stroke_width=width, dash=dash)
        self.canvas.line(*self.point(x1, y1), *self.point(x2, y2))

    def text(self, x_pt: float, baseline_pt: float, text: str, font: str, size: float, color) -> None:
        """Text at a position already in points (text layout works in points)."""
        c = self.canvas
        c.setFillColor(color)
        c.setFont(font, size)
        c.drawString(x_pt, baseline_pt, text)

    def text_runs(self, lines, size: float, color) -> None:
        """Lines of runs of words (`Line.drawn`), each line (baseline, [(x, text, font) ...]) in
        points, in one text object: a PDF reader reads each line as one, and the PDF holds fewer
        operators."""
        placed = [(baseline, run) for baseline, line in lines for run in line]
        if not placed:
            return
        c = self.canvas
        c.setFillColor(color)
        (first_baseline, (first_x, _, _)) = placed[0]
        words = c.beginText(first_x, first_baseline)
        font = None
        for n, (baseline, (x_pt, text, piece_font)) in enumerate(placed):
            if piece_font != font:
                words.setFont(piece_font, size)
                font = piece_font
            if n:
                words.setTextOrigin(x_pt, baseline)
            # each run is placed at its own origin: the cursor textOut would move on (measuring
            # the run again) is never read
            words._textOut(text)
        c.drawText(words)

    def icon(self, name: str, x_pt: float, y_pt: float, size_pt: float, color) -> None:
        draw_icon(self.canvas, name, x_pt, y_pt, size_pt, color)

    def turn_half(self, x, y, width, height) -> None:
        """Turn what is drawn next half a turn about the centre of a top-left mm box (a playing
        card's bottom-right index); the caller saves and restores the canvas state around it."""
        left, bottom, w, h = self.box(x, y, width, height)
        self.canvas.translate(left + w / 2, bottom + h / 2)
        self.canvas.rotate(180)
        self.canvas.translate(-(left + w / 2), -(bottom + h / 2))

    def clip(self, x, y, width, height) -> None:
        path = self.canvas.beginPath()
        path.rect(*self.box(x, y, width, height))
        self.canvas.clipPath(path, stroke=0, fill=0)
