"""How a board is cut into page-sized tiles: pure geometry, in millimetres.

A board prints with its bleed and, outside that, room for its crop marks: its extent runs from
-EDGE to width + EDGE each way. A board whose extent fits the printable area (upright or turned
landscape) prints whole; a larger one is split into a grid of tiles that overlap their
neighbours by OVERLAP mm: evenly, or joining on the split lines a board gives (the gaps between
its slots, say) where the page allows. Tile regions are in board coordinates, from the board's
bottom-left corner; rows count from the top.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from cardgen import catalog
from cardgen.base.errors import ProblemError
from cardgen.base.model import Board, Game
from cardgen.base.limits import BOARD_TILES

OVERLAP = 12.0        # mm each tile shares with its neighbour: the next tile is glued over it
LABEL_ROOM = 6.0      # mm kept at the bottom of a tile's page for its label
MARK_ROOM = 5.0       # mm past the bleed for the corner crop marks


class TilingError(ProblemError, ValueError):
    code = "page-fit"


@dataclass(frozen=True)
class Tile:
    column: int
    row: int              # from the top
    x: float              # the region of the board's extent this tile shows
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class TilePlan:
    page_width: float
    page_height: float
    columns: int
    rows: int
    tiles: tuple[Tile, ...]
    margin: float
    edge: float                     # how far the extent runs past the board (bleed + mark room)
    splits_kept: bool = True        # every join lies on one of the board's split lines, if it has any

    def origin(self, tile: Tile) -> tuple[float, float]:
        """Where the tile's region starts on its page: centred in the printable area above the label."""
        area_w = self.page_width - 2 * self.margin
        area_h = self.page_height - 2 * self.margin - LABEL_ROOM
        return (self.margin + (area_w - tile.width) / 2,
                self.margin + LABEL_ROOM + (area_h - tile.height) / 2)

    def overlap_x(self, column: int) -> tuple[float, float]:
        """The board x range shared by tile columns `column` and `column + 1`."""
        left = self.tiles[column]
        right = self.tiles[column + 1]
        return right.x, left.x + left.width

    def overlap_y(self, row: int) -> tuple[float, float]:
        """The board y range shared by tile rows `row` and `row + 1` (row + 1 is below)."""
        upper = self.tiles[row * self.columns]
        lower = self.tiles[(row + 1) * self.columns]
        return upper.y, lower.y + lower.height

    def tile(self, column: int, row: int) -> Tile:
        return self.tiles[row * self.columns + column]


Span = tuple[float, float]


def plan_tiles(page: tuple[float, float], margin: float, width: float, height: float,
               bleed: float, split_x: tuple = (), split_y: tuple = ()) -> TilePlan:
    """Tiles covering the board's extent inside the printable area of the page, upright or
    turned landscape: whichever uses less paper (fewer pages; then joins on the board's split
    lines, `split_x` from its left edge and `split_y` from its top, where it has them; then less
    of the board printed twice in overlaps); where all that is the same, the one that runs the way
    the tiles do, so a wide tile lies on a wide page."""
    edge = bleed + MARK_ROOM
    full_w, full_h = width + 2 * edge, height + 2 * edge
    best, best_key = None, None
    for page_w, page_h in (page, (page[1], page[0])):
        area_w, area_h = page_w - 2 * margin, page_h - 2 * margin - LABEL_ROOM
        if min(area_w, area_h) <= 2 * OVERLAP:
            raise TilingError(f"a {page_w:g} x {page_h:g} mm page inside a {margin:g} mm margin "
                              "leaves no room to tile a board")
        for across in _ways(width, edge, area_w, split_x):
            for down in _ways(height, edge, area_h, split_y):
                kept = across[1] and down[1]
                key = _paper(across[0], down[0], page_w, page_h, full_w, full_h, kept)
                if best_key is None or key < best_key:
                    best, best_key = (across[0], down[0], page_w, page_h, kept), key
    columns, rows, page_w, page_h, kept = best
    if len(columns) * len(rows) > BOARD_TILES:
        raise TilingError(f"a {width:g} x {height:g} mm board takes {len(columns) * len(rows)} "
                          f"pages; the limit is {BOARD_TILES}")
    # rows' spans run from the top; a tile's y is from the board's bottom
    tiles = tuple(Tile(c, r, x0, height - y1, x1 - x0, y1 - y0)
                  for r, (y0, y1) in enumerate(rows) for c, (x0, x1) in enumerate(columns))
    return TilePlan(page_w, page_h, len(columns), len(rows), tiles, margin, edge, kept)


def _ways(length: float, edge: float, area: float, splits: tuple) -> list[tuple[list[Span], bool]]:
    """The ways to cut one side of the board (from -edge to length + edge) into spans no longer
    than `area`: evenly, and at its split lines if they allow it; each with whether it keeps to
    the split lines (trivially, when it needs no join or the board has none)."""
    full = length + 2 * edge
    if full <= area:
        return [([(-edge, length + edge)], True)]
    count = math.ceil((full - OVERLAP) / (area - OVERLAP))
    size = (full + (count - 1) * OVERLAP) / count       # neighbours share exactly OVERLAP mm
    step = size - OVERLAP
    even = [(-edge + i * step, -edge + i * step + size) for i in range(count)]
    ways = [(even, not splits)]
    at_splits = _at_splits(length, edge, area, sorted(splits))
    if at_splits is not None:
        ways.append((at_splits, True))
    return ways


def _at_splits(length: float, edge: float, area: float, splits: list[float]) -> list[Span] | None:
    """Spans that join only on split lines, each join as far on as the area allows (so as few
    spans as the lines give), or None if some span cannot reach the next line."""
    spans, start, end = [], -edge, length + edge
    while end - start > area:
        reach = [s for s in splits if start + OVERLAP < s - OVERLAP / 2 and
                 s + OVERLAP / 2 - start <= area]
        if not reach:
            return None
        join = max(reach)
        spans.append((start, join + OVERLAP / 2))
        start = join - OVERLAP / 2
    return spans + [(start, end)]


def _paper(columns: list[Span], rows: list[Span], page_w: float, page_h: float, full_w: float,
           full_h: float, kept: bool) -> tuple:
    """What a tiling costs, least first: its pages; whether it joins off the split lines; the
    area its overlaps print twice; whether its tiles run across the page (a wide tile on a tall
    page)."""
    twice = round(sum(a[1] - b[0] for a, b in zip(columns, columns[1:])) * full_h +
                  sum(a[1] - b[0] for a, b in zip(rows, rows[1:])) * full_w, 3)
    tile_w, tile_h = columns[0][1] - columns[0][0], rows[0][1] - rows[0][0]
    return len(columns) * len(rows), not kept, twice, (tile_w > tile_h) != (page_w > page_h)


def board_plan(game: Game, board: Board) -> TilePlan:
    """A game's board on the game's paper, margin and bleed, joining on its split lines where it can."""
    return plan_tiles(catalog.page_sizes()[game.print.page], game.print.margin, board.width,
                      board.height, game.print.bleed, board.split_x, board.split_y)
