"""The floor: the benchmark's cards drawn with plain reportlab and nothing else, as tightly as a
hand-written script would: nine poker cards to an A4 page, each card's frame, title shrunk to
fit, two numbers, picture and wrapped text, its back on the page after, fonts embedded.

    python bench/floor.py GAME_FOLDER OUT.pdf
"""
from __future__ import annotations

import sys
from pathlib import Path

import yaml
from reportlab.lib.colors import HexColor, white
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

MM = 72 / 25.4
FONTS = Path(__file__).resolve().parents[1] / "cardgen" / "fonts"
W, H, BLEED, COLS, ROWS = 63.5 * MM, 88.9 * MM, 3 * MM, 3, 3
PAGE = (210 * MM, 297 * MM)


def main(game: Path, out: Path) -> None:
    for name, file in (("Sans", "DejaVuSans.ttf"), ("Bold", "DejaVuSans-Bold.ttf"),
                       ("Cond", "DejaVuSansCondensed-Bold.ttf")):
        pdfmetrics.registerFont(TTFont(name, str(FONTS / file)))
    cards = yaml.safe_load((game / "cards" / "units.yaml").read_text(encoding="utf-8"))["cards"]
    printed = [card for card in cards for _ in range(card.get("copies", 1))]
    canvas = Canvas(str(out), pagesize=PAGE, invariant=1, pageCompression=1, initialFontName="Sans")
    frame, ink, paper = HexColor("#2f4f6f"), HexColor("#231f20"), HexColor("#fbf7ee")
    canvas.beginForm("back", -BLEED, -BLEED, W + BLEED, H + BLEED)
    canvas.setFillColor(frame)
    canvas.rect(-BLEED, -BLEED, W + 2 * BLEED, H + 2 * BLEED, stroke=0, fill=1)
    canvas.setFillColor(white)
    canvas.setFont("Cond", 14)
    canvas.drawCentredString(W / 2, 12 * MM, "Units")
    canvas.endForm()
    x0, y0 = (PAGE[0] - COLS * W) / 2, (PAGE[1] - ROWS * H) / 2
    slots = [(x0 + c * W, y0 + (ROWS - 1 - r) * H) for r in range(ROWS) for c in range(COLS)]
    for start in range(0, len(printed), COLS * ROWS):
        sheet = printed[start:start + COLS * ROWS]
        for (x, y), card in zip(slots, sheet):
            canvas.saveState()
            canvas.translate(x, y)
            canvas.setFillColor(frame)
            canvas.rect(-BLEED, -BLEED, W + 2 * BLEED, H + 2 * BLEED, stroke=0, fill=1)
            canvas.setFillColor(paper)
            canvas.roundRect(3 * MM, 3 * MM, W - 6 * MM, H - 6 * MM, 2 * MM, stroke=0, fill=1)
            canvas.setFillColor(ink)
            size = min(14.0, 40 * MM / pdfmetrics.stringWidth(card["name"], "Cond", 1))
            canvas.setFont("Cond", size)
            canvas.drawString(6 * MM, H - 11 * MM, card["name"])
            canvas.setFont("Bold", 14)
            canvas.drawString(49 * MM, H - 11 * MM, str(card["cost"]))
            canvas.drawString(6 * MM, 7 * MM, str(card["power"]))
            canvas.drawImage(str(game / card["art"]), 6 * MM, H - 45 * MM, 51.5 * MM, 30 * MM)
            lines = simpleSplit(card["text"], "Sans", 9, 51.5 * MM)
            text = canvas.beginText(6 * MM, H - 51 * MM)
            text.setFont("Sans", 9, 10.8)
            for line in lines:
                text.textLine(line)
            canvas.drawText(text)
            canvas.restoreState()
        canvas.showPage()
        for (x, y), _ in zip(slots, sheet):
            canvas.saveState()
            canvas.translate(PAGE[0] - x - W, y)
            canvas.doForm("back")
            canvas.restoreState()
        canvas.showPage()
    canvas.save()


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
