"""What goes round a block of cards, between its outer bleed and the printer margin: crop marks
on every cut line, and bands the page footer may take.

A crop mark starts MARK_GAP outside the bleed of every card, so it never prints on a card, and
runs outward; it is at least MARK_MIN long. Where the margin leaves room, a mark stops short
enough to leave a band for a line of footer beyond it. Where no such mark fits beyond the bleed,
a tick marks the cut instead: it starts TICK_GAP outside the trims and runs over the outer bleed
(drawn on a white halo, so it reads over the art, which is cut away) to the printer margin; it is
at least TICK_MIN long. A side with room for neither is left unmarked.
"""
from __future__ import annotations

from cardgen.imposition.geometry import Area, FooterRoom, cuts, extent

MARK_GAP = 0.5           # crop marks start this far outside the bleed of every card
MARK_MIN = 3.0           # a crop mark shorter than this is too short to cut by
MARK_LEN = 5.0           # the length of a crop mark where there is room
TICK_GAP = 0.3           # a tick over the outer bleed starts this far outside the trims
TICK_MIN = 2.0           # a tick shorter than this is too short to find
TICK_ROOM = TICK_GAP + TICK_MIN   # between a trim and the printer margin, for a tick
FOOTER_DEPTH = 2.4       # across one line of footer text at its full size (6.5 pt)
FOOTER_MIN_DEPTH = 1.8   # across one line at the least size a footer is printed at (5 pt)
FOOTER_MIN_LENGTH = 20.0
FOOTER_CLEAR = 0.6       # kept between footer text and any bleed
MARK_CLEAR = 1.25        # kept between footer text and a mark: 1 mm beyond the mark's white halo
SIDES = ("bottom", "left", "right", "top")
AXIS = {"left": "left and right", "right": "left and right", "bottom": "top and bottom",
        "top": "top and bottom"}


def rooms(ink: Area, area: Area) -> dict[str, float]:
    """How far the ink lies inside each edge of `area` (negative where it would reach past it)."""
    return {"bottom": ink.y0 - area.y0, "left": ink.x0 - area.x0, "right": area.x1 - ink.x1,
            "top": area.y1 - ink.y1}


def mark_length(room: float) -> float:
    """A crop mark's length in `room` (0: none fits), leaving a footer band beyond it if it can."""
    space = room - MARK_GAP
    if space < MARK_MIN - 1e-9:
        return 0.0
    return max(MARK_MIN, min(MARK_LEN, space - MARK_CLEAR - FOOTER_DEPTH))


def spans(slots, width: float, height: float, area: Area) -> dict[str, tuple[float, float] | None]:
    """Where the marks run on each side of the block, as distances out from its trims (start,
    end): beyond the bleed where a crop mark fits there, else a tick over the outer bleed, else
    None."""
    trim_room = rooms(extent(slots, width, height, bleed=False), area)
    ink_room = rooms(extent(slots, width, height), area)
    out: dict[str, tuple[float, float] | None] = {}
    for side in SIDES:
        length = mark_length(ink_room[side])
        start = trim_room[side] - ink_room[side] + MARK_GAP
        if length:
            out[side] = (start, start + length)
        elif trim_room[side] - TICK_GAP >= TICK_MIN - 1e-9:
            out[side] = (TICK_GAP, min(trim_room[side], TICK_GAP + MARK_LEN))
        else:
            out[side] = None
    return out


def kept_bleed(slots, width: float, height: float) -> dict[str, float]:
    """The bleed kept round the block of `slots` on each of its sides: the least any card keeps
    there."""
    return rooms(extent(slots, width, height, bleed=False), extent(slots, width, height))


def thin_bleed(slots, width: float, height: float, bleed: float) -> tuple[str, ...]:
    """The pairs of sides of the block, as `unmarked` names them, where a side keeps less than
    `bleed`."""
    kept = kept_bleed(slots, width, height)
    thin = {AXIS[side] for side in SIDES if kept[side] < bleed - 1e-6}
    return tuple(name for name in ("left and right", "top and bottom") if name in thin)


def unmarked(slots, width: float, height: float, area: Area, sides=SIDES) -> tuple[str, ...]:
    """The pairs of sides of the block, "left and right" / "top and bottom", where no side (of
    those in `sides`) has room for a crop mark or a tick: the cuts those marks would mark."""
    span = spans(slots, width, height, area)
    marked = {AXIS[side] for side in sides if span[side] is not None}
    return tuple(name for name in ("left and right", "top and bottom")
                 if name not in marked and any(AXIS[side] == name for side in sides))


def marks(slots, width: float, height: float, area: Area) -> list[tuple[float, float, float, float]]:
    """Crop marks and ticks (x1, y1, x2, y2, low end first) at every cut line of `slots`, clear
    of their trims and inside `area`, on each side where one fits."""
    trim = extent(slots, width, height, bleed=False)
    xs, ys = cuts(slots, width, height)
    span = spans(slots, width, height, area)
    out = []
    if span["bottom"]:
        a, b = span["bottom"]
        out += [(x, trim.y0 - b, x, trim.y0 - a) for x in xs]
    if span["top"]:
        a, b = span["top"]
        out += [(x, trim.y1 + a, x, trim.y1 + b) for x in xs]
    if span["left"]:
        a, b = span["left"]
        out += [(trim.x0 - b, y, trim.x0 - a, y) for y in ys]
    if span["right"]:
        a, b = span["right"]
        out += [(trim.x1 + a, y, trim.x1 + b, y) for y in ys]
    return out


def footer_rooms(slots, width: float, height: float, area: Area,
                 marked: bool) -> tuple[FooterRoom, ...]:
    """Bands free of ink round a block in `area`: whole edges beyond the crop marks, and the
    widest gaps between marks, on each side (bottom first). `marked`: the block has crop marks."""
    ink = extent(slots, width, height)
    xs, ys = cuts(slots, width, height)
    room = rooms(ink, area)
    trim_room = rooms(extent(slots, width, height, bleed=False), area)
    span = spans(slots, width, height, area) if marked else dict.fromkeys(SIDES)
    bands, gaps = [], []
    for side in SIDES:
        length = span[side] is not None
        beyond = (min(room[side] - FOOTER_CLEAR, trim_room[side] - span[side][1] - MARK_CLEAR)
                  if length else room[side] - FOOTER_CLEAR)
        inside = room[side] - FOOTER_CLEAR
        if side in ("bottom", "top"):
            lo, hi = (area.y0, area.y0 + beyond) if side == "bottom" else (area.y1 - beyond, area.y1)
            bands.append(FooterRoom(area.x0, lo, area.x1, hi))
            if length:
                a, b = _widest_gap(xs, area.x0, area.x1)
                lo, hi = (area.y0, area.y0 + inside) if side == "bottom" else (area.y1 - inside, area.y1)
                gaps.append(FooterRoom(a + MARK_CLEAR, lo, b - MARK_CLEAR, hi))
        else:
            lo, hi = (area.x0, area.x0 + beyond) if side == "left" else (area.x1 - beyond, area.x1)
            bands.append(FooterRoom(lo, area.y0, hi, area.y1, rotated=True))
            if length:
                a, b = _widest_gap(ys, area.y0, area.y1)
                lo, hi = (area.x0, area.x0 + inside) if side == "left" else (area.x1 - inside, area.x1)
                gaps.append(FooterRoom(lo, a + MARK_CLEAR, hi, b - MARK_CLEAR, rotated=True))
    return tuple(r for r in bands + gaps
                 if r.depth >= FOOTER_MIN_DEPTH - 1e-9 and r.length >= FOOTER_MIN_LENGTH)


def _widest_gap(cut_lines: list[float], low: float, high: float) -> tuple[float, float]:
    """The widest stretch between marks; of equal ones, the one nearest the middle."""
    points = sorted([low, high] + [c for c in cut_lines if low < c < high])
    middle = (low + high) / 2
    return max(zip(points, points[1:]),
               key=lambda p: (round(p[1] - p[0], 3), -abs((p[0] + p[1]) / 2 - middle)))
