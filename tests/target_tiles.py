"""Fantasy Arena: Tactics target codes worked out from the rules' own words, and a printed target
grid read back, so that the grammar and the grid can each be checked against the rules.

The rules: distance is the number of moves between two tiles and a move never goes diagonally,
so a tile (dx, dy) is |dx| + |dy| moves away; S is the straight tiles, D the diagonal ones, M the
8 tiles round the character; + means "up to", a number alone that exact distance; ! leaves the
tiles as they are (it only says that occupied tiles do not block). This is written apart from
cardgen's grammar on purpose: it reads the words, not the code.
"""
from __future__ import annotations

import io
import re

from reportlab.pdfgen.canvas import Canvas

from cardgen.drawing.pen import Pen

FARTHEST = 10


def rules_tiles(code: str) -> set[tuple[int, int]]:
    """The (dx, dy) offsets a code names, dx right and dy down."""
    text = code.strip().strip("!").upper()
    if text in ("NO TARGET", "NONE"):
        return set()
    tiles = set()
    for part in (p.strip() for p in text.split(",")):
        for dx in range(-FARTHEST, FARTHEST + 1):
            for dy in range(-FARTHEST, FARTHEST + 1):
                if (dx, dy) != (0, 0) and _names(part, dx, dy):
                    tiles.add((dx, dy))
    return tiles


def _names(part: str, dx: int, dy: int) -> bool:
    if part == "M":
        return max(abs(dx), abs(dy)) == 1
    up_to, distance, form = re.fullmatch(r"(\+?)(\d+)([SD])", part).groups()
    moves = abs(dx) + abs(dy)
    in_reach = 1 <= moves <= int(distance) if up_to else moves == int(distance)
    shaped = (dx == 0 or dy == 0) if form == "S" else abs(dx) == abs(dy)
    return in_reach and shaped


class _Recorder(Pen):
    def __init__(self, card_height: float):
        super().__init__(Canvas(io.BytesIO()), card_height)
        self.rects: list[tuple[float, float, float, float, object]] = []
        self.marks: list[tuple[float, float]] = []

    def rect(self, x, y, width, height, fill=None, stroke=None, stroke_width=0.3, radius=0.0):
        self.rects.append((x, y, width, height, fill))

    def polygon(self, points, fill=None, stroke=None, stroke_width=0.3):
        self.marks.append(points[0])        # a '!' is the grid's one polygon: its wedge


def printed_tiles(grid, card_height: float = 88.9) -> tuple[set, int]:
    """What a drawn target grid shows: the (dx, dy) of every cell filled in the grid's covered-
    tile colour, counted from the centre cell, and how many '!' marks it printed."""
    pen = _Recorder(card_height)
    grid.draw(pen)
    box, n = grid.box, grid.size
    cell = box.width / n
    filled = set()
    for x, y, width, height, fill in pen.rects:
        if fill == grid.fill and abs(width - cell) < 1e-6 and abs(height - cell) < 1e-6:
            column, row = round((x - box.x) / cell), round((y - box.y) / cell)
            filled.add((column - n // 2, row - n // 2))
    return filled, len(pen.marks)
