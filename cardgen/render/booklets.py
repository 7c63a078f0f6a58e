"""The booklets output: every document of a game (its rules, say) as plain pages, `<id>.pdf`, on
A4 or Letter with a linked table of contents and PDF outline, and as a saddle-stitched booklet,
`<id>-booklet.pdf`: A5 pages two to a side of landscape A4 (half-letter on Letter), padded to a
multiple of 4 and imposed for a short-edge flip, so the printed stack folds into a book."""
from __future__ import annotations

import io
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Callable

from cardgen.drawing.elements.picture import Icon
from cardgen.shared.colors import parse_color
from cardgen.base.collector import collector_paused
from cardgen.base.errors import Report
from cardgen.resolve.resolve import Faces
from cardgen.base.model import Document, Game, Source
from cardgen.render.base import SIDES, OutputKind, listed
from cardgen.render.boards import Boards
from cardgen.render.card_sheets import CardSheets
from cardgen.render.token_sheets import TokenSheets
from cardgen.render.booklet.page_style import PageStyle, footer_room
from cardgen.render.page_footer import book_forms, fit_footer
from cardgen.render.pages import (DocumentInfo, PageCanvas, canvas_maker, document_info, finish,
                                   identity, identity_line)
from cardgen.render.booklet.imposed import ImposingCanvas
from cardgen.validate.documents import game_lookup
from cardgen.base.units import mm_to_pt

# The typesetter (reportlab's platypus) is imported when a document is set, not to check one.
if TYPE_CHECKING:
    from cardgen.render.booklet.template import BookTemplate, Placed
    from cardgen.render.booklet.typesetter import Typesetter

PALE = 0.8        # of white: an icon's colour this light would not read on the page
# the game's paper -> plain pages, and a booklet's page and the sheet it is printed two-up on (mm)
PAPER = {"a4": ((210.0, 297.0), (148.0, 210.0), (297.0, 210.0)),
         "a3": ((210.0, 297.0), (148.0, 210.0), (297.0, 210.0)),
         "letter": ((215.9, 279.4), (139.7, 215.9), (279.4, 215.9))}
PLAIN_MARGIN, BOOKLET_MARGIN = 20.0, 13.0
PLAIN_BODY, BOOKLET_BODY = 10.0, 9.0
# the widest page number a footer is checked with: a document's blocks (DOCUMENT_BLOCKS) and
# text (DOCUMENT_BYTES) fill fewer pages than this
WIDEST_PAGE = 9999


class Booklets(OutputKind):
    name = "booklets"
    description = "documents such as the rules: plain pages and a saddle-stitched booklet"
    default = True

    def check(self, game: Game, report: Report) -> None:
        """Every page's footer says the game, the document, the version and the page number at
        5 pt or more, on the plain pages and the booklet's. A document's own checks are the
        validator's (validate/documents.py): its text is data."""
        for document in game.documents:
            says = identity(game, document.title)
            if any(fit_footer((footer_room(style, game.print.margin),),
                              book_forms(says, WIDEST_PAGE)) is None
                   for style in page_styles(game, document)):
                where = document.source
                report.warning(where.file, where.line, where.path, f"on {game.print.page} "
                               f"paper, the page footer of document '{document.id}' has no room "
                               f"for '{identity_line(game, document.title)}' and its page number "
                               "at 5 pt; a shorter game title or document title would fit",
                               code="footer-room")

    def file_names(self, game: Game) -> dict[str, list[tuple[str, Source]]]:
        out: dict[str, list] = {}
        for document in game.documents:
            for name in (f"{document.id}.pdf", f"{document.id}-booklet.pdf"):
                out.setdefault(name, []).append((f"document '{document.id}'", document.source))
        return out

    def assembly(self, game: Game) -> str | None:
        names = [f"{document.id}-booklet.pdf" for document in game.documents]
        if not names:
            return None
        noun = "Booklets" if len(names) > 1 else "Booklet"
        return (f"{noun}: {listed(names)}, {SIDES['short']}; fold the stack in the middle and "
                "staple on the fold.")

    def render(self, game: Game, faces: Faces, progress: Callable[[int], None]) -> dict[str, bytes]:
        out = {}
        sheet = PAPER[game.print.page][2]
        icons = icon_colors(faces)          # read from the faces once for every file
        for document in game.documents:
            out[f"{document.id}.pdf"] = plain_pdf(game, faces, document, icons)
            out[f"{document.id}-booklet.pdf"] = booklet_pages(game, faces, document, sheet,
                                                              icons).pdf
        return out


def page_styles(game: Game, document: Document) -> tuple[PageStyle, PageStyle]:
    """A document's plain pages, on the game's paper (`<id>.pdf`), and its booklet's pages."""
    plain, page, _ = PAPER[game.print.page]
    accent = parse_color(document.color)
    return (PageStyle(*plain, PLAIN_MARGIN, PLAIN_BODY, accent),
            PageStyle(*page, BOOKLET_MARGIN, BOOKLET_BODY, accent))


