"""Where cards go on a sheet: the grid, bleed per side, mirrored backs, crop marks. Pure geometry.

Everything is in millimetres with the origin at the page's bottom-left corner (PDF's convention).
Nothing is planned inside the printer margin: bleed that would reach it is cut back to it, crop
marks stop at it, and a gutterfold keeps a clear band either side of its fold.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

MARK_GAP = 0.5        # crop marks stop this far short of the trim line
MARK_MIN = 3.0        # a crop mark shorter than this is too short to cut by
MARK_ROOM = 4.0       # a gutter between cards is only used if this much is left for marks
FOOTER_ROOM = 4.0     # height the page footer needs outside the card block
FOLD_GAP = 4.0        # space kept free of ink either side of a gutterfold line


class ImpositionError(ValueError):
    pass


@dataclass(frozen=True)
class Slot:
    """One card position: the bottom-left corner of its trim on the sheet, the bleed kept on each
    side of the sheet, and how far the card is turned (90: a quarter turn anticlockwise)."""

    x: float
    y: float
    bleed_left: float
    bleed_right: float
    bleed_bottom: float
    bleed_top: float
    rotation: int = 0

    def clip(self, width: float, height: float) -> tuple[float, float, float, float]:
        """The drawn area (trim plus kept bleed) as x, y, width, height; `width` and `height`
        are the card's footprint on the sheet."""
        return (self.x - self.bleed_left, self.y - self.bleed_bottom,
                width + self.bleed_left + self.bleed_right, height + self.bleed_bottom + self.bleed_top)


@dataclass(frozen=True)
class Area:
    """A rectangle ink may reach: x0, y0 bottom-left, x1, y1 top-right."""

    x0: float
    y0: float
    x1: float
    y1: float


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
    rotated: bool = False              # cards lie on their side: more of them fit
    bleed: float = 3.0
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    front_area: Area | None = None     # where ink may go on the fronts' side of the sheet
    back_area: Area | None = None      # and on the backs' (the right half, for gutterfold)
    unmarked: tuple[str, ...] = ()     # sheet sides with no room for crop marks

    @property
    def per_page(self) -> int:
        return len(self.fronts)

    @property
    def slot_width(self) -> float:
        """A card's width on the sheet (its height when the cards lie on their side)."""
        return self.card_height if self.rotated else self.card_width

    @property
    def slot_height(self) -> float:
        return self.card_width if self.rotated else self.card_height

    def sheet(self, count: int) -> tuple[tuple[Slot, ...], tuple[Slot, ...]]:
        """Fronts and backs of a sheet holding the first `count` cards. On a part-full sheet a card
        next to an empty slot keeps its full bleed on that side: it is a cut, not a shared one."""
        if count >= self.per_page:
            return self.fronts, self.backs
        fronts = tuple(self._opened(i, count) for i in range(count))
        backs = _backs(fronts, self) if self.backs else ()
        return fronts, backs

    def _opened(self, index: int, count: int) -> Slot:
        slot = self.fronts[index]
        column, row = index % self.columns, index // self.columns
        area, w, h = self.front_area, self.slot_width, self.slot_height
        right = column < self.columns - 1 and index + 1 >= count
        below = row < self.rows - 1 and index + self.columns >= count
        return replace(
            slot,
            bleed_right=min(self.bleed, area.x1 - slot.x - w) if right else slot.bleed_right,
            bleed_bottom=min(self.bleed, slot.y - area.y0) if below else slot.bleed_bottom)

    def marks_for(self, count: int) -> tuple:
        """The crop marks of a sheet holding only the first `count` cards: those of the full
        sheet that lie on a cut line of one of them."""
        if count >= self.per_page:
            return self.crop_marks
        fronts, backs = self.sheet(count)
        slots = fronts + (backs if self.backs_on_same_page else ())
        xs = {round(v, 6) for s in slots for v in (s.x, s.x + self.slot_width)}
        ys = {round(v, 6) for s in slots for v in (s.y, s.y + self.slot_height)}
        return tuple(m for m in self.crop_marks
                     if (round(m[0], 6) in xs if m[0] == m[2] else round(m[1], 6) in ys))


