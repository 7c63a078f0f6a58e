"""A target code drawn as a small grid of tiles round the character who uses it."""
from __future__ import annotations

from dataclasses import dataclass

from cardgen.shared import schema as s
from cardgen.shared.schema import Invalid, Key
from cardgen.base.model import FieldDecl, frozen_map
from cardgen.drawing.elements.base import BindContext, Box, Element, color_name, length
from cardgen_extensions.target_code import TARGET_CODE

MIN_SIZE = 7       # a grid is never smaller than this many cells a side unless `size` says so
MAX_SIZE = 21      # nor larger: cells would be too small to read
_CODE = FieldDecl("code", "target_code", options=frozen_map({"max_distance": MAX_SIZE // 2}))


def reach(tiles) -> int:
    """How many cells out from the centre the farthest tile lies (0 for no tiles)."""
    return max((max(abs(dx), abs(dy)) for dx, dy in tiles), default=0)


@dataclass(frozen=True)
class TargetGrid(Element):
    """A square grid with the character in the centre cell and the tiles a target code covers
    filled; a code with '!' (tile occupation not applied) prints '!' in each covered tile.
    'No target' draws the grid with the centre only."""

    box: Box                                # the square grid, centred in the element's box
    code: object                            # the parsed TargetCode
    size: int                               # cells per side (odd)
    covered: frozenset                      # (dx, dy) offsets from the centre; dx right, dy down
    line: object
    fill: object
    centre: object
    mark: object
    background: object
    line_width: float

    KEYS = {
        "code": Key(s.text, required=True,
                    doc="the target code, usually {{target}}; read with the target_code grammar"),
        "size": Key(s.integer(3, MAX_SIZE),
                    doc=f"cells per side, odd (default: {MIN_SIZE}, or 2 x the farthest distance + 1 "
                        f"when that is more, up to {MAX_SIZE})"),
        "line": Key(color_name, default="#8a8178", doc="grid line colour"),
        "fill": Key(color_name, default="#b3261e", doc="colour of the covered tiles"),
        "centre": Key(color_name, default="#231f20", doc="colour of the character in the centre cell"),
        "mark": Key(color_name, default="white", doc="colour of the '!' printed in covered tiles "
                                                      "when the code ignores tile occupation"),
        "background": Key(color_name, default="white", doc="colour of the tiles not covered"),
        "line_width": Key(length, default=0.15, doc="grid line width"),
    }
    COLOR_KEYS = frozenset({"line", "fill", "centre", "mark", "background"})

    @classmethod
    def build(cls, box, values, ctx: BindContext):
        try:
            code = TARGET_CODE.parse(values["code"], _CODE, None)
        except Invalid as exc:
            ctx.problem("code", str(exc), code="target-code")
            return None
        tiles = code.tiles()
        size = values["size"]
        if size is None:
            size = min(max(MIN_SIZE, 2 * reach(tiles) + 1), MAX_SIZE)
        elif size % 2 == 0:
            ctx.problem("size", f"a target grid needs an odd number of cells a side (the character "
                        f"sits in the centre one), found {size}")
            return None
        half = size // 2
        if reach(tiles) > half:
            ctx.problem("size", f"target '{code}' reaches {reach(tiles)} tiles out but a {size}-cell "
                        f"grid shows {half}: the tiles beyond are cut off", severity="warning")
        covered = frozenset((dx, dy) for dx, dy in tiles if max(abs(dx), abs(dy)) <= half)
        side = min(box.width, box.height)
        square = Box(box.x + (box.width - side) / 2, box.y + (box.height - side) / 2, side, side)
        return cls(square, code, size, covered, ctx.color(values["line"]), ctx.color(values["fill"]),
                   ctx.color(values["centre"]), ctx.color(values["mark"]),
                   ctx.color(values["background"]), values["line_width"])

    @property
    def cells(self) -> frozenset:
        """The covered cells as (column, row), counted from the grid's top-left cell."""
        half = self.size // 2
        return frozenset((dx + half, dy + half) for dx, dy in self.covered)

    def draw(self, pen):
        b, n = self.box, self.size
        cell = b.width / n
        pen.rect(b.x, b.y, b.width, b.height, self.background, None)
        for col, row in sorted(self.cells):
            x, y = b.x + col * cell, b.y + row * cell
            pen.rect(x, y, cell, cell, self.fill, None)
            if self.code.ignores_occupation and self.mark is not None:
                self._bang(pen, x, y, cell)
        for i in range(n + 1):
            pen.line(b.x + i * cell, b.y, b.x + i * cell, b.y + b.height, self.line, self.line_width)
            pen.line(b.x, b.y + i * cell, b.x + b.width, b.y + i * cell, self.line, self.line_width)
        if self.centre is not None:
            inset = cell * 0.18
            middle = b.x + (n // 2) * cell + inset, b.y + (n // 2) * cell + inset
            pen.ellipse(*middle, cell - 2 * inset, cell - 2 * inset, self.centre, None)

    def _bang(self, pen, x: float, y: float, cell: float) -> None:
        """A '!' drawn as shapes that fill the cell: a wedge and a dot, bolder than a font's
        glyph at a cell's size (a 2 mm cell would set it at under 5pt)."""
        middle = x + cell / 2
        top, foot = y + 0.1 * cell, y + 0.6 * cell
        pen.polygon([(middle - 0.17 * cell, top), (middle + 0.17 * cell, top),
                     (middle + 0.09 * cell, foot), (middle - 0.09 * cell, foot)], self.mark, None)
        dot = 0.24 * cell
        pen.ellipse(middle - dot / 2, y + 0.68 * cell, dot, dot, self.mark, None)
