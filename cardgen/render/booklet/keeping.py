"""How a booklet's pieces keep together across pages: a heading with the short paragraphs that
introduce its section and the start of what follows, a list's items two or more to a page, an
example or a numbered list with the end of the paragraph that leads into it, and a short closing
line with the item before it, so that none is left alone at a page's foot or top."""
from __future__ import annotations

from cardgen.render.booklet.platypus import CondPageBreak, Flowable, PageBreak, Table
from cardgen.render.booklet.flowables import Drawing, Heading, Note, RichText

INTRO_CHARS = 240     # a paragraph this short (about three lines) under a heading introduces it
CLOSING_CHARS = 160   # a paragraph this short (two lines or so) never starts a page alone
LEAST_ITEMS = 2       # a list split over a page turn leaves this many items on either side
SHORT_ITEMS = 8       # a list of this many items or fewer never splits, unless it is long:
LONG_LINES = 16       # more lines than this (a third of a page or so)
SHORT_LINES = 6       # nor does a list of this many lines or fewer


def parts_of(flowable: Flowable) -> list[Flowable]:
    """What a flowable keeps together, one by one (itself when it keeps nothing)."""
    inner = getattr(flowable, "parts", None)
    return [part for each in inner for part in parts_of(each)] if inner else [flowable]


class ItemList(Flowable):
    """A list's items one under another (and a short line closing the list, kept with its last
    item): split over a page turn only between items, leaving LEAST_ITEMS or more on either side;
    a short list (SHORT_ITEMS items or fewer in LONG_LINES lines or fewer, or SHORT_LINES lines)
    moves to the next page whole. `piece`: a part of a list split already, which splits wherever it may."""

    def __init__(self, items: list[RichText], piece: bool = False):
        super().__init__()
        self.items, self.piece = items, piece
        self.spaceBefore = items[0].getSpaceBefore()
        self.spaceAfter = items[-1].getSpaceAfter()

    @property
    def parts(self) -> list[Flowable]:
        return list(self.items)

    def _gap(self, index: int) -> float:
        return self.items[index].getSpaceAfter() + self.items[index + 1].getSpaceBefore()

    def wrap(self, avail_width, avail_height):
        self._sizes = [item.wrap(avail_width, 1e9) for item in self.items]
        self.width = avail_width
        self.height = sum(h for _, h in self._sizes) + sum(self._gap(i)
                                                          for i in range(len(self.items) - 1))
        return self.width, self.height

    def _short(self) -> bool:
        lines = sum(len(item._layout.lines) for item in self.items)
        return (len(self.items) <= SHORT_ITEMS and lines <= LONG_LINES) or lines <= SHORT_LINES

    def split(self, avail_width, avail_height):
        postponed = getattr(self, "_postponed", False)
        self.wrap(avail_width, avail_height)
        if not (self.piece or postponed) and self._short():
            return []
        fit, used = 0, 0.0
        for index, (_, height) in enumerate(self._sizes):
            used += height + (self._gap(index - 1) if index else 0.0)
            if used > avail_height + 1e-6:
                break
            fit = index + 1
        if fit >= len(self.items):
            return [self]
        least = 1 if postponed else LEAST_ITEMS       # on a page of its own: as it must
        fit = min(fit, len(self.items) - least)
        if fit >= least:
            return [ItemList(self.items[:fit], True), ItemList(self.items[fit:], True)]
        if not postponed:
            return []
        first, rest = self.items[0], self.items[1:]    # an item taller than a page
        first._postponed = True
        return [*first.split(avail_width, avail_height), *([ItemList(rest, True)] if rest else [])]

    def draw(self):
        top = self.height
        for index, (item, (_, height)) in enumerate(zip(self.items, self._sizes)):
            item.drawOn(self.canv, 0, top - height)
            if index < len(self.items) - 1:
                top -= height + self._gap(index)


class KeptPair(Flowable):
    """Two flowables kept together, `first` above `second`; how they part at a page's foot is
    each kind's own `split`. `bounded`: the first is wrapped in the room there is (a table's
    rows), not as if it had a whole column."""

    bounded = False

    def __init__(self, first: Flowable, second: Flowable):
        super().__init__()
        self.first, self.second = first, second
        self.spaceBefore, self.spaceAfter = first.getSpaceBefore(), second.getSpaceAfter()

    @property
    def parts(self) -> list[Flowable]:
        return [self.first, self.second]

    def _gap(self) -> float:
        return self.first.getSpaceAfter() + self.second.getSpaceBefore()

    def wrap(self, avail_width, avail_height):
        self._sizes = [self.first.wrap(avail_width, avail_height if self.bounded else 1e9),
                       self.second.wrap(avail_width, 1e9)]
        self.width = avail_width
        self.height = self._sizes[0][1] + self._gap() + self._sizes[1][1]
        return self.width, self.height

    def draw(self):
        (_, first), _ = self._sizes
        self.first.drawOn(self.canv, 0, self.height - first)
        self.second.drawOn(self.canv, 0, 0)