# the grid -----------------------------------------------------------------------------------------

def _fit(space: float, card: float, bleed: float) -> tuple[int, float]:
    """How many cards fit along one axis, and the gutter: full bleed between cards if that costs
    no card and leaves room for crop marks, else none (neighbours share a cut line, and bleed
    only runs round the block)."""
    touching = math.floor((space + 1e-9) / card)
    spaced = math.floor((space - 2 * MARK_ROOM + 1e-9) / (card + 2 * bleed))
    return (touching, 2 * bleed) if spaced == touching else (touching, 0.0)


def _mark_room(space: float, count: int, card: float, gutter: float) -> float:
    """Length a crop mark has on either side of a centred block along one axis."""
    block = count * card + (count - 1) * gutter
    return (space - block) / 2 - MARK_GAP


@dataclass(frozen=True)
class _Grid:
    columns: int
    rows: int
    gutter_x: float
    gutter_y: float
    width: float       # footprint of one card on the sheet
    height: float
    unmarked: tuple[str, ...]

    @property
    def count(self) -> int:
        return self.columns * self.rows


def _grid(area: Area, width: float, height: float, bleed: float, every_cut: bool) -> _Grid | None:
    """The most cards of footprint width x height that fit `area`; with `every_cut`, fewer if
    that is what it takes to leave room for a crop mark at every cut line."""
    space_x, space_y = area.x1 - area.x0, area.y1 - area.y0
    cols, gutter_x = _fit(space_x, width, bleed)
    rows, gutter_y = _fit(space_y, height, bleed)
    if every_cut:
        while cols > 1 and _mark_room(space_x, cols, width, gutter_x) < MARK_MIN:
            cols -= 1
            gutter_x = 2 * bleed if (space_x - cols * width) / (cols + 1) >= 2 * bleed else 0.0
        while rows > 1 and _mark_room(space_y, rows, height, gutter_y) < MARK_MIN:
            rows -= 1
            gutter_y = 2 * bleed if (space_y - rows * height) / (rows + 1) >= 2 * bleed else 0.0
    if not cols or not rows:
        return None
    unmarked = tuple(side for side, room in (
        ("left and right", _mark_room(space_x, cols, width, gutter_x)),
        ("top and bottom", _mark_room(space_y, rows, height, gutter_y))) if room < MARK_MIN)
    return _Grid(cols, rows, gutter_x, gutter_y, width, height, unmarked)


def _best_grid(area: Area, card: tuple[float, float], bleed: float, every_cut: bool):
    """The grid of the card upright or on its side, whichever holds more; of equal ones, the one
    with more cuts marked, then the upright one."""
    upright = _grid(area, card[0], card[1], bleed, every_cut)
    turned = _grid(area, card[1], card[0], bleed, every_cut) if card[0] != card[1] else None
    if turned is not None and (upright is None or _merit(turned, True) > _merit(upright, False)):
        return turned, True
    return upright, False


def _merit(grid: _Grid, rotated: bool) -> tuple:
    return (grid.count, -len(grid.unmarked), not rotated)


def _axis(origin: float, count: int, card: float, gutter: float, bleed: float,
          low: float, high: float):
    """Positions along one axis and the bleed before/after each card, kept inside [low, high]."""
    out = []
    for i in range(count):
        start = origin + i * (card + gutter)
        before = bleed if (i == 0 or gutter) else 0.0
        after = bleed if (i == count - 1 or gutter) else 0.0
        out.append((start, max(0.0, min(before, start - low)),
                    max(0.0, min(after, high - start - card))))
    return out


