"""Text elements: a single line that shrinks to its width, and a wrapped box that shrinks to fit."""
from __future__ import annotations

from dataclasses import dataclass, replace

from cardgen.shared import schema as s
from cardgen.shared.schema import Key
from cardgen.drawing import fonts
from cardgen.drawing.elements.base import (ALIGN, VALIGN, BindContext, Box, Element, Ink,
                                          color_name, font_family, font_size)
from cardgen.drawing.richtext import TextLayout, fit_text, layout_text
from cardgen.drawing.text_measure import one_line_size
from cardgen.base.units import mm_to_pt, pt_to_mm

TITLE_LEADING = 1.0  # a title wrapped onto two lines is set solid: its lines read as one name
ICON_DROP = 0.16  # inline icons sit this far (in ems) below the baseline, like a capital's descent

TEXT_KEYS = {
    "text": Key(s.text, required=True, doc="the text, with card markup and {{field}} values"),
    "font": Key(font_family, default="sans",
                doc="font family: sans, condensed, serif, or one of the game's own `fonts`"),
    "size": Key(font_size, default=10.0, doc="largest font size (pt)"),
    "min_size": Key(font_size, doc="smallest font size before the text is reported as too long"),
    "color": Key(color_name, default="black", doc="text colour"),
    "align": Key(ALIGN, default="left", doc="left, center or right"),
    "valign": Key(VALIGN, default="middle", doc="top, middle or bottom"),
    "fine_print": Key(s.boolean, default=False,
                      doc="ids, stamps and credits: held to the smaller fine-print minimum size"),
}


def text_ink(layout: TextLayout, box: Box, color, fine: bool) -> Ink:
    texts, bold = [], True
    for line in layout.lines:
        for word in line.words:
            for piece in word:
                if piece.text:
                    texts.append(piece.text)
                    bold = bold and "bold" in piece.font
    return Ink("text", box, color, layout.size, bold=bool(texts) and bold, fine=fine,
               content=" ".join(texts))


def draw_layout(pen, layout: TextLayout, box: Box, align: str, valign: str, color) -> None:
    """Draw set text inside a top-left mm box, lines aligned within it."""
    left, bottom, width, height = pen.box(box.x, box.y, box.width, box.height)
    slack = height - layout.height
    top = bottom + height - {"top": 0.0, "middle": slack / 2, "bottom": slack}[valign]
    lines, icons = [], []
    for index, line in enumerate(layout.lines):
        baseline = top - layout.ascent - index * layout.leading
        shift = left + {"left": 0.0, "center": (width - line.width) / 2,
                        "right": width - line.width}[align]
        runs, line_icons = line.drawn()
        lines.append((baseline, [(shift + x, text, font) for x, text, font in runs]))
        icons += [(name, shift + x, baseline - ICON_DROP * layout.size, size)
                  for name, x, size in line_icons]
    pen.text_runs(lines, layout.size, color)
    for name, x, y, size in icons:
        pen.icon(name, x, y, size, color)


def check_characters(ctx: BindContext, key: str, runs: tuple, family, fields: tuple,
                     layout: TextLayout | None = None) -> None:
    """Report characters of the text's runs that would print wrong: those no font of the family
    (or its fallbacks) has a glyph for (an empty box) and those of right-to-left scripts
    (reversed and unjoined). With its `layout`, a hyphen setting added where it broke a word
    is checked too, in the face of the letter before it."""
    texts = [(run.text, run.bold, run.italic) for run in runs if run.text]
    missing = sorted({c for text, bold, italic in texts
                      for c in fonts.unprintable(text, family.chain(bold, italic))}
                     | _hyphens_missing(layout))
    if missing:
        ctx.problem(key, f"the font has no glyph for {_shown(missing)}; it would print as a box",
                    fields, code="missing-glyph")
    backwards = sorted({c for text, _, _ in texts if not text.isascii()
                        for c in fonts.right_to_left(text)})
    if backwards:
        ctx.problem(key, f"right-to-left text ({_shown(backwards)}) cannot be printed: cards are "
                    "set left to right only, so it would print reversed and unjoined",
                    fields, code="right-to-left")


def _hyphens_missing(layout: TextLayout | None) -> set[str]:
    """'-' when a word broken at a line's end takes a hyphen its face has no glyph for."""
    if layout is None:
        return set()
    return {c for line in layout.lines if line.words
            for piece in line.words[-1][-1:] if piece.text.endswith("-")
            for c in fonts.missing_glyphs("-", piece.font)}


def _shown(chars: list[str]) -> str:
    listed = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in chars[:5])
    return listed + (f" and {len(chars) - 5} more" if len(chars) > 5 else "")


