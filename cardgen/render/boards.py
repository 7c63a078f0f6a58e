"""The boards output: each board or mat of a game into `<id>.pdf`, with its bleed and corner crop
marks. A board that fits inside the printer margin prints whole (turned on its side when only that
way fits); a larger one is tiled across pages (cardgen/shared/tiling.py). Tiles overlap: a dashed line on
the tile that goes on top says where to trim it, and a solid line with teeth in the strip of the
tile under it says where that trimmed edge lands; ticks outside the board mark each join. No mark
shows once the tiles are joined. Each copy binds its own values; each tile is labelled with where
it goes."""
from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Callable

from reportlab.lib.colors import Color

from cardgen.base.errors import Report
from cardgen.imposition import FooterRoom
from cardgen.resolve.resolve import Faces
from cardgen.base.model import Board, Game, Source
from cardgen.render.base import SIDES, OutputKind, listed
from cardgen.drawing.pictures import PictureCache
from cardgen.render.page_footer import Form, check_printable, draw_footer, fit_footer, page_label
from cardgen.render.pages import (DOT, document_info, draw_cut_marks, identity, identity_line,
                                   new_document, page_size, save)
from cardgen.render.sheet_drawing import define_form
from cardgen.shared.tiling import LABEL_ROOM, MARK_ROOM, TilePlan, Tile, TilingError, board_plan
from cardgen.base.units import mm_to_pt

MARK = Color(0.2, 0.2, 0.2)
CROSS_EVERY = 40.0     # mm between the teeth along a glue line
COMB = 2.5             # mm a tooth reaches into the covered strip
JOIN_LINE_WIDTH = 0.18  # mm (half a point)
INK_INSET = 0.5        # mm every mark and letter keeps inside the printer margin, past its edge
LABEL_PT = 6.0         # the smallest a tile's label prints: it tells how to join the tiles


class Boards(OutputKind):
    name = "boards"
    description = "boards and mats, whole or tiled across pages"
    default = True

    def check(self, game: Game, report: Report) -> None:
        for board in game.boards:
            try:
                plan = board_plan(game, board)
            except TilingError as exc:
                report.raised(exc, board.source.file, board.source.line, board.source.path)
                continue
            where = board.source
            check_printable(board.name, Source(where.file, where.line, where.path + ("name",)),
                            f"board '{board.id}' name", report)
            if any(fit_footer((_label_room(game, plan),), _label_forms(game, board, plan, tile, copy),
                              LABEL_PT) is None for tile in plan.tiles for copy in range(1, board.copies + 1)):
                report.warning(where.file, where.line, where.path, f"on {game.print.page} paper, "
                               f"the label of board '{board.id}' has no room for "
                               f"'{identity_line(game, board.name)}' at {LABEL_PT:g} pt; a shorter game "
                               "title or board name would fit", code="footer-room")

    def file_names(self, game: Game) -> dict[str, list[tuple[str, Source]]]:
        return {f"{board.id}.pdf": [(f"board '{board.id}'", board.source)] for board in game.boards}

    def assembly(self, game: Game) -> str | None:
        """In the words of the boards' own footers: a whole board is cut on its crop marks, a
        tiled one trimmed on each dashed line and glued over along the solid line."""
        if not game.boards:
            return None
        tiled = [len(board_plan(game, board).tiles) > 1 for board in game.boards]
        how = []
        if not all(tiled):
            how.append("cut " + ("a board printed whole" if any(tiled) else
                                 "each board out" if len(tiled) > 1 else "the board out")
                       + " on its crop marks")
        if any(tiled):
            how.append("trim each piece on its dashed line and glue it over the piece its "
                       "footer names, along that piece's solid line")
        noun = "Boards" if len(game.boards) > 1 else "Board"
        return f"{noun}: {listed(self.file_names(game))}, one-sided; {'; '.join(how)}."

    def render(self, game: Game, faces: Faces, progress: Callable[[int], None]) -> dict[str, bytes]:
        return {f"{board.id}.pdf": render_board(game, board, faces.boards[board.id])
                for board in game.boards if board.id in faces.boards}


def render_board(game: Game, board: Board, faces: tuple) -> bytes:
    plan = board_plan(game, board)
    buffer = io.BytesIO()
    canvas = new_document(buffer, page_size(plan.page_width, plan.page_height),
                          document_info(game, board.name))
    pictures = PictureCache()
    for copy, face in enumerate(faces, start=1):
        define_form(canvas, f"board-{copy}", face, pictures, game.print.cmyk)
    for copy in range(1, board.copies + 1):
        for tile in plan.tiles:
            ox, oy = plan.origin(tile)
            canvas.saveState()
            clip = canvas.beginPath()
            # the tile's region reaches the margin: the clip keeps a crop mark's end off its edge
            clip.rect(*(mm_to_pt(v) for v in (ox + INK_INSET, oy + INK_INSET,
                                              tile.width - 2 * INK_INSET, tile.height - 2 * INK_INSET)))
            canvas.clipPath(clip, stroke=0, fill=0)
            canvas.translate(mm_to_pt(ox - tile.x), mm_to_pt(oy - tile.y))
            canvas.doForm(f"board-{copy}")
            _crop_marks(canvas, board, game.print.bleed)
            _draw_join_marks(canvas, join_marks(board, plan, tile, game.print.bleed))
            canvas.restoreState()
            draw_footer(canvas, (_label_room(game, plan),),
                        _label_forms(game, board, plan, tile, copy), centred=True,
                        smallest=LABEL_PT)
            canvas.showPage()
    return save(canvas, buffer)


