"""A booklet's back cover, as a game box's back: under a band of the document's colour with the
game's title (the template's), a panel saying how many of each kind of component is in the box,
and how to print the kit, step by step, each output kind's step in its own words. The game's
description is the front cover's, and the components' details are the rules' own table: neither
is said again."""
from __future__ import annotations

from reportlab.lib.colors import Color, white

from cardgen.render.booklet.platypus import Flowable, Spacer
from cardgen.base.model import Game
from cardgen.drawing import fonts
from cardgen.render.booklet import parts
from cardgen.render.booklet.flowables import INK, AtFoot, RichText
from cardgen.render.booklet.typesetter import TINT, Typesetter

GREY = Color(0.42, 0.40, 0.37)
PAPER_NAMES = {"a4": "A4", "a3": "A3", "letter": "US Letter"}
PAD = 10.0                     # pt inside the panel, either side and under it
GUIDE_SIZE = 1.05              # of the body: the printing guide's type (9.5 pt in a booklet)
GAP = 3.0                      # body sizes: the most room between the back cover's blocks


def back_cover(game: Game, ts: Typesetter, assembly: list[str]) -> list:
    """The back cover's flowables, spread evenly down the page: the panel of what is in the box,
    then how to print the kit: the paper, then each output kind's own `assembly` sentence."""
    counts = parts.box_counts(game)
    return [Spread(([InTheBox(counts, ts)] if counts else []) + [_guide(game, ts, assembly)],
                   ts.style.body * GAP)]


def back_under_text(game: Game, ts: Typesetter, assembly: list[str]) -> list:
    """With no page past the text to be the back cover, the same panel and printing guide at
    the foot of the last page, under its text, where they fit there; else nothing."""
    counts = parts.box_counts(game)
    panel = [InTheBox(counts, ts), Spacer(1, ts.style.body)] if counts else []
    return [IfRoom([*panel, _guide(game, ts, assembly)])]


def _guide(game: Game, ts: Typesetter, assembly: list[str]) -> Flowable:
    """How to print the kit: the paper, then each output kind's own `assembly` sentence."""
    body = ts.style.body
    guide = [ts.paragraph("**Printing this kit**", family=ts.condensed, size=body * 1.3,
                          color=ts.style.accent, after=body * 0.4)]
    for n, step in enumerate([paper_step(game), *assembly], start=1):
        guide.append(RichText(ts.parse(step), ts.sans, body * GUIDE_SIZE, indent=body * 1.4,
                              bullet=f"{n}.", after=body * 0.3, whole=True))
    return Stack(guide)


def paper_step(game: Game) -> str:
    settings = game.print
    return (f"Print at actual size (100%, no scaling) on "
            f"**{PAPER_NAMES.get(settings.page, settings.page.upper())}** paper.")


class Stack(Flowable):
    """Flowables one under another, as one block that does not split."""

    def __init__(self, flowables: list):
        super().__init__()
        self.flowables = flowables

    def wrap(self, avail_width, avail_height):
        self._sizes = [f.wrap(avail_width, 1e9) for f in self.flowables]
        self.width = avail_width
        self.height = sum(h + f.getSpaceAfter() for f, (_, h) in zip(self.flowables, self._sizes))
        return self.width, self.height

    def draw(self):
        y = self.height
        for flowable, (_, height) in zip(self.flowables, self._sizes):
            y -= height
            flowable.drawOn(self.canv, 0, y)
            y -= flowable.getSpaceAfter()


class Spread(Flowable):
    """Blocks down the frame with equal room above and between them, never more than GAP body
    sizes: a short back cover's blocks stay together at its head rather than float apart."""

    def __init__(self, blocks: list, most_gap: float = float("inf")):
        super().__init__()
        self.blocks, self.most_gap = blocks, most_gap

    def wrap(self, avail_width, avail_height):
        self._heights = [b.wrap(avail_width, avail_height)[1] for b in self.blocks]
        self.width = avail_width
        self.height = max(avail_height, sum(self._heights))
        return self.width, self.height

    def draw(self):
        gap = min((self.height - sum(self._heights)) / (len(self.blocks) + 1), self.most_gap)
        y = self.height
        for block, height in zip(self.blocks, self._heights):
            y -= gap + height
            block.drawOn(self.canv, 0, y)


class InTheBox(Flowable):
    """What is in the box: a strip of the accent colour saying so, then a tinted panel with one
    line for each kind of component, its count in bold: "56 cards"."""

    def __init__(self, counts: list[tuple[int, str]], ts: Typesetter):
        super().__init__()
        self.counts, self.ts = counts, ts

    def _line(self) -> float:
        return self.ts.style.body * 1.9

    def _strip(self) -> float:
        return self.ts.style.body * 2.3

    def wrap(self, avail_width, avail_height):
        self.width = avail_width
        self.height = self._strip() + PAD * 0.6 + len(self.counts) * self._line() + PAD * 0.6
        return self.width, self.height

    def draw(self):
        canvas, style = self.canv, self.ts.style
        body, strip, line = style.body, self._strip(), self._line()
        canvas.saveState()
        canvas.setFillColor(TINT)
        canvas.rect(0, 0, self.width, self.height, stroke=0, fill=1)
        canvas.setFillColor(style.accent)
        canvas.rect(0, self.height - strip, self.width, strip, stroke=0, fill=1)
        canvas.setFillColor(white)
        canvas.setFont(fonts.family("condensed").face(bold=True), body * 1.35)
        canvas.drawString(PAD, self.height - strip * 0.68, "In the box")
        sans = fonts.family("sans")
        count_width = max(fonts.text_width(str(n), sans.face(bold=True), body * 1.3)
                          for n, _ in self.counts)
        y = self.height - strip - PAD * 0.6
        for count, noun in self.counts:
            baseline = y - line * 0.68
            canvas.setFillColor(INK)
            canvas.setFont(sans.face(bold=True), body * 1.3)
            canvas.drawRightString(PAD + count_width, baseline, str(count))
            canvas.setFillColor(GREY)
            canvas.setFont(sans.face(), body * 1.15)
            canvas.drawString(PAD + count_width + body * 0.6, baseline, noun)
            y -= line
        canvas.restoreState()


class IfRoom(AtFoot):
    """Flowables at the foot of the room left on the page, under a thin rule, if they fit in
    it; else nothing, and no page is added for them."""

    def wrap(self, avail_width, avail_height):
        super().wrap(avail_width, avail_height)
        self.fits = self._need <= avail_height - 1.0
        if not self.fits:
            self.height = 0.0
        return self.width, self.height

    def draw(self):
        if self.fits:
            super().draw()
