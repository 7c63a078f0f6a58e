"""The efficient floor: the synthetic game's cards (bench/synthetic.py) drawn with plain reportlab
as a hand-written script can draw them at best, so that a build is measured against the least
work that prints the same PDF pages.

What it draws is what `cardgen build --only cards` draws for that game: nine poker cards to an A4
page in cardgen's imposition (3 mm bleed kept only at the block's outer cuts, each card's drawing
run 0.8 mm on under the neighbours drawn after it, crop marks and ticks round the block), each
card's frame, panel, title, cost badge, picture, rules text and power, then the backs' page with
ring and label mirrored for a long-edge flip, and every page's footer; the fonts cardgen embeds
(DejaVu Sans Condensed Bold, Sans and Sans Condensed). Text is fitted by cardgen's rules: a title
shrinks to its box's width, the rules text to the largest size (in 0.1 pt halvings from 9 to 6 pt)
at which its greedy lines fit the box, a lone last word takes one from the line above, and each
element takes one size across the deck (the smallest any card needs, but for a card that needs
less than 85% of the largest, which keeps its own).

Done only once: the card file read with libyaml (CSafeLoader), every word's width measured once
per font at 1 pt, each picture drawn once as a form, each card printed more than once drawn once
as a form, the back drawn once as a form.

    python bench/floor.py GAME_FOLDER OUT.pdf
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

import yaml
from reportlab.lib.colors import HexColor, white, black, Color
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

MM = 72.0 / 25.4
FONTS = Path(__file__).resolve().parents[1] / "cardgen" / "fonts"
COND_BOLD, SANS, COND = "DejaVuSansCondensed-Bold", "DejaVuSans", "DejaVuSansCondensed"

# the sheet: A4, poker cards 3 x 3 centred inside the 5 mm printer margin, 3 mm bleed (mm)
PAGE_W, PAGE_H, MARGIN = 210.0, 297.0, 5.0
CARD_W, CARD_H, BLEED, COLS, ROWS = 63.5, 88.9, 3.0, 3, 3
X0, Y0 = (PAGE_W - COLS * CARD_W) / 2, (PAGE_H - ROWS * CARD_H) / 2
RUN_UNDER = 0.8                  # a card's drawing runs this far on under a later neighbour
MARK_GAP, MARK_MIN, MARK_LEN, TICK_GAP, TICK_MIN = 0.5, 3.0, 5.0, 0.3, 2.0
FOOTER_DEPTH, FOOTER_CLEAR, MARK_CLEAR = 2.4, 0.6, 1.25
FOOTER_SIZE, FOOTER_GREY = 6.5, Color(0.35, 0.35, 0.35)

# the synthetic game's layouts, in mm from the card's top-left corner
FRAME, PAPER, INK, POWER = (HexColor(c) for c in ("#2f4f6f", "#fbf7ee", "#231f20", "#8c1d18"))
TITLE = (6.0, 5.0, 40.0, 8.0, 14.0, 8.0)              # x, y, width, height, size, min size
BADGE = (47.0, 4.5, 10.0, 10.0, 14.0)                 # the value in the middle 62% of the badge
ART = (6.0, 15.0, 51.5, 30.0)
TEXT = (6.0, 48.0, 51.5, 26.0, 9.0, 6.0, 1.2)         # ... leading
POWER_BOX = (6.0, 76.0, 20.0, 7.0, 14.0)
RING = (16.75, 29.45, 30.0, 30.0, 0.6)
LABEL = (6.0, 70.0, 51.5, 8.0, 14.0)
SAME, SHARED, STEP = 0.05, 0.85, 0.1


def box(x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    """A top-left mm box on the card as reportlab's left, bottom, width, height in points."""
    return x * MM, (CARD_H - y - h) * MM, w * MM, h * MM


class Widths:
    """Each word's width at 1 pt in each font, measured once."""

    def __init__(self):
        self.known: dict[tuple[str, str], float] = {}

    def __call__(self, word: str, font: str) -> float:
        width = self.known.get((font, word))
        if width is None:
            width = self.known[font, word] = pdfmetrics.stringWidth(word, font, 1.0)
        return width


def line_width(words: list[float], space: float) -> float:
    x = 0.0
    for n, width in enumerate(words):
        x = x + (space if n else 0.0) + width
    return x


def title_size(unit_width: float, box_w: float, box_h: float, size: float, least: float,
               height: float) -> float:
    """One line shrunk to its box: its width at 1 pt and the font's height give the size."""
    if unit_width > 0:
        size = min(size, box_w / unit_width)
    return max(min(size, box_h / height), least)


