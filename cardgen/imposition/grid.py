"""The grid of cards on a sheet: how many fit across and down, touching or with full-bleed
gutters, upright or on their side, and where the block goes."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from cardgen.imposition.edges import (FOOTER_CLEAR, FOOTER_DEPTH, FOOTER_MIN_DEPTH, MARK_CLEAR,
                                      MARK_GAP, MARK_MIN, SIDES, TICK_ROOM,
                                      thin_bleed, unmarked)
from cardgen.imposition.geometry import Area, Slot

MARK_ROOM = 4.0       # a gutter between cards is only used if this much is left for marks


@dataclass(frozen=True)
class Layout:
    """A grid placed on a sheet: its slots, the footprint of one card, the sides of the block
    with no room for crop marks, and those where the page cuts its bleed back."""

    columns: int
    rows: int
    width: float       # footprint of one card on the sheet
    height: float
    rotated: bool
    slots: tuple[Slot, ...]
    unmarked: tuple[str, ...]
    thin: tuple[str, ...] = ()

    @property
    def count(self) -> int:
        return self.columns * self.rows

    def merit(self, every_cut: bool = False, full_bleed: bool = False) -> tuple:
        """More cards; of equal counts, more cuts marked, then more sides with their full bleed,
        then upright. With `every_cut`, a layout with every cut marked before any that leaves
        some unmarked; with `full_bleed`, one with the full bleed round the block before any
        that cuts it back."""
        return (not (every_cut and self.unmarked), not (full_bleed and self.thin), self.count,
                -len(self.unmarked), -len(self.thin), not self.rotated)


def _fit(space: float, card: float, bleed: float, count: int | None = None) -> tuple[int, float]:
    """How many cards fit along one axis (or `count`), and the gutter: full bleed between cards if
    that costs no card and leaves room for crop marks, else none (neighbours share a cut line,
    and bleed only runs round the block)."""
    touching = max(0, math.floor((space + 1e-9) / card)) if count is None else count
    spaced = math.floor((space - 2 * MARK_ROOM + 1e-9) / (card + 2 * bleed))
    return touching, (2 * bleed if touching and spaced >= touching else 0.0)


def _axis(origin: float, count: int, card: float, gutter, bleed: float, low: float, high: float):
    """Positions along one axis and the bleed before/after each card, kept inside [low, high]:
    between cards, half the gutter there (up to the bleed). `gutter`: one width for every gap,
    or a width for each."""
    gaps = _gaps(gutter, count)
    out = []
    start = origin
    for i in range(count):
        before = bleed if i == 0 else min(bleed, gaps[i - 1] / 2)
        after = bleed if i == count - 1 else min(bleed, gaps[i] / 2)
        out.append((start, max(0.0, min(before, start - low)),
                    max(0.0, min(after, high - start - card))))
        if i < count - 1:
            start += card + gaps[i]
    return out


def _gaps(gutter, count: int) -> tuple[float, ...]:
    """The gutter after each of `count` cards but the last."""
    return tuple(gutter) if isinstance(gutter, (tuple, list)) else (gutter,) * max(0, count - 1)


def _place(room: Area, ink: Area, counts, size, bleed: float, rotation: int,
           crop_marks: bool) -> tuple[Slot, ...]:
    """Slots of a grid centred in `room`, first row at the top, bleed kept inside `ink`. A block
    that leaves too little below it for crop marks and a footer line is lifted, if that leaves
    room for marks above it. With crop marks, a block that leaves room for a tick at neither
    end of an axis is moved to leave it at the low end (bottom, left): the other end's bleed
    pays for it. A block that leaves room for a footer line on none of its sides is moved right
    to leave one on its left, if the right keeps its bleed and room for a tick."""
    (columns, gutter_x), (rows, gutter_y) = counts
    width, height = size
    block_w = columns * width + sum(_gaps(gutter_x, columns))
    block_h = rows * height + sum(_gaps(gutter_y, rows))
    below = room.y0 + (room.height - block_h) / 2
    marks = MARK_GAP + MARK_MIN if crop_marks else 0.0
    wanted = marks + MARK_CLEAR + FOOTER_DEPTH       # outside the bleed, under the block
    if below - bleed - ink.y0 < wanted:
        lifted = ink.y0 + bleed + wanted
        if lifted + block_h <= room.y1 + 1e-9 and ink.y1 - lifted - block_h - bleed >= marks - 1e-9:
            below = lifted
    left = room.x0 + (room.width - block_w) / 2
    if crop_marks:
        left = _tick_room(left, block_w, (room.x0, room.x1), (ink.x0, ink.x1))
        below = _tick_room(below, block_h, (room.y0, room.y1), (ink.y0, ink.y1))
    left = _footer_beside(left, (below, block_w, block_h), room, ink, bleed, crop_marks)
    xs = _axis(left, columns, width, gutter_x, bleed, ink.x0, ink.x1)
    ys = _axis(below, rows, height, gutter_y, bleed, ink.y0, ink.y1)
    return tuple(Slot(x, y, bl, br, bb, bt, rotation)
                 for (y, bb, bt) in reversed(ys) for (x, bl, br) in xs)


def _footer_beside(left: float, block: tuple[float, float, float], room: Area, ink: Area,
                   bleed: float, crop_marks: bool) -> float:
    """Where a block (bottom, width, height) starting at `left` goes across the sheet so that a
    footer line fits beyond the bleed on one of its sides: where it is if one does, else moved to
    leave one on its left, if its trims stay in `room` and the right keeps its bleed and a tick."""
    below, width, height = block
    beyond = (below - ink.y0, ink.y1 - below - height, left - ink.x0, ink.x1 - left - width)
    if max(beyond) - bleed >= FOOTER_CLEAR + FOOTER_MIN_DEPTH - 1e-9:
        return left
    keep = max(bleed, TICK_ROOM if crop_marks else 0.0)
    for depth in (FOOTER_DEPTH, FOOTER_MIN_DEPTH):
        moved = ink.x0 + bleed + FOOTER_CLEAR + depth
        if moved >= room.x0 - 1e-9 and moved + width <= min(room.x1, ink.x1 - keep) + 1e-9:
            return moved
    return left


def _tick_room(start: float, length: float, room: tuple[float, float],
               ink: tuple[float, float]) -> float:
    """Where a block of `length` starting at `start` goes so that a tick fits at one of its ends
    inside `ink`: where it is, if one does; else moved to leave just that room at the low end,
    if its trims stay inside `room`."""
    if start - ink[0] >= TICK_ROOM - 1e-9 or ink[1] - start - length >= TICK_ROOM - 1e-9:
        return start
    moved = ink[0] + TICK_ROOM
    return moved if room[0] - 1e-9 <= moved and moved + length <= room[1] + 1e-9 else start


def _layout(room: Area, ink: Area, width: float, height: float, bleed: float, rotated: bool,
            crop_marks: bool, every_cut: bool, sides, full_bleed: bool = False) -> Layout | None:
    """The most cards of footprint width x height that fit `room`; with `every_cut`, fewer if
    that is what it takes to leave room for a crop mark at every cut line; with `full_bleed`,
    fewer if that is what it takes to keep the whole bleed round the block."""
    across = _fit(room.width, width, bleed)
    down = _fit(room.height, height, bleed)
    while across[0] and down[0]:
        slots = _place(room, ink, (across, down), (width, height), bleed, 90 if rotated else 0,
                       crop_marks)
        short = unmarked(slots, width, height, ink, sides) if crop_marks else ()
        thin = thin_bleed(slots, width, height, bleed)
        fewer = (short if every_cut else ()) + (thin if full_bleed else ())
        if "left and right" in fewer and across[0] > 1:
            across = _fit(room.width, width, bleed, across[0] - 1)
        elif "top and bottom" in fewer and down[0] > 1:
            down = _fit(room.height, height, bleed, down[0] - 1)
        else:
            return Layout(across[0], down[0], width, height, rotated, slots, short, thin)
    return None


def spaced(layout: Layout, room: Area, ink: Area, bleed: float, crop_marks: bool,
           gutters: tuple, sides=SIDES) -> Layout | None:
    """The layout's grid placed again with `gutters` (across, down: one width for every gap,
    or a width for each) between its cards, or None if it no longer fits `room`."""
    (gx, gy), (w, h) = gutters, (layout.width, layout.height)
    if (layout.columns * w + sum(_gaps(gx, layout.columns)) > room.width + 1e-9
            or layout.rows * h + sum(_gaps(gy, layout.rows)) > room.height + 1e-9):
        return None
    slots = _place(room, ink, ((layout.columns, gx), (layout.rows, gy)), (w, h), bleed,
                   layout.slots[0].rotation, crop_marks)
    short = unmarked(slots, w, h, ink, sides) if crop_marks else ()
    return replace(layout, slots=slots, unmarked=short, thin=thin_bleed(slots, w, h, bleed))


def gutters(layout: Layout) -> tuple[float, float]:
    """The space between the layout's columns and between its rows."""
    slots, w, h = layout.slots, layout.width, layout.height
    across = slots[1].x - slots[0].x - w if layout.columns > 1 else 0.0
    down = slots[0].y - slots[layout.columns].y - h if layout.rows > 1 else 0.0
    return across, down


def best_layout(room: Area, ink: Area, card: tuple[float, float], bleed: float, crop_marks: bool,
                every_cut: bool, sides=SIDES, full_bleed: bool = False) -> Layout | None:
    """The layout of the card upright or on its side, whichever holds more; of equal ones, the
    one with more cuts marked, then the upright one. `room` is where trims may go, `ink` where
    bleed may; `sides` are the sides of the block whose cuts need marks there."""
    options = [_layout(room, ink, card[0], card[1], bleed, False, crop_marks, every_cut, sides,
                       full_bleed)]
    if card[0] != card[1]:
        options.append(_layout(room, ink, card[1], card[0], bleed, True, crop_marks, every_cut,
                               sides, full_bleed))
    options = [o for o in options if o is not None]
    return max(options, key=lambda o: o.merit(every_cut, full_bleed)) if options else None


