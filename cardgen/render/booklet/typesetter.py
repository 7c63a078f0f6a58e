"""Turning a document's pieces of text into flowables in the document's style: paragraphs, headings,
lists, tables and notes, all set from card markup by cardgen's own text setter."""
from __future__ import annotations

from reportlab.lib.colors import Color

from cardgen.render.booklet.platypus import TableStyle
from cardgen.base import markup
from cardgen.drawing import fonts
from cardgen.drawing.text_measure import natural_widths
from cardgen.render.booklet.flowables import INK, AtFoot, Heading, Note, RichText
from cardgen.render.booklet.tables import BookTable, table_font
from cardgen.render.booklet.keeping import ItemList
from cardgen.render.booklet.template import FRAME_RAISE, PageStyle
from cardgen.base.units import mm_to_pt

TINT = Color(0.95, 0.93, 0.89)
LINE = Color(0.78, 0.74, 0.68)
SHORT_COLUMN = 0.2       # of the frame's width: a column this narrow on one line stays on one
TABLE_SMALLEST = 0.8     # of its size: the least a table too wide for its words is set at
CELL_PAD = 3.0           # pt either side of a table cell's text


class Typesetter:
    """Makes flowables for one document: knows its page style and how `{{game.x}}` reads. One
    typesetter may make the document's flowables several times over (a booklet is laid out to
    count its pages, then again with the pages past its text)."""

    def __init__(self, style: PageStyle, lookup, icon_colors: dict | None = None):
        """`icon_colors`: icon name -> the colour the cards draw it in."""
        self.style, self.lookup, self.icon_colors = style, lookup, icon_colors or {}
        self.serif, self.sans = fonts.family("serif"), fonts.family("sans")
        self.condensed = fonts.family("condensed")
        self._keys = 0
        # each text as parsed: a table's cells are parsed to be measured at every size tried,
        # then to be set, and the document's text again each time it is laid out; bounded by
        # the document's text (DOCUMENT_BYTES) and the game's cards
        self._parsed: dict[str, markup.Parsed] = {}

    @property
    def frame_width(self) -> float:
        return mm_to_pt(self.style.width - 2 * self.style.margin)

    def parse(self, text: str) -> markup.Parsed:
        parsed = self._parsed.get(text)
        if parsed is None:
            parsed = self._parsed[text] = markup.parse(text, self.lookup)
        return parsed

    def paragraph(self, text: str, after: float | None = None, **style) -> RichText:
        body = self.style.body
        return RichText(self.parse(text), style.pop("family", self.serif), style.pop("size", body),
                        before=0.0, after=body * 0.6 if after is None else after,
                        icon_colors=self.icon_colors, **style)

    def heading(self, text: str, level: int) -> Heading:
        self._keys += 1
        size = self.style.heading_sizes[min(level, 3) - 1]
        color = self.style.accent if level < 3 else INK
        return Heading(self.parse(f"**{text}**"), level, f"part-{self._keys}", family=self.condensed,
                       size=size, leading=1.15, color=color, before=size * (1.0 if level > 1 else 0.6),
                       after=size * 0.45)

    def items(self, items, ordered: bool) -> list:
        """A list, as one block that splits only between its items."""
        body = self.style.body
        out = []
        for n, (text, _) in enumerate(items, start=1):
            out.append(RichText(self.parse(text), self.serif, body, indent=body * 1.7,
                                bullet=f"{n}." if ordered else "\u2022", after=body * 0.3,
                                whole=True, icon_colors=self.icon_colors))
        if not out:
            return []
        out[-1].spaceAfter = body * 0.8
        return [ItemList(out)]

    def note(self, text: str) -> Note:
        """A paragraph set apart in a tinted box: an example, a reminder, a notice."""
        return Note(self.parse(text), self.sans, self.style.body * 0.92, TINT, self.style.accent,
                    after=self.style.body * 0.9)

    def table(self, rows, header: bool = True, size: float | None = None,
              widths: list[float] | None = None) -> BookTable:
        """A table of card-markup cells, its columns as wide as their text wants (shared out when
        there is not room for all), split only between rows, its header row repeated on every
        page it runs onto. A table whose longest words do not fit the frame side by side is set
        smaller, down to TABLE_SMALLEST of its size: no cell's text runs into the next column."""
        size = size or self.style.body * 0.9
        if widths is None:
            least = size * TABLE_SMALLEST
            while (widths := self._widths(rows, size, header)) is None and size > least:
                size = max(size * 0.95, least)
            widths = widths or self._squeezed(rows, size, header)
        # each cell a list of one flowable: what reportlab splits when a row runs past a page
        cells = [[[RichText(self.parse(f"**{c}**" if header and r == 0 and c else c),
                            self.sans if header and r == 0 else self.serif, size, leading=1.2,
                            icon_colors=self.icon_colors)]
                  for c in row] for r, row in enumerate(rows)]
        repeat = header and self._header_height(cells[0], widths) < mm_to_pt(self.style.height) / 4
        page = mm_to_pt(self.style.height - 2 * self.style.margin - FRAME_RAISE)
        continued = self._continued(rows[0], cells[0], widths, size) if repeat else None
        table = BookTable(cells, page, continued, colWidths=widths, repeatRows=1 if repeat else 0)
        commands = [table_font(), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.4, LINE),
                    ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD),
                    ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
                    ("TOPPADDING", (0, 0), (-1, -1), 2.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]
        if header:
            commands += [("BACKGROUND", (0, 0), (-1, 0), TINT),
                         ("LINEBELOW", (0, 0), (-1, 0), 0.8, self.style.accent)]
        table.setStyle(TableStyle(commands))
        table.spaceAfter = self.style.body
        return table

    def _continued(self, titles, row, widths: list[float], size: float) -> list:
        """The header row as repeated past a page turn: the first heading that takes
        "(continued)" within the row's height says so; where none does, the row repeats as it
        is (the repeated row keeps its height, so a heading that wrapped would overprint)."""
        height = self._header_height(row, widths)
        # tried in order: "continued" before "cont.", the first column, then the widest
        tries = sorted(((word, column, title, width) for word in ("continued", "cont.")
                        for column, (title, width) in enumerate(zip(titles, widths))),
                       key=lambda t: (t[0] != "continued", t[1] > 0, -t[3], t[1]))
        for word, column, title, width in tries:
            cell = RichText(self.parse(f"**{title} ({word})**" if title else f"**({word})**"),
                            self.sans, size, leading=1.2, icon_colors=self.icon_colors)
            if cell.wrap(width - 2 * CELL_PAD, 1e9)[1] <= height + 0.01 \
                    and cell._layout.width <= width - 2 * CELL_PAD:
                return [[cell] if n == column else list(old) for n, old in enumerate(row)]
        return [list(old) for old in row]

    @staticmethod
    def _header_height(row, widths: list[float]) -> float:
        """How tall the header row sets: one too tall to repeat on every page is printed once."""
        return max(cell.wrap(width - 2 * CELL_PAD, 1e9)[1] for (cell,), width in zip(row, widths))

    def _measured(self, rows, size: float, header: bool):
        """Each column's widths, padding included: (its longest word, its longest body cell on
        one line, its header on one line). Header words are measured as they print: bold sans."""
        columns = max(len(r) for r in rows)
        least, body, head = [0.0] * columns, [0.0] * columns, [0.0] * columns
        room = 2 * CELL_PAD + 4.0          # the cell's padding and some air between columns
        for r, row in enumerate(rows):
            heading = header and r == 0
            family = self.sans if heading else self.serif
            for i, cell in enumerate(row):
                runs = self.parse(f"**{cell}**" if heading and cell else cell).runs
                word, line = natural_widths(runs, family, size)
                least[i] = max(least[i], word + room)
                mine = head if heading else body
                mine[i] = max(mine[i], line + room)
        body = [max(b, w) for b, w in zip(body, least)]
        return least, body, [max(h, b) for h, b in zip(head, body)]

    def _widths(self, rows, size: float, header: bool = True) -> list[float] | None:
        """Each column's width, or None when their longest words do not fit side by side.
        Columns get their whole width when they all fit on one line (the spare shared out);
        else every body value on one line, a header too long wrapping between words; else a
        column of short values (a rank, "13 + 2L", a name) keeps its whole width, the others
        their longest word, and the columns that want least more are given their whole width
        one by one, narrowest first, and the rest is shared out among the others in proportion
        to what each still wants: the column of sentences takes what is left."""
        least, body, full = self._measured(rows, size, header)
        total, columns = self.frame_width, len(least)
        if sum(full) <= total:
            spare = total - sum(full)
            return [w + spare / columns for w in full]
        if sum(body) <= total:
            return _share(body, full, total - sum(body))
        floor = [b if b <= total * SHORT_COLUMN else w for w, b in zip(least, body)]
        if sum(floor) > total:
            return None
        return _share(floor, body, total - sum(floor))

    def _squeezed(self, rows, size: float, header: bool) -> list[float]:
        """Columns whose longest words do not fit even at the smallest size: in proportion."""
        least = self._measured(rows, size, header)[0]
        return [w * self.frame_width / sum(least) for w in least]

    def cover(self, lines: list[str], blurb: str) -> list:
        """What the cover says under its band: the game's description close under the band,
        and players, version and credits at its foot."""
        body = self.style.body
        middle = self.paragraph(blurb, size=body * 1.2, leading=1.4, after=0.0) if blurb else None
        lines = [self.paragraph(line, family=self.sans, after=body * 0.35) for line in lines]
        return [AtFoot(lines, middle)]


def _share(widths: list[float], wants: list[float], room: float) -> list[float]:
    """`widths` grown toward `wants` with `room` more: the columns that want least more get all
    of it, narrowest first, while it is no more than their share; the others share the rest in
    proportion to what each still wants."""
    widths = list(widths)
    more = {i: w - have for i, (w, have) in enumerate(zip(wants, widths)) if w > have}
    for i in sorted(more, key=more.get):
        if more[i] * len(more) > room:          # more than its share: the rest is shared
            break
        grown = more.pop(i)
        widths[i] += grown
        room -= grown
    rest = sum(more.values())
    if not rest:
        return [w + room / len(widths) for w in widths]
    return [w + (room * more[i] / rest if i in more else 0.0) for i, w in enumerate(widths)]
