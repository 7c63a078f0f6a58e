"""A Tabletop Simulator saved object: the JSON file TTS loads from its Saved Objects folder, with
every deck, token and board of a game laid out in a row on the table.

What it holds (TTS's save format, as its knowledge base and saved files write it):
- a deck is a "Deck" (a deck of one card, a "Card"): its "CustomDeck" names each sheet by a number
  (FaceURL, BackURL, NumWidth, NumHeight, BackIsHidden, UniqueBack), its "DeckIDs" say each
  card's sheet and place (sheet x 100 + index from 0), and "ContainedObjects" holds one "Card" a
  copy, named (Nickname) and with its text (Description). Sheets are numbered from 1 across the
  whole object, so two decks never share a number (TTS merges decks by it);
- a token kind is a "Custom_Tile" of its shape (a path-shaped token a "Custom_Token", cut from
  its image's transparency); several copies are a "Bag" holding one tile a copy;
- a board copy is a square "Custom_Tile" stretched to the board's printed size.

Sizes: one TTS unit is an inch (25.4 mm); a tile at scale 1 is TILE_SIDE units a side, and a
card at scale 1 is a poker card (63.5 mm wide), so every piece is its printed size to scale.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Callable

MAX_COLUMNS, MAX_ROWS, MAX_SIDE = 10, 7, 4096     # a deck sheet's grid; any image's pixels a side
MM_PER_UNIT = 25.4
TILE_SIDE = 2.0                    # units a side of a Custom_Tile at scale 1
CARD_WIDTH_AT_SCALE_1 = 63.5       # mm: TTS's card is a poker card at scale 1
CARD_UNITS = (2.2, 3.1)            # a poker card on the table, units: for spacing the row
GAP = 1.0                          # units between two objects of the row
TABLE_HEIGHT = 1.0                 # units above the table's centre an object is put down at
BAG_SIDE = 2.0                     # units a bag takes on the table
TILE_TYPES = {"square": 0, "hexagon": 1, "circle": 2, "rounded": 3}   # CustomTile "Type"
TILE_THICKNESS = 0.1               # units: card stock
BOARD_THICKNESS = 0.2


@dataclass(frozen=True)
class SavedCard:
    name: str
    text: str


@dataclass(frozen=True)
class SavedSheet:
    """One sheet image of a deck: its cards in slot order, and its backs (one image for the
    whole sheet, or with `unique_back` a sheet of backs laid out like the faces)."""

    face: str                      # file names, inside the tts folder
    back: str
    columns: int
    rows: int
    cards: tuple[SavedCard, ...]
    unique_back: bool = False


@dataclass(frozen=True)
class SavedDeck:
    name: str
    width: float                   # mm, the card's trim
    height: float
    sheets: tuple[SavedSheet, ...]


@dataclass(frozen=True)
class SavedPiece:
    """A token kind or a board copy: a tile of `shape` (a TILE_TYPES key, or "path")."""

    name: str
    description: str
    shape: str
    width: float                   # mm
    height: float
    front: str
    back: str | None
    copies: int = 1
    thickness: float = TILE_THICKNESS


def saved_object(title: str, decks: list[SavedDeck], pieces: list[SavedPiece],
                 url: Callable[[str], str]) -> dict:
    """The saved object, every image named by `url(file name)`."""
    row = _Row(title)
    states = [_deck(deck, row, url, first) for deck, first in zip(decks, _first_sheets(decks))]
    states += [_piece(piece, row, url) for piece in pieces]
    return {"SaveName": title, "GameMode": "", "Date": "", "VersionNumber": "", "Note": "",
            "Table": "", "Sky": "", "Rules": "", "XmlUI": "", "LuaScript": "",
            "LuaScriptState": "", "ObjectStates": states, "TabStates": {}}


def _first_sheets(decks: list[SavedDeck]) -> list[int]:
    firsts, number = [], 1
    for deck in decks:
        firsts.append(number)
        number += len(deck.sheets)
    return firsts


class _Row:
    """Where each object goes: left to right along x, each `GAP` units past the last, and a GUID
    for each, the same on every export of the same game."""

    def __init__(self, title: str):
        self.title, self.x, self.count = title, 0.0, 0

    def transform(self, width: float, scale_x: float = 1.0, scale_z: float = 1.0,
                  face_down: bool = False) -> dict:
        x = self.x + width / 2
        self.x += width + GAP
        return {"posX": round(x, 3), "posY": TABLE_HEIGHT, "posZ": 0.0, "rotX": 0.0,
                "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0,
                "scaleX": round(scale_x, 4), "scaleY": 1.0, "scaleZ": round(scale_z, 4)}

    def guid(self) -> str:
        self.count += 1
        return hashlib.sha256(f"{self.title}\0{self.count}".encode()).hexdigest()[:6]


def _deck(deck: SavedDeck, row: _Row, url, first: int) -> dict:
    scale = deck.width / CARD_WIDTH_AT_SCALE_1
    custom, cards = {}, []
    for number, sheet in enumerate(deck.sheets, start=first):
        custom[str(number)] = {"FaceURL": url(sheet.face), "BackURL": url(sheet.back),
                               "NumWidth": sheet.columns, "NumHeight": sheet.rows,
                               "BackIsHidden": True, "UniqueBack": sheet.unique_back, "Type": 0}
        cards += [(number * 100 + index, card) for index, card in enumerate(sheet.cards)]
    transform = row.transform(CARD_UNITS[0] * scale, scale, scale, face_down=True)

    def card(card_id: int, of: SavedCard) -> dict:
        key = str(card_id // 100)
        return {"Name": "Card", "GUID": row.guid(), "Transform": transform,
                "Nickname": of.name, "Description": of.text, "CardID": card_id,
                "CustomDeck": {key: custom[key]}}

    if len(cards) == 1:
        return card(*cards[0])
    return {"Name": "Deck", "GUID": row.guid(), "Transform": transform, "Nickname": deck.name,
            "Description": f"{len(cards)} cards", "DeckIDs": [card_id for card_id, _ in cards],
            "CustomDeck": custom, "ContainedObjects": [card(*c) for c in cards]}


def _piece(piece: SavedPiece, row: _Row, url) -> dict:
    units = (piece.width / MM_PER_UNIT, piece.height / MM_PER_UNIT)
    if piece.copies == 1:
        return _tile(piece, row.guid(), row.transform(units[0], *_scales(piece, units)), url)
    transform = row.transform(max(BAG_SIDE, units[0]))
    inside = {**transform, "posY": transform["posY"] + 1.0, **dict(zip(
        ("scaleX", "scaleZ"), _scales(piece, units)))}
    return {"Name": "Bag", "GUID": row.guid(), "Transform": transform,
            "Nickname": f"{piece.name} ({piece.copies})", "Description": piece.description,
            "ContainedObjects": [_tile(piece, row.guid(), inside, url)
                                 for _ in range(piece.copies)]}


def _scales(piece: SavedPiece, units: tuple[float, float]) -> tuple[float, float]:
    if piece.shape == "path":          # a token is as large as its image's aspect says, at 1
        return units[0] / TILE_SIDE, units[0] / TILE_SIDE
    return units[0] / TILE_SIDE, units[1] / TILE_SIDE


def _tile(piece: SavedPiece, guid: str, transform: dict, url) -> dict:
    common = {"GUID": guid, "Transform": transform, "Nickname": piece.name,
              "Description": piece.description}
    if piece.shape == "path":
        return {"Name": "Custom_Token", **common, "CustomImage": {
            "ImageURL": url(piece.front), "ImageSecondaryURL": "", "ImageScalar": 1.0,
            "WidthScale": 0.0, "CustomToken": {"Thickness": piece.thickness,
                                               "MergeDistancePixels": 15.0, "StandUp": False,
                                               "Stackable": False}}}
    return {"Name": "Custom_Tile", **common, "CustomImage": {
        "ImageURL": url(piece.front), "ImageSecondaryURL": url(piece.back or piece.front),
        "ImageScalar": 1.0, "WidthScale": 0.0,
        "CustomTile": {"Type": TILE_TYPES[piece.shape], "Thickness": piece.thickness,
                       "Stackable": piece.copies > 1, "Stretch": True}}}