def _place(grid: _Grid, area: Area, bleed: float, rotation: int, lift: bool) -> list[Slot]:
    """Slots of a grid centred in `area` (lifted to leave room for the footer if `lift`), first
    row at the top."""
    block_w = grid.columns * grid.width + (grid.columns - 1) * grid.gutter_x
    block_h = grid.rows * grid.height + (grid.rows - 1) * grid.gutter_y
    below = area.y0 + (area.y1 - area.y0 - block_h) / 2
    lifted = area.y0 + FOOTER_ROOM + bleed   # room for the footer under the bleed
    if lift and below < lifted and lifted + block_h <= area.y1:
        below = lifted
    xs = _axis(area.x0 + (area.x1 - area.x0 - block_w) / 2, grid.columns, grid.width,
               grid.gutter_x, bleed, area.x0, area.x1)
    ys = _axis(below, grid.rows, grid.height, grid.gutter_y, bleed, area.y0, area.y1)
    return [Slot(x, y, bl, br, bb, bt, rotation) for (y, bb, bt) in reversed(ys) for (x, bl, br) in xs]


# backs --------------------------------------------------------------------------------------------

def _backs(fronts, plan: SheetPlan) -> tuple[Slot, ...]:
    """Each front's back: mirrored for the flip (or the fold), shifted by the back offset, its
    bleed cut back to where ink may go on that side."""
    W, H, w, h = plan.page_width, plan.page_height, plan.slot_width, plan.slot_height
    dx, dy = plan.back_offset
    area = plan.back_area
    out = []
    for s in fronts:
        if plan.duplex == "short":
            x, y = s.x + dx, H - s.y - h + dy
            sides = (s.bleed_left, s.bleed_right, s.bleed_top, s.bleed_bottom)
            turn = s.rotation            # a flip about the sheet's width keeps a side-on card's turn
        else:                            # long-edge flip, and the fold, mirror left to right
            x, y = W - s.x - w + dx, s.y + dy
            sides = (s.bleed_right, s.bleed_left, s.bleed_bottom, s.bleed_top)
            turn = -s.rotation
        left, right, bottom, top = sides
        out.append(Slot(x, y, max(0.0, min(left, x - area.x0)), max(0.0, min(right, area.x1 - x - w)),
                        max(0.0, min(bottom, y - area.y0)), max(0.0, min(top, area.y1 - y - h)),
                        turn))
    return tuple(out)


# marks and footer ---------------------------------------------------------------------------------

def _widest_gap(cuts: list[float], low: float, high: float) -> tuple[float, float]:
    """The widest stretch between marks; of equal ones, the one nearest the middle."""
    points = sorted([low, high] + [c for c in cuts if low < c < high])
    middle = (low + high) / 2
    return max(zip(points, points[1:]),
               key=lambda p: (round(p[1] - p[0], 3), -abs((p[0] + p[1]) / 2 - middle)))


def _footer(slots, w, h, page_w, page_h, margin):
    """The footer runs along the bottom margin if the cards leave room there, else up the left
    one; either way in the widest gap between crop marks."""
    bottom = min(s.y - s.bleed_bottom for s in slots)
    if bottom >= margin + FOOTER_ROOM - 1e-6:
        cuts = [s.x for s in slots] + [s.x + w for s in slots]
        a, b = _widest_gap(cuts, margin, page_w - margin)
        return (a + 1.0, margin + 1.0, b - a - 2.0, False)
    left = min(s.x - s.bleed_left for s in slots)
    if left >= margin + FOOTER_ROOM - 1e-6:
        cuts = [s.y for s in slots] + [s.y + h for s in slots]
        a, b = _widest_gap(cuts, margin, page_h - margin)
        return (margin + FOOTER_ROOM - 1.0, a + 1.0, b - a - 2.0, True)
    return None  # the cards fill the sheet: no room for a footer that would not cross them