class RulesText:
    """The wrapped rules text of the text box, at one font."""

    def __init__(self, widths: Widths):
        face = pdfmetrics.getFont(SANS).face
        self.ascent, self.descent = face.ascent / 1000, -face.descent / 1000
        self.space = widths(" ", SANS)
        _, _, self.width, self.height = box(*TEXT[:4])
        self.leading = TEXT[6]

    def fits(self, words: list[float], size: float) -> bool:
        asc, desc, width, height = self.ascent * size, self.descent * size, self.width, self.height
        room = max(0, math.floor((height + 1e-6 - asc - desc) / (size * self.leading))) + 1
        space = self.space * size
        count, in_line, x = 1, False, 0.0
        for unit in words:
            w = unit * size
            if in_line and x + space + w > width:
                count, x = count + 1, w
                if count > room:
                    return False
            else:
                x += space + w if in_line else w
            in_line = True
            if w > width + 1e-6:
                return False
        return asc + desc + (count - 1) * size * self.leading <= height + 1e-6

    def fit(self, words: list[float], largest: float, least: float) -> float:
        """The largest size from `largest` down to `least`, halving to STEP, at which it fits."""
        if largest <= least or self.fits(words, largest):
            return largest
        if not self.fits(words, least):
            return least
        low, high = least, largest
        while high - low > STEP:
            mid = (low + high) / 2
            if self.fits(words, mid):
                low = mid
            else:
                high = mid
        return low

    def lines(self, text: list[str], words: list[float], size: float) -> list[str]:
        """Greedy lines at `size`; a lone last word takes the last word of the line above when
        both fit and two words stay behind."""
        space, width = self.space * size, self.width
        lines: list[list[int]] = [[]]
        x = 0.0
        for n, unit in enumerate(words):
            w = unit * size
            if lines[-1] and x + space + w > width:
                lines.append([])
                x = 0.0
            x += space + w if lines[-1] else w
            lines[-1].append(n)
        if len(lines) >= 2 and len(lines[-1]) == 1 and len(lines[-2]) >= 3:
            if words[lines[-2][-1]] * size + space + words[lines[-1][0]] * size <= width + 1e-6:
                lines[-1].insert(0, lines[-2].pop())
        return [" ".join(text[n] for n in line) for line in lines]


def deck_size(sizes: list[float]) -> float | None:
    """The one size an element takes across a deck, or None when its sizes are all one."""
    largest = max(sizes)
    if largest - min(sizes) < SAME:
        return None
    return min(s for s in sizes if s >= SHARED * largest - SAME)


class Cards:
    """The cards, their text fitted and set, drawn on a canvas."""

    def __init__(self, game: Path, cards: list[dict], canvas: Canvas):
        self.canvas, self.widths = canvas, Widths()
        self.rules = RulesText(self.widths)
        cond = pdfmetrics.getFont(COND).face
        self.cond_height = (cond.ascent - cond.descent) / 1000
        self.cond_ascent = cond.ascent / 1000
        self.cond_space = self.widths(" ", COND)
        self.pictures: dict[str, tuple[str, float]] = {}      # path -> form, its height
        self.cards = cards
        self._fit(cards)
        for card in cards:
            self._picture(game, card["art"])

    def _fit(self, cards: list[dict]) -> None:
        widths, rules = self.widths, self.rules
        _, _, tw, th = box(*TITLE[:4])
        titles, texts, words = [], [], []
        for card in cards:
            title = [widths(w, COND_BOLD) for w in card["name"].split(" ")]
            titles.append(title_size(line_width(title, self.cond_space), tw, th, TITLE[4],
                                     TITLE[5], self.cond_height))
            units = [widths(w, SANS) for w in card["text"].split(" ")]
            words.append(units)
            texts.append(rules.fit(units, TEXT[4], TEXT[5]))
        title_cap, text_cap = deck_size(titles), deck_size(texts)
        for card, title, text, units in zip(cards, titles, texts, words):
            if title_cap is not None and title > title_cap + SAME:
                title = title_cap
            if text_cap is not None and text > text_cap + SAME:
                text = rules.fit(units, text_cap, min(TEXT[5], text_cap))
            card["_title"], card["_size"] = title, text
            card["_lines"] = rules.lines(card["text"].split(" "), units, text)

    def _picture(self, game: Path, art: str) -> None:
        """The picture as a form covering its box, centred: defined once, placed by name."""
        if art in self.pictures:
            return
        image = ImageReader(str(game / art))
        iw, ih = image.getSize()
        _, _, bw, bh = box(*ART)
        scale = max(bw / iw, bh / ih)
        name = f"picture{len(self.pictures)}"
        self.pictures[art] = name, ih * scale
        self.canvas.beginForm(name, 0, 0, iw * scale, ih * scale)
        self.canvas.drawImage(image, 0, 0, iw * scale, ih * scale)
        self.canvas.endForm()

    def draw_base(self) -> None:
        """What every front shows alike: the frame, the panel and the badge's disc."""
        c = self.canvas
        c.setFillColor(FRAME)
        b = BLEED * MM
        c.rect(-b, -b, CARD_W * MM + 2 * b, CARD_H * MM + 2 * b, stroke=0, fill=1)
        c.setFillColor(PAPER)
        c.roundRect(*box(3, 3, CARD_W - 6, CARD_H - 6), 2 * MM, stroke=0, fill=1)
        left, bottom, w, h = box(*BADGE[:4])
        c.setFillColor(FRAME)
        c.ellipse(left, bottom, left + w, bottom + h, stroke=0, fill=1)

    def draw_face(self, card: dict) -> None:
        c, widths = self.canvas, self.widths
        c.doForm("base")
        # the title: bold words a regular space apart, in the middle of its box
        size = card["_title"]
        left, bottom, _, height = box(*TITLE[:4])
        baseline = bottom + (height + self.cond_height * size) / 2 - self.cond_ascent * size
        c.setFillColor(INK)
        text = c.beginText(left, baseline)
        text.setFont(COND_BOLD, size)
        x, space = left, self.cond_space * size
        for n, word in enumerate(card["name"].split(" ")):
            if n:
                text.setTextOrigin(x, baseline)
            text.textOut(word)
            x += widths(word, COND_BOLD) * size + space
        c.drawText(text)
        self._badge(str(card["cost"]))
        left, bottom, w, h = box(*ART)
        c.saveState()
        path = c.beginPath()
        path.rect(left, bottom, w, h)
        c.clipPath(path, stroke=0, fill=0)
        form, form_h = self.pictures[card["art"]]
        c.translate(left, bottom + (h - form_h) / 2)
        c.doForm(form)
        c.restoreState()
        self._rules(card)
        self._line(str(card["power"]), POWER_BOX, POWER)

    def _badge(self, value: str) -> None:
        c = self.canvas
        left, bottom, w, h = box(*BADGE[:4])
        unit = self.widths(value, COND_BOLD)
        area = BADGE[2] * 0.62 * MM
        size = max(min(BADGE[4], area / unit, area / self.cond_height), 1.0)
        value_bottom = bottom + (h - area) / 2
        baseline = value_bottom + (area + self.cond_height * size) / 2 - self.cond_ascent * size
        c.setFillColor(white)
        c.setFont(COND_BOLD, size)
        c.drawString(left + (w - unit * size) / 2, baseline, value)

    def _line(self, value: str, where: tuple, colour, centred: bool = False) -> None:
        """A short line of bold condensed text at its size, in the middle of its box."""
        c = self.canvas
        left, bottom, w, h = box(*where[:4])
        size = where[4]
        unit = self.widths(value, COND_BOLD)
        c.setFillColor(colour)
        c.setFont(COND_BOLD, size)
        x = left + (w - unit * size) / 2 if centred else left
        c.drawString(x, bottom + (h + self.cond_height * size) / 2 - self.cond_ascent * size, value)

    def _rules(self, card: dict) -> None:
        c, rules, size = self.canvas, self.rules, card["_size"]
        left, bottom, _, height = box(*TEXT[:4])
        baseline = bottom + height - rules.ascent * size
        c.setFillColor(INK)
        text = c.beginText(left, baseline)
        text.setFont(SANS, size)
        for n, line in enumerate(card["_lines"]):
            if n:
                text.setTextOrigin(left, baseline - n * size * rules.leading)
            text.textOut(line)
        c.drawText(text)

    def draw_back(self, label: str) -> None:
        c = self.canvas
        b = BLEED * MM
        c.setFillColor(FRAME)
        c.rect(-b, -b, CARD_W * MM + 2 * b, CARD_H * MM + 2 * b, stroke=0, fill=1)
        left, bottom, w, h = box(*RING[:4])
        c.setStrokeColor(white)
        c.setLineWidth(RING[4] * MM)
        c.ellipse(left, bottom, left + w, bottom + h, stroke=1, fill=0)
        self._line(label, LABEL, white, centred=True)


def slot_box(index: int, filled: int, back: bool) -> tuple[float, float, float, float, dict]:
    """A slot's trim (x, y in mm from the page's bottom-left) and the bleed it keeps on each
    side: on a side where no filled slot of the sheet is its neighbour. Backs are mirrored."""
    col, row = index % COLS, index // COLS
    x, y = X0 + col * CARD_W, Y0 + (ROWS - 1 - row) * CARD_H
    neighbour = {"left": col > 0 and index - 1 < filled, "right": col < COLS - 1 and index + 1 < filled,
                 "top": row > 0, "bottom": row < ROWS - 1 and index + COLS < filled}
    bleed = {side: 0.0 if there else BLEED for side, there in neighbour.items()}
    if back:
        x = PAGE_W - x - CARD_W
        bleed["left"], bleed["right"] = bleed["right"], bleed["left"]
    return x, y, x + CARD_W, y + CARD_H, bleed


def ink(slot) -> tuple[float, float, float, float]:
    x0, y0, x1, y1, bleed = slot
    return x0 - bleed["left"], y0 - bleed["bottom"], x1 + bleed["right"], y1 + bleed["top"]


def clips(slots: list) -> list[tuple[float, float, float, float]]:
    """Each slot's clip in points: its ink, run on under the neighbours drawn after it."""
    inks = [ink(s) for s in slots]
    out = []
    for n, (ax0, ay0, ax1, ay1) in enumerate(inks):
        left = right = below = above = 0.0
        for bx0, by0, bx1, by1 in inks[n + 1:]:
            level = min(ay1, by1) - max(ay0, by0) > 1e-6
            plumb = min(ax1, bx1) - max(ax0, bx0) > 1e-6
            if level and abs(bx1 - ax0) < 1e-6:
                left = RUN_UNDER
            elif level and abs(ax1 - bx0) < 1e-6:
                right = RUN_UNDER
            elif plumb and abs(by1 - ay0) < 1e-6:
                below = RUN_UNDER
            elif plumb and abs(ay1 - by0) < 1e-6:
                above = RUN_UNDER
        out.append(((ax0 - left) * MM, (ay0 - below) * MM, (ax1 - ax0 + left + right) * MM,
                    (ay1 - ay0 + below + above) * MM))
    return out


def mark_span(ink_room: float, trim_room: float) -> tuple[float, float] | None:
    """Where a side's marks run, out from the trims: a crop mark beyond the bleed, else a tick
    over it, else none."""
    space = ink_room - MARK_GAP
    if space >= MARK_MIN - 1e-9:
        start = trim_room - ink_room + MARK_GAP
        return start, start + max(MARK_MIN, min(MARK_LEN, space - MARK_CLEAR - FOOTER_DEPTH))
    if trim_room - TICK_GAP >= TICK_MIN - 1e-9:
        return TICK_GAP, min(trim_room, TICK_GAP + MARK_LEN)
    return None


def crop_marks(slots: list) -> list[tuple[float, float, float, float]]:
    """The crop marks round the block of filled slots, in points."""
    inks = [ink(s) for s in slots]
    tx0, ty0 = min(s[0] for s in slots), min(s[1] for s in slots)
    tx1, ty1 = max(s[2] for s in slots), max(s[3] for s in slots)
    ix0, iy0 = min(i[0] for i in inks), min(i[1] for i in inks)
    ix1, iy1 = max(i[2] for i in inks), max(i[3] for i in inks)
    far = PAGE_W - MARGIN, PAGE_H - MARGIN
    xs = sorted({round(v, 6) for s in slots for v in (s[0], s[2])})
    ys = sorted({round(v, 6) for s in slots for v in (s[1], s[3])})
    out = []
    if span := mark_span(iy0 - MARGIN, ty0 - MARGIN):
        out += [(x, ty0 - span[1], x, ty0 - span[0]) for x in xs]
    if span := mark_span(far[1] - iy1, far[1] - ty1):
        out += [(x, ty1 + span[0], x, ty1 + span[1]) for x in xs]
    if span := mark_span(ix0 - MARGIN, tx0 - MARGIN):
        out += [(tx0 - span[1], y, tx0 - span[0], y) for y in ys]
    if span := mark_span(far[0] - ix1, far[0] - tx1):
        out += [(tx1 + span[0], y, tx1 + span[1], y) for y in ys]
    return [tuple(v * MM for v in mark) for mark in out]


