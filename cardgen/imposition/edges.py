"""What goes round a block of cards, between its outer bleed and the printer margin: crop marks
on every cut line, and bands the page footer may take.

A crop mark starts MARK_GAP outside the bleed of every card, so it never prints on a card, and
runs outward; it is at least MARK_MIN long, or it is left out. Where the margin leaves room, a
mark stops short enough to leave a band for a line of footer beyond it.
"""
from __future__ import annotations

from cardgen.imposition.geometry import Area, FooterRoom, cuts, extent

MARK_GAP = 0.5           # crop marks start this far outside the bleed of every card
MARK_MIN = 3.0           # a crop mark shorter than this is too short to cut by
MARK_LEN = 5.0           # the length of a crop mark where there is room
FOOTER_DEPTH = 2.4       # across one line of footer text at its full size (6.5 pt)
FOOTER_MIN_DEPTH = 1.8   # across one line at the least size a footer is printed at (5 pt)
FOOTER_MIN_LENGTH = 20.0
FOOTER_CLEAR = 0.6       # kept between footer text and any crop mark or bleed
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
    return max(MARK_MIN, min(MARK_LEN, space - FOOTER_CLEAR - FOOTER_DEPTH))


def unmarked(slots, width: float, height: float, area: Area, sides=SIDES) -> tuple[str, ...]:
    """The sides of the block (of those in `sides`) with no room for a crop mark, as
    "left and right" / "top and bottom"."""
    room = rooms(extent(slots, width, height), area)
    short = {AXIS[side] for side in sides if not mark_length(room[side])}
    return tuple(name for name in ("left and right", "top and bottom") if name in short)


def marks(slots, width: float, height: float, area: Area) -> list[tuple[float, float, float, float]]:
    """Crop marks (x1, y1, x2, y2, low end first) at every cut line of `slots`, outside their ink
    and inside `area`, on each side where one fits."""
    ink = extent(slots, width, height)
    xs, ys = cuts(slots, width, height)
    length = {side: mark_length(room) for side, room in rooms(ink, area).items()}
    out = []
    if length["bottom"]:
        out += [(x, ink.y0 - MARK_GAP - length["bottom"], x, ink.y0 - MARK_GAP) for x in xs]
    if length["top"]:
        out += [(x, ink.y1 + MARK_GAP, x, ink.y1 + MARK_GAP + length["top"]) for x in xs]
    if length["left"]:
        out += [(ink.x0 - MARK_GAP - length["left"], y, ink.x0 - MARK_GAP, y) for y in ys]
    if length["right"]:
        out += [(ink.x1 + MARK_GAP, y, ink.x1 + MARK_GAP + length["right"], y) for y in ys]
    return out


def footer_rooms(slots, width: float, height: float, area: Area,
                 marked: bool) -> tuple[FooterRoom, ...]:
    """Bands free of ink round a block in `area`: whole edges beyond the crop marks, and the
    widest gaps between marks, on each side (bottom first). `marked`: the block has crop marks."""
    ink = extent(slots, width, height)
    xs, ys = cuts(slots, width, height)
    room = rooms(ink, area)
    bands, gaps = [], []
    for side in SIDES:
        length = mark_length(room[side]) if marked else 0.0
        beyond = room[side] - (MARK_GAP + length if length else 0.0) - FOOTER_CLEAR
        inside = room[side] - FOOTER_CLEAR
        if side in ("bottom", "top"):
            lo, hi = (area.y0, area.y0 + beyond) if side == "bottom" else (area.y1 - beyond, area.y1)
            bands.append(FooterRoom(area.x0, lo, area.x1, hi))
            if length:
                a, b = _widest_gap(xs, area.x0, area.x1)
                lo, hi = (area.y0, area.y0 + inside) if side == "bottom" else (area.y1 - inside, area.y1)
                gaps.append(FooterRoom(a + FOOTER_CLEAR, lo, b - FOOTER_CLEAR, hi))
        else:
            lo, hi = (area.x0, area.x0 + beyond) if side == "left" else (area.x1 - beyond, area.x1)
            bands.append(FooterRoom(lo, area.y0, hi, area.y1, rotated=True))
            if length:
                a, b = _widest_gap(ys, area.y0, area.y1)
                lo, hi = (area.x0, area.x0 + inside) if side == "left" else (area.x1 - inside, area.x1)
                gaps.append(FooterRoom(lo, a + FOOTER_CLEAR, hi, b - FOOTER_CLEAR, rotated=True))
    return tuple(r for r in bands + gaps
                 if r.depth >= FOOTER_MIN_DEPTH - 1e-9 and r.length >= FOOTER_MIN_LENGTH)


def _widest_gap(cut_lines: list[float], low: float, high: float) -> tuple[float, float]:
    """The widest stretch between marks; of equal ones, the one nearest the middle."""
    points = sorted([low, high] + [c for c in cut_lines if low < c < high])
    middle = (low + high) / 2
    return max(zip(points, points[1:]),
               key=lambda p: (round(p[1] - p[0], 3), -abs((p[0] + p[1]) / 2 - middle)))