def plain_pdf(game: Game, faces: Faces, document: Document, icons: dict | None = None) -> bytes:
    """A document as plain pages on the game's paper: `<id>.pdf`. `icons`: icon_colors(faces),
    when the caller has them."""
    return render_document(game, faces, document, page_styles(game, document)[0], icons)


@dataclass(frozen=True)
class Typeset:
    """A document laid out: its PDF, and where each of its flowables went."""

    pdf: bytes
    pages: int
    placed: list[Placed]
    past_text: int = 0           # pages filled past the text, to the end of the last sheet


def booklet_pages(game: Game, faces: Faces, document: Document,
                  sheet: tuple[float, float] | None = None, icons: dict | None = None) -> Typeset:
    """A booklet's pages: the text, and past it to the end of its last sheet, the quick
    reference, pages for notes and a back cover (one page past the text: the quick reference if
    the text writes one, on the back page, where players find it; else the back cover). On
    `sheet` (mm), imposed two to a side in saddle-stitch order; with none, one by one in reading
    order. `icons`: icon_colors(faces), when the caller has them."""
    # setting a document makes thousands of objects, most freed as they go; what it leaves in
    # cycles (its flowables, a few MB) the collector's first pass after it frees
    with collector_paused():
        from cardgen.render.booklet.story import quick_reference
        setter = typesetter(game, faces, page_styles(game, document)[1], icons)
        apart = quick_reference(document.blocks) is not None
        book = typeset(game, faces, document, setter, True, apart, sheet)
        if apart and not book.past_text:      # no page past the text: the reference stays in it
            book = typeset(game, faces, document, setter, True, False, sheet)
    return book


def render_document(game: Game, faces: Faces, document: Document, style: PageStyle,
                    icons: dict | None = None) -> bytes:
    with collector_paused():
        return typeset(game, faces, document, typesetter(game, faces, style, icons)).pdf


def typesetter(game: Game, faces: Faces, style: PageStyle, icons: dict | None = None) -> Typesetter:
    from cardgen.render.booklet.typesetter import Typesetter
    return Typesetter(style, game_lookup(game), icon_colors(faces) if icons is None else icons)


def typeset(game: Game, faces: Faces, document: Document, setter: Typesetter,
            fill: bool = False, reference_apart: bool = False,
            sheet: tuple[float, float] | None = None) -> Typeset:
    """The document laid out and drawn; with `fill`, its last sheet filled (story); on `sheet`
    (mm), imposed as a booklet."""
    from cardgen.render.booklet.story import story
    buffer = io.BytesIO()
    if sheet is None:
        info, kind = document_info(game, document.title), PageCanvas    # read one by one: simplex
    else:
        info = document_info(game, document.title, "short")
        kind = partial(ImposingCanvas, sheet=(mm_to_pt(sheet[0]), mm_to_pt(sheet[1])))
    template = _template(game, document, setter.style, buffer, info)
    template.multiBuild(story(game, faces, document, setter, fill, printing_guide(game),
                              reference_apart), canvasmaker=canvas_maker(info, kind))
    return Typeset(finish(buffer.getvalue()), template.page, template.placed, template.past_text)


def _template(game: Game, document: Document, style: PageStyle, buffer: io.BytesIO,
              info: DocumentInfo) -> BookTemplate:
    from cardgen.render.booklet.template import BookTemplate
    footer = (footer_room(style, game.print.margin), identity(game, document.title))
    back = ([f"Players: {game.players}"] if game.players else []) + [f"version {game.version}"]
    return BookTemplate(buffer, style, info, footer, (game.title, document.title), tuple(back))


def printing_guide(game: Game) -> list[str]:
    """How to make up each output kind's files, in its own words, for the back cover."""
    steps = (kind().assembly(game) for kind in (CardSheets, TokenSheets, Boards, Booklets))
    return [step for step in steps if step]


def icon_colors(faces: Faces) -> dict:
    """Each icon the cards draw, as an element or inline in their text, in the colour they draw
    it in most often: an emblem in the rules prints in its suit's colour, a heart in the red the
    cards give it. An icon drawn only pale (white on a band) keeps the text's colour."""
    seen: dict = {}                 # icon name -> {colour's hex: (count, colour)}
    for deck in faces.decks:
        for face in deck.fronts.values():
            for drawn in face.elements:
                color = getattr(drawn, "color", None)
                if color is None or _luminance(color) >= PALE:
                    continue
                for name in _icons_drawn(drawn):
                    count, _ = seen.setdefault(name, {}).get(color.hexval(), (0, color))
                    seen[name][color.hexval()] = (count + 1, color)
    return {name: max(colors.values(), key=lambda counted: counted[0])[1]
            for name, colors in seen.items()}


def _icons_drawn(drawn) -> list[str]:
    """The icons an element draws: itself, or those set inline in its text."""
    if isinstance(drawn, Icon):
        return [drawn.name]
    layout = getattr(drawn, "layout", None)
    return [piece.icon for line in getattr(layout, "lines", ()) for piece in line.pieces
            if piece.icon]


def _luminance(color) -> float:
    red, green, blue = color.rgb()
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue
