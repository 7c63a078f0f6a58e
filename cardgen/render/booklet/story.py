"""A document as platypus flowables, in order: the cover, the contents, the prototype notice
where the game has invented values, then the document's own blocks, with the parts its
directives ask for made from the game's data; and a booklet's pages past the text, which its
sheets hold anyway: pages for notes, and a back cover saying what is in the box."""
from __future__ import annotations

from reportlab.platypus import CondPageBreak, KeepInFrame, NextPageTemplate, PageBreak

from cardgen.resolve.resolve import Faces
from cardgen.base.markup import escaped
from cardgen.base.model import Block, Document, Game
from cardgen.render.booklet import parts
from cardgen.render.booklet.back_cover import back_cover
from cardgen.render.booklet.flowables import PartBreak, Ruled
from cardgen.render.booklet.keeping import keep_closing_lines, keep_headings_with_next, keep_leads
from cardgen.render.booklet.template import FRAME_RAISE, contents
from cardgen.base.units import mm_to_pt
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
    return (keep_headings_with_next(keep_closing_lines(keep_leads(flow)))
            + (back_pages(game, list(assembly), ts, spare, _quick_reference(document.blocks))
               if spare else []))


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


def back_pages(game: Game, assembly: list[str], ts: Typesetter, pages: int,
               reference: list[Block] = ()) -> list:
    """`pages` - 1 spare pages, then the back cover: what is in the box, from the data. The
    first spare page holds the sections marked @quick-reference, if any, shrunk to fit it; the
    others are for notes."""
    style = ts.style
    title = dict(family=ts.condensed, size=style.heading_sizes[1], color=style.accent,
                 after=style.body)
    out = []
    for page in range(pages - 1):
        if page == 0 and reference:
            # a heading of its own, outside the shrinking frame, so the contents list the page
            heading = ts.heading("Quick reference", 1)
            width = mm_to_pt(style.width - 2 * style.margin)
            summary = [flowable for block in reference for flowable in _reference_block(block, ts)]
            _, taken = heading.wrap(width, mm_to_pt(style.height))
            taken += heading.getSpaceBefore() + heading.getSpaceAfter()
            room = mm_to_pt(style.height - 2 * style.margin - FRAME_RAISE) - 1.0 - taken
            out += [PageBreak(), heading, KeepInFrame(width, room, summary, mode="shrink")]
        else:
            out += [PageBreak(), ts.paragraph("**Notes**", **title), Ruled(style.body * 2.2)]
    return out + [NextPageTemplate("back"), PageBreak(), *back_cover(game, ts, assembly)]


def _quick_reference(blocks: list[Block]) -> list[Block]:
    """The blocks of each section a @quick-reference directive stands in, in order: from its
    heading to the next heading of its level or higher, less the examples (notes)."""
    out = []
    for at, block in enumerate(blocks):
        if block.kind != "directive" or block.text != "quick-reference":
            continue
        start = next((i for i in range(at, -1, -1) if blocks[i].kind == "heading"), None)
        if start is None:
            continue
        level = blocks[start].level
        end = next((i for i in range(start + 1, len(blocks))
                    if blocks[i].kind == "heading" and blocks[i].level <= level), len(blocks))
        out += [b for b in blocks[start:end] if b.kind not in ("note", "directive")]
    return out


def _reference_block(block: Block, ts: Typesetter) -> list:
    """A block of the quick reference: its headings as plain bold lines, out of the contents."""
    if block.kind == "heading":
        return [ts.paragraph(f"**{block.text}**", family=ts.condensed,
                             size=ts.style.heading_sizes[2], color=ts.style.accent,
                             after=ts.style.body * 0.3)]
    return _block(None, None, block, ts)


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
    if name == "quick-reference":
        return []                 # printed again on a spare page: back_pages
    return [PartBreak()]          # page-break
