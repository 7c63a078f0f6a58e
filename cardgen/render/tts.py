"""The Tabletop Simulator output: a saved object TTS loads in one step (`<game>.json`, with its
thumbnail `<game>.png`: every deck, token and board of the game on the table, each card named and
with its text; tts_save.py), and the images it names: each deck as TTS custom-deck sheets (a grid
of at most 10 x 7 card faces, at most 4096 px a side, RGB), its back as an image of its own (a
sheet of backs laid out like the faces where a double-faced card brings its own), and each token
and board (tts_pieces.py). Every printed copy of a card is a card of its own in TTS; the last slot
of each sheet holds the back, which TTS shows for a hidden card. A manifest and a text file give
the numbers of TTS's import dialog, for a deck brought in by hand.

Images are named by `file:///` paths where the build writes them, or with `--base-url` by that
address and their file name, for images the user hosts.

Not part of a plain build: `cardgen export tts` or `cardgen build --only tts` makes it.
"""
from __future__ import annotations

import io
import json
import math
from pathlib import Path
from typing import Callable, Mapping
from urllib.parse import quote

from PIL import Image

from cardgen.base.errors import Report
from cardgen.base.markup import parse
from cardgen.resolve.resolve import DeckFaces, Faces, card_scope
from cardgen.base.model import Card, Deck, Game, Source, frozen_map
from cardgen.render.base import OutputKind
from cardgen.render.options import ExportCommand, Folder, Option, WebAddress, web_address
from cardgen.render.raster import (CACHE_OPTIONS, FaceImage, Made, cache_folder, open_image,
                                    rasterise_faces)
from cardgen.render.tts_pieces import piece_names, pieces
from cardgen.render.tts_save import (MAX_COLUMNS, MAX_ROWS, MAX_SIDE, SavedCard, SavedDeck,
                                     SavedSheet, saved_object)

FOLDER = "tts"
PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1          # the last slot is the hidden card's
THUMBNAIL = 256                                 # pixels a side of the saved object's picture


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
    description = "a Tabletop Simulator saved object: the game's decks, tokens and boards"
    default = False
    OPTIONS = (
        *CACHE_OPTIONS,
        Option("base_url", WebAddress(), None,
               "Address the images will be hosted at: the saved object names each by it and "
               "its file name (default: file:/// paths on this computer)."),
        Option("written_to", Folder(in_out=".", in_build=True), None,
               "The folder the build writes into, which file:/// paths name.", export=False),
    )
    EXPORT = ExportCommand(
        "A Tabletop Simulator saved object of the game (copy <game>.json and <game>.png to "
        "TTS's Saved Objects folder), with its deck sheets, tokens and boards.",
        ("cardgen export tts data/my-game --out tts",
         "cardgen export tts data/my-game --base-url https://example.com/my-game/"))

    def __init__(self, options: Mapping | None = None):
        super().__init__(options)
        if self.options["base_url"] is not None:     # the command line checks it as it reads it
            self.options = frozen_map({**self.options,
                                       "base_url": web_address(self.options["base_url"])})

    def check(self, game: Game, report: Report) -> None:
        """Nothing beyond the faces' own checks."""

    def file_names(self, game: Game) -> dict[str, list[tuple[str, Source]]]:
        made = ("the TTS saved object", game.source)
        out = {f"{FOLDER}/{name}": [made] for name in
               ("manifest.json", "how-to-import.txt", f"{game.id}.json", f"{game.id}.png")}
        for deck in game.decks:
            out[f"{FOLDER}/{deck.id}-back.jpg"] = [(f"deck '{deck.id}'", deck.source)]
            for n, cards in enumerate(_sheets(_printed(deck)), start=1):
                out[f"{FOLDER}/{deck.id}-sheet-{n}.jpg"] = [(f"deck '{deck.id}'", deck.source)]
                if any(card.back is not None for card in cards):
                    out[f"{FOLDER}/{deck.id}-backs-{n}.jpg"] = [(f"deck '{deck.id}'", deck.source)]
        for name, maker, where in piece_names(game):
            out[f"{FOLDER}/{name}"] = [(maker, where)]
        return out

    def render(self, game: Game, faces: Faces, progress: Callable[[int], None]) -> dict:
        wanted = {key: image for deck_faces in faces.decks
                  for key, image in _deck_images(deck_faces).items()}
        pieces_wanted, saved_pieces = pieces(game, faces)
        wanted.update(pieces_wanted)
        made = dict(zip(wanted, rasterise_faces(list(wanted.values()), cache_folder(self.options),
                                                progress)))
        out, entries, decks, covers = {}, [], [], []
        for deck_faces in faces.decks:
            files, entry, saved, cover = _deck(game, deck_faces, made)
            out.update(files)
            entries.append(entry)
            decks.append(saved)
            covers.append(cover)
        out.update({f"{FOLDER}/{name}": made[name].image for name in pieces_wanted})
        manifest = {"game": game.title, "version": game.version, "decks": entries}
        out[f"{FOLDER}/manifest.json"] = _json(manifest)
        out[f"{FOLDER}/how-to-import.txt"] = _instructions(game, entries).encode("utf-8")
        saved = saved_object(game.title, decks, saved_pieces, self._url(game))
        out[f"{FOLDER}/{game.id}.json"] = _json(saved)
        out[f"{FOLDER}/{game.id}.png"] = _thumbnail(next(filter(None, covers), None))
        return out

    def _url(self, game: Game) -> Callable[[str], str]:
        """A file of the tts folder as the saved object names it."""
        base = self.options["base_url"]
        if base is not None:
            return lambda name: base + quote(name)
        folder = Path(self.options["written_to"] or "output").resolve() / game.id / FOLDER
        return lambda name: (folder / name).as_uri()


