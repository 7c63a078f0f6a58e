"""A token's outline on the page: the path a face is clipped to (with its bleed), the cut line, a
fold-over pair's cut line and hinge, and crop ticks. Geometry is packing.py's; this draws it."""
from __future__ import annotations

from typing import Callable, NamedTuple

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, Canvas

from cardgen.base.model import TokenSet
from cardgen.render.pages import draw_cut_marks
from cardgen.shared.packing import TICK_GAP, TICK_LENGTH, TOKEN_BLEED
from cardgen.shared.token_shapes import (ROUNDED_RADIUS, fold_band, footprint, grown_outline, polygon,
                                         right_edge)
from cardgen.base.units import mm_to_pt

class Outline(NamedTuple):
    """A token set's outline alone, all outline_path reads: small, to hand to another process."""

    shape: str
    size: float
    points: tuple


def outline_of(token_set: TokenSet) -> Outline:
    return Outline(token_set.shape, token_set.size, token_set.points)


# The cut line: a white core edged in dark grey, the same on every token and plain on any colour,
# a line like no ring a face draws; the face's colour runs on past it through the bleed.
CUT_EDGE = Color(0.15, 0.15, 0.15)
CUT_CORE = Color(1.0, 1.0, 1.0)
CUT_WIDTH_PT = 1.4
CORE_WIDTH_PT = 0.6
FOLD_LINE = Color(0.55, 0.55, 0.55)


def outline_path(canvas: Canvas, token_set: TokenSet | Outline, x: float, y: float,
                 grow: float = 0.0, mirror: str = ""):
    """The outline of a token centred on (x, y), grown by `grow` mm."""
    path = canvas.beginPath()
    if token_set.shape == "circle":
        path.circle(mm_to_pt(x), mm_to_pt(y), mm_to_pt(token_set.size / 2 + grow))
        path.close()        # joined where it starts: a stroke leaves no notch at 3 o'clock
        return path
    if token_set.shape == "rounded":
        side = token_set.size + 2 * grow
        path.roundRect(mm_to_pt(x - side / 2), mm_to_pt(y - side / 2), mm_to_pt(side),
                       mm_to_pt(side), mm_to_pt(ROUNDED_RADIUS * token_set.size + grow))
        return path
    if token_set.shape == "path":
        corners = polygon("path", x, y, token_set.size, 0.0, token_set.points, mirror)
        pieces = grown_outline(corners, grow) if grow else [corners]
    else:
        pieces = [polygon(token_set.shape, x, y, token_set.size, grow)]
    for corners in pieces:
        path.moveTo(*(mm_to_pt(v) for v in corners[0]))
        for corner in corners[1:]:
            path.lineTo(*(mm_to_pt(v) for v in corner))
        path.close()
    return path


def place_face(canvas: Canvas, form: str, token_set: TokenSet, x: float, y: float,
               mirror: str = "", keep: tuple | None = None) -> None:
    """A token's face centred on (x, y), clipped to its outline and bleed (and to the rectangle
    `keep`, x0, y0, x1, y1 in mm, where a neighbour's bleed must not be overdrawn)."""
    width, height = footprint(token_set.shape, token_set.size, token_set.points)
    canvas.saveState()
    if keep is not None:
        box = canvas.beginPath()
        box.rect(*(mm_to_pt(v) for v in (keep[0], keep[1], keep[2] - keep[0], keep[3] - keep[1])))
        canvas.clipPath(box, stroke=0, fill=0)
    # nonzero winding: a grown path's pieces clip as their union
    canvas.clipPath(outline_path(canvas, token_set, x, y, TOKEN_BLEED, mirror), stroke=0, fill=0,
                    fillMode=FILL_NON_ZERO)
    canvas.translate(mm_to_pt(x - width / 2), mm_to_pt(y - height / 2))
    canvas.doForm(form)
    canvas.restoreState()


