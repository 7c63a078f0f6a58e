"""The booklets output: every document of a game (its rules, say) as plain pages, `<id>.pdf`, on
A4 or Letter with a linked table of contents and PDF outline, and as a saddle-stitched booklet,
`<id>-booklet.pdf`: A5 pages two to a side of landscape A4 (half-letter on Letter), padded to a
multiple of 4 and imposed for a short-edge flip, so the printed stack folds into a book."""
from __future__ import annotations

import io
from typing import Callable

from cardgen.shared.colors import parse_color
from cardgen.base.errors import Report
from cardgen.resolve.resolve import Faces
from cardgen.base.model import Document, Game, Source
from cardgen.render.base import OutputKind
from cardgen.render.booklet.story import story
from cardgen.render.booklet.template import BookTemplate, PageStyle, footer_room
from cardgen.render.booklet.typesetter import Typesetter
from cardgen.render.page_footer import book_forms, fit_footer
from cardgen.render.pages import (DocumentInfo, canvas_maker, document_info, finish,
                                   finish_writer, identity, identity_line, pdf_writer)
from cardgen.validate.documents import game_lookup
from cardgen.shared.saddle_stitch import booklet_sides
from cardgen.base.units import mm_to_pt

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

    def render(self, game: Game, faces: Faces, progress: Callable[[int], None]) -> dict[str, bytes]:
        out = {}
        _, page, sheet = PAPER[game.print.page]
        for document in game.documents:
            plain, booklet = page_styles(game, document)
            out[f"{document.id}.pdf"] = render_document(game, faces, document, plain)
            pages = render_document(game, faces, document, booklet)
            out[f"{document.id}-booklet.pdf"] = impose(
                pages, page, sheet, document_info(game, document.title, "short"))
        return out


def page_styles(game: Game, document: Document) -> tuple[PageStyle, PageStyle]:
    """A document's plain pages, on the game's paper (`<id>.pdf`), and its booklet's pages."""
    plain, page, _ = PAPER[game.print.page]
    accent = parse_color(document.color)
    return (PageStyle(*plain, PLAIN_MARGIN, PLAIN_BODY, accent),
            PageStyle(*page, BOOKLET_MARGIN, BOOKLET_BODY, accent))


def plain_pdf(game: Game, faces: Faces, document: Document) -> bytes:
    """A document as plain pages on the game's paper: `<id>.pdf`."""
    return render_document(game, faces, document, page_styles(game, document)[0])


def render_document(game: Game, faces: Faces, document: Document, style: PageStyle) -> bytes:
    buffer = io.BytesIO()
    info = document_info(game, document.title)            # pages to read one by one: simplex
    footer = (footer_room(style, game.print.margin), identity(game, document.title))
    template = BookTemplate(buffer, style, info, footer, (game.title, document.title))
    template.multiBuild(story(game, faces, document, Typesetter(style, game_lookup(game))),
                        canvasmaker=canvas_maker(info))
    return finish(buffer.getvalue())


def impose(pdf: bytes, page: tuple[float, float], sheet: tuple[float, float],
           info: DocumentInfo) -> bytes:
    """Pages two to a side of each sheet, in saddle-stitch order; blank where padded."""
    from pypdf import PdfReader, Transformation   # only when a booklet is made

    reader = PdfReader(io.BytesIO(pdf))
    writer = pdf_writer()
    width, height = mm_to_pt(sheet[0]), mm_to_pt(sheet[1])
    gap_x = (width - 2 * mm_to_pt(page[0])) / 2       # A5 on A4 leaves 0.5 mm each side
    gap_y = (height - mm_to_pt(page[1])) / 2
    for side in booklet_sides(len(reader.pages)):
        target = writer.add_blank_page(width, height)
        for number, x in ((side.left, gap_x), (side.right, gap_x + mm_to_pt(page[0]))):
            if number:
                target.merge_transformed_page(reader.pages[number - 1],
                                              Transformation().translate(x, gap_y))
    return finish_writer(writer, info)
