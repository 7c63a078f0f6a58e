"""A booklet's back cover, as a game box's back: a panel listing what is in the box, kind by
kind, each count in bold, headed by a strip of the document's colour like the cover's band; and
how to print the kit, step by step, from the build's own settings and file names. The game's
description is the front cover's: it is not said again."""
from __future__ import annotations

from reportlab.lib.colors import Color, white
from reportlab.platypus import Flowable

from cardgen.base.markup import escaped
from cardgen.base.model import Game
from cardgen.drawing import fonts
from cardgen.render.boards import Boards
from cardgen.render.booklet import parts
from cardgen.render.card_sheets import CardSheets
from cardgen.render.token_sheets import TokenSheets, sides
from cardgen.shared.tiling import board_plan
from cardgen.render.booklet.flowables import INK, RichText
from cardgen.render.booklet.typesetter import LINE, TINT, Typesetter

GREY = Color(0.42, 0.40, 0.37)
PAPER_NAMES = {"a4": "A4", "a3": "A3", "letter": "US Letter"}
PAD = 10.0                     # pt inside the panel, either side and under it
SMALLEST = 0.7                 # of its size: the least a long list is set at to fit


def back_cover(game: Game, ts: Typesetter, document_id: str) -> list:
    """The back cover's flowables: how to print the kit, and the panel of what is in the box."""
    body = ts.style.body
    out = [ts.paragraph("**Printing this kit**", family=ts.condensed, size=body * 1.3,
                        color=ts.style.accent, after=body * 0.4)]
    for n, step in enumerate(printing_steps(game, document_id), start=1):
        out.append(RichText(ts.parse(step), ts.sans, body * 0.9, indent=body * 1.3,
                            bullet=f"{n}.", after=body * 0.25, whole=True))
    out[-1].spaceAfter = body * 1.2
    groups = parts.box_contents(game)
    if groups:
        out.append(InTheBox(groups, ts))
    return out


FLIPS = {"long": "two-sided, flipping on the long edge",
         "short": "two-sided, flipping on the short edge",
         "fold": "one-sided; fold each sheet on its dashed line, printed sides out",
         "none": "one-sided"}


def printing_steps(game: Game, document_id: str) -> list[str]:
    """How to print and make up the kit, in card markup: the paper, each file and how it prints,
    then the order to cut, join and fold in. Every word of it comes from the build's settings
    and the files it writes."""
    settings = game.print
    decks = [escaped(name) for name in CardSheets().file_names(game)]
    tokens = [escaped(name) for name in TokenSheets().file_names(game)]
    boards = [escaped(name) for name in Boards().file_names(game)]
    steps = [f"Print at actual size (100%, no scaling) on "
             f"**{PAPER_NAMES.get(settings.page, settings.page.upper())}** paper."]
    if decks:
        steps.append(f"Cards: {_listed(decks)}, {FLIPS[settings.duplex]}.")
    if tokens:
        flips = {sides(game, token_set) for token_set in game.token_sets}
        how = FLIPS[next((f for f in ("long", "short", "fold") if f in flips), "none")]
        steps.append(f"Tokens: {_listed(tokens)}, {how}.")
    if boards:
        pieces = max(len(board_plan(game, board).tiles) for board in game.boards)
        steps.append(f"Board{'s' * (len(boards) > 1)}: {_listed(boards)}, one-sided"
                     + ("; trim the pieces at their marks and tape them together." if pieces > 1
                        else "."))
    steps.append(f"This booklet: **{escaped(document_id)}-booklet.pdf**, "
                 f"{FLIPS['short']}; fold the stack in the middle and staple on the fold.")
    cut = [kind for kind, files in (("cards", decks), ("tokens", tokens)) if files]
    if cut:
        steps.append(f"Cut out the {' and '.join(cut)} along the crop marks.")
    return steps


def _listed(names: list[str]) -> str:
    bold = [f"**{name}**" for name in names]
    return bold[0] if len(bold) == 1 else ", ".join(bold[:-1]) + " and " + bold[-1]