def cut_line(canvas: Canvas, token_set: TokenSet, x: float, y: float) -> None:
    """The outline stroked on the trim, dark edges round a white core: the face's fill runs on
    past it."""
    _stroke_cut(canvas, lambda: canvas.drawPath(outline_path(canvas, token_set, x, y), stroke=1,
                                                fill=0))


def _stroke_cut(canvas: Canvas, draw: Callable[[], None]) -> None:
    """`draw` called twice, to stroke the cut line's dark edges and then its white core on them."""
    for color, width in ((CUT_EDGE, CUT_WIDTH_PT), (CUT_CORE, CORE_WIDTH_PT)):
        canvas.saveState()
        canvas.setStrokeColor(color)
        canvas.setLineWidth(width)
        canvas.setLineJoin(1)      # round: where the outline closes on itself, no miter spike
        draw()
        canvas.restoreState()


def fold_pair_cut_line(canvas: Canvas, token_set: TokenSet, front: tuple[float, float],
                       page: tuple[float, float]) -> None:
    """One cut line round a token and its back beside it, leaving a hinge across the fold line
    (the whole shared side where the two share one), and the fold line dashed on the hinge."""
    (x, y), width = front, footprint(token_set.shape, token_set.size, token_set.points)[0]
    fold, band = x + width / 2, fold_band(token_set.shape, token_set.size, token_set.points)
    _stroke_cut(canvas, lambda: _fold_pair_cuts(canvas, token_set, (x, y), page, width, fold, band))
    canvas.saveState()
    canvas.setStrokeColor(FOLD_LINE)
    canvas.setLineWidth(CORE_WIDTH_PT)
    canvas.setDash([2, 2])
    canvas.line(mm_to_pt(fold), mm_to_pt(y - band), mm_to_pt(fold), mm_to_pt(y + band))
    canvas.restoreState()


def _fold_pair_cuts(canvas: Canvas, token_set: TokenSet, front: tuple[float, float],
                    page: tuple[float, float], width: float, fold: float, band: float) -> None:
    x, y = front
    canvas.saveState()
    outside_hinge = canvas.beginPath()
    outside_hinge.rect(0, 0, mm_to_pt(page[0]), mm_to_pt(page[1]))
    outside_hinge.rect(mm_to_pt(x), mm_to_pt(y - band), mm_to_pt(width), mm_to_pt(2 * band))
    canvas.clipPath(outside_hinge, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)   # all but the hinge
    canvas.drawPath(outline_path(canvas, token_set, x, y), stroke=1, fill=0)
    canvas.drawPath(outline_path(canvas, token_set, x + width, y, mirror="x"), stroke=1, fill=0)
    canvas.restoreState()
    for edge_y in (y - band, y + band):
        start = right_edge(token_set.shape, x, y, token_set.size, edge_y, token_set.points)
        if fold - start > 0.01:
            canvas.line(mm_to_pt(start), mm_to_pt(edge_y), mm_to_pt(2 * fold - start), mm_to_pt(edge_y))


def crop_ticks(canvas: Canvas, box: tuple[float, float, float, float]) -> None:
    """Ticks on the lines of an outline's box (x0, y0, x1, y1), outside its bleed: the four cuts a
    guillotine makes before the outline is trimmed."""
    x0, y0, x1, y1 = box
    near, far = TOKEN_BLEED + TICK_GAP, TOKEN_BLEED + TICK_GAP + TICK_LENGTH
    ticks = []
    for x in (x0, x1):     # each vertical cut, marked above and below the box
        ticks += [((x, y1 + near), (x, y1 + far)), ((x, y0 - near), (x, y0 - far))]
    for y in (y0, y1):     # each horizontal cut, marked left and right of it
        ticks += [((x0 - near, y), (x0 - far, y)), ((x1 + near, y), (x1 + far, y))]
    draw_cut_marks(canvas, [(*a, *b) for a, b in ticks])
