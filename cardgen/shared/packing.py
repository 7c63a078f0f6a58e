"""Where tokens go on a sheet: as many as fit inside the printer margin, circles and hexagons in
offset rows (each row shifted half a token, as coins pack), other shapes in a grid. A two-sided
token printed to fold over stands beside its back, the pair sharing a fold line. Pure geometry,
in millimetres from the page's bottom-left corner; a position is a token's centre."""
from __future__ import annotations

import math
from dataclasses import dataclass

from cardgen.base.errors import ProblemError
from cardgen.imposition.flip import Flip

TOKEN_BLEED = 1.5      # mm of background past the cut line, each side
TICK_GAP = 1.0         # mm between the bleed and a crop tick
TICK_LENGTH = 3.0      # mm
OFFSET_SHAPES = ("circle", "hexagon")
FOOTER_ROOM = 4.0      # kept free at the bottom of every sheet for its footer
ROUNDED_RADIUS = 0.15  # a rounded square's corner radius, as a share of its side


class PackingError(ProblemError, ValueError):
    code = "page-fit"


def footprint(shape: str, size: float, points: tuple = ()) -> tuple[float, float]:
    """Width and height of a token's outline: a hexagon stands on a corner, `size` across its
    flat sides; a path is as large as its corners reach."""
    if shape == "path":
        return (max(x for x, _ in points), max(y for _, y in points))
    return (size, size * 2 / math.sqrt(3)) if shape == "hexagon" else (size, size)


def reach(ticks: bool) -> float:
    """How far past its outline a token's print goes: its bleed, and its crop ticks if it has them."""
    return TOKEN_BLEED + (TICK_GAP + TICK_LENGTH if ticks else 0.0)


@dataclass(frozen=True)
class Item:
    """What is packed for one token: its outline, beside its back when it folds over, with its
    bleed (and crop ticks) round it."""

    shape: str
    size: float
    points: tuple = ()
    paired: bool = False
    ticks: bool = False

    @property
    def width(self) -> float:        # one token's outline
        return footprint(self.shape, self.size, self.points)[0]

    @property
    def height(self) -> float:
        return footprint(self.shape, self.size, self.points)[1]

    @property
    def span(self) -> float:         # the outline's width, or the pair's
        return self.width * (2 if self.paired else 1)

    @property
    def offset_rows(self) -> bool:
        return self.shape in OFFSET_SHAPES and not self.paired and not self.ticks

    @property
    def reach_y(self) -> float:
        """How far its print goes above and below its outline: a hexagon's bleed reaches further
        at its corners, 2/sqrt(3) of the bleed."""
        return reach(self.ticks) * (2 / math.sqrt(3) if self.shape == "hexagon" else 1.0)

    @property
    def pitch(self) -> tuple[float, float]:
        """Centre to centre across a row, and from one row to the next."""
        gap = 2 * reach(self.ticks)
        across = self.span + gap
        if self.offset_rows and self.shape == "hexagon":
            return across, self.height * 0.75 + gap * math.sqrt(3) / 2
        if self.offset_rows:
            return across, across * math.sqrt(3) / 2
        return across, self.height + 2 * self.reach_y


@dataclass(frozen=True)
class Placed:
    group: int                  # which item kind (token set), in the order given
    number: int                 # the nth token of its group
    x: float                    # the front's centre
    y: float


