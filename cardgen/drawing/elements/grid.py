"""A grid of equal cells, as a board's tiles or a mat's places: lines, and letters and numbers
along its edges so a square can be named (b4)."""
from __future__ import annotations

from dataclasses import dataclass

from cardgen.shared import schema as s
from cardgen.drawing import fonts
from cardgen.drawing.elements.base import BindContext, Box, Element, Ink, color_name, length
from cardgen.shared.schema import Key

LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True, slots=True)
class Grid(Element):
    """Rows by columns of cells filling the box; with `labels`, columns are lettered under the
    grid and rows numbered left of it, outside the box; with `far_labels` as well above it and
    right of it, turned to face a player across the board."""

    box: Box
    rows: int
    columns: int
    line: object
    fill: object
    line_width: float
    labels: bool
    far_labels: bool
    label_color: object
    label_size: float
    font: str

    KEYS = {
        "rows": Key(s.integer(1, 26), required=True, doc="how many rows of cells"),
        "columns": Key(s.integer(1, 26), required=True, doc="how many columns of cells"),
        "line": Key(color_name, default="#3b352e", doc="grid line colour"),
        "fill": Key(color_name, doc="cell colour (default none)"),
        "line_width": Key(length, default=0.4, doc="grid line width"),
        "labels": Key(s.boolean, default=False,
                      doc="letter the columns (a, b ...) under the grid and number the rows (1, 2 ...) "
                          "left of it, from the bottom-left corner"),
        "far_labels": Key(s.boolean, default=False,
                          doc="with labels, letter the columns above the grid and number the rows right "
                              "of it too, turned to face a player sitting across the board"),
        "label_color": Key(color_name, default="#3b352e", doc="colour of the letters and numbers"),
        "label_size": Key(s.number(5, 40), default=9.0, doc="size of the letters and numbers (pt)"),
    }
    COLOR_KEYS = frozenset({"line", "fill", "label_color"})

    @classmethod
    def build(cls, box, values, ctx: BindContext):
        return cls(box, values["rows"], values["columns"], ctx.color(values["line"]),
                   ctx.color(values["fill"] or "none"), values["line_width"], values["labels"],
                   values["labels"] and values["far_labels"],
                   ctx.color(values["label_color"]), values["label_size"],
                   ctx.family("condensed").face(bold=True))

    def draw(self, pen):
        b = self.box
        cell_w, cell_h = b.width / self.columns, b.height / self.rows
        pen.rect(b.x, b.y, b.width, b.height, self.fill, None)
        for i in range(self.columns + 1):
            pen.line(b.x + i * cell_w, b.y, b.x + i * cell_w, b.y + b.height, self.line, self.line_width)
        for i in range(self.rows + 1):
            pen.line(b.x, b.y + i * cell_h, b.x + b.width, b.y + i * cell_h, self.line, self.line_width)
        if not self.labels:
            return
        size = self.label_size
        for i in range(self.columns):
            self._label(pen, LETTERS[i], b.x + (i + 0.5) * cell_w, b.y + b.height + 2.0 + size * 0.25)
        for i in range(self.rows):
            self._label(pen, str(self.rows - i), b.x - 2.0 - size * 0.18, b.y + (i + 0.5) * cell_h + size * 0.12)
        if not self.far_labels:
            return
        for i in range(self.columns):
            self._label(pen, LETTERS[i], b.x + (i + 0.5) * cell_w, b.y - 2.0 - size * 0.25, turned=True)
        for i in range(self.rows):
            self._label(pen, str(self.rows - i), b.x + b.width + 2.0 + size * 0.18,
                        b.y + (i + 0.5) * cell_h - size * 0.12, turned=True)

    def _label(self, pen, text: str, x_mm: float, baseline_mm: float, turned: bool = False) -> None:
        """A label centred on x_mm; a turned one is upside down, its baseline toward the grid's
        far side, so it reads the right way up from across the board."""
        width = fonts.text_width(text, self.font, self.label_size)
        x, y = pen.point(x_mm, baseline_mm)
        if not turned:
            pen.text(x - width / 2, y, text, self.font, self.label_size, self.label_color)
            return
        pen.canvas.saveState()
        pen.canvas.translate(x, y)
        pen.canvas.rotate(180)
        pen.text(-width / 2, 0, text, self.font, self.label_size, self.label_color)
        pen.canvas.restoreState()

    def inks(self):
        return (Ink("area", self.box, self.fill),) if self.fill is not None else ()
