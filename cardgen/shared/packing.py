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
from cardgen.shared.token_shapes import footprint

TOKEN_BLEED = 1.0      # mm of background past the cut line, each side
WHITE_GAP = 2.5        # mm of bare paper between neighbours' prints: 4.5 mm from cut line to cut line
BLOCK_GAP = WHITE_GAP * 2 / math.sqrt(3)   # between blocks: as much from a hexagon's corner
PRINT_INSET = 0.5      # mm every print keeps inside the margin, past a stroke's or raster's spread
TICK_GAP = 1.0         # mm between the bleed and a crop tick
TICK_LENGTH = 3.0      # mm
FOOTER_ROOM = 4.0      # kept free at the bottom of every sheet for its footer


class PackingError(ProblemError, ValueError):
    code = "page-fit"


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
    most a row; blocks go on shelves down a sheet, a block beside the blocks of the shelf above
    it where the row has room for it, and whole on the first sheet with room for it; only a block
    taller than a sheet is split, unless letting a block that does not fit whole start below the
    last block and go on to the next sheet row by row takes fewer sheets in all. The tokens of a
    shelf are spread across the width (a short row centred under its block's); tokens that all
    fit on one sheet are spread down it as well (no more than half the tallest token between rows), and stand in the middle of its room; where they need more
    than one sheet, each sheet is filled about as deep as the others, so that none is a
    near-empty overflow."""
    frame = _Frame(page, clear)
    for item, _ in groups:
        frame.check(item)
    whole = _plan(frame, groups, split=False)
    split = _plan(frame, groups, split=True)
    best, split_it = (split, True) if len(split) < len(whole) else (whole, False)
    if len(best) > 1:
        low, high = 0.0, frame.top - frame.floor
        for _ in range(14):                  # the shallowest sheets that still take as many
            mid = (low + high) / 2
            if len(_plan(frame, groups, split_it, mid)) == len(best):
                low = mid
            else:
                high = mid
        best = _plan(frame, groups, split_it, low)
    items = [item for item, _ in groups]
    if len(best) > 1:
        return TokenPlan(page[0], page[1], tuple(_placed(sheet, items, frame) for sheet in best))
    # one sheet holds everything: its rows spread down the room as its tokens spread across it
    # (no more than half the tallest token's height between rows), the rest split above and below
    sheet = best[0]
    low, high = 0.0, max(p.item.height for shelf in sheet.shelves for p in shelf.pieces) / 2
    if _bottom(sheet, high) < frame.floor:
        for _ in range(20):
            mid = (low + high) / 2
            low, high = (mid, high) if _bottom(sheet, mid) >= frame.floor else (low, mid)
        high = low
    drop = (_bottom(sheet, high) - frame.floor) / 2
    return TokenPlan(page[0], page[1], (_placed(sheet, items, frame, drop, high),))


@dataclass(frozen=True)
class _Frame:
    """The room on a sheet for prints: from `left` to `right`, from `floor` (above the footer)
    up to `top`."""

    page: tuple[float, float]
    clear: tuple[float, float, float, float]

    @property
    def left(self) -> float:
        return self.clear[0] + PRINT_INSET

    @property
    def right(self) -> float:
        return self.page[0] - self.clear[1] - PRINT_INSET

    @property
    def floor(self) -> float:
        return self.clear[2] + PRINT_INSET + FOOTER_ROOM

    @property
    def top(self) -> float:
        return self.page[1] - self.clear[3] - PRINT_INSET

    def check(self, item: Item) -> None:
        if (self.right - self.left < item.span + 2 * reach(item.ticks) - 1e-9
                or self.top - self.floor < item.height + 2 * item.reach_y - 1e-9):
            what = "a pair of" if item.paired else "a"
            clear = self.clear
            raise PackingError(f"{what} {item.width:g} x {item.height:g} mm token does not fit on a "
                               f"{self.page[0]:g} x {self.page[1]:g} mm page inside its margin"
                               + (" and back offset" if len(set(clear)) > 1 else
                                  f" of {clear[0]:g} mm"))


@dataclass(frozen=True)
class _Piece:
    """A block's rows (all of them, or those on one sheet) as laid on a shelf."""

    group: int
    item: Item
    rows: tuple[tuple[int, ...], ...]

    @property
    def columns(self) -> int:
        return max(len(row) for row in self.rows)

    @property
    def width(self) -> float:            # its prints, bleed to bleed
        return (self.columns - 1) * self.item.pitch[0] + self.item.span + 2 * reach(self.item.ticks)

    @property
    def height(self) -> float:
        return (len(self.rows) - 1) * self.item.pitch[1] + self.item.height + 2 * self.item.reach_y


@dataclass
class _Shelf:
    top: float
    pieces: list = field(default_factory=list)

    @property
    def width(self) -> float:
        return sum(p.width for p in self.pieces) + BLOCK_GAP * (len(self.pieces) - 1)

    @property
    def bottom(self) -> float:
        return self.top - max(p.height for p in self.pieces)


@dataclass
class _Sheet:
    top: float                          # the top of the room
    shelves: list = field(default_factory=list)

    @property
    def free_top(self) -> float:        # the top of the free room below its shelves
        return self.shelves[-1].bottom - BLOCK_GAP if self.shelves else self.top


def _plan(frame: _Frame, groups: list[tuple[Item, int | Sequence[tuple]]], split: bool,
          raised: float = 0.0) -> list[_Sheet]:
    """The shelves of every sheet, each sheet filled no lower than `raised` mm above the floor
    (but always a row on a sheet of its own)."""
    floor = frame.floor + raised
    sheets: list[_Sheet] = []
    for group, (item, tokens) in enumerate(groups):
        labels = [()] * tokens if isinstance(tokens, int) else list(tokens)
        block = _block(item, labels, frame.right - frame.left - 2 * reach(item.ticks) - item.span)
        piece = _Piece(group, item, block.rows)
        if _put_beside(sheets, piece, frame.right - frame.left, floor):
            continue
        sheet = next((s for s in sheets if s.free_top - piece.height >= floor - 1e-9), None)
        row_height = item.height + 2 * item.reach_y
        if sheet is None and split and sheets and sheets[-1].free_top - row_height >= floor - 1e-9:
            sheet = sheets[-1]               # its first rows below the last block, the rest on
        rows = list(block.rows)
        while rows:
            if sheet is None:
                sheet = _Sheet(frame.top)
                sheets.append(sheet)
            fit = int((sheet.free_top - floor - row_height) / item.pitch[1] + 1e-9) + 1
            fit = max(fit, 1 if not sheet.shelves else 0)
            if fit > 0:
                sheet.shelves.append(_Shelf(sheet.free_top, [_Piece(group, item, tuple(rows[:fit]))]))
                rows = rows[fit:]
            sheet = None
    return sheets


def _put_beside(sheets: list[_Sheet], piece: _Piece, room: float, floor: float) -> bool:
    """A block put beside the blocks of a sheet's last shelf, if the shelf has the width for it
    and the sheet the depth: nothing is printed there, as nothing is printed below that shelf."""
    for sheet in sheets:
        if not sheet.shelves:
            continue
        shelf = sheet.shelves[-1]
        if (shelf.width + BLOCK_GAP + piece.width <= room + 1e-9
                and shelf.top - piece.height >= floor - 1e-9):
            shelf.pieces.append(piece)
            return True
    return False


def _shelf_tops(sheet: _Sheet, extra_y: float) -> list[float]:
    """Each shelf's top with `extra_y` mm more between rows and between shelves than planned."""
    tops, top = [], sheet.top
    for shelf in sheet.shelves:
        tops.append(top)
        top -= _shelf_height(shelf, extra_y) + BLOCK_GAP + extra_y
    return tops


def _shelf_height(shelf: _Shelf, extra_y: float) -> float:
    return max(p.height + (len(p.rows) - 1) * extra_y for p in shelf.pieces)


def _bottom(sheet: _Sheet, extra_y: float) -> float:
    """The bottom of a sheet's last shelf, laid out with `extra_y` mm more between rows."""
    return _shelf_tops(sheet, extra_y)[-1] - _shelf_height(sheet.shelves[-1], extra_y)


def _placed(sheet: _Sheet, items: list[Item], frame: _Frame,
            drop: float = 0.0, extra_y: float = 0.0) -> tuple[Placed, ...]:
    """Every token's centre, its shelves `drop` mm below where they were planned and `extra_y`
    mm more between rows: each shelf's blocks from the left of the room, the room left over
    shared out between neighbours (no more than half the narrowest token's width each), what is
    still left split evenly to either side; a row shorter than its block's centred under it as
    near as its columns allow (a straight cut still parts two columns)."""
    placed = []
    for shelf, top in zip(sheet.shelves, _shelf_tops(sheet, extra_y)):
        gaps = sum(p.columns - 1 for p in shelf.pieces) + len(shelf.pieces) - 1
        spare = frame.right - frame.left - shelf.width
        extra = min(spare / gaps, min(p.item.width for p in shelf.pieces) / 2) if gaps else 0.0
        x = frame.left + (spare - extra * gaps) / 2
        for piece in shelf.pieces:
            item, around = piece.item, reach(piece.item.ticks)
            pitch_x = item.pitch[0] + extra
            y = top - drop - item.height / 2 - item.reach_y
            for row in piece.rows:
                first = x + around + item.span / 2 + (piece.columns - len(row)) // 2 * pitch_x
                for i, number in enumerate(row):
                    cx = first + i * pitch_x
                    placed.append(Placed(piece.group, number,
                                         cx - item.width / 2 if item.paired else cx, y))
                y -= item.pitch[1] + extra_y
            x += piece.width + (piece.columns - 1) * extra + BLOCK_GAP + extra
    return tuple(placed)


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
