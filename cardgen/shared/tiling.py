"""How a board is cut into page-sized tiles: pure geometry, in millimetres.

A board prints with its bleed and, outside that, room for its crop marks: its extent runs from
-EDGE to width + EDGE each way. A board whose extent fits the printable area (upright or turned
landscape) prints whole; a larger one is split into a grid of tiles that overlap their
neighbours by at least OVERLAP mm. Tile regions are in board coordinates, from the board's
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
    origin: tuple[float, float]     # where a tile's region starts on its page
    edge: float                     # how far the extent runs past the board (bleed + mark room)

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


def plan_tiles(page: tuple[float, float], margin: float, width: float, height: float,
               bleed: float) -> TilePlan:
    """Tiles covering the board's extent inside the printable area of the page, upright or
    turned landscape: whichever uses less paper (fewer pages, then less of the board printed
    twice in overlaps); where both use the same, the one that runs the way the tiles do, so a
    wide tile lies on a wide page."""
    edge = bleed + MARK_ROOM
    full_w, full_h = width + 2 * edge, height + 2 * edge
    best, best_key = None, None
    for page_w, page_h in (page, (page[1], page[0])):
        area_w, area_h = page_w - 2 * margin, page_h - 2 * margin - LABEL_ROOM
        if min(area_w, area_h) <= 2 * OVERLAP:
            raise TilingError(f"a {page_w:g} x {page_h:g} mm page inside a {margin:g} mm margin "
                              "leaves no room to tile a board")
        columns = 1 if full_w <= area_w else math.ceil((full_w - OVERLAP) / (area_w - OVERLAP))
        rows = 1 if full_h <= area_h else math.ceil((full_h - OVERLAP) / (area_h - OVERLAP))
        key = _paper(columns, rows, page_w, page_h, full_w, full_h)
        if best_key is None or key < best_key:
            best, best_key = (columns, rows, page_w, page_h, area_w, area_h), key
    columns, rows, page_w, page_h, area_w, area_h = best
    if columns * rows > BOARD_TILES:
        raise TilingError(f"a {width:g} x {height:g} mm board takes {columns * rows} pages; the "
                          f"limit is {BOARD_TILES}")
    tile_w, tile_h = _tile_size(columns, rows, full_w, full_h)
    step_x = (full_w - tile_w) / (columns - 1) if columns > 1 else 0.0
    step_y = (full_h - tile_h) / (rows - 1) if rows > 1 else 0.0
    tiles = tuple(Tile(c, r, c * step_x - edge, height + edge - tile_h - r * step_y, tile_w, tile_h)
                  for r in range(rows) for c in range(columns))
    origin = (margin + (area_w - tile_w) / 2, margin + LABEL_ROOM + (area_h - tile_h) / 2)
    return TilePlan(page_w, page_h, columns, rows, tiles, origin, edge)


def _tile_size(columns: int, rows: int, full_w: float, full_h: float) -> tuple[float, float]:
    """Tiles no larger than they need be: neighbours share exactly OVERLAP mm."""
    return (full_w if columns == 1 else (full_w + (columns - 1) * OVERLAP) / columns,
            full_h if rows == 1 else (full_h + (rows - 1) * OVERLAP) / rows)


def _paper(columns: int, rows: int, page_w: float, page_h: float, full_w: float,
           full_h: float) -> tuple:
    """What a tiling costs, least first: its pages; the area its overlaps print twice; whether
    its tiles run across the page (a wide tile on a tall page)."""
    tile_w, tile_h = _tile_size(columns, rows, full_w, full_h)
    twice = round((columns - 1) * OVERLAP * full_h + (rows - 1) * OVERLAP * full_w, 3)
    return columns * rows, twice, (tile_w > tile_h) != (page_w > page_h)


def board_plan(game: Game, board: Board) -> TilePlan:
    """A game's board on the game's paper, margin and bleed."""
    return plan_tiles(catalog.page_sizes()[game.print.page], game.print.margin, board.width,
                      board.height, game.print.bleed)
