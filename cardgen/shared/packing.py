"""Where tokens go on a sheet: inside the printer margin with bare paper between neighbours, in
plain rows (a straight cut parts one row from the next), centred across the sheet; each set in a
block of its own, each kind of token in rows of its own. A two-sided
token printed to fold over stands beside its back, the pair sharing a fold line. Pure geometry,
in millimetres from the page's bottom-left corner; a position is a token's centre."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

from cardgen.base.errors import ProblemError
from cardgen.imposition.flip import Flip

TOKEN_BLEED = 1.0      # mm of background past the cut line, each side
WHITE_GAP = 2.5        # mm of bare paper between neighbours' prints: 4.5 mm from cut line to cut line
BLOCK_GAP = WHITE_GAP * 2 / math.sqrt(3)   # between blocks: as much from a hexagon's corner
PRINT_INSET = 0.5      # mm every print keeps inside the margin, past a stroke's or raster's spread
TICK_GAP = 1.0         # mm between the bleed and a crop tick
TICK_LENGTH = 3.0      # mm
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
    def reach_y(self) -> float:
        """How far its print goes above and below its outline: a hexagon's bleed reaches further
        at its corners, 2/sqrt(3) of the bleed."""
        return reach(self.ticks) * (2 / math.sqrt(3) if self.shape == "hexagon" else 1.0)

    @property
    def pitch(self) -> tuple[float, float]:
        """Centre to centre across a row, and from one row to the next."""
        return (self.span + 2 * reach(self.ticks) + WHITE_GAP,       # a hexagon's corners
                self.height + (2 * reach(self.ticks) + WHITE_GAP) * self.reach_y / reach(self.ticks))


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
                      groups: list[tuple[Item, int | Sequence[tuple]]]) -> TokenPlan:
    """Every token of every group (an item and how many, or each token's label: its owner and
    kind), `clear` mm (left, right, bottom, top) from the page's edges. A group is laid out as a
    block of rows, each kind of token (each owner's) starting its own row where that costs at
    most a row; a block goes whole on the first sheet with room for it (a block of one row may go
    in the room right of the block above), and only a block taller than a sheet is split, unless
    letting a block that does not fit whole start below the last block and go on to the next
    sheet row by row takes fewer sheets in all."""
    whole = _plan(page, clear, groups, split=False)
    split = _plan(page, clear, groups, split=True)
    return split if len(split.sheets) < len(whole.sheets) else whole


def _plan(page: tuple[float, float], clear: tuple[float, float, float, float],
          groups: list[tuple[Item, int | Sequence[tuple]]], split: bool) -> TokenPlan:
    page_w, page_h = page
    left_edge, right_edge, bottom_edge, top_edge = (edge + PRINT_INSET for edge in clear)
    floor = bottom_edge + FOOTER_ROOM
    sheets: list[_Sheet] = []
    for group, (item, tokens) in enumerate(groups):
        labels = [()] * tokens if isinstance(tokens, int) else list(tokens)
        around = reach(item.ticks)
        room = page_w - left_edge - right_edge - 2 * around - item.span
        if room < -1e-9 or page_h - top_edge - floor < item.height + 2 * item.reach_y - 1e-9:
            what = "a pair of" if item.paired else "a"
            raise PackingError(f"{what} {item.width:g} x {item.height:g} mm token does not fit on a "
                               f"{page_w:g} x {page_h:g} mm page inside its margin"
                               + (" and back offset" if len(set(clear)) > 1 else
                                  f" of {clear[0]:g} mm"))
        block = _block(item, labels, room)
        below = item.height / 2 + item.reach_y      # from a centre to the bottom of its print
        x0 = left_edge + around + item.span / 2
        if len(block.rows) == 1 and _put_beside(sheets, item, group, len(labels),
                                                page_w - right_edge, floor):
            continue
        height = (len(block.rows) - 1) * block.pitch_y + 2 * below
        sheet = next((s for s in sheets if s.top - height >= floor - 1e-9), None)
        if sheet is None and split and sheets and sheets[-1].top - 2 * below >= floor - 1e-9:
            sheet = sheets[-1]               # its first rows below the last block, the rest on
        if sheet is None:
            sheet = _Sheet(page_h - top_edge)
            sheets.append(sheet)
        y, block_top, widest = sheet.top - below, sheet.top, 0.0
        for row in block.rows:
            if y - below < floor - 1e-9:     # a block taller than a sheet: on to the next
                sheet = _Sheet(page_h - top_edge)
                sheets.append(sheet)
                y, block_top, widest = sheet.top - below, sheet.top, 0.0
            for i, number in enumerate(row):
                x = x0 + i * block.pitch_x
                sheet.placed.append(Placed(group, number, x - item.width / 2 if item.paired else x, y))
            widest = max(widest, x + item.span / 2 + around)
            sheet.band = (widest, block_top)     # the room right of the block, from its top
            sheet.top = y - below - BLOCK_GAP
            y -= block.pitch_y
    items = [item for item, _ in groups]
    return TokenPlan(page_w, page_h, tuple(_centred(s.placed, items, left_edge, page_w - right_edge)
                                           for s in sheets))


def _centred(placed: list[Placed], items: list[Item], left: float, right: float) -> tuple:
    """A sheet's tokens moved across so that their prints are as far from the left of the room
    as from its right."""
    def extent(p: Placed) -> tuple[float, float]:
        item = items[p.group]
        x0 = p.x - item.width / 2           # a pair's front is its left half
        return x0 - reach(item.ticks), x0 + item.span + reach(item.ticks)
    low = min(extent(p)[0] for p in placed)
    high = max(extent(p)[1] for p in placed)
    shift = max(0.0, (right - left - (high - low)) / 2) + left - low
    return tuple(Placed(p.group, p.number, p.x + shift, p.y) for p in placed)


@dataclass
class _Sheet:
    top: float                                   # the top of the free room below its rows
    placed: list = field(default_factory=list)
    band: tuple[float, float] | None = None      # (left, top) of the free room right of the last block


@dataclass(frozen=True)
class _Block:
    rows: tuple[tuple[int, ...], ...]            # each row's token numbers
    pitch_x: float
    pitch_y: float


def _block(item: Item, labels: list[tuple], room: float) -> _Block:
    """A group's rows: those breaking at the most detailed label (owner, then kind) that take at
    most a row more than the least height any layout takes; of those, the least height, the
    fewest empty places, the longest rows."""
    pitch_x, pitch_y = item.pitch
    per_row = int(room / pitch_x + 1e-9) + 1
    best: dict[int, tuple] = {}                  # depth -> (key, block)
    for depth in range(max((len(label) for label in labels), default=0) + 1):
        for length in range(1, per_row + 1):
            rows = _rows(labels, depth, length)
            holes = sum(length - len(row) for row in rows)
            key = ((len(rows) - 1) * pitch_y, holes, -length)
            if depth not in best or key < best[depth][0]:
                best[depth] = (key, _Block(tuple(tuple(r) for r in rows), pitch_x, pitch_y))
    least = min(key[0] for key, _ in best.values())
    return next(block for depth, (key, block) in sorted(best.items(), reverse=True)
                if key[0] <= least + pitch_y + 1e-9)


def _rows(labels: list[tuple], depth: int, length: int) -> list[list[int]]:
    """Tokens in rows of at most `length`: a run of one label (to `depth` parts) starts a new
    row unless it fits whole in the row begun; a change of a label's first parts always does."""
    rows: list[list[int]] = [[]]
    for start, run in _runs(labels, depth):
        new_parent = start > 0 and labels[start][:depth - 1] != labels[start - 1][:depth - 1]
        if rows[-1] and (new_parent or len(rows[-1]) + len(run) > length):
            rows.append([])
        for number in run:
            if len(rows[-1]) == length:
                rows.append([])
            rows[-1].append(number)
    return rows


def _runs(labels: list[tuple], depth: int):
    start = 0
    for n in range(1, len(labels) + 1):
        if n == len(labels) or labels[n][:depth] != labels[start][:depth]:
            yield start, range(start, n)
            start = n


def _put_beside(sheets: list[_Sheet], item: Item, group: int, count: int, right: float,
                floor: float) -> bool:
    """A group of one row put in the free room right of a sheet's last block, if it fits there:
    nothing is printed there, as nothing is printed below that block."""
    for sheet in sheets:
        spots = _beside(item, count, sheet.band, right, floor) if sheet.band else []
        if len(spots) == count:
            sheet.placed += [Placed(group, n, x, y) for n, (x, y) in enumerate(spots)]
            below = item.height / 2 + item.reach_y
            sheet.top = min(sheet.top, spots[0][1] - below - BLOCK_GAP)
            sheet.band = (spots[-1][0] + item.span / 2 + reach(item.ticks)
                          + (item.width / 2 if item.paired else 0.0), sheet.band[1])
            return True
    return False


def _beside(item: Item, count: int, band: tuple[float, float], right: float,
            floor: float) -> list[tuple[float, float]]:
    """Up to `count` tokens (front centres) in one row in the free room right of a sheet's last
    block, from `band`'s left edge to `right`, its top at the band's and its bottom above `floor`."""
    left, top = band
    left += WHITE_GAP
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