def draw_marks(canvas: Canvas, marks: list) -> None:
    """Each mark in black over a white halo three times as wide."""
    canvas.saveState()
    for colour, width in ((white, 1.2), (black, 0.4)):
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(width)
        canvas.lines(marks)
    canvas.restoreState()


def footer_baselines() -> dict[str, float]:
    """The footer's baseline (points above the margin) on fronts and backs: in the middle of
    the band below the block, clear of the fronts' crop marks and of the bleed."""
    face = pdfmetrics.getFont(COND).face
    asc, desc = face.ascent / 1000 * FOOTER_SIZE, -face.descent / 1000 * FOOTER_SIZE
    ink_room = Y0 - BLEED - MARGIN
    mark_end = mark_span(ink_room, Y0 - MARGIN)[1]
    fronts = min(ink_room - FOOTER_CLEAR, Y0 - MARGIN - mark_end - MARK_CLEAR)
    backs = ink_room - FOOTER_CLEAR
    return {side: (depth * MM + asc + desc) / 2 - asc for side, depth in
            (("fronts", fronts), ("backs", backs))}


def draw_footer(canvas: Canvas, text: str, baseline: float) -> None:
    canvas.setFillColor(FOOTER_GREY)
    canvas.setFont(COND, FOOTER_SIZE)
    length = (PAGE_W - 2 * MARGIN) * MM
    width = pdfmetrics.stringWidth(text, COND, FOOTER_SIZE)
    canvas.drawString(MARGIN * MM + (length - width) / 2, MARGIN * MM + baseline, text)


def main(game: Path, out: Path) -> None:
    for name in (COND_BOLD, SANS, COND):
        pdfmetrics.registerFont(TTFont(name, str(FONTS / f"{name}.ttf")))
    with open(game / "cards" / "units.yaml", encoding="utf-8") as file:
        cards = yaml.load(file, Loader=yaml.CSafeLoader)["cards"]
    canvas = Canvas(str(out), pagesize=(PAGE_W * MM, PAGE_H * MM), invariant=1, pageCompression=1,
                    initialFontName=COND, initialFontSize=FOOTER_SIZE)
    drawn = Cards(game, cards, canvas)
    b = BLEED * MM
    for name, draw in (("back", lambda: drawn.draw_back("Units")), ("base", drawn.draw_base)):
        canvas.beginForm(name, -b, -b, CARD_W * MM + b, CARD_H * MM + b)
        draw()
        canvas.endForm()
    canvas.beginForm("marks", 0, 0, PAGE_W * MM, PAGE_H * MM)      # a full sheet's
    draw_marks(canvas, crop_marks([slot_box(i, COLS * ROWS, False) for i in range(COLS * ROWS)]))
    canvas.endForm()
    printed = []
    for n, card in enumerate(cards):
        if card.get("copies", 1) > 1:
            canvas.beginForm(f"card{n}", -b, -b, CARD_W * MM + b, CARD_H * MM + b)
            drawn.draw_face(card)
            canvas.endForm()
            printed += [(card, f"card{n}")] * card["copies"]
        else:
            printed.append((card, None))
    per_sheet = COLS * ROWS
    sheets = math.ceil(len(printed) / per_sheet)
    baselines = footer_baselines()
    identity = "Benchmark \u00b7 Units \u00b7 version 1.0 \u00b7 "
    placed = {}       # (cards on the sheet, side) -> its slots and their clips, worked out once
    page = 0
    for start in range(0, len(printed), per_sheet):
        sheet = printed[start:start + per_sheet]
        for side in ("fronts", "backs"):
            if (len(sheet), side) not in placed:
                slots = [slot_box(i, len(sheet), side == "backs") for i in range(len(sheet))]
                placed[len(sheet), side] = slots, clips(slots)
            slots, clipped = placed[len(sheet), side]
            for slot, clip, (card, form) in zip(slots, clipped, sheet):
                canvas.saveState()
                path = canvas.beginPath()
                path.rect(*clip)
                canvas.clipPath(path, stroke=0, fill=0)
                canvas.translate(slot[0] * MM, slot[1] * MM)
                if side == "backs":
                    canvas.doForm("back")
                elif form:
                    canvas.doForm(form)
                else:
                    drawn.draw_face(card)
                canvas.restoreState()
            if side == "fronts" and len(sheet) == per_sheet:
                canvas.doForm("marks")
            elif side == "fronts":
                draw_marks(canvas, crop_marks(slots))
            page += 1
            draw_footer(canvas, f"{identity}{side} \u00b7 page {page} of {2 * sheets}",
                        baselines[side])
            canvas.showPage()
    canvas.save()


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