def _marks(slots, w, h, page_w, page_h, margin):
    """Cut marks at every trim line, from the printable margin to just short of the card block;
    a side with no room for a mark MARK_MIN long gets none."""
    xs = sorted({round(s.x, 6) for s in slots} | {round(s.x + w, 6) for s in slots})
    ys = sorted({round(s.y, 6) for s in slots} | {round(s.y + h, 6) for s in slots})
    left, right, bottom, top = xs[0] - MARK_GAP, xs[-1] + MARK_GAP, ys[0] - MARK_GAP, ys[-1] + MARK_GAP
    marks = [(x, margin, x, bottom) for x in xs] + [(x, top, x, page_h - margin) for x in xs]
    marks += [(margin, y, left, y) for y in ys] + [(right, y, page_w - margin, y) for y in ys]
    return tuple(m for m in marks if abs(m[2] - m[0]) + abs(m[3] - m[1]) >= MARK_MIN - 1e-9)


# plans --------------------------------------------------------------------------------------------

def plan_sheet(page: tuple[float, float], card: tuple[float, float], bleed: float, margin: float,
               duplex: str, crop_marks: bool = True,
               back_offset: tuple[float, float] = (0.0, 0.0), every_cut: bool = False) -> SheetPlan:
    """The imposition of one deck's cards on one paper size. Raises ImpositionError if none fit.
    With `every_cut`, the grid gives up cards until every cut line has room for a crop mark."""
    if duplex == "fold":
        return _plan_fold(page, card, bleed, margin, crop_marks, every_cut and crop_marks)
    page_w, page_h = page
    area = Area(margin, margin, page_w - margin, page_h - margin)
    grid, rotated = _best_grid(area, card, bleed, every_cut and crop_marks)
    if grid is None:
        raise ImpositionError(f"a {card[0]:g} x {card[1]:g} mm card does not fit on a "
                              f"{page_w:g} x {page_h:g} mm page inside a {margin:g} mm margin")
    fronts = _place(grid, area, bleed, 90 if rotated else 0, lift=True)
    marks = _marks(fronts, grid.width, grid.height, page_w, page_h, margin) if crop_marks else ()
    plan = SheetPlan(page_w, page_h, card[0], card[1], grid.columns, grid.rows, tuple(fronts), (),
                     False, marks, None, _footer(fronts, grid.width, grid.height, page_w, page_h, margin),
                     margin, rotated, bleed, duplex, tuple(back_offset), area, area,
                     grid.unmarked if crop_marks else ())
    return replace(plan, backs=_backs(fronts, plan)) if duplex in ("long", "short") else plan


def _plan_fold(page, card, bleed, margin, crop_marks, every_cut) -> SheetPlan:
    """Gutterfold: fronts left of a vertical fold line, their backs mirrored on the right.
    The page turns landscape, and the cards on their side, when that fits more cards."""
    best = None
    for page_w, page_h in (page, (page[1], page[0])):
        half = page_w / 2
        area = Area(margin, margin, half - FOLD_GAP, page_h - margin)
        grid, rotated = _best_grid(area, card, bleed, every_cut)
        if grid and (best is None or _merit(grid, rotated) > _merit(best[3], best[4])):
            best = (page_w, page_h, area, grid, rotated)
    if best is None:
        raise ImpositionError(f"a {card[0]:g} x {card[1]:g} mm card does not fit on half of a "
                              f"{page[0]:g} x {page[1]:g} mm page for gutterfold")
    page_w, page_h, area, grid, rotated = best
    fronts = _place(grid, area, bleed, 90 if rotated else 0, lift=True)
    back_area = Area(page_w / 2 + FOLD_GAP, margin, page_w - margin, page_h - margin)
    plan = SheetPlan(page_w, page_h, card[0], card[1], grid.columns, grid.rows, tuple(fronts), (), True,
                     (), (page_w / 2, margin, page_w / 2, page_h - margin), None, margin, rotated,
                     bleed, "fold", (0.0, 0.0), area, back_area, grid.unmarked if crop_marks else ())
    backs = _backs(fronts, plan)
    both = list(fronts) + list(backs)
    marks = _marks(both, grid.width, grid.height, page_w, page_h, margin) if crop_marks else ()
    marks = tuple(m for m in marks if not (m[0] < page_w / 2 < m[2]))  # none across the fold
    return replace(plan, backs=backs, crop_marks=marks,
                   footer=_footer(both, grid.width, grid.height, page_w, page_h, margin))
