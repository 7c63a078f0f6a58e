"""A document's pages: their size and margins, the cover and body page templates, the footer, and
the table of contents and PDF outline kept from the headings as the pages are laid out."""
from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Callable
from html import escape

from reportlab.lib.colors import white
from reportlab.lib.styles import ParagraphStyle

from cardgen.drawing import fonts
from cardgen.imposition import FooterRoom
from cardgen.render.booklet.tables import WrappedTable, table_font
from cardgen.render.booklet.keeping import headings
from cardgen.render.booklet.page_style import FRAME_RAISE, PageStyle
from cardgen.render.booklet.platypus import (BaseDocTemplate, Flowable, Frame, PageTemplate,
                                             Paragraph, Spacer, Table, TableOfContents,
                                             TableStyle)
from cardgen.render.page_footer import book_forms, draw_footer
from cardgen.render.pages import DocumentInfo, template_options
from cardgen.shared.saddle_stitch import padded
from cardgen.base.units import mm_to_pt

LEADER_PITCH = 0.55        # ems of the contents' smaller type between the dots of a leader
# layouts that count a booklet's pages past its text; the later keep the count, so that it and the
# contents (which list the first of those pages, a quick reference) cannot chase each other
COUNTING_PASSES = 2


@dataclass(frozen=True)
class Placed:
    """Where a flowable was laid out: its page, and its foot and top in points from the page's
    foot (a page break: both its frame's foot)."""

    page: int
    flowable: Flowable
    bottom: float
    top: float


class BookFrame(Frame):
    """A frame that draws what it places only while `drawing` is on: a pass of the layout that
    only finds where everything goes (the first, which sets the contents) draws nothing."""

    drawing = True

    def _add(self, flowable, canv, trySplit=0):
        if self.drawing:
            return super()._add(flowable, canv, trySplit)
        flowable.drawOn = _not_drawn          # for this placing only
        try:
            return super()._add(flowable, canv, trySplit)
        finally:
            del flowable.drawOn

    add = _add


def _not_drawn(canvas, x, y, _sW=0) -> None:
    pass


class PagesPastText(Flowable):
    """Stands at the end of a booklet's text for the pages that fill its last sheet, which the
    layout counts when it comes to it; `make(count)` makes the flowables of `count` pages."""

    def __init__(self, make: Callable[[int], list]):
        super().__init__()
        self.make, self.made = make, {}

    def pages(self, count: int) -> list:
        """The flowables of `count` pages, made once for each count as the rest of the story
        is: a heading keeps its link from one pass of the layout to the next."""
        if count not in self.made:
            self.made[count] = self.make(count)
        return list(self.made[count])


