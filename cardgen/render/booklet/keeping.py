"""How a booklet's pieces keep together across pages: a heading with the short paragraphs that
introduce its section and the start of what follows, and a short closing line with the item
before it, so neither is left alone at a page's foot or top."""
from __future__ import annotations

from reportlab.platypus import CondPageBreak, Flowable, PageBreak, Table

from cardgen.render.booklet.flowables import Drawing, Heading, RichText

INTRO_CHARS = 240     # a paragraph this short (about three lines) under a heading introduces it
CLOSING_CHARS = 110   # a paragraph this short (a line or so) never starts a page alone


class KeptWithNext(Flowable):
    """Headings (with the short paragraphs that introduce their section, and a paragraph that
    leads into what follows, ending in a colon) and the flowable after them, never parted at a
    page's foot: when they do not fit, the follower's first piece (the first rows of a table,
    the first lines of a paragraph) comes along under them, or all of them move to the next
    page. Taller than a whole page with what follows, they go their own ways."""

    def __init__(self, heads: list[RichText], follower: Flowable):
        super().__init__()
        self.heads, self.follower = heads, follower
        self.spaceBefore = heads[0].getSpaceBefore()
        self.spaceAfter = follower.getSpaceAfter()

    @property
    def parts(self) -> list[Flowable]:
        """What it keeps together, one by one: those a follower kept together listed too."""
        follower = self.follower
        return [*self.heads, *(follower.parts if isinstance(follower, KeptWithNext) else [follower])]

    def _gap(self, index: int) -> float:
        """The space between part `index` and the one after it."""
        parts = [*self.heads, self.follower]
        return parts[index].getSpaceAfter() + parts[index + 1].getSpaceBefore()

    def _heads_height(self, avail_width: float) -> float:
        return sum(head.wrap(avail_width, 1e9)[1] + self._gap(i)
                   for i, head in enumerate(self.heads))

    def wrap(self, avail_width, avail_height):
        above = self._heads_height(avail_width)
        self._sizes = [(head.width, head.height) for head in self.heads]
        self._sizes.append(self.follower.wrap(avail_width, max(avail_height - above, 0.0)))
        self.width, self.height = avail_width, above + self._sizes[-1][1]
        return self.width, self.height

    def split(self, avail_width, avail_height):
        if getattr(self, "_postponed", False):
            return [*self.heads, self.follower]
        below = avail_height - self._heads_height(avail_width)
        pieces = self.follower.split(avail_width, below) if below > 0 else []
        if len(pieces) < 2:
            return []
        return [*self.heads, *pieces]

    def draw(self):
        top = self.height
        for index, (part, (_, height)) in enumerate(zip([*self.heads, self.follower], self._sizes)):
            part.drawOn(self.canv, 0, top - height)
            if index < len(self.heads):
                top -= height + self._gap(index)


def headings(flowable: Flowable) -> list[Heading]:
    """The headings a flowable placed on a page brings: itself, or those it keeps with the next."""
    if isinstance(flowable, Heading):
        return [flowable]
    if isinstance(flowable, KeptWithNext):
        return [head for head in flowable.heads if isinstance(head, Heading)]
    return []


def _leads_in(flowable: Flowable) -> bool:
    """A heading, or a short paragraph ending in a colon: it introduces what comes next."""
    if isinstance(flowable, Heading):
        return True
    return (type(flowable) is RichText and not flowable.bullet and len(flowable.parsed.plain) < 300
            and flowable.parsed.plain.rstrip().endswith(":"))


def _intro(flowable: Flowable, heads: list) -> bool:
    """A paragraph that, with those already under the heading, is short enough to introduce its
    section: it goes where the section's first substantial block (a table, a list, a longer
    paragraph) goes. A run of short paragraphs (a glossary) is no intro past its first few
    lines."""
    if type(flowable) is not RichText or flowable.bullet or flowable.whole:
        return False
    said = sum(len(h.parsed.plain) for h in heads if not isinstance(h, Heading))
    return said + len(flowable.parsed.plain) <= INTRO_CHARS


def keep_closing_lines(flow: list) -> list:
    """The flow with each paragraph of a line or so that closes its section (a heading, a page
    break or the end follows it) joined to the short paragraph, list item or note before it (a
    few lines: never one that would need to split), so that it never tops a page alone."""
    out: list = []
    for flowable, following in zip(flow, [*flow[1:], None]):
        closes = following is None or isinstance(following, (Heading, CondPageBreak, PageBreak))
        before = out[-1] if out else None
        if (closes and _plain(flowable) and len(flowable.parsed.plain) <= CLOSING_CHARS
                and isinstance(before, RichText) and not isinstance(before, Heading)
                and len(before.parsed.plain) <= 2 * INTRO_CHARS):
            out[-1] = KeptWithNext([before], flowable)
        else:
            out.append(flowable)
    return out


def _plain(flowable: Flowable) -> bool:
    """A paragraph of the text: not a heading, a list item or a note."""
    return type(flowable) is RichText and not flowable.bullet and not flowable.whole


def keep_headings_with_next(flow: list) -> list:
    """The flow with each heading, the lead-in paragraphs and the short intro paragraphs under it
    joined to the first substantial flowable of its section. A section of nothing but short
    paragraphs keeps its heading with its last one."""
    out, heads = [], []

    def close() -> list:
        """The run of heads when no substantial block of their section follows."""
        if len(heads) > 1 and not _leads_in(heads[-1]):
            return [KeptWithNext(heads[:-1], heads[-1])]
        return list(heads)

    for flowable in flow:
        if _leads_in(flowable):
            if isinstance(flowable, Heading) and heads and not _leads_in(heads[-1]):
                out += close()
                heads = []
            heads.append(flowable)
        elif heads and _intro(flowable, heads):
            heads.append(flowable)
        elif heads and isinstance(flowable, (RichText, Table, Drawing, KeptWithNext)):
            out.append(KeptWithNext(heads, flowable))
            heads = []
        else:
            out += close() + [flowable]
            heads = []
    return out + close()
