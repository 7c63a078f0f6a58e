"""The Tabletop Simulator output: each deck as TTS custom-deck sheets (a grid of at most 10 x 7
card faces, at most 4096 px a side, RGB), its back as an image of its own, and a manifest of the
numbers to type into TTS's import dialog (width, height, number). Every printed copy of a card is
a card of its own in TTS; the last slot of each sheet holds the back, which TTS shows for a
hidden card.

Not part of a plain build: `cardgen export tts` or `cardgen build --only tts` makes it.
"""
from __future__ import annotations

import io
import json
import math
from pathlib import Path
from typing import Callable

from PIL import Image

from cardgen.base.errors import Report
from cardgen.resolve.resolve import DeckFaces, Faces
from cardgen.base.model import Game, Source
from cardgen.render.base import OutputKind
from cardgen.render.options import ExportCommand
from cardgen.render.raster import (CACHE_OPTIONS, FaceImage, Made, cache_folder, open_image,
                                    rasterise_faces)

FOLDER = "tts"
MAX_COLUMNS, MAX_ROWS, MAX_SIDE = 10, 7, 4096
PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1          # the last slot is the hidden card's


def card_pixels(width_mm: float, height_mm: float) -> tuple[int, int]:
    """The largest card image a full 10 x 7 sheet holds within 4096 px a side."""
    across = MAX_SIDE // MAX_COLUMNS
    down = MAX_SIDE // MAX_ROWS
    w = min(across, math.floor(down * width_mm / height_mm))
    return w, min(down, round(w * height_mm / width_mm))


def grid(count: int) -> tuple[int, int]:
    """Columns and rows of a sheet of `count` cards and the hidden card's slot (at least 2 x 2,
    as TTS's dialog asks)."""
    slots = count + 1
    columns = max(2, min(MAX_COLUMNS, slots))
    return columns, max(2, math.ceil(slots / columns))


class TabletopSimulator(OutputKind):
    name = "tts"
    description = "Tabletop Simulator deck sheets, backs and the numbers for its import dialog"
    default = False
    OPTIONS = CACHE_OPTIONS
    EXPORT = ExportCommand(
        "Tabletop Simulator deck sheets, backs, and the numbers for TTS's import dialog.",
        ("cardgen export tts data/my-game --out tts-decks",))

    def check(self, game: Game, report: Report) -> None:
        """Nothing beyond the faces' own checks."""

    def file_names(self, game: Game) -> dict[str, list[tuple[str, Source]]]:
        out = {f"{FOLDER}/manifest.json": [("the TTS manifest", game.source)],
               f"{FOLDER}/how-to-import.txt": [("the TTS manifest", game.source)]}
        for deck in game.decks:
            out[f"{FOLDER}/{deck.id}-back.jpg"] = [(f"deck '{deck.id}'", deck.source)]
            sheets = math.ceil(deck.card_count / PER_SHEET) if deck.card_count else 0
            for n in range(1, sheets + 1):
                out[f"{FOLDER}/{deck.id}-sheet-{n}.jpg"] = [(f"deck '{deck.id}'", deck.source)]
        return out

    def render(self, game: Game, faces: Faces, progress: Callable[[int], None]) -> dict[str, bytes]:
        out, decks = {}, []
        for deck_faces in faces.decks:
            files, entry = _deck(deck_faces, cache_folder(self.options), progress)
            out.update(files)
            decks.append(entry)
        manifest = {"game": game.title, "version": game.version, "decks": decks}
        out[f"{FOLDER}/manifest.json"] = (json.dumps(manifest, indent=2, ensure_ascii=False)
                                          + "\n").encode("utf-8")
        out[f"{FOLDER}/how-to-import.txt"] = _instructions(game, decks).encode("utf-8")
        return out


def _deck(deck_faces: DeckFaces, cache: Path | None, progress) -> tuple[dict[str, bytes], dict]:
    deck = deck_faces.deck
    width, height = card_pixels(deck.size.width, deck.size.height)
    dpi = width / (deck.size.width / 25.4)
    wanted = {card.id: FaceImage(deck_faces.fronts[card.id], dpi, "png", 0.0)
              for card in deck.cards if card.id in deck_faces.fronts}
    *fronts, back = rasterise_faces([*wanted.values(), FaceImage(deck_faces.back, dpi, "png", 0.0)],
                                    cache, progress)
    images = dict(zip(wanted, fronts))
    printed = [card.id for card in deck.cards for _ in range(card.copies) if card.id in images]
    files, sheets = {}, []
    for n, start in enumerate(range(0, len(printed), PER_SHEET), start=1):
        cards = printed[start:start + PER_SHEET]
        columns, rows = grid(len(cards))
        sheet = Image.new("RGB", (columns * width, rows * height), "white")
        for slot, card_id in enumerate(cards):
            sheet.paste(_sized(images[card_id], width, height),
                        ((slot % columns) * width, (slot // columns) * height))
        hidden = columns * rows - 1
        sheet.paste(_sized(back, width, height),
                    ((hidden % columns) * width, (hidden // columns) * height))
        name = f"{FOLDER}/{deck.id}-sheet-{n}.jpg"
        files[name] = _jpeg(sheet)
        sheets.append({"face": name, "width": columns, "height": rows, "number": len(cards)})
    back_name = f"{FOLDER}/{deck.id}-back.jpg"
    files[back_name] = _jpeg(_sized(back, width, height))
    return files, {"deck": deck.id, "name": deck.name, "back": back_name,
                   "card_pixels": [width, height], "sheets": sheets}


def _sized(made: Made, width: int, height: int) -> Image.Image:
    """The image, read from its file only now (a sheet's cards are never all in memory), RGB."""
    with open_image(made.image) as image:
        image = image.convert("RGB")
    return image if image.size == (width, height) else image.resize((width, height), Image.LANCZOS)


def _jpeg(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=90, optimize=False)
    return out.getvalue()


def _instructions(game: Game, decks: list[dict]) -> str:
    lines = [f"{game.title} (version {game.version}) in Tabletop Simulator", "",
             "For each sheet: Objects > Components > Cards > Custom Deck; Face: the sheet image,",
             "Back: the deck's back image; then type the numbers below into the dialog.", ""]
    for deck in decks:
        for sheet in deck["sheets"]:
            lines.append(f"{deck['name']}: face {sheet['face']}, back {deck['back']}, "
                         f"width {sheet['width']}, height {sheet['height']}, "
                         f"number {sheet['number']}")
    return "\n".join(lines) + "\n"