def _check_text(ctx: BindContext, key: str, parsed, family, layout: TextLayout, box: Box,
                min_size) -> None:
    """Report text that overflows its box, and characters that would print wrong."""
    check_characters(ctx, key, parsed.runs, family, parsed.fields, layout)
    if not layout.fits:
        ctx.problem(key, f"text does not fit its {box.width:g} x {box.height:g} mm box even at "
                    f"{min_size:g}pt: shorten it, or enlarge the box or lower min_size",
                    parsed.fields, code="text-overflow")


@dataclass(frozen=True, slots=True)
class Text(Element):
    """One line of text; it shrinks to fit the box's width, down to min_size."""

    box: Box
    layout: TextLayout
    align: str
    valign: str
    color: object
    fine: bool = False
    upside_down: bool = False

    VALUE_KEY = "text"
    KEYS = {**TEXT_KEYS,
            "upside_down": Key(s.boolean, default=False,
                               doc="turned half a turn in its box, as a playing card's "
                                   "bottom-right index"),
            "wrap": Key(s.number(0.5, 1.0),
                        doc="a title's wrap point: text that would shrink below this share of "
                            "`size` on one line is set on two lines (the box must be tall enough)")}
    MARKUP_KEYS = frozenset({"text"})
    COLOR_KEYS = frozenset({"color"})

    @classmethod
    def build(cls, box, values, ctx):
        parsed = ctx.parse_text(values["text"])
        family = ctx.family(values["font"])
        size, min_size = values["size"], values["min_size"] or values["size"] * 0.6
        width, height = mm_to_pt(box.width), mm_to_pt(box.height)
        size = one_line_size(parsed.runs, family, size, width, height)
        layout = layout_text(parsed.runs, family, max(size, min_size), None, height)
        fits = size >= min_size - 1e-6
        if layout.fits != fits:
            layout = replace(layout, fits=fits)
        if values["wrap"] is not None and size < values["wrap"] * values["size"]:
            layout = _wrapped(parsed.runs, family, values["size"], layout, width, height)
        _check_text(ctx, "text", parsed, family, layout, box, min_size)
        return cls(box, layout, values["align"], values["valign"], ctx.color(values["color"]),
                   values["fine_print"], values["upside_down"])

    def draw(self, pen):
        if not self.upside_down:
            draw_layout(pen, self.layout, self.box, self.align, self.valign, self.color)
            return
        pen.canvas.saveState()
        pen.turn_half(self.box.x, self.box.y, self.box.width, self.box.height)
        draw_layout(pen, self.layout, self.box, self.align, self.valign, self.color)
        pen.canvas.restoreState()

    def inks(self):
        return (text_ink(self.layout, self.box, self.color, self.fine),)

    def solid_inks(self):
        return ()

    def fitted_size(self):
        return self.layout.size


def _wrapped(runs, family, size: float, one_line: TextLayout, width: float,
             height: float) -> TextLayout:
    """The text on two lines when they set it larger than its one shrunk line; else that line."""
    two = fit_text(runs, family, size, one_line.size, width, height, TITLE_LEADING)
    return two if two.fits and two.size > one_line.size and len(two.lines) == 2 else one_line


@dataclass(frozen=True, slots=True)
class TextBox(Element):
    """Wrapped text; the font shrinks until it fits the box, down to min_size. A word wider
    than the box is broken with a hyphen (US English rules) rather than shrinking the text."""

    box: Box
    layout: TextLayout
    align: str
    valign: str
    color: object
    fine: bool = False

    VALUE_KEY = "text"
    KEYS = {**TEXT_KEYS,
            "valign": Key(VALIGN, default="top", doc="top, middle or bottom"),
            "leading": Key(s.number(0.8, 3.0), default=1.2, doc="line spacing as a multiple of size")}
    MARKUP_KEYS = frozenset({"text"})
    COLOR_KEYS = frozenset({"color"})

    @classmethod
    def build(cls, box, values, ctx):
        parsed = ctx.parse_text(values["text"])
        min_size = values["min_size"] or values["size"] * 0.6
        family = ctx.family(values["font"])
        layout = fit_text(parsed.runs, family, values["size"], min_size,
                          mm_to_pt(box.width), mm_to_pt(box.height), values["leading"],
                          hyphenate=True)
        _check_text(ctx, "text", parsed, family, layout, box, min_size)
        return cls(box, layout, values["align"], values["valign"], ctx.color(values["color"]),
                   values["fine_print"])

    def draw(self, pen):
        draw_layout(pen, self.layout, self.box, self.align, self.valign, self.color)

    def inks(self):
        return (text_ink(self.layout, self.box, self.color, self.fine),)

    def solid_inks(self):
        return ()

    def fitted_size(self):
        return self.layout.size

    def room_below(self):
        if self.valign != "top":
            return 0.0
        return max(0.0, self.box.height - pt_to_mm(self.layout.height))