def _printed(deck: Deck) -> list[Card]:
    """Every printed copy of the deck's cards, in deck order."""
    return [card for card in deck.cards for _ in range(card.copies)]


def _sheets(printed: list) -> list[list]:
    return [printed[start:start + PER_SHEET] for start in range(0, len(printed), PER_SHEET)]


def _deck_images(deck_faces: DeckFaces) -> dict[tuple, FaceImage]:
    """(deck id, "front" or "back", card id) -> the image of that face of the deck, at the size
    its sheets take; the deck's own back under card id None."""
    deck = deck_faces.deck
    width, _ = card_pixels(deck.size.width, deck.size.height)
    dpi = width / (deck.size.width / 25.4)
    faces = {(deck.id, "front", card.id): deck_faces.fronts[card.id]
             for card in deck.cards if card.id in deck_faces.fronts}
    faces.update({(deck.id, "back", card_id): face for card_id, face in deck_faces.backs.items()})
    faces[(deck.id, "back", None)] = deck_faces.back
    return {key: FaceImage(face, dpi, "png", 0.0) for key, face in faces.items()}


def _deck(game: Game, deck_faces: DeckFaces,
          made: dict) -> tuple[dict, dict, SavedDeck, Made | None]:
    """The deck's sheets and back (file name -> bytes), its manifest entry, what the saved
    object says of it, and the image of its first card, from its faces' images `made`."""
    deck = deck_faces.deck
    width, height = card_pixels(deck.size.width, deck.size.height)
    images = {key[1:]: image for key, image in made.items()
              if isinstance(key, tuple) and key[0] == deck.id}
    back = images[("back", None)]
    printed = [card for card in _printed(deck) if ("front", card.id) in images]
    named = {card.id: SavedCard(card.name, card_text(game, deck, card)) for card in deck.cards}
    files, sheets, saved = {}, [], []
    back_name = f"{deck.id}-back.jpg"
    for n, cards in enumerate(_sheets(printed), start=1):
        columns, rows = grid(len(cards))
        name = f"{deck.id}-sheet-{n}.jpg"
        files[f"{FOLDER}/{name}"] = _sheet(columns, rows, width, height, back,
                                           [images[("front", card.id)] for card in cards])
        own = any(("back", card.id) in images for card in cards)
        backs = f"{deck.id}-backs-{n}.jpg" if own else back_name
        if own:
            files[f"{FOLDER}/{backs}"] = _sheet(columns, rows, width, height, back, [
                images.get(("back", card.id), back) for card in cards])
        sheets.append({"face": f"{FOLDER}/{name}", "back": f"{FOLDER}/{backs}", "width": columns,
                       "height": rows, "number": len(cards)})
        saved.append(SavedSheet(name, backs, columns, rows,
                                tuple(named[card.id] for card in cards), unique_back=own))
    files[f"{FOLDER}/{back_name}"] = _jpeg(_sized(back, width, height))
    entry = {"deck": deck.id, "name": deck.name, "back": f"{FOLDER}/{back_name}",
             "card_pixels": [width, height], "sheets": sheets}
    cover = images[("front", printed[0].id)] if printed else None
    return (files, entry, SavedDeck(deck.name, deck.size.width, deck.size.height, tuple(saved)),
            cover)


