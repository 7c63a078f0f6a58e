"""JSON Schema for a game's card files, generated from its field declarations, for editors."""
from __future__ import annotations

from cardgen.fields import field_type
from cardgen.load.game_schema import CARD_KEYS
from cardgen.model import CardType, Game

SCHEMA_URI = "https://json-schema.org/draft/2020-12/schema"


def card_schema(card_type: CardType) -> dict:
    properties = {}
    for decl in card_type.fields:
        prop = dict(field_type(decl.type).json_schema(decl))
        if decl.description:
            prop["description"] = decl.description
        properties[decl.name] = prop
    properties["id"] = {"type": "string", "pattern": "^[A-Za-z0-9_-]+$", "description": CARD_KEYS["id"].doc}
    properties["copies"] = {"type": "integer", "minimum": 0, "description": CARD_KEYS["copies"].doc}
    properties["prototype"] = {
        "description": CARD_KEYS["prototype"].doc,
        "oneOf": [{"type": "boolean"},
                  {"type": "array", "items": {"enum": [d.name for d in card_type.fields]}}]}
    return {
        "type": "object",
        "properties": properties,
        "required": [d.name for d in card_type.fields if d.required],
        "additionalProperties": False,
    }


def card_file_schema(game: Game, type_id: str) -> dict:
    """The schema of a card file holding cards of `type_id`: `{cards: [card, ...]}`."""
    card_type = game.card_types[type_id]
    return {
        "$schema": SCHEMA_URI,
        "title": f"{game.title}: {card_type.name} cards",
        "type": "object",
        "properties": {"cards": {"type": "array", "items": card_schema(card_type)}},
        "required": ["cards"],
        "additionalProperties": False,
    }