class KeptWithLead(KeptPair):
    """An example (a note) or a numbered list kept with the paragraph that leads into it: on one
    page where they fit; else the paragraph whole with the list's first items, or the
    paragraph's last lines with the example; else both on the next page."""

    def __init__(self, lead: Flowable, block: Flowable):
        super().__init__(lead, block)
        self.lead, self.block = lead, block

    def split(self, avail_width, avail_height):
        if getattr(self, "_postponed", False):
            return [self.lead, self.block]
        self.wrap(avail_width, avail_height)
        (_, lead), (_, block) = self._sizes
        below = avail_height - lead - self._gap()
        if below > 0:
            pieces = self.block.split(avail_width, below)
            if len(pieces) >= 2:
                return [self.lead, *pieces]
        above = avail_height - block - self._gap()
        pieces = self.lead.split(avail_width, above) if above > 0 else []
        if len(pieces) == 2:
            return [pieces[0], KeptWithNext([pieces[1]], self.block)]
        return []


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
        return [*self.heads, self.follower]

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


class KeptWithLast(KeptPair):
    """A table and the short line that closes it (a note under it): the line goes with the
    table's last rows, so it never tops a page alone."""

    bounded = True

    def __init__(self, block: Flowable, line: Flowable):
        super().__init__(block, line)
        self.block, self.line = block, line

    def split(self, avail_width, avail_height):
        postponed = getattr(self, "_postponed", False)
        if postponed:                  # on a page of its own: the table splits as it must
            self.block._postponed = True
        line = self.line.wrap(avail_width, 1e9)[1] + self._gap()
        for room in (avail_height, avail_height - line):   # the table's own split, else shorter
            pieces = self.block.split(avail_width, room) if room > 0 else []
            if len(pieces) >= 2:
                return [*pieces[:-1], KeptWithLast(pieces[-1], self.line)]
        return [self.block, self.line] if postponed else []


def headings(flowable: Flowable) -> list[Heading]:
    """The headings a flowable placed on a page brings: itself, or those it keeps with the next."""
    if isinstance(flowable, Heading):
        return [flowable]
    if isinstance(flowable, KeptWithNext):
        return [head for head in flowable.heads if isinstance(head, Heading)]
    return []


def keep_leads(flow: list) -> list:
    """The flow with each example (a note) and each numbered list joined to the paragraph or
    list just before it, which leads into it."""
    out: list = []
    for flowable in flow:
        before = out[-1] if out else None
        leads = _plain(before) or isinstance(before, ItemList)
        if leads and (isinstance(flowable, Note) or (isinstance(flowable, ItemList)
                                                     and flowable.items[0].bullet[:1].isdigit())):
            out[-1] = KeptWithLead(before, flowable)
        else:
            out.append(flowable)
    return out


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


def _subsection(heading: Heading, heads: list) -> bool:
    """A heading of a lower level than the last heading of the run: the intro of the run leads
    into its subsection."""
    last = next((head for head in reversed(heads) if isinstance(head, Heading)), None)
    return last is not None and heading.level > last.level


def keep_closing_lines(flow: list) -> list:
    """The flow with each paragraph of two lines or so that closes its section (a heading, a page
    break or the end follows it) joined to the list or table, or the short paragraph or note (a
    few lines: never one that would need to split) before it, so that it never tops a page
    alone."""
    out: list = []
    for flowable, following in zip(flow, [*flow[1:], None]):
        closes = following is None or isinstance(following, (Heading, CondPageBreak, PageBreak))
        before = out[-1] if out else None
        closing = closes and _plain(flowable) and len(flowable.parsed.plain) <= CLOSING_CHARS
        if closing and isinstance(before, ItemList):
            out[-1] = ItemList([*before.items, flowable])
        elif closing and isinstance(before, Table):
            out[-1] = KeptWithLast(before, flowable)
        elif (closing and isinstance(before, RichText) and not isinstance(before, Heading)
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
    joined to the first substantial flowable of its section (a subsection's heading and intro
    too, when its first block is the section's). A section of nothing but short paragraphs
    keeps its heading with its last one."""
    out, heads = [], []

    def close() -> list:
        """The run of heads when no substantial block of their section follows."""
        if len(heads) > 1 and not _leads_in(heads[-1]):
            return [KeptWithNext(heads[:-1], heads[-1])]
        return list(heads)

    for flowable in flow:
        if _leads_in(flowable):
            if isinstance(flowable, Heading) and heads and not _leads_in(heads[-1]) \
                    and not _subsection(flowable, heads):
                out += close()
                heads = []
            heads.append(flowable)
        elif heads and _intro(flowable, heads):
            heads.append(flowable)
        elif heads and isinstance(flowable, (RichText, Table, Drawing, KeptWithNext, ItemList,
                                                     KeptPair)):
            out.append(KeptWithNext(heads, flowable))
            heads = []
        else:
            out += close() + [flowable]
            heads = []
    return out + close()