class InTheBox(Flowable):
    """What is in the box: a strip of the accent colour saying so, then a tinted panel with each
    kind of component under a label (with its total when it has several), and each deck, token
    set or board as its count in bold, its name, and what it is in small grey type at the
    right. It takes the rest of the frame and sits in the middle of it; a list too long for the
    room is set smaller."""

    def __init__(self, groups: list[tuple[str, list[tuple[int, str, str]]]], ts: Typesetter):
        super().__init__()
        self.groups, self.ts = groups, ts

    def _rows(self, width: float, scale: float) -> list[tuple[str, object, float]]:
        """The panel's lines, top to bottom: ("label", (label, total), height) or ("item",
        (count, name, detail), height), with their text set at `scale`."""
        ts, body = self.ts, self.ts.style.body * scale
        count_width, detail_width = body * 2.6, (width - 2 * PAD) * 0.36
        name_width = width - 2 * PAD - count_width - detail_width
        rows = []
        for label, items in self.groups:
            total = sum(count for count, _, _ in items) if len(items) > 1 else None
            rows.append(("label", (label, total), body * 2.3))
            for count, name, detail in items:
                name_text = RichText(ts.parse(escaped(name)), ts.serif, body, leading=1.25)
                detail_text = RichText(ts.parse(escaped(detail)), ts.sans, body * 0.8,
                                       leading=1.25, color=GREY, align="right")
                high = max(name_text.wrap(name_width, 1e9)[1],
                           detail_text.wrap(detail_width, 1e9)[1])
                rows.append(("item", (str(count), name_text, detail_text), high + body * 0.55))
        self._columns = (count_width, name_width, detail_width)
        return rows

    def _strip(self, scale: float) -> float:
        return self.ts.style.body * 2.3 * scale

    def _panel_height(self, rows, scale: float) -> float:
        return self._strip(scale) + PAD * 0.6 + sum(h for _, _, h in rows) + PAD

    def wrap(self, avail_width, avail_height):
        scale = 1.0
        while True:
            self._scale, self._lines = scale, self._rows(avail_width, scale)
            self._panel = self._panel_height(self._lines, scale)
            if self._panel <= avail_height or scale <= SMALLEST:
                break
            scale = max(scale - 0.05, SMALLEST)
        self.width, self.height = avail_width, max(avail_height, self._panel)
        return self.width, self.height

    def draw(self):
        canvas, style, scale = self.canv, self.ts.style, self._scale
        body = style.body * scale
        bold = fonts.family("condensed").face(bold=True)
        top = self.height - (self.height - self._panel) * 0.45      # a little above the middle
        strip = self._strip(scale)
        canvas.saveState()
        canvas.setFillColor(TINT)
        canvas.rect(0, top - self._panel, self.width, self._panel, stroke=0, fill=1)
        canvas.setFillColor(style.accent)
        canvas.rect(0, top - strip, self.width, strip, stroke=0, fill=1)
        canvas.setFillColor(white)
        canvas.setFont(bold, body * 1.35)
        canvas.drawString(PAD, top - strip * 0.68, "In the box")
        y = top - strip - PAD * 0.6
        count_width, name_width, _ = self._columns
        sans = fonts.family("sans")
        for kind, what, height in self._lines:
            if kind == "label":
                label, total = what
                baseline = y - height + body * 0.95
                canvas.setFillColor(style.accent)
                canvas.setFont(bold, body * 1.1)
                canvas.drawString(PAD, baseline, label.upper())
                canvas.setFillColor(GREY)
                canvas.setFont(sans.face(), body * 0.8)
                if total is not None:
                    canvas.drawRightString(self.width - PAD, baseline, f"{total} in all")
                canvas.setStrokeColor(LINE)
                canvas.setLineWidth(0.5)
                canvas.line(PAD, baseline - body * 0.45, self.width - PAD, baseline - body * 0.45)
            else:
                count, name, detail = what
                canvas.setFillColor(INK)
                canvas.setFont(sans.face(bold=True), body)
                canvas.drawRightString(PAD + count_width - body * 0.7,
                                       y - name._layout.ascent, count)
                name.drawOn(canvas, PAD + count_width, y - name.height)
                detail.drawOn(canvas, self.width - PAD - detail.width,
                              y - detail.height - body * 0.1)
            y -= height
        canvas.restoreState()
