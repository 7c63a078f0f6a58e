"""The page footer: what a stray sheet says it is (game, deck, version, side, page), fitted into
the bands the plan leaves free of ink; and the label beside a gutterfold's fold line.

A footer is tried in shorter and shorter forms, each in every band, and set in the first form
that fits a band at 5 pt or more, as large as the band allows up to FOOTER_SIZE_PT. Every form
keeps the game's title, the deck and the version, and says the page one way (`page_label`)
where it says it: only where it breaks the line, or whether it fits the page number, changes. A book
page's footer (`book_forms`) keeps its page number too, on one line or under the title.
"""
from __future__ import annotations

from typing import Sequence

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from cardgen.drawing import fonts
from cardgen.base.errors import Report
from cardgen.imposition import FooterRoom
from cardgen.base.model import Source
from cardgen.render.pages import DOT
from cardgen.base.units import mm_to_pt

FOOTER_SIZE_PT = 6.5
FOOTER_MIN_PT = 5.0     # fine print: below this the footer is shortened, never shrunk
FOOTER_COLOR = Color(0.35, 0.35, 0.35)
FOOTER_FAMILY = "condensed"
LEADING = 1.15

Form = tuple[str, ...]     # the lines of one way of writing a footer


def page_label(page: int, total: int) -> str:
    """How every footer of every output kind numbers its page: one format across the kit."""
    return f"page {page} of {total}"


def footer_forms(identity: Sequence[str], side: str, page: int, total: int) -> list[Form]:
    """The ways to write a footer, longest first. `identity`: the title, the deck (or token sets)
    and the version, which every form keeps; `side`: fronts, backs ... or empty. The page
    number keeps its one wording in every form that has it."""
    name = DOT.join(identity)
    where = DOT.join(p for p in (side, page_label(page, total)) if p)
    title, rest = identity[0], DOT.join(identity[1:])
    numbered = f"{name}{DOT}{page_label(page, total)}"
    return [(f"{name}{DOT}{where}",), (name, where), (title, f"{rest}{DOT}{where}"), (numbered,),
            (name,), (title, rest)]


def book_forms(identity: Sequence[str], page: int) -> list[Form]:
    """The ways to write a book page's footer, longest first: the identity then the page number,
    on one line, or with the title above the rest."""
    title, rest = identity[0], DOT.join(identity[1:])
    return [(f"{DOT.join(identity)}{DOT}{page}",), (title, f"{rest}{DOT}{page}")]


def fit_footer(rooms: Sequence[FooterRoom], forms: Sequence[Form], smallest: float = FOOTER_MIN_PT):
    """(room, lines, size) for the first form that fits one of `rooms` at `smallest` pt or more,
    in the room that gives it the largest size; None if none fits any."""
    face = fonts.family(FOOTER_FAMILY).face()
    height = fonts.ascent(face) + fonts.descent(face)        # one line, per pt of size
    for lines in forms:
        widest = max(fonts.text_width(line, face, 1.0) for line in lines)
        best = None
        for room in rooms:
            size = min(FOOTER_SIZE_PT, mm_to_pt(room.length) / max(widest, 1e-6),
                       mm_to_pt(room.depth) / (height + (len(lines) - 1) * LEADING))
            if size >= smallest - 1e-9 and (best is None or size > best[2] + 1e-9):
                best = (room, lines, size)
        if best:
            return best
    return None


def draw_footer(canvas: Canvas, rooms: Sequence[FooterRoom], forms: Sequence[Form],
                centred: bool = False, smallest: float = FOOTER_MIN_PT) -> bool:
    """The footer in the first form that fits at `smallest` pt or more, from the start of its
    room or centred along it; False if none fits (nothing is drawn)."""
    fitted = fit_footer(rooms, forms, smallest)
    if fitted is None:
        return False
    _draw_lines(canvas, *fitted, centred=centred)
    return True


Style = tuple[int, float]     # which of the forms every page of a document takes, and its size


def common_style(pages: Sequence[tuple[Sequence[FooterRoom], Sequence[Form]]]) -> Style | None:
    """One way of writing the footer for every page of a document: the first form (by its place
    in each page's list of forms) that fits every page's rooms at FOOTER_MIN_PT or more, at the
    size the tightest page allows; None if no form fits every page. `pages`: a page of each
    kind (fronts, backs ...) with its longest page number."""
    for index in range(min(len(forms) for _, forms in pages)):
        fitted = [fit_footer(rooms, (forms[index],)) for rooms, forms in pages]
        if all(fitted):
            return index, min(size for _, _, size in fitted)
    return None


def draw_styled_footer(canvas: Canvas, rooms: Sequence[FooterRoom], forms: Sequence[Form],
                       style: Style) -> None:
    """A page's footer in the document's one style, centred along its room."""
    index, size = style
    fitted = fit_footer(rooms, (forms[index],))
    if fitted is not None:
        room, lines, largest = fitted
        _draw_lines(canvas, room, lines, min(size, largest), centred=True)


def draw_label(canvas: Canvas, room: FooterRoom, text: str) -> None:
    """A short label centred along `room`, as large as it allows up to the footer's size."""
    fitted = fit_footer((room,), ((text,),))
    if fitted is not None:
        _draw_lines(canvas, *fitted, centred=True)


def check_printable(text: str, where: Source, what: str, report: Report) -> None:
    """Text a footer or label prints (a title, a version, a deck, token set or board name) must
    be in the footer's font and read left to right."""
    face = fonts.family(FOOTER_FAMILY).face()
    missing = fonts.missing_glyphs(text, face)
    backwards = fonts.right_to_left(text)
    if missing:
        report.error(where.file, where.line, where.path, f"the page footer's font has no glyph "
                     f"for {_listed(missing)} in the {what}; it would print as a box",
                     code="missing-glyph")
    if backwards:
        report.error(where.file, where.line, where.path, f"the {what} holds right-to-left text "
                     f"({_listed(backwards)}), which the page footer would print reversed",
                     code="right-to-left")


def _listed(chars) -> str:
    return ", ".join(f"'{c}' (U+{ord(c):04X})" for c in chars[:5])


def _draw_lines(canvas: Canvas, room: FooterRoom, lines: Form, size: float, centred: bool) -> None:
    """Lines stacked in the middle of the room's depth, from its start (or centred along it).
    Rotated, the text runs up the page with the tops of its letters to the left."""
    face = fonts.family(FOOTER_FAMILY).face()
    ascent, descent = fonts.ascent(face) * size, fonts.descent(face) * size
    block = ascent + descent + (len(lines) - 1) * LEADING * size
    depth, length = mm_to_pt(room.depth), mm_to_pt(room.length)
    canvas.saveState()
    canvas.setFillColor(FOOTER_COLOR)
    canvas.setFont(face, size)
    if room.rotated:             # text x runs up the page, text y to the left, from the right edge
        canvas.translate(mm_to_pt(room.x1), mm_to_pt(room.y0))
        canvas.rotate(90)
    else:
        canvas.translate(mm_to_pt(room.x0), mm_to_pt(room.y0))
    baseline = (depth + block) / 2 - ascent
    for line in lines:
        width = fonts.text_width(line, face, size)
        canvas.drawString((length - width) / 2 if centred else 0.0, baseline, line)
        baseline -= LEADING * size
    canvas.restoreState()