class BookTemplate(BaseDocTemplate):
    """Pages with a cover first; every heading of level 1 or 2 goes into the contents, the PDF
    outline and a link target, as the pages are laid out. `placed` records where every flowable
    of the last pass went, for the checks of the book's pagination."""

    def __init__(self, buffer: io.BytesIO, style: PageStyle, info: DocumentInfo,
                 footer: tuple[FooterRoom, tuple[str, ...]], cover: tuple[str, str],
                 back: tuple[str, ...] = ()):
        """`footer`: the band a body page's footer is set in, and what the page says it is;
        `back`: what the back cover's band says under the game's title. `past_text`: how many
        pages the last layout added past the text (PagesPastText)."""
        size = (mm_to_pt(style.width), mm_to_pt(style.height))
        super().__init__(buffer, pagesize=size, **template_options(info))
        m, rise = mm_to_pt(style.margin), mm_to_pt(FRAME_RAISE)
        frame = BookFrame(m, m + rise, size[0] - 2 * m, size[1] - 2 * m - rise,
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="body")
        below_band = size[1] - 2 * m - self.band(style) - mm_to_pt(10)
        cover_frame = BookFrame(m, m, size[0] - 2 * m, below_band, leftPadding=0, rightPadding=0,
                            topPadding=0, bottomPadding=0, id="cover")
        back_frame = BookFrame(m, m, size[0] - 2 * m,
                           size[1] - 2 * m - self.back_band(style) - mm_to_pt(8), leftPadding=0,
                           rightPadding=0, topPadding=0, bottomPadding=0, id="back")
        self.style, self.footer, self.cover, self.back = style, footer, cover, back
        self.frames = (frame, cover_frame, back_frame)
        self.passes = self.past_text = 0
        self.addPageTemplates([
            PageTemplate("cover", [cover_frame], onPage=self._when_drawn(self._cover_band)),
            PageTemplate("body", [frame], onPage=self._when_drawn(self._footer)),
            PageTemplate("back", [back_frame], onPage=self._when_drawn(self._back_band))])

    def _when_drawn(self, draw: Callable) -> Callable:
        """A page's band or footer, drawn on the passes that draw (not the first)."""
        def on_page(canvas, doc):
            if self.passes > 1:
                draw(canvas, doc)
        return on_page

    def _allSatisfied(self):
        """Whether reportlab's multiBuild may stop and save this pass: never the first, which
        draws nothing (it only sets the contents, empty until it is done)."""
        return self.passes > 1 and super()._allSatisfied()

    def handle_flowable(self, flowables):
        if not isinstance(flowables[0], PagesPastText):
            return super().handle_flowable(flowables)
        if self.passes <= COUNTING_PASSES:
            self.past_text = padded(self.page) - self.page
        flowables[:1] = flowables[0].pages(self.past_text)

    def beforeDocument(self):
        """A pass of the layout begins: drawn unless it is the first."""
        self.passes += 1
        for frame in self.frames:
            frame.drawing = self.passes > 1
        self.placed: list[Placed] = []

    def afterFlowable(self, flowable):
        if self.frame is not None:      # none yet: an action before the first page
            bottom = self.frame._y + flowable.getSpaceAfter()
            height = getattr(flowable, "_height" if isinstance(flowable, Table) else "height", 0.0)
            self.placed.append(Placed(self.page, flowable, bottom, bottom + height))
        for heading in headings(flowable):
            if heading.level <= 2:
                self.canv.bookmarkPage(heading.key)
                self.canv.addOutlineEntry(heading.plain, heading.key, level=heading.level - 1,
                                          closed=heading.level > 1)
                self.notify("TOCEntry", (heading.level - 1, escape(heading.plain, quote=False),
                                         self.page, heading.key))

    def _footer(self, canvas, doc):
        room, says = self.footer
        draw_footer(canvas, (room,), book_forms(says, doc.page), centred=True)

    @staticmethod
    def band(style: PageStyle) -> float:
        """The height of the cover's band, in points."""
        return mm_to_pt(style.height - 2 * style.margin) * 0.32

    def _cover_band(self, canvas, doc):
        """A band of the document's colour across the top of the cover, inside the margin, with
        the game's title on one line and the document's under it."""
        style, (title, subtitle) = self.style, self.cover
        m, width = mm_to_pt(style.margin), mm_to_pt(style.width)
        band = self.band(style)
        top = mm_to_pt(style.height) - m
        canvas.saveState()
        canvas.setFillColor(style.accent)
        canvas.rect(m, top - band, width - 2 * m, band, stroke=0, fill=1)
        canvas.setFillColor(white)
        face = fonts.family("condensed").face(bold=True)
        size = min(style.body * 3.2, (width - 2 * m) * 0.9 / max(fonts.text_width(title, face, 1), 1e-6))
        canvas.setFont(face, size)
        canvas.drawCentredString(width / 2, top - band * 0.52, title)
        canvas.setFont(fonts.family("condensed").face(), style.body * 1.6)
        canvas.drawCentredString(width / 2, top - band * 0.52 - style.body * 2.6, subtitle)
        canvas.restoreState()


    @staticmethod
    def back_band(style: PageStyle) -> float:
        """The height of the back cover's band, in points."""
        return mm_to_pt(style.height - 2 * style.margin) * 0.16

    def _back_band(self, canvas, doc):
        """A band of the document's colour across the top of the back cover, as on the front,
        with the game's title and what `back` says under it."""
        style, title = self.style, self.cover[0]
        m, width = mm_to_pt(style.margin), mm_to_pt(style.width)
        band = self.back_band(style)
        canvas.saveState()
        canvas.setFillColor(style.accent)
        bottom = mm_to_pt(style.height) - m - band
        canvas.rect(m, bottom, width - 2 * m, band, stroke=0, fill=1)
        canvas.setFillColor(white)
        face = fonts.family("condensed").face(bold=True)
        size = min(style.body * 2.2, (width - 2 * m) * 0.9 / max(fonts.text_width(title, face, 1), 1e-6))
        canvas.setFont(face, size)
        canvas.drawCentredString(width / 2, bottom + band * 0.55, title)
        says, small = " \u00b7 ".join(self.back), fonts.family("condensed").face()
        size = min(style.body, (width - 2 * m) * 0.9 / max(fonts.text_width(says, small, 1), 1e-6))
        canvas.setFont(small, size)
        canvas.drawCentredString(width / 2, bottom + band * 0.55 - style.body * 1.9, says)
        canvas.restoreState()


