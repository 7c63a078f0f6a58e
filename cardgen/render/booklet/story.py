"""A document as platypus flowables, in order: the cover, the contents, the prototype notice
where the game has invented values, then the document's own blocks, with the parts its
directives ask for made from the game's data; and a booklet's pages past the text, which its
sheets hold anyway: pages for notes, and a back cover saying what is in the box."""
from __future__ import annotations

from cardgen.render.booklet.platypus import KeepInFrame, NextPageTemplate, PageBreak
from cardgen.resolve.resolve import Faces
from cardgen.base.markup import escaped
from cardgen.base.model import Block, Document, Game
from cardgen.render.booklet import parts
from cardgen.render.booklet.back_cover import back_cover, back_under_text
from cardgen.render.booklet.flowables import ChapterBreak, PartBreak, Ruled
from cardgen.render.booklet.keeping import keep_closing_lines, keep_headings_with_next, keep_leads
from cardgen.render.booklet.template import FRAME_RAISE, PagesPastText, contents
from cardgen.base.units import mm_to_pt
from cardgen.render.booklet.typesetter import Typesetter

ABOUT = "About this edition"
CREDIT_LABEL_WORDS = 3   # "Game design: A. Name": a label this short before a colon is set bold
CHAPTER_ROOM = 0.15      # of the page's height: a chapter starts on the next page with less left,
                         # unless the whole of it fits


def story(game: Game, faces: Faces, document: Document, ts: Typesetter, fill: bool = False,
          assembly: tuple[str, ...] = (), reference_apart: bool = False) -> list:
    """`fill`: the pages past the text, to the end of the last sheet, are filled: the last with
    a back cover, the others with notes (PagesPastText, counted as the text is laid out);
    `assembly`: the back cover's printing guide, a sentence for each output kind;
    `reference_apart`: the quick reference goes on the first spare page, not in the text."""
    lines = [f"**Players:** {escaped(game.players)}"] if game.players else []
    lines += [f"**Version:** {escaped(game.version)}"]
    lines += [_credit(credit) for credit in game.credits]
    flow = [*ts.cover(lines, escaped(game.description)),
            NextPageTemplate("body"), PageBreak(),
            ts.paragraph("**Contents**", family=ts.condensed, size=ts.style.heading_sizes[0],
                         color=ts.style.accent, after=ts.style.body),
            contents(ts.style), PageBreak()]
    about = _about_edition(game, document, ts)
    said: set[str] = set()          # the notes said once in the part so far
    reference = quick_reference(document.blocks)
    apart = range(*reference) if reference and reference_apart else range(0)
    for index, block in enumerate(document.blocks):
        if index in apart:
            continue
        if block.kind == "heading" and block.level == 1:
            said.clear()
        for flowable in about.get(index, []) + _block(game, faces, block, ts):
            once = getattr(flowable, "said_once", None)
            if once not in said:
                flow.append(flowable)
            if once:
                said.add(once)
    flow += about.get(len(document.blocks), [])
    reference = [document.blocks[i] for i in apart]
    past = [PagesPastText(lambda spare: back_pages(game, list(assembly), ts, spare, reference)
                          if spare else back_under_text(game, ts, list(assembly)))] if fill else []
    return _chapters(keep_headings_with_next(keep_closing_lines(keep_leads(flow)))) + past


def _chapters(flow: list) -> list:
    """The flow with each chapter's and part's break told what it starts: the flowables up to
    the next break (a part's: up to the next part or page break)."""
    for at, flowable in enumerate(flow):
        if isinstance(flowable, ChapterBreak):
            ends = (PartBreak, PageBreak) if isinstance(flowable, PartBreak) \
                else (ChapterBreak, PageBreak)
            end = next((i for i in range(at + 1, len(flow)) if isinstance(flow[i], ends)),
                       len(flow))
            flowable.chapter = flow[at + 1:end]
    return flow


def _credit(credit: str) -> str:
    """A credit as the cover's other lines are set: "Game design: A. Name" with its label in
    bold, as "Players:" is."""
    label, colon, name = credit.partition(": ")
    if colon and 0 < len(label.split()) <= CREDIT_LABEL_WORDS:
        return f"**{escaped(label)}:** {escaped(name)}"
    return escaped(credit)


def _about_edition(game: Game, document: Document, ts: Typesetter) -> dict[int, list]:
    """Where the game holds values its published rules do not give, a part at the back saying
    so, keyed by the block it goes before: under the document's own "About this edition"
    heading if it has one, else as a part of its own before the one that lists the versions
    (or at the end)."""
    notice = parts.prototype_notice(game, document)
    if not notice:
        return {}
    blocks = document.blocks
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
    first spare page holds the quick reference (`reference`: its section, heading first), if
    any, shrunk to fit it; the others are for notes. One page alone holds the quick reference,
    if any, else the back cover."""
    style = ts.style
    title = dict(family=ts.condensed, size=style.heading_sizes[1], color=style.accent,
                 after=style.body)
    out = []
    if pages == 1 and reference:       # the back page: the quick reference, not the box's back
        return [PageBreak(), *_reference_page(reference, ts)]
    for page in range(pages - 1):
        if page == 0 and reference:
            out += [PageBreak(), *_reference_page(reference, ts)]
        else:
            out += [PageBreak(), ts.paragraph("**Notes**", **title), Ruled(style.body * 2.2)]
    return out + [NextPageTemplate("back"), PageBreak(), *back_cover(game, ts, assembly)]


def _reference_page(reference: list[Block], ts: Typesetter) -> list:
    """The quick reference's section (heading first) on a page of its own, shrunk to fit it."""
    style = ts.style
    # a heading of its own, outside the shrinking frame, so the contents list the page
    heading = ts.heading(reference[0].text, 1)
    width = mm_to_pt(style.width - 2 * style.margin)
    summary = [flowable for block in reference[1:] for flowable in _reference_block(block, ts)]
    _, taken = heading.wrap(width, mm_to_pt(style.height))
    taken += heading.getSpaceBefore() + heading.getSpaceAfter()
    room = mm_to_pt(style.height - 2 * style.margin - FRAME_RAISE) - 1.0 - taken
    return [heading, KeepInFrame(width, room, summary, mode="shrink")]


def quick_reference(blocks: list[Block]) -> tuple[int, int] | None:
    """Where the section a @quick-reference directive stands in runs, from its heading to the
    next heading of its level or higher: a summary the text writes for itself, which a booklet
    with a spare page prints there rather than in the text."""
    at = next((i for i, b in enumerate(blocks)
               if b.kind == "directive" and b.text == "quick-reference"), None)
    start = next((i for i in range(at, -1, -1) if blocks[i].kind == "heading"), None) \
        if at is not None else None
    if start is None:
        return None
    level = blocks[start].level
    end = next((i for i in range(start + 1, len(blocks))
                if blocks[i].kind == "heading" and blocks[i].level <= level), len(blocks))
    return start, end


def _reference_block(block: Block, ts: Typesetter) -> list:
    """A block of the quick reference: its headings as plain bold lines, out of the contents."""
    if block.kind == "heading":
        return [ts.paragraph(f"**{block.text}**", family=ts.condensed,
                             size=ts.style.heading_sizes[2], color=ts.style.accent,
                             after=ts.style.body * 0.3)]
    return _block(None, None, block, ts)


def _block(game: Game, faces: Faces, block: Block, ts: Typesetter) -> list:
    if block.kind == "heading":
        before = [ChapterBreak(mm_to_pt(ts.style.height * CHAPTER_ROOM))] if block.level == 1 \
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
        return []                 # marks its section: quick_reference
    return [PartBreak()]          # page-break