@dataclass(frozen=True)
class TokenPlan:
    page_width: float
    page_height: float
    sheets: tuple[tuple[Placed, ...], ...]

    def back(self, item: Item, placed: Placed, duplex: str,
             offset: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
        """Where a token's back goes: beside its front to fold over, or on the back of the sheet,
        mirrored for the printer's flip and shifted by the measured back offset."""
        if item.paired:
            return placed.x + item.width, placed.y
        return Flip(duplex, self.page_width, self.page_height, offset).box(placed.x, placed.y)


def keep_clear(page: tuple[float, float], margin: float, duplex: str,
               offset: tuple[float, float]) -> tuple[float, ...]:
    """How far the fronts keep from each edge (left, right, bottom, top) so that backs mirrored
    for the flip and shifted by the back offset stay inside the printer margin too."""
    if duplex not in ("long", "short"):
        return (margin,) * 4
    width, height = page
    left, bottom, right, top = Flip(duplex, width, height, offset).room(
        margin, margin, width - margin, height - margin)
    return (left, width - right, bottom, height - top)


def plan_token_sheets(page: tuple[float, float], clear: tuple[float, float, float, float],
                      groups: list[tuple[Item, int]]) -> TokenPlan:
    """Every token of every group (an item and how many), in rows from the top of the sheet down,
    `clear` mm (left, right, bottom, top) from the page's edges: a group whose tokens all fit in
    one row in the room beside the last group's last row goes there; otherwise its rows follow on the same
    sheet while they fit, then a new sheet."""
    page_w, page_h = page
    left_edge, right_edge, bottom_edge, top_edge = clear
    floor = bottom_edge + FOOTER_ROOM
    sheets, sheet = [], []
    top = page_h - top_edge              # the top of the room left on this sheet
    band = None                          # (left, top) of the free room right of the last row
    for group, (item, count) in enumerate(groups):
        around = reach(item.ticks)
        pitch_x, pitch_y = item.pitch
        room = page_w - left_edge - right_edge - 2 * around - item.span
        if room < -1e-9 or page_h - top_edge - floor < item.height + 2 * item.reach_y - 1e-9:
            what = "a pair of" if item.paired else "a"
            raise PackingError(f"{what} {item.width:g} x {item.height:g} mm token does not fit on a "
                               f"{page_w:g} x {page_h:g} mm page inside its margin"
                               + (" and back offset" if len(set(clear)) > 1 else
                                  f" of {clear[0]:g} mm"))
        below = item.height / 2 + item.reach_y      # from a centre to the bottom of its print
        placed = 0
        beside = _beside(item, count, band, page_w - right_edge, floor) if band else []
        if beside and len(beside) == count:  # a few tokens: beside, not on a sheet of their own
            sheet += [Placed(group, n, x, y) for n, (x, y) in enumerate(beside)]
            placed = count
            top = min(top, beside[0][1] - below)
            band = (beside[-1][0] + item.span / 2 + around
                    + (item.width / 2 if item.paired else 0.0), band[1])
        per_row = int(room / pitch_x + 1e-9) + 1
        per_odd_row = int((room - pitch_x / 2) / pitch_x + 1e-9) + 1 if room >= pitch_x / 2 else 0
        shifted = item.offset_rows and per_odd_row > 0
        if item.offset_rows and not shifted:     # one a row: rows cannot nest, so stack them
            pitch_y = item.height + 2 * item.reach_y
        used = (per_row - 1) * pitch_x + (pitch_x / 2 if shifted and per_odd_row == per_row else 0)
        left = left_edge + around + item.span / 2 + (room - used) / 2
        row, y = 0, top - below
        while placed < count:
            if y - below < floor - 1e-9:     # no room for this row: the next sheet
                sheets.append(tuple(sheet))
                sheet, row, y = [], 0, page_h - top_edge - below
            odd = shifted and row % 2 == 1
            right = 0.0
            for i in range(per_odd_row if odd else per_row):
                if placed == count:
                    break
                x = left + (pitch_x / 2 if odd else 0.0) + i * pitch_x
                front_x = x - item.width / 2 if item.paired else x
                sheet.append(Placed(group, placed, front_x, y))
                placed += 1
                right = x + item.span / 2 + around
            band = (right, top if row else y + below)   # above a later row, the row before it
            top = y - below
            row, y = row + 1, y - pitch_y
    if sheet:
        sheets.append(tuple(sheet))
    return TokenPlan(page_w, page_h, tuple(sheets))


def _beside(item: Item, count: int, band: tuple[float, float], right: float,
            floor: float) -> list[tuple[float, float]]:
    """Up to `count` tokens (front centres) in one row in the free room right of a sheet's last
    row, from `band`'s left edge to `right`, its top at the band's and its bottom above `floor`:
    nothing is printed there, as nothing is printed below that last row."""
    left, top = band
    around = reach(item.ticks)
    room = right - left - 2 * around - item.span
    below = item.height / 2 + item.reach_y
    y = top - below
    if room < -1e-9 or y - below < floor - 1e-9:
        return []
    per_row = int(room / item.pitch[0] + 1e-9) + 1
    return [(left + around + item.span / 2 + i * item.pitch[0] - (item.width / 2 if item.paired else 0.0), y)
            for i in range(min(per_row, count))]


def polygon(shape: str, cx: float, cy: float, size: float, grow: float = 0.0,
            points: tuple = (), mirror: str = "") -> list[tuple[float, float]]:
    """The corners of a square, hexagon or path centred on (cx, cy), grown by `grow` mm all round
    (a path is grown to its box: grown_outline grows it true). `mirror` "x" or "y" flips a path,
    as the back of the sheet shows it."""
    width, height = footprint(shape, size, points)
    if shape == "hexagon":
        r = height / 2 + grow * 2 / math.sqrt(3)
        return [(cx + r * math.cos(math.radians(90 + 60 * i)),
                 cy + r * math.sin(math.radians(90 + 60 * i))) for i in range(6)]
    if shape == "path" and not grow:
        sx, sy = (-1 if mirror == "x" else 1), (-1 if mirror == "y" else 1)
        return [(cx + sx * (x - width / 2), cy + sy * (y - height / 2)) for x, y in points]
    half_w, half_h = width / 2 + grow, height / 2 + grow
    return [(cx - half_w, cy - half_h), (cx + half_w, cy - half_h), (cx + half_w, cy + half_h),
            (cx - half_w, cy + half_h)]


def grown_outline(points: list[tuple[float, float]], grow: float) -> list[list[tuple[float, float]]]:
    """An outline grown by `grow` mm all round, as pieces whose union is the grown shape: the
    outline itself, a band along each side and a disc at each corner, all turning the same way
    (so a nonzero-winding fill or clip of them all is their union), for outlines of any shape."""
    def ccw(poly):
        area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]))
        return poly if area >= 0 else poly[::-1]

    pieces = [ccw(list(points))]
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        nx, ny = (y1 - y0) / length * grow, (x0 - x1) / length * grow
        pieces.append(ccw([(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny),
                           (x0 - nx, y0 - ny)]))
    for x, y in points:
        pieces.append([(x + grow * math.cos(a * math.pi / 12), y + grow * math.sin(a * math.pi / 12))
                       for a in range(24)])
    return pieces


def fold_band(shape: str, size: float, points: tuple = ()) -> float:
    """Half the height of the hinge a fold-over pair keeps uncut at its fold line: the whole
    shared side of squares, the flat side of hexagons, a band across the middle otherwise."""
    width, height = footprint(shape, size, points)
    if shape == "square":
        return height / 2
    if shape == "rounded":
        return height / 2 - ROUNDED_RADIUS * size
    return height / 4


def right_edge(shape: str, cx: float, cy: float, size: float, y: float, points: tuple = ()) -> float:
    """Where the outline of a token centred on (cx, cy) ends on the right at height y."""
    width, height = footprint(shape, size, points)
    if shape == "circle":
        return cx + math.sqrt(max(0.0, (size / 2) ** 2 - (y - cy) ** 2))
    if shape in ("square", "rounded"):
        return cx + width / 2
    corners = polygon(shape, cx, cy, size, points=points)
    found = []
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]):
        if min(y0, y1) <= y <= max(y0, y1) and y0 != y1:
            found.append(x0 + (x1 - x0) * (y - y0) / (y1 - y0))
    return max(found) if found else cx + width / 2