def _line(canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    canvas.line(*(mm_to_pt(v) for v in (x0, y0, x1, y1)))


def _crop_marks(canvas, board: Board, bleed: float) -> None:
    """At each corner, two marks on the cut lines, outside the bleed (in board coordinates)."""
    near, far = bleed + 1.0, bleed + MARK_ROOM
    marks = []
    for x in (0.0, board.width):
        marks += [(x, -near, x, -far), (x, board.height + near, x, board.height + far)]
    for y in (0.0, board.height):
        marks += [(-near, y, -far, y), (board.width + near, y, board.width + far, y)]
    draw_cut_marks(canvas, marks, halo=True)


Segment = tuple[float, float, float, float]


@dataclass(frozen=True)
class JoinMarks:
    """Where a tile meets its neighbours, in board coordinates: `trim`, dashed, where it goes over
    the tile to its left or above (cut away with what it trims); `glue`, solid, in the strip the
    tile to its right or below covers, its edge landing on the line; `ticks`, outside the board
    and its bleed, on each join line, to lay a ruler on. None of them shows on the joined board."""
    trim: tuple[Segment, ...]
    glue: tuple[Segment, ...]
    ticks: tuple[Segment, ...]


def join_marks(board: Board, plan: TilePlan, tile: Tile, bleed: float) -> JoinMarks:
    """Each join runs through the middle of the two tiles' overlap. Lines sit their half width
    off the join on the side that is cut away or covered, so no ink reaches the visible side."""
    low_y, high_y = tile.y, tile.y + tile.height
    low_x, high_x = tile.x, tile.x + tile.width
    half = JOIN_LINE_WIDTH / 2
    near, far = bleed + 1.0, bleed + MARK_ROOM
    trim, glue, ticks = [], [], []

    def ticks_at_x(x: float) -> None:
        ticks.extend([(x, -near, x, -far), (x, board.height + near, x, board.height + far)])

    def ticks_at_y(y: float) -> None:
        ticks.extend([(-near, y, -far, y), (board.width + near, y, board.width + far, y)])

    if tile.column > 0:                       # this tile's left part is trimmed away
        x = sum(plan.overlap_x(tile.column - 1)) / 2
        trim.append((x - half, low_y, x - half, high_y))
        ticks_at_x(x)
    if tile.row > 0:                          # its top part is trimmed away
        y = sum(plan.overlap_y(tile.row - 1)) / 2
        trim.append((low_x, y + half, high_x, y + half))
        ticks_at_y(y)
    if tile.column < plan.columns - 1:        # the next column covers its right part
        x = sum(plan.overlap_x(tile.column)) / 2
        glue.append((x + half, low_y, x + half, high_y))
        glue.extend((x + half, y, x + half + COMB, y) for y in _along(low_y, high_y))
        ticks_at_x(x)
    if tile.row < plan.rows - 1:              # the next row covers its bottom part
        y = sum(plan.overlap_y(tile.row)) / 2
        glue.append((low_x, y - half, high_x, y - half))
        glue.extend((x, y - half, x, y - half - COMB) for x in _along(low_x, high_x))
        ticks_at_y(y)
    return JoinMarks(tuple(trim), tuple(glue), tuple(ticks))


def _draw_join_marks(canvas, marks: JoinMarks) -> None:
    canvas.saveState()
    canvas.setStrokeColor(MARK)
    canvas.setLineWidth(mm_to_pt(JOIN_LINE_WIDTH))
    for segment in marks.glue + marks.ticks:
        _line(canvas, *segment)
    canvas.setDash([4, 3])
    for segment in marks.trim:
        _line(canvas, *segment)
    canvas.restoreState()


def _along(start: float, end: float) -> list[float]:
    count = max(2, int((end - start) / CROSS_EVERY))
    return [start + (end - start) * (i + 0.5) / count for i in range(count)]


def _label_room(game: Game, plan: TilePlan) -> FooterRoom:
    """The band under every tile that the tiling keeps for its label, its letters' overshoot
    kept off the margin's edge."""
    inner = game.print.margin + INK_INSET
    return FooterRoom(inner, inner, plan.page_width - inner, game.print.margin + LABEL_ROOM)


def _label_forms(game: Game, board: Board, plan: TilePlan, tile: Tile, copy: int) -> list[Form]:
    """What the tile is and where it goes, longest first; every form says the game, the board,
    which copy of it (Player 1, or copy 1 of 2) and the version, and its page of the PDF, as
    every output numbers its pages."""
    name = board.copy_name(copy)
    parts = identity(game, f"{board.name}, {name}" if name else board.name)
    count = len(plan.tiles)
    number = tile.row * plan.columns + tile.column + 1
    says = DOT.join(parts + (page_label((copy - 1) * count + number, board.copies * count),))
    if count == 1:
        wheres = ["cut on the crop marks"]
    else:
        where = f"row {tile.row + 1} of {plan.rows}, column {tile.column + 1} of {plan.columns}"
        over = [f"tile {number - 1}" if tile.column else "",
                f"tile {number - plan.columns}" if tile.row else ""]
        over = " and ".join(t for t in over if t)
        how = f"; trim on the dashed line and glue over {over} along its solid line" if over else \
            "; the next tiles go over this one"
        wheres = [f"tile {number} of {count} ({where}){how}", f"tile {number} of {count} ({where})",
                  f"tile {number}/{count}"]
    return [(f"{says}{DOT}{w}",) for w in wheres] + [(says, w) for w in wheres] + [
        (says,), (parts[0], DOT.join(parts[1:]))]
