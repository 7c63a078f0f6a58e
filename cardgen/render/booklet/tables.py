"""Tables in a rules document: rows of flowables drawn at the sizes their rows were worked out
at, split across pages only between rows with their header repeated, in the book's own font."""
from __future__ import annotations

from cardgen.drawing import fonts
from cardgen.render.booklet.platypus import Table


class WrappedTable(Table):
    """A table of flowables, each cell a list of them set at its top and none spanning cells,
    drawn as reportlab's Table draws one, each flowable at the size its row was worked out at
    (its last wrap, at its column's width), not wrapped again cell by cell."""

    def draw(self):
        canvas = self.canv
        canvas.saveState()
        self._curweight = self._curcolor = self._curcellstyle = None
        self._makeRoundedCornersClip()
        self._drawBkgrnd()
        for row, styles, bottom, height in zip(self._cellvalues, self._cellStyles,
                                               self._rowpositions[1:], self._rowHeights):
            for cell, style, left in zip(row, styles, self._colpositions):
                y = bottom + height - style.topPadding + (cell[0].getSpaceBefore() if cell else 0)
                for flowable in cell:
                    y -= flowable.getSpaceBefore() + flowable.height
                    flowable.drawOn(canvas, left + style.leftPadding, y)
                    y -= flowable.getSpaceAfter()
        self._drawLines()
        canvas.restoreState()


class BookTable(WrappedTable):
    """A table that splits across pages only between rows, leaving at least FIRST_ROWS body rows
    and a fifth of a page before the turn and LEAST_ROWS after it, with its header row repeated
    over the rest (`repeatRows`), saying "(continued)" there; a short table (SHORT_ROWS body rows
    or fewer, or less than a third of a page) moves to the next page whole rather than split.
    Only a row taller than a whole page is split inside."""

    FIRST_ROWS = 3
    LEAST_ROWS = 2
    SHORT_ROWS = 16
    FIRST_PART = 1 / 5       # of a page: the least a table's part before a page turn takes

    def __init__(self, data, page: float = float("inf"), continued: list | None = None,
                 **options):
        """`page`: the height of the frame it is laid out in, in points (the pieces reportlab
        splits it into are never short: their table was not); `continued`: the header row as
        repeated past a page turn."""
        super().__init__(data, **options)
        self.page, self.continued = page, continued
        self.continues = False          # a piece past a page turn, its header repeated
        self._worked_out: tuple[float, float] | None = None

    def _calc(self, avail_width, avail_height):
        # reportlab works the whole table out, every cell wrapped anew, at each wrap and split;
        # asked again for the room it last worked out (a keeping's wrap, then the frame's; the
        # next pass of the layout), what it found then stands
        if self._worked_out != (avail_width, avail_height):
            super()._calc(avail_width, avail_height)
            self._worked_out = (avail_width, avail_height)

    def split(self, avail_width, avail_height):
        header = self.repeatRows if isinstance(self.repeatRows, int) else len(self.repeatRows)
        postponed = getattr(self, "_postponed", False)
        if not postponed and self._short(len(self._cellvalues) - header):
            return []
        self._rowSplitRange = (header + self.FIRST_ROWS, -self.LEAST_ROWS)
        pieces = super().split(avail_width, avail_height)
        if not pieces and postponed:                             # a row taller than a page
            self._rowSplitRange, self.splitInRow = None, 1
            self._worked_out = None
            pieces = super().split(avail_width, avail_height)
        self._worked_out = None          # a split in a row may change the rows it worked out
        if len(pieces) == 2 and not postponed and not self.continues \
                and pieces[0].wrap(avail_width, avail_height)[1] < self.page * self.FIRST_PART:
            return []
        if len(pieces) == 2 and header:
            rest = pieces[1]
            rest.page, rest.continued, rest.continues = self.page, self.continued, True
            if self.continued is not None:
                rest._cellvalues[0] = self.continued
                rest._worked_out = None
        return pieces

    def _short(self, rows: int) -> bool:
        if self.continues:
            return False
        height = self._height
        return height < self.page / 3 or (rows <= self.SHORT_ROWS and height < self.page / 2)


def table_font() -> tuple:
    """A table style command naming the book's own font: reportlab's tables otherwise select
    Helvetica for their cells, which is then listed in the PDF though no glyph uses it, and is
    never embedded."""
    return ("FONT", (0, 0), (-1, -1), fonts.family("sans").face())
