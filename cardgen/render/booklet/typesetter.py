"""Turning a document's pieces of text into flowables in the document's style: paragraphs, headings,
lists, tables and notes, all set from card markup by cardgen's own text setter."""
from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.platypus import TableStyle

from cardgen.base import markup
from cardgen.drawing import fonts
from cardgen.drawing.richtext import layout_text
from cardgen.render.booklet.flowables import INK, BookTable, Heading, Note, RichText, table_font
from cardgen.render.booklet.template import PageStyle
from cardgen.base.units import mm_to_pt

TINT = Color(0.95, 0.93, 0.89)
LINE = Color(0.78, 0.74, 0.68)
SHORT_COLUMN = 0.2       # of the frame's width: a column this narrow on one line stays on one


class Typesetter:
    """Makes flowables for one document: knows its page style and how `{{game.x}}` reads."""

    def __init__(self, style: PageStyle, lookup):
        self.style, self.lookup = style, lookup
        self.serif, self.sans = fonts.family("serif"), fonts.family("sans")
        self.condensed = fonts.family("condensed")
        self._keys = 0

    @property
    def frame_width(self) -> float:
        return mm_to_pt(self.style.width - 2 * self.style.margin)

    def parse(self, text: str) -> markup.Parsed:
        return markup.parse(text, self.lookup)

    def paragraph(self, text: str, after: float | None = None, **style) -> RichText:
        body = self.style.body
        return RichText(self.parse(text), style.pop("family", self.serif), style.pop("size", body),
                        before=0.0, after=body * 0.6 if after is None else after, **style)

    def heading(self, text: str, level: int) -> Heading:
        self._keys += 1
        size = self.style.heading_sizes[min(level, 3) - 1]
        color = self.style.accent if level < 3 else INK
        return Heading(self.parse(f"**{text}**"), level, f"part-{self._keys}", family=self.condensed,
                       size=size, leading=1.15, color=color, before=size * (1.0 if level > 1 else 0.6),
                       after=size * 0.45)

    def items(self, items, ordered: bool) -> list:
        body = self.style.body
        out = []
        for n, (text, _) in enumerate(items, start=1):
            out.append(RichText(self.parse(text), self.serif, body, indent=body * 1.7,
                                bullet=f"{n}." if ordered else "\u2022", after=body * 0.3,
                                whole=True))
        if out:
            out[-1].spaceAfter = body * 0.8
        return out

    def note(self, text: str) -> Note:
        """A paragraph set apart in a tinted box: an example, a reminder, a notice."""
        return Note(self.parse(text), self.sans, self.style.body * 0.92, TINT, self.style.accent,
                    after=self.style.body * 0.9)

    def table(self, rows, header: bool = True, size: float | None = None,
              widths: list[float] | None = None) -> BookTable:
        """A table of card-markup cells, its columns as wide as their text wants (shared out when
        there is not room for all), split only between rows, its header row repeated on every
        page it runs onto."""
        size = size or self.style.body * 0.9
        # each cell a list of one flowable: what reportlab splits when a row runs past a page
        cells = [[[RichText(self.parse(f"**{c}**" if header and r == 0 and c else c),
                            self.sans if header and r == 0 else self.serif, size, leading=1.2)]
                  for c in row] for r, row in enumerate(rows)]
        widths = widths or self._widths(rows, size, header)
        repeat = header and self._header_height(cells[0], widths) < mm_to_pt(self.style.height) / 4
        table = BookTable(cells, colWidths=widths, repeatRows=1 if repeat else 0)
        commands = [table_font(), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.4, LINE),
                    ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
                    ("TOPPADDING", (0, 0), (-1, -1), 2.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]
        if header:
            commands += [("BACKGROUND", (0, 0), (-1, 0), TINT),
                         ("LINEBELOW", (0, 0), (-1, 0), 0.8, self.style.accent)]
        table.setStyle(TableStyle(commands))
        table.spaceAfter = self.style.body
        return table

    @staticmethod
    def _header_height(row, widths: list[float]) -> float:
        """How tall the header row sets: one too tall to repeat on every page is printed once."""
        return max(cell.wrap(width - 6, 1e9)[1] for (cell,), width in zip(row, widths))

    def _widths(self, rows, size: float, header: bool = True) -> list[float]:
        """Each column's natural width (its longest cell on one line, the header's as it prints:
        bold sans). Where the frame is too narrow for them all, each column first gets its
        longest word, so no word runs into the next column, and a column of short values its
        whole width; then the columns that want least
        more are given their whole width one by one, narrowest first (a short value such as
        "13 + 2L" is never broken while a column of sentences takes the rest), and what is left
        is shared out among the others in proportion to what each still wants."""
        columns = max(len(r) for r in rows)
        natural, least = [0.0] * columns, [0.0] * columns
        for r, row in enumerate(rows):
            heading = header and r == 0
            family = self.sans if heading else self.serif
            for i, cell in enumerate(row):
                text = f"**{cell}**" if heading and cell else cell
                laid = layout_text(self.parse(text).runs, family, size, None, None)
                natural[i] = max(natural[i], laid.width + 8 + size)
                for word in self.parse(text).plain.split():   # measured bold: never too narrow
                    bold = layout_text(markup.parse(f"**{markup.escaped(word)}**").runs, family, size,
                                       None, None)
                    least[i] = max(least[i], bold.width + 8)
        total = self.frame_width
        # a column of short values (a rank, "13 + 2L") is never broken: it keeps its whole width
        least = [n if n <= total * SHORT_COLUMN else min(w, n) for w, n in zip(least, natural)]
        if sum(natural) <= total:
            spare = total - sum(natural)
            return [w + spare / columns for w in natural]
        if sum(least) >= total:
            return [w * total / sum(least) for w in least]
        widths = list(least)
        room = total - sum(least)
        wants = {i: n - w for i, (n, w) in enumerate(zip(natural, least)) if n > w}
        for i in sorted(wants, key=wants.get):
            if wants[i] * len(wants) > room:      # no more than its share: the rest is shared
                break
            widths[i] += wants.pop(i)
            room -= widths[i] - least[i]
        rest = sum(wants.values())
        return [w + (room * wants[i] / rest if i in wants else 0.0) for i, w in enumerate(widths)]

    def cover(self, lines: list[str], blurb: str) -> list:
        """What the cover says under its band: the game's description, players, version, credits."""
        body = self.style.body
        out = [self.paragraph(blurb, size=body * 1.05, after=body * 1.5)] if blurb else []
        out += [self.paragraph(line, family=self.sans, after=body * 0.35) for line in lines]
        return out
