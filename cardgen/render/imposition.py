"""Where cards go on a sheet: the grid, bleed per side, mirrored backs, crop marks. Pure geometry.

Everything is in millimetres with the origin at the page's bottom-left corner (PDF's convention).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

MARK_GAP = 0.5        # crop marks stop this far short of the trim line
MARK_ROOM = 4.0       # a gutter between cards is only used if this much is left for marks
FOOTER_ROOM = 4.0     # height the page footer needs outside the card block
FOLD_GAP = 4.0        # space kept free either side of a gutterfold line


class ImpositionError(ValueError):
    pass


@dataclass(frozen=True)
class Slot:
    """One card position: the trim's bottom-left corner and the bleed kept on each side."""

    x: float
    y: float
    bleed_left: float
    bleed_right: float
    bleed_bottom: float
    bleed_top: float

    def clip(self, width: float, height: float) -> tuple[float, float, float, float]:
        """The drawn area (trim plus kept bleed) as x, y, width, height."""
        return (self.x - self.bleed_left, self.y - self.bleed_bottom,
                width + self.bleed_left + self.bleed_right, height + self.bleed_bottom + self.bleed_top)


@dataclass(frozen=True)
class SheetPlan:
    page_width: float
    page_height: float
    card_width: float
    card_height: float
    columns: int
    rows: int
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]            # backs[i] sits behind fronts[i]; empty when duplex is none
    backs_on_same_page: bool           # gutterfold: fronts and backs share one side of one sheet
    crop_marks: tuple[tuple[float, float, float, float], ...]  # x1, y1, x2, y2 per mark
    fold_line: tuple[float, float, float, float] | None
    footer: tuple[float, float, float, bool] | None  # x, y, length, rotated; None: no room
    margin: float = 5.0

    def marks_for(self, count: int) -> tuple:
        """The crop marks of a sheet holding only the first `count` cards: those of the full
        sheet that lie on a cut line of one of them."""
        if count >= self.per_page:
            return self.crop_marks
        slots = self.fronts[:count] + (self.backs[:count] if self.backs_on_same_page else ())
        xs = {round(v, 6) for s in slots for v in (s.x, s.x + self.card_width)}
        ys = {round(v, 6) for s in slots for v in (s.y, s.y + self.card_height)}
        return tuple(m for m in self.crop_marks
                     if (round(m[0], 6) in xs if m[0] == m[2] else round(m[1], 6) in ys))

    @property
    def per_page(self) -> int:
        return len(self.fronts)


def _fit(space: float, card: float, bleed: float) -> tuple[int, float]:
    """How many cards fit along one axis, and the gutter: full bleed between cards if that costs
    no card and leaves room for crop marks, else none (neighbours share a cut line, and bleed
    only runs round the block)."""
    touching = math.floor((space + 1e-9) / card)
    spaced = math.floor((space - 2 * MARK_ROOM + 1e-9) / (card + 2 * bleed))
    return (touching, 2 * bleed) if spaced == touching else (touching, 0.0)


def _axis(origin: float, count: int, card: float, gutter: float, bleed: float, limit: float):
    """Positions along one axis and the bleed before/after each card, clipped to [0, limit]."""
    out = []
    for i in range(count):
        start = origin + i * (card + gutter)
        before = bleed if (i == 0 or gutter) else 0.0
        after = bleed if (i == count - 1 or gutter) else 0.0
        out.append((start, min(before, start), min(after, limit - start - card)))
    return out


def _grid(area_x: float, area_width: float, page_height: float, card_w: float, card_h: float,
          bleed: float, margin: float):
    cols, gutter_x = _fit(area_width, card_w, bleed)
    rows, gutter_y = _fit(page_height - 2 * margin, card_h, bleed)
    if not cols or not rows:
        return None
    block_w = cols * card_w + (cols - 1) * gutter_x
    block_h = rows * card_h + (rows - 1) * gutter_y
    below = (page_height - block_h) / 2
    lifted = margin + FOOTER_ROOM + bleed   # room for the footer under the bleed
    if below < lifted and lifted + block_h <= page_height - margin:
        below = lifted
    xs = _axis(area_x + (area_width - block_w) / 2, cols, card_w, gutter_x, bleed, 1e9)
    ys = _axis(below, rows, card_h, gutter_y, bleed, page_height)
    slots = [Slot(x, y, bl, br, bb, bt) for (y, bb, bt) in reversed(ys) for (x, bl, br) in xs]
    return cols, rows, slots


def _widest_gap(cuts: list[float], low: float, high: float) -> tuple[float, float]:
    """The widest stretch between marks; of equal ones, the one nearest the middle."""
    points = sorted([low, high] + [c for c in cuts if low < c < high])
    middle = (low + high) / 2
    return max(zip(points, points[1:]),
               key=lambda p: (round(p[1] - p[0], 3), -abs((p[0] + p[1]) / 2 - middle)))


