"""The pieces a document is laid out from, as reportlab platypus flowables: text set by cardgen's
own text setter (so card markup, inline icons and fallback fonts work as on the cards), headings
that feed the table of contents, and diagrams drawn by the cards' own elements."""
from __future__ import annotations

from dataclasses import replace

from reportlab.lib.colors import Color
from reportlab.lib.rl_accel import fp_str

from cardgen.render.booklet.platypus import CondPageBreak, Flowable
from cardgen.drawing import fonts
from cardgen.drawing.icons import draw_icon
from cardgen.drawing.pen import Pen
from cardgen.drawing.richtext import TextLayout, layout_text
from cardgen.base.markup import Parsed
from cardgen.base.units import mm_to_pt

INK = Color(0.13, 0.12, 0.11)
ICON_DROP = 0.16      # an inline icon sits this far (in ems) below the baseline, as on the cards
ICON_GROWTH = 1.25    # an inline icon is drawn this much larger than its em, centred on it:
                      # small type would set an emblem's detail as a blot


class RichText(Flowable):
    """A paragraph of card markup, set to the frame's width; it splits between lines across
    pages, unless it is `whole` (a list item, a note): that moves to the next page as one, and
    splits only when it is taller than a whole page. A `bullet` ("•", "3.") hangs left of the
    text in the indent."""

    def __init__(self, parsed: Parsed, family: fonts.Family, size: float, leading: float = 1.35,
                 color=INK, before: float = 0.0, after: float = 0.0, indent: float = 0.0,
                 bullet: str = "", align: str = "left", layout: TextLayout | None = None,
                 whole: bool = False, icon_colors: dict | None = None):
        """`icon_colors`: icon name -> the colour the cards draw it in (else the text's)."""
        super().__init__()
        self.icon_colors = icon_colors or {}
        self.parsed, self.family, self.size, self.leading = parsed, family, size, leading
        self.color, self.indent, self.bullet, self.align = color, indent, bullet, align
        self.spaceBefore, self.spaceAfter = before, after
        self.whole = whole
        self._layout = layout          # given: a piece of a split paragraph, its lines fixed
        self._foot: float | None = None     # its descent below the last baseline

    def _set(self, width: float) -> TextLayout:
        if self._layout is None or getattr(self, "_width", width) != width:
            self._layout = layout_text(self.parsed.runs, self.family, self.size,
                                       max(width - self.indent, self.size), None, self.leading)
        self._width = width
        return self._layout

    def wrap(self, avail_width, avail_height):
        layout = self._set(avail_width)
        self.width, self.height = avail_width, self._height(len(layout.lines), layout)
        return self.width, self.height

    def _height(self, lines: int, layout: TextLayout) -> float:
        if not lines:
            return 0.0
        if self._foot is None:         # asked for every line a split tries: found once
            self._foot = fonts.descent(self.family.face()) * self.size
        return layout.ascent + (lines - 1) * layout.leading + self._foot

    def split(self, avail_width, avail_height):
        if self.whole and not getattr(self, "_postponed", False):
            return []              # reportlab marks it _postponed when a fresh page is too short
        # the lines as last wrapped: a table asks a cell to split at its column's width, less
        # nothing for its padding, after wrapping it at its true width
        layout = self._layout if self._layout is not None else self._set(avail_width)
        fit = 0
        while fit < len(layout.lines) and self._height(fit + 1, layout) <= avail_height + 1e-6:
            fit += 1
        lines = len(layout.lines)
        if fit >= lines:
            return [self]
        if fit < 2 or lines < 4:
            return []              # no lone line at the foot or the head of a page
        fit = min(fit, lines - 2)
        head = replace(layout, lines=layout.lines[:fit])
        tail = replace(layout, lines=layout.lines[fit:])
        first = self._piece(head, self.spaceBefore, 0.0, self.bullet)
        rest = self._piece(tail, 0.0, self.spaceAfter, "")
        first._width = rest._width = self._width
        return [first, rest]

    def _piece(self, layout: TextLayout, before: float, after: float, bullet: str) -> RichText:
        return RichText(self.parsed, self.family, self.size, self.leading, self.color, before,
                        after, self.indent, bullet, self.align, layout,
                        icon_colors=self.icon_colors)

    def drawOn(self, canvas, x, y, _sW=0):
        """Drawn at (x, y) by coordinates moved there, not by the canvas moved in a state saved
        and restored (three operators a paragraph, and their bookkeeping)."""
        self.canv = canvas
        self._draw_at(x, y)
        del self.canv

    def draw(self):
        self._draw_at(0.0, 0.0)

    def _draw_at(self, left: float, bottom: float) -> None:
        layout = self._layout
        canvas = self.canv
        top = bottom + self.height
        width = self.width - self.indent
        left += self.indent
        # one text object for every line, its font and colour set once for as long as they hold
        words = canvas.beginText()
        words.setFillColor(self.color)
        font = None
        icons = []
        code = words._code
        for index, line in enumerate(layout.lines):
            baseline = top - layout.ascent - index * layout.leading
            spare = width - line.width
            shift = {"left": 0.0, "center": spare / 2, "right": spare}[self.align]
            runs, drawn_icons = line.drawn()
            for x, text, piece_font in runs:
                if piece_font != font:
                    words.setFont(piece_font, layout.size)
                    font = piece_font
                # as setTextOrigin and textOut write them, less their bookkeeping of where the
                # text's cursor is: each run is placed by its own origin
                code.append(f"1 0 0 1 {fp_str(left + shift + x, baseline)} Tm")
                words._textOut(text)
            icons += [(name, x, size, shift, baseline) for name, x, size in drawn_icons]
        if font is not None:
            canvas.drawText(words)
        for name, x, size, shift, baseline in icons:
            grown = size * ICON_GROWTH
            middle = baseline - ICON_DROP * layout.size + size / 2
            draw_icon(canvas, name, left + shift + x - (grown - size) / 2,
                      middle - grown / 2, grown, self.icon_colors.get(name, self.color))
        if self.bullet and layout.lines:
            canvas.setFillColor(self.color)
            canvas.setFont(self.family.face(), layout.size)
            canvas.drawRightString(left - 0.35 * layout.size, top - layout.ascent, self.bullet)


