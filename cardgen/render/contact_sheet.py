"""A deck's contact sheet: every card small, in deck order, its name under it, for a preview."""
from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from cardgen.render.raster import OPTIONS, open_image
from cardgen.base.staged import StagedFile

FONT = Path(__file__).resolve().parent.parent / "fonts" / "DejaVuSansCondensed.ttf"
TITLE_FONT = Path(__file__).resolve().parent.parent / "fonts" / "DejaVuSansCondensed-Bold.ttf"
THUMB = 180           # px wide
COLUMNS = 6
GAP = 16
LABEL = 34            # px under each card for its name (two lines)
TITLE = 48


def contact_sheet(title: str, cards: list[tuple[str, bytes | StagedFile]]) -> bytes:
    """A PNG of the cards (name, thumbnail THUMB px wide) in a grid, with the deck's name at the
    top; each thumbnail is read when it is placed, so only the sheet is ever in memory."""
    sizes = []
    for _, thumbnail in cards:
        with open_image(thumbnail) as image:
            sizes.append(image.size)
    columns = max(1, min(COLUMNS, len(cards)))
    rows = -(-len(cards) // columns) if cards else 0
    cell_h = max((height for _, height in sizes), default=0) + LABEL
    width = GAP + columns * (THUMB + GAP)
    sheet = Image.new("RGB", (width, TITLE + rows * (cell_h + GAP) + GAP), "white")
    draw = ImageDraw.Draw(sheet)
    draw.text((GAP, 12), title, fill=(40, 36, 32), font=ImageFont.truetype(str(TITLE_FONT), 24))
    font = ImageFont.truetype(str(FONT), 13)
    for n, ((name, thumbnail), (thumb_w, thumb_h)) in enumerate(zip(cards, sizes)):
        x = GAP + (n % columns) * (THUMB + GAP)
        y = TITLE + (n // columns) * (cell_h + GAP)
        with open_image(thumbnail) as image:
            sheet.paste(image, (x, y))
        draw.rectangle((x, y, x + thumb_w - 1, y + thumb_h - 1), outline=(200, 196, 190))
        for line_no, line in enumerate(_lines(name, font, THUMB)[:2]):
            draw.text((x, y + thumb_h + 4 + line_no * 15), line, fill=(40, 36, 32), font=font)
    out = io.BytesIO()
    sheet.save(out, "PNG", **OPTIONS["PNG"])
    return out.getvalue()


def _lines(text: str, font, width: int) -> list[str]:
    """The name in lines that fit the thumbnail's width; a word too long is cut with '...'."""
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if font.getlength(trial) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        line = word
        while font.getlength(line) > width and len(line) > 1:
            line = line[:-2] + "\u2026"
    if line:
        lines.append(line)
    return lines