def _footer(slots, card_w, card_h, page_w, page_h, margin):
    """The footer runs along the bottom margin if the cards leave room there, else up the left
    one; either way in the widest gap between crop marks."""
    bottom = min(s.y - s.bleed_bottom for s in slots)
    if bottom >= margin + FOOTER_ROOM - 1e-6:
        cuts = [s.x for s in slots] + [s.x + card_w for s in slots]
        a, b = _widest_gap(cuts, margin, page_w - margin)
        return (a + 1.0, margin + 1.0, b - a - 2.0, False)
    left = min(s.x - s.bleed_left for s in slots)
    if left >= margin + FOOTER_ROOM - 1e-6:
        cuts = [s.y for s in slots] + [s.y + card_h for s in slots]
        a, b = _widest_gap(cuts, margin, page_h - margin)
        return (margin + FOOTER_ROOM - 1.0, a + 1.0, b - a - 2.0, True)
    return None  # the cards fill the sheet: no room for a footer that would not cross them


def _marks(slots, card_w, card_h, page_w, page_h, margin):
    """Cut marks at every trim line, from the printable margin to just short of the card block."""
    xs = sorted({round(s.x, 6) for s in slots} | {round(s.x + card_w, 6) for s in slots})
    ys = sorted({round(s.y, 6) for s in slots} | {round(s.y + card_h, 6) for s in slots})
    left, right, bottom, top = xs[0] - MARK_GAP, xs[-1] + MARK_GAP, ys[0] - MARK_GAP, ys[-1] + MARK_GAP
    marks = [(x, margin, x, bottom) for x in xs] + [(x, top, x, page_h - margin) for x in xs]
    marks += [(margin, y, left, y) for y in ys] + [(right, y, page_w - margin, y) for y in ys]
    return tuple(m for m in marks if abs(m[2] - m[0]) + abs(m[3] - m[1]) >= 0.8)


def plan_sheet(page: tuple[float, float], card: tuple[float, float], bleed: float, margin: float,
               duplex: str, crop_marks: bool = True,
               back_offset: tuple[float, float] = (0.0, 0.0)) -> SheetPlan:
    """The imposition of one deck's cards on one paper size. Raises ImpositionError if none fit."""
    card_w, card_h = card
    if duplex == "fold":
        return _plan_fold(page, card, bleed, margin, crop_marks)
    page_w, page_h = page
    grid = _grid(margin, page_w - 2 * margin, page_h, card_w, card_h, bleed, margin)
    if grid is None:
        raise ImpositionError(f"a {card_w:g} x {card_h:g} mm card does not fit on a "
                              f"{page_w:g} x {page_h:g} mm page inside a {margin:g} mm margin")
    cols, rows, fronts = grid
    dx, dy = back_offset
    if duplex == "long":
        backs = [Slot(page_w - s.x - card_w + dx, s.y + dy, s.bleed_right, s.bleed_left,
                      s.bleed_bottom, s.bleed_top) for s in fronts]
    elif duplex == "short":
        backs = [Slot(s.x + dx, page_h - s.y - card_h + dy, s.bleed_left, s.bleed_right,
                      s.bleed_top, s.bleed_bottom) for s in fronts]
    else:
        backs = []
    marks = _marks(fronts, card_w, card_h, page_w, page_h, margin) if crop_marks else ()
    return SheetPlan(page_w, page_h, card_w, card_h, cols, rows, tuple(fronts), tuple(backs),
                     False, marks, None, _footer(fronts, card_w, card_h, page_w, page_h, margin),
                     margin)


def _plan_fold(page, card, bleed, margin, crop_marks) -> SheetPlan:
    """Gutterfold: fronts left of a vertical fold line, their backs mirrored on the right.
    The page turns landscape when that fits more cards."""
    best = None
    for page_w, page_h in (page, (page[1], page[0])):
        half = page_w / 2
        grid = _grid(margin, half - margin - FOLD_GAP, page_h, card[0], card[1], bleed, margin)
        if grid and (best is None or len(grid[2]) > len(best[2][2])):
            best = (page_w, page_h, grid)
    if best is None:
        raise ImpositionError(f"a {card[0]:g} x {card[1]:g} mm card does not fit on half of a "
                              f"{page[0]:g} x {page[1]:g} mm page for gutterfold")
    page_w, page_h, (cols, rows, fronts) = best
    fronts = [Slot(s.x, s.y, s.bleed_left, min(s.bleed_right, page_w / 2 - s.x - card[0]),
                   s.bleed_bottom, s.bleed_top) for s in fronts]
    backs = [Slot(page_w - s.x - card[0], s.y, s.bleed_right, s.bleed_left, s.bleed_bottom, s.bleed_top)
             for s in fronts]
    marks = _marks(fronts + backs, card[0], card[1], page_w, page_h, margin) if crop_marks else ()
    marks = tuple(m for m in marks if not (m[0] < page_w / 2 < m[2]))  # none across the fold
    return SheetPlan(page_w, page_h, card[0], card[1], cols, rows, tuple(fronts), tuple(backs), True,
                     marks, (page_w / 2, margin, page_w / 2, page_h - margin),
                     _footer(fronts + backs, card[0], card[1], page_w, page_h, margin), margin)
