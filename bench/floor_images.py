"""The images floor: the images `cardgen export images --dpi 300` makes of the synthetic game
(bench/synthetic.py), made from the floor's card sheets (bench/floor.py) as directly as pypdfium2
and Pillow can: each sheet of fronts rendered once at 300 dpi and every card cut out of it with its
bleed, a card printed twice cut out once, the back once, on every core.

The same files as cardgen's: images/units/NNN-name.png for each card (its face with 3 mm bleed,
821 x 1121 pixels, PNG at compression level 3 with its dpi), images/units/back.png, and a contact
sheet for each 60 cards, of thumbnails 180 pixels wide cut to the trim, each named under it.
A cut-out's bleed is what the sheet prints there: the neighbour's edge, for this game's frame
the same colour as the card's own bleed, and at the block's left and right the crop ticks that run
over the outer bleed; so an image may differ from cardgen's there, and by a part pixel's shift.

    python bench/floor_images.py GAME_FOLDER OUT_FOLDER [--pdf CARDS.pdf] [--workers N]

Without --pdf the floor's sheets are drawn first (part of what is measured); with it, the sheets
of that PDF (the floor's or cardgen's) are used.
"""
from __future__ import annotations

import argparse
import io
import multiprocessing
import os
import re
import sys
import tempfile
from pathlib import Path

import pypdfium2
import yaml
from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, str(Path(__file__).resolve().parent))
import floor  # noqa: E402  (the benchmark's own floor, beside it)

DPI = 300
PNG = {"compress_level": 3}
THUMB, COLUMNS, GAP, LABEL, TITLE, PER_SHEET = 180, 6, 16, 34, 48, 60
FONT, TITLE_FONT = (floor.FONTS / f"{name}.ttf" for name in (floor.COND, floor.COND_BOLD))
INK = (40, 36, 32)


def pixels(mm: float) -> int:
    return max(1, round(mm / 25.4 * DPI))


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def cut_boxes() -> list[tuple[int, int, int, int]]:
    """Each slot's card with its bleed, in pixels of a sheet (left, top, right, bottom)."""
    width, height = pixels(floor.CARD_W + 2 * floor.BLEED), pixels(floor.CARD_H + 2 * floor.BLEED)
    out = []
    for index in range(floor.COLS * floor.ROWS):
        x, y, _, top, _ = floor.slot_box(index, floor.COLS * floor.ROWS, False)
        left = round((x - floor.BLEED) / 25.4 * DPI)
        upper = round((floor.PAGE_H - top - floor.BLEED) / 25.4 * DPI)
        out.append((left, upper, left + width, upper + height))
    return out


_pdf: pypdfium2.PdfDocument | None = None     # each worker's own copy of the sheets


def _open(path: str) -> None:
    global _pdf
    _pdf = pypdfium2.PdfDocument(path)


def _sheet(page: int) -> Image.Image:
    bitmap = _pdf[page].render(scale=DPI / 72, draw_annots=False, rev_byteorder=True)
    return bitmap.to_pil()


def cut_sheet(task: tuple[int, list[tuple[int, str]], str]) -> list[tuple[str, bytes]]:
    """One sheet of fronts rendered, its cards (slot, file) cut out and saved; their thumbnails."""
    page, cards, out = task
    sheet = _sheet(page)
    boxes = cut_boxes()
    trim = pixels(floor.BLEED)
    thumbs = []
    for slot, name in cards:
        card = sheet.crop(boxes[slot])
        card.save(os.path.join(out, name), "PNG", dpi=(DPI, DPI), **PNG)
        trimmed = card.crop((trim, trim, card.width - trim, card.height - trim))
        height = round(trimmed.height * THUMB / trimmed.width)
        buffer = io.BytesIO()
        trimmed.resize((THUMB, height), Image.LANCZOS, reducing_gap=2.0).save(buffer, "PNG", **PNG)
        thumbs.append((name, buffer.getvalue()))
    return thumbs