def _sheet(columns: int, rows: int, width: int, height: int, hidden: Made,
           slots: list[Made]) -> bytes:
    """A sheet of `slots` read left to right, top to bottom, and `hidden` in its last slot."""
    sheet = Image.new("RGB", (columns * width, rows * height), "white")
    for slot, made in enumerate([*slots, *[None] * (columns * rows - 1 - len(slots)), hidden]):
        if made is not None:
            sheet.paste(_sized(made, width, height),
                        ((slot % columns) * width, (slot // columns) * height))
    return _jpeg(sheet)


def card_text(game: Game, deck: Deck, card: Card) -> str:
    """A card's fields other than its name as plain text, a line each ("Health: 10"), in the
    order its card type declares them: markup taken out, fields filled in, icons as [name]."""
    scope = card_scope(game, deck, card)
    lines = []
    for field in game.card_types[card.card_type].fields:
        text = scope.text(field.name)
        if field.name == "name" or field.name not in card.values or not text:
            continue
        if field.name in scope.markup_fields:
            text = parse(scope.expand(text), scope.text).plain
        lines.append(f"{field.name.replace('_', ' ').capitalize()}: {text}")
    return "\n".join(lines)


def _thumbnail(cover: Made | None) -> bytes:
    """The saved object's picture: the first card's face on a white square (white alone for a
    game of no cards)."""
    picture = Image.new("RGB", (THUMBNAIL, THUMBNAIL), "white")
    if cover is not None:
        with open_image(cover.image) as image:
            face = image.convert("RGB")
        face.thumbnail((THUMBNAIL, THUMBNAIL), Image.LANCZOS)
        picture.paste(face, ((THUMBNAIL - face.width) // 2, (THUMBNAIL - face.height) // 2))
    out = io.BytesIO()
    picture.save(out, "PNG")
    return out.getvalue()


def _json(value) -> bytes:
    return (json.dumps(value, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


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
             f"In one step: copy {game.id}.json and {game.id}.png into Tabletop Simulator's",
             "Saved Objects folder (Documents/My Games/Tabletop Simulator/Saves/Saved Objects),",
             "then in a game: Objects > Saved Objects. Every deck, token and board comes in.", "",
             "A deck by hand: Objects > Components > Cards > Custom Deck; Face: a sheet image,",
             "Back: its back image; then type the numbers below into the dialog.", ""]
    for deck in decks:
        for sheet in deck["sheets"]:
            unique = " (Unique backs)" if sheet["back"] != deck["back"] else ""
            lines.append(f"{deck['name']}: face {sheet['face']}, back {sheet['back']}{unique}, "
                         f"width {sheet['width']}, height {sheet['height']}, "
                         f"number {sheet['number']}")
    return "\n".join(lines) + "\n"