class Contents(TableOfContents):
    """A table of contents sized to its entries: set smaller, down to MIN_SIZE, when that keeps it
    on one page; otherwise split at its full size so that its last page is at least a third
    full. `page`: the height of a body page's frame, where the entries past the first run on.

    The entries are those of the layout's previous pass (reportlab's multiBuild lays the document
    out until they stop changing), so each pass sizes them afresh."""

    MIN_SIZE = 7.0          # pt: no entry is set smaller
    STEP = 0.02             # how much smaller each try at one page is set
    LAST_PAGE = 1 / 3       # of a page: the least the last of several holds

    def __init__(self, page: float, **options):
        super().__init__(**options)
        self.page = page

    def wrap(self, avail_width, avail_height):
        width, height = self._sized(avail_width, avail_height)
        self.canv.setNamedCB("drawTOCEntryEnd", self._leader(avail_width))
        return width, height

    def _leader(self, avail_width: float):
        """What draws an entry's dots and page number: its page number right-aligned in its
        level's style, and dots LEADER_PITCH apart on a grid common to every entry (from the
        frame's left edge), in one face and size, so that they line up down the page."""
        def draw(canvas, kind, label):
            page, level, _ = label.split(",", 2)
            style = self.getLevelStyle(int(level))
            x, y = canvas._curr_tx_info["cur_x"], canvas._curr_tx_info["cur_y"]
            number = str(int(page))
            right = avail_width - fonts.text_width(number, style.fontName, style.fontSize)
            dot_face = fonts.family("sans").face()
            size = self.levelStyles[-1].fontSize
            pitch = size * LEADER_PITCH
            dot = fonts.text_width(".", dot_face, size)
            first = math.ceil((x + size * 0.6) / pitch) * pitch
            canvas.saveState()
            canvas.setFillColor(style.textColor)
            leader = canvas.beginText()         # one text object for the row of dots
            leader.setFont(dot_face, size)
            dots = []
            at = first
            while at + dot <= right - size * 0.5:
                dots.append(at)
                at += pitch
            _dotted(leader, dots, y)
            canvas.drawText(leader)
            canvas.setFont(style.fontName, style.fontSize)
            canvas.drawString(right, y, number)
            canvas.restoreState()
        return draw

    def _sized(self, avail_width, avail_height):
        # the styles stay set as chosen: the page numbers are drawn with them
        self._full = styles = getattr(self, "_full", self.levelStyles)
        least = self.MIN_SIZE / min(s.fontSize for s in styles)
        scale = 1.0
        while scale >= least - 1e-9:
            self.levelStyles = [_scaled(s, scale) for s in styles]
            width, height = self._entries_table(avail_width, avail_height)
            if height <= avail_height:
                return width, height
            scale -= self.STEP
        self.levelStyles = styles
        return self._entries_table(avail_width, avail_height)

    def _entries_table(self, avail_width, avail_height):
        """The last pass's entries as reportlab's TableOfContents sets them, a row each (and a
        spacer's row before an entry whose style has space before it), in a WrappedTable:
        its paragraphs are not broken into lines again as they are drawn."""
        rows = []
        entries = self._lastEntries or [(0, "Placeholder for table of contents", 0, None)]
        for level, text, page, key in entries:
            style = self.getLevelStyle(level)
            if key:
                text = f'<a href="#{key}">{text}</a>'
            target = repr(key).replace(",", "\\x2c").replace('"', "\\x2c") if key else None
            said = f'{text}<onDraw name="drawTOCEntryEnd" label="{page},{level},{target}"/>'
            if style.spaceBefore:
                rows.append([Spacer(1, style.spaceBefore)])
            rows.append([Paragraph(said, style)])
        self._table = WrappedTable(rows, colWidths=(avail_width,), style=self.tableStyle)
        self.width, self.height = self._table.wrapOn(self.canv, avail_width, avail_height)
        return self.width, self.height

    def split(self, avail_width, avail_height):
        """The entries page by page: as many as fit on each, but the last page's share taken
        from the page before it until it is LAST_PAGE full."""
        heights = self._table._rowHeights
        breaks, start, room = [], 0, avail_height
        while start < len(heights):
            end, used = start, 0.0
            while end < len(heights) and (used + heights[end] <= room or end == start):
                used += heights[end]
                end += 1
            breaks.append(end)
            start, room = end, self.page
        if len(breaks) < 2:
            return [self]
        while (sum(heights[breaks[-2]:]) < self.page * self.LAST_PAGE
               and breaks[-2] - (breaks[-3] if len(breaks) > 2 else 0) > 1):
            breaks[-2] -= 1
        rows = [[list(row[0])] for row in self._table._cellvalues]
        return [WrappedTable(rows[a:b], colWidths=(avail_width,), style=self.tableStyle)
                for a, b in zip([0, *breaks[:-1]], breaks)]