class Note(RichText):
    """A paragraph set apart in a tinted box with a bar down its left: an example, a reminder,
    a notice. A long one splits across pages, each piece in a box of its own."""

    PAD = (7.0, 6.0, 5.0, 6.0)       # left, right, top, bottom, in points

    drawOn = Flowable.drawOn         # its box drawn in a state of its own, its text moved in it

    def __init__(self, parsed: Parsed, family: fonts.Family, size: float, tint, bar,
                 after: float = 0.0, layout: TextLayout | None = None, whole: bool = True):
        super().__init__(parsed, family, size, after=after, layout=layout, whole=whole)
        self.tint, self.bar = tint, bar

    def _inner(self, width: float, height: float) -> tuple[float, float]:
        left, right, top, bottom = self.PAD
        return width - left - right, height - top - bottom

    def wrap(self, avail_width, avail_height):
        left, right, top, bottom = self.PAD
        inner, _ = self._inner(avail_width, avail_height)
        layout = self._set(inner)
        self.width = avail_width
        self.height = self._height(len(layout.lines), layout) + top + bottom
        return self.width, self.height

    def split(self, avail_width, avail_height):
        return super().split(*self._inner(avail_width, avail_height))

    def _piece(self, layout: TextLayout, before: float, after: float, bullet: str) -> Note:
        return Note(self.parsed, self.family, self.size, self.tint, self.bar, after, layout, False)

    def draw(self):
        left, right, top, bottom = self.PAD
        canvas = self.canv
        canvas.saveState()
        canvas.setFillColor(self.tint)
        canvas.rect(0, 0, self.width, self.height, stroke=0, fill=1)
        canvas.setFillColor(self.bar)
        canvas.rect(0, 0, 2.0, self.height, stroke=0, fill=1)
        canvas.translate(left, bottom)
        outer = self.width, self.height
        self.width, self.height = self.width - left - right, self.height - top - bottom
        super().draw()
        self.width, self.height = outer
        canvas.restoreState()


class Heading(RichText):
    """A heading: kept with what follows it, and listed in the contents and the PDF outline."""

    def __init__(self, parsed: Parsed, level: int, key: str, **style):
        super().__init__(parsed, **style)
        self.level, self.key = level, key

    @property
    def plain(self) -> str:
        return " ".join(self.parsed.plain.split())

    def split(self, avail_width, avail_height):
        return []


