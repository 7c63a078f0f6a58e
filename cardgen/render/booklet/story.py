"""A document as platypus flowables, in order: the cover, the contents, the prototype notice
where the game has invented values, then the document's own blocks, with the parts its
directives ask for made from the game's data; and a booklet's pages past the text, which its
sheets hold anyway: pages for notes, and a back cover saying what is in the box."""
from __future__ import annotations

from reportlab.platypus import CondPageBreak, NextPageTemplate, PageBreak

from cardgen.resolve.resolve import Faces
from cardgen.base.markup import escaped
from cardgen.base.model import Block, Document, Game
from cardgen.render.booklet import parts
from cardgen.render.booklet.back_cover import back_cover
from cardgen.render.booklet.flowables import PartBreak, Ruled, keep_closing_lines, \
    keep_headings_with_next
from cardgen.render.booklet.template import contents
from cardgen.render.booklet.typesetter import Typesetter

ABOUT = "About this edition"
CHAPTER_ROOM = 0.15      # of the page's height: a chapter starts on the next page with less left


def story(game: Game, faces: Faces, document: Document, ts: Typesetter, spare: int = 0,
          assembly: tuple[str, ...] = ()) -> list:
    """`spare`: how many pages past the text to fill: the last a back cover, the others notes;
    `assembly`: the back cover's printing guide, a sentence for each output kind."""
    lines = [f"**Players:** {escaped(game.players)}"] if game.players else []
    lines += [f"**Version** {escaped(game.version)}"]
    lines += [escaped(credit) for credit in game.credits]
    flow = [*ts.cover(lines, escaped(game.description)),
            NextPageTemplate("body"), PageBreak(),
            ts.paragraph("**Contents**", family=ts.condensed, size=ts.style.heading_sizes[0],
                         color=ts.style.accent, after=ts.style.body),
            contents(ts.style), PageBreak()]
    about = _about_edition(game, document.blocks, ts)
    said: set[str] = set()          # the notes said once in the part so far
    for index, block in enumerate(document.blocks):
        if block.kind == "heading" and block.level == 1:
            said.clear()
        for flowable in about.get(index, []) + _block(game, faces, block, ts):
            once = getattr(flowable, "said_once", None)
            if once not in said:
                flow.append(flowable)
            if once:
                said.add(once)
    flow += about.get(len(document.blocks), [])
    return (keep_headings_with_next(keep_closing_lines(flow))
            + (back_pages(game, list(assembly), ts, spare) if spare else []))


def _about_edition(game: Game, blocks: list[Block], ts: Typesetter) -> dict[int, list]:
    """Where the game holds values its published rules do not give, a part at the back saying
    so, keyed by the block it goes before: under the document's own "About this edition"
    heading if it has one, else as a part of its own before the one that lists the versions
    (or at the end)."""
    notice = parts.prototype_notice(game)
    if not notice:
        return {}
    headings = [(i, b) for i, b in enumerate(blocks) if b.kind == "heading"]
    own = next((i for i, b in headings if b.text.strip().casefold() == ABOUT.casefold()), None)
    if own is not None:
        return {own + 1: [ts.paragraph(notice)]}
    versions = next((i for i, b in enumerate(blocks) if b.kind == "directive"
                     and b.text == "changelog"), len(blocks))
    at = max((i for i, b in headings if b.level == 1 and i <= versions), default=versions)
    return {at: _block(game, None, Block("heading", 0, ABOUT, level=1), ts) + [ts.paragraph(notice)]}


def back_pages(game: Game, assembly: list[str], ts: Typesetter, pages: int) -> list:
    """`pages` - 1 pages for notes, then the back cover: what is in the box, from the data."""
    style = ts.style
    title = dict(family=ts.condensed, size=style.heading_sizes[1], color=style.accent,
                 after=style.body)
    out = []
    for _ in range(pages - 1):
        out += [PageBreak(), ts.paragraph("**Notes**", **title), Ruled(style.body * 2.2)]
    return out + [NextPageTemplate("back"), PageBreak(), *back_cover(game, ts, assembly)]


def _block(game: Game, faces: Faces, block: Block, ts: Typesetter) -> list:
    if block.kind == "heading":
        before = [CondPageBreak(ts.style.height * CHAPTER_ROOM * 72 / 25.4)] if block.level == 1 \
            else []
        return before + [ts.heading(block.text, block.level)]
    if block.kind == "paragraph":
        return [ts.paragraph(block.text)]
    if block.kind in ("bullets", "numbers"):
        return ts.items(block.items, block.kind == "numbers")
    if block.kind == "table":
        return [ts.table(block.items, block.header)]
    if block.kind == "note":
        return [ts.note(block.text)]
    return _directive(game, faces, block, ts)


def _directive(game: Game, faces: Faces, block: Block, ts: Typesetter) -> list:
    name = block.text
    if name == "components":
        return parts.components(game, ts)
    if name == "cards":
        title = [ts.heading(block.args["title"], 3)] if block.args.get("title") else []
        return title + parts.card_reference(game, block, ts)
    if name == "glossary":
        return parts.glossary(game, ts)
    if name == "definitions":
        return parts.definitions(game, block, ts)
    if name == "diagrams":
        return parts.diagrams(game, faces, block, ts)
    if name == "changelog":
        return parts.changelog(game, ts)
    if name == "errata":
        return parts.errata(game, ts)
    return [PartBreak()]          # page-break