def _dotted(leader, xs: list[float], y: float) -> None:
    """A dot at each of `xs` on the line `y`, in the text object's font. Past the first dot,
    which sets the font, each is the same operators at another origin: they are written as the
    second was, not formatted afresh (a text object's own work, most of a contents page's)."""
    for at in xs[:2]:
        leader.setTextOrigin(at, y)
        leader.textOut(".")
    if len(xs) > 2:
        shown = leader._code[-1]            # the second dot's text-showing operator
        for at in xs[2:]:
            leader.setTextOrigin(at, y)
            leader._code.append(shown)


def _scaled(style: ParagraphStyle, scale: float) -> ParagraphStyle:
    return ParagraphStyle(style.name, parent=style, fontSize=style.fontSize * scale,
                          leading=style.leading * scale, leftIndent=style.leftIndent * scale,
                          spaceBefore=style.spaceBefore * scale)


def contents(style: PageStyle) -> TableOfContents:
    """The table of contents: chapters and their sections, with dotted leaders to page numbers.
    Its rows are as tall as their leading (no cell padding), so the whole of it scales with its
    type."""
    page = mm_to_pt(style.height - 2 * style.margin - FRAME_RAISE)
    toc = Contents(page, dotsMinLevel=0, tableStyle=TableStyle([
        table_font(), ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    sans = fonts.family("sans")
    toc.levelStyles = [
        ParagraphStyle("toc1", fontName=sans.face(bold=True), fontSize=style.body * 1.05,
                       leading=style.body * 1.6, spaceBefore=style.body * 0.4, leftIndent=0,
                       firstLineIndent=0),
        ParagraphStyle("toc2", fontName=sans.face(), fontSize=style.body * 0.95,
                       leading=style.body * 1.4, leftIndent=style.body * 1.4, firstLineIndent=0),
    ]
    return toc