class ChapterBreak(CondPageBreak):
    """Before a chapter: it starts on a new page when less than `room` points are left on this
    one, unless the whole chapter (`chapter`, its flowables, set once the flow is made) fits in
    what is left. `broke`: whether it did start a new page, the last time it was laid out."""

    def __init__(self, room: float):
        super().__init__(room)
        self.chapter: list = []
        self.broke = False

    def _room(self) -> float:
        return self.height

    def wrap(self, avail_width, avail_height):
        room = self._room()
        self.height = room if avail_height < room and not self._fits(avail_width,
                                                                      avail_height) else 0.0
        self.broke = avail_height < self.height
        width, height = super().wrap(avail_width, avail_height)
        self.height = room
        return width, height

    def _fits(self, avail_width, avail_height) -> bool:
        need = 0.0                # the last one's space after falls past the frame's foot
        for index, flowable in enumerate(self.chapter):
            need += (flowable.getSpaceAfter() if index else 0.0) + flowable.getSpaceBefore() \
                + flowable.wrap(avail_width, avail_height)[1]
            if need > avail_height:
                return False
        return bool(self.chapter)


class PartBreak(ChapterBreak):
    """`@page-break`: the next part starts on a new page when less than a third of this page is
    left and the part does not fit in it; with more, it follows on under the part before (a
    page two-thirds blank reads as a mistake)."""

    def __init__(self):
        super().__init__(0.0)

    def _room(self) -> float:
        frame = self._doctemplateAttr("frame")
        return frame._height / 3 if frame is not None else 0.0


class Drawing(Flowable):
    """Something drawn by cardgen's own elements (a target grid, say) in a box of mm: `draw`
    gets a Pen whose origin is the box's top-left, as a card's elements do."""

    def __init__(self, width_mm: float, height_mm: float, elements: tuple):
        super().__init__()
        self.width_mm, self.height_mm, self.elements = width_mm, height_mm, elements

    def wrap(self, avail_width, avail_height):
        self.width, self.height = mm_to_pt(self.width_mm), mm_to_pt(self.height_mm)
        return self.width, self.height

    def draw(self):
        pen = Pen(self.canv, self.height_mm)
        for element in self.elements:
            self.canv.saveState()
            element.draw(pen)
            self.canv.restoreState()


class Ruled(Flowable):
    """Lines to write on, `spacing` points apart, down the rest of the frame: a notes page."""

    def __init__(self, spacing: float, color=Color(0.8, 0.77, 0.72)):
        super().__init__()
        self.spacing, self.color = spacing, color

    def wrap(self, avail_width, avail_height):
        self.width = avail_width
        self.height = max(int(avail_height // self.spacing) - 1, 0) * self.spacing
        return self.width, self.height

    def draw(self):
        self.canv.setStrokeColor(self.color)
        self.canv.setLineWidth(0.4)
        y = self.height
        while y > 0.5:
            self.canv.line(0, y, self.width, y)
            y -= self.spacing
        self.canv.line(0, 0, self.width, 0)


class AtFoot(Flowable):
    """Flowables set at the foot of the room left in the frame, under a thin rule: the cover's
    players, version and credits; and `middle` (the game's description) at the top of the room,
    close under the title it follows."""

    def __init__(self, parts: list[Flowable], middle: Flowable | None = None,
                 rule=Color(0.7, 0.66, 0.6), gap: float = 8.0):
        super().__init__()
        self.parts, self.middle, self.rule, self.gap = parts, middle, rule, gap

    def wrap(self, avail_width, avail_height):
        self._sizes = [part.wrap(avail_width, avail_height) for part in self.parts]
        need = self.gap + sum(h + part.getSpaceAfter() for part, (_, h) in zip(self.parts, self._sizes))
        self._middle = self.middle.wrap(avail_width, avail_height)[1] if self.middle else 0.0
        self.width, self.height = avail_width, max(need + self._middle, avail_height - 1.0)
        self._need = need
        return self.width, self.height

    def draw(self):
        top = self._need
        self.canv.setStrokeColor(self.rule)
        self.canv.setLineWidth(0.6)
        self.canv.line(0, top, self.width, top)
        if self.middle is not None:
            self.middle.drawOn(self.canv, 0, self.height - self._middle)
        top -= self.gap
        for part, (_, height) in zip(self.parts, self._sizes):
            part.drawOn(self.canv, 0, top - height)
            top -= height + part.getSpaceAfter()


class Rule(Flowable):
    """A thin line across the frame, to close a part."""

    def __init__(self, color=Color(0.7, 0.66, 0.6), thickness: float = 0.6, before: float = 4,
                 after: float = 8):
        super().__init__()
        self.color, self.thickness = color, thickness
        self.spaceBefore, self.spaceAfter = before, after

    def wrap(self, avail_width, avail_height):
        self.width, self.height = avail_width, self.thickness
        return self.width, self.height

    def draw(self):
        self.canv.setStrokeColor(self.color)
        self.canv.setLineWidth(self.thickness)
        self.canv.line(0, 0, self.width, 0)