def cut_back(task: tuple[int, str]) -> None:
    page, out = task
    slot = floor.COLS - 1           # the first card's back, mirrored to the sheet's right
    _sheet(page).crop(cut_boxes()[slot]).save(os.path.join(out, "back.png"), "PNG",
                                              dpi=(DPI, DPI), **PNG)


def lines(text: str, font, width: int) -> list[str]:
    """The name in lines the thumbnail's width holds."""
    out, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if font.getlength(trial) <= width:
            line = trial
            continue
        if line:
            out.append(line)
        line = word
    return out + [line] if line else out


def contact_sheet(title: str, cards: list[tuple[str, bytes]], path: Path) -> None:
    thumbs = [Image.open(io.BytesIO(data)) for _, data in cards]
    columns = max(1, min(COLUMNS, len(cards)))
    rows = -(-len(cards) // columns)
    cell_h = max(t.height for t in thumbs) + LABEL
    sheet = Image.new("RGB", (GAP + columns * (THUMB + GAP), TITLE + rows * (cell_h + GAP) + GAP),
                      "white")
    draw = ImageDraw.Draw(sheet)
    draw.text((GAP, 12), title, fill=INK, font=ImageFont.truetype(str(TITLE_FONT), 24))
    font = ImageFont.truetype(str(FONT), 13)
    for n, ((name, _), thumb) in enumerate(zip(cards, thumbs)):
        x = GAP + (n % columns) * (THUMB + GAP)
        y = TITLE + (n // columns) * (cell_h + GAP)
        sheet.paste(thumb, (x, y))
        draw.rectangle((x, y, x + thumb.width - 1, y + thumb.height - 1), outline=(200, 196, 190))
        for line_no, line in enumerate(lines(name, font, THUMB)[:2]):
            draw.text((x, y + thumb.height + 4 + line_no * 15), line, fill=INK, font=font)
    sheet.save(path, "PNG", **PNG)


def main(game: Path, out: Path, pdf: Path | None, workers: int) -> None:
    with open(game / "cards" / "units.yaml", encoding="utf-8") as file:
        cards = yaml.load(file, Loader=yaml.CSafeLoader)["cards"]
    folder = out / "images" / "units"
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="floor-images-") as scratch:
        if pdf is None:
            pdf = Path(scratch) / "units.pdf"
            floor.main(game, pdf)
        digits = len(str(len(cards)))
        per_sheet = floor.COLS * floor.ROWS
        named = {}                   # slot of the printed sequence -> the card's file, its first print
        printed = 0
        for number, card in enumerate(cards, start=1):
            named[printed] = card["name"], f"{number:0{digits}d}-{slug(card['name'])}.png"
            printed += card.get("copies", 1)
        tasks = [(2 * sheet, [(n - sheet * per_sheet, named[n][1])
                              for n in range(sheet * per_sheet, min(printed, (sheet + 1) * per_sheet))
                              if n in named], str(folder))
                 for sheet in range(-(-printed // per_sheet))]
        context = multiprocessing.get_context("fork")
        with context.Pool(workers, initializer=_open, initargs=(str(pdf),)) as pool:
            backs = pool.apply_async(cut_back, ((1, str(folder)),))
            thumbs = [t for sheet in pool.imap(cut_sheet, tasks) for t in sheet]
            backs.get()
    labelled = [(named[n][0], data) for n, (_, data) in zip(sorted(named), thumbs)]
    sheets = -(-len(labelled) // PER_SHEET)
    for n in range(sheets):
        part = f" ({n + 1} of {sheets})" if sheets > 1 else ""
        file = f"contact-sheet-{n + 1:0{len(str(sheets))}d}.png" if sheets > 1 else "contact-sheet.png"
        contact_sheet(f"Units{part}", labelled[n * PER_SHEET:(n + 1) * PER_SHEET], folder / file)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--pdf", type=Path)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    main(args.game, args.out, args.pdf, args.workers)
