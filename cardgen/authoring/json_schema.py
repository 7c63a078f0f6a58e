"""JSON Schemas of a game's files (game.yaml, layouts, card files), for editors that check YAML as
you type. They are read off the same typed schemas the loader checks with, so they never drift:
each parser is turned into the JSON Schema of what it accepts."""
from __future__ import annotations

from typing import Iterable

from cardgen import catalog
from cardgen.shared import schema as s
from cardgen.fields import FIELD_TYPES, field_type
from cardgen.base.limits import PATH_POINTS
from cardgen.resolve.library import LAYOUT_KEYS
from cardgen.load import game_schema as gs
from cardgen.base.model import CardType, Game
from cardgen.drawing import fonts
from cardgen.drawing.elements import COMMON_KEYS, ELEMENT_TYPES
from cardgen.load.rule_schema import RULE_KEYS

SCHEMA_URI = "https://json-schema.org/draft/2020-12/schema"
LENGTH_TEXT = r"^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*(mm|cm|in|pt|px)?\s*$"
TEMPLATE = {"type": "string", "pattern": r"\{\{"}     # a value bound from the card: {{field}}
TEXT = {"type": ["string", "number"]}


def _closure(parse) -> dict:
    cells = parse.__closure__ or ()
    return {name: cell.cell_contents for name, cell in zip(parse.__code__.co_freevars, cells)}


def _bounded(kind: str, env: dict) -> dict:
    out = {"type": kind}
    if env.get("minimum") is not None:
        out["minimum"] = env["minimum"]
    if env.get("maximum") is not None:
        out["maximum"] = env["maximum"]
    return out


def value_schema(parse) -> dict:
    """The JSON Schema of what a parser of ours accepts (as loose as needed, never looser)."""
    factory = parse.__qualname__.split(".<locals>")[0]
    env = _closure(parse)
    if factory in ("choice", "choice_in"):
        return {"enum": list(env["options"])}
    if factory == "integer":
        return _bounded("integer", env)
    if factory == "number":
        return _bounded("number", env)
    if factory == "length":
        return {"anyOf": [_bounded("number", env), {"type": "string", "pattern": LENGTH_TEXT}]}
    if factory == "list_of":
        items = {"type": "array", "items": value_schema(env["item"])}
        return {"anyOf": [value_schema(env["item"]), items]} if env.get("single_ok") else items
    if factory == "mapping_of":
        return {"type": "object", "additionalProperties": value_schema(env["item"])}
    if factory == "read_rules":
        return _rules()
    if factory == "path_points":
        return _path_points()
    return dict(_NAMED.get(factory, {}))


def _length_or_percent() -> dict:
    return {"anyOf": [{"type": "number"}, {"type": "string"}]}


_NAMED = {
    "text": TEXT, "players": TEXT, "identifier": {"type": "string", "pattern": "^[A-Za-z0-9_-]+$"},
    "boolean": {"type": "boolean"}, "any_value": {},
    "bound_value": {"type": ["string", "number", "boolean"]},
    "layout_length": _length_or_percent(), "font_size": {"type": ["number", "string"]},
    "text_size": {"type": ["number", "string"]}, "color_name": {"type": "string"},
    "condition": {"type": "string"}, "_condition": {"type": "string"},
    "_condition_text": {"type": "string"}, "icon_name": {"type": "string"},
    "shape_name": {"type": "string"}, "_choices": {"type": "array", "items": TEXT},
    "_crop": {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 4,
              "maxItems": 4},
    "file_list": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
}


def object_schema(keys: dict, overrides: dict | None = None) -> dict:
    """A mapping checked by `keys`: each key's value schema and doc, required keys, no others."""
    overrides = overrides or {}
    properties = {}
    for name, key in keys.items():
        prop = dict(overrides.get(name) or value_schema(key.parse))
        if key.doc:
            prop["description"] = key.doc
        properties[name] = prop
    schema = {"type": "object", "properties": properties, "additionalProperties": False}
    required = [name for name, key in keys.items() if key.required]
    return {**schema, "required": required} if required else schema


# game.yaml -----------------------------------------------------------------------------------------

def _field_declaration() -> dict:
    """`name: text`, or `{type: ..., required ...}` with the options of that type."""
    kinds = []
    for name, kind in FIELD_TYPES.items():
        decl = object_schema({**gs.FIELD_KEYS, **kind.options})
        decl["properties"]["type"] = {"const": name}
        kinds.append(decl)
    return {"anyOf": [{"enum": list(FIELD_TYPES)}, *kinds]}


def _rules() -> dict:
    rules = [{"type": "object", "properties": {kind: object_schema(keys)}, "required": [kind],
              "additionalProperties": False} for kind, keys in RULE_KEYS.items()]
    return {"type": "array", "items": {"anyOf": rules}}


def _path_points() -> dict:
    corner = {"type": "array", "items": value_schema(s.length(0.0, gs.TOKEN_SIZE_MM[1])),
              "minItems": 2, "maxItems": 2}
    return {"type": "array", "items": corner, "minItems": 3, "maxItems": PATH_POINTS}


def _card_size() -> dict:
    side = value_schema(gs.side_length)
    return {"anyOf": [{"enum": list(catalog.card_sizes())},
                      {"type": "object", "properties": {"width": side, "height": side},
                       "required": ["width", "height"], "additionalProperties": False}]}


def game_file_schema() -> dict:
    offset = {"type": "array", "items": value_schema(gs.offset_length), "minItems": 2, "maxItems": 2}
    face = object_schema(gs.FACE_KEYS)
    card_type = object_schema(gs.CARD_TYPE_KEYS, {
        "fields": {"type": "object", "additionalProperties": _field_declaration()}})
    deck = object_schema(gs.DECK_KEYS, {"back": face, "size": _card_size()})
    token = object_schema(gs.TOKEN_KEYS, {"face": face, "back": face})
    token_set = object_schema(gs.TOKEN_SET_KEYS, {
        "face": face, "back": face, "tokens": {"type": "array", "items": token}})
    top = object_schema(gs.GAME_KEYS, {
        "card_types": {"type": "object", "additionalProperties": card_type},
        "decks": {"type": "array", "items": deck},
        "print": object_schema(gs.PRINT_KEYS, {"back_offset": offset}),
        "legibility": object_schema(gs.LEGIBILITY_KEYS),
        "token_sets": {"type": "array", "items": token_set},
        "boards": {"type": "array", "items": object_schema(gs.BOARD_KEYS, {"face": face})},
        "documents": {"type": "array", "items": object_schema(gs.DOCUMENT_KEYS)},
        "fonts": {"type": "object", "additionalProperties": object_schema(gs.FONT_KEYS),
                  "propertyNames": {"not": {"enum": sorted(fonts.families())}}},
        "definitions": {"type": "object", "additionalProperties": object_schema(gs.DEFINITION_KEYS)},
        "glossary": {"type": "object", "additionalProperties": {
            "anyOf": [TEXT, object_schema(gs.GLOSSARY_ENTRY_KEYS)]}},
        "errata": {"type": "array", "items": object_schema(gs.ERRATUM_KEYS)},
        "changelog": {"type": "array", "items": object_schema(gs.CHANGELOG_KEYS)},
    })
    return {"$schema": SCHEMA_URI, "title": "cardgen game.yaml", **top}


# layouts -------------------------------------------------------------------------------------------

def font_name_schema(game_fonts: Iterable[str] | None = None) -> dict:
    """A layout's `font`: a shipped family or one of the game's own; without a game, any name
    (the shipped ones offered as examples), since a game's layouts may name its own fonts."""
    shipped = sorted(fonts.families())
    if game_fonts is None:
        return {"type": "string", "examples": shipped}
    return {"enum": sorted({*shipped, *game_fonts})}


def _element(kind: str, cls, font: dict) -> dict:
    keys = {**COMMON_KEYS, **cls.KEYS}
    schema = object_schema(keys)
    for name, prop in schema["properties"].items():
        if name != "type":      # any value may come from the card instead: {{field}}
            schema["properties"][name] = {"anyOf": [prop, TEMPLATE]}
    schema["properties"]["type"] = {"const": kind}
    if "font" in schema["properties"]:
        doc = schema["properties"]["font"]["anyOf"][0].get("description")
        schema["properties"]["font"] = {"anyOf": [font, TEMPLATE], **({"description": doc} if doc else {})}
    schema["required"] = ["type"] + [n for n, k in cls.KEYS.items() if k.required]
    return schema


def layout_file_schema(game_fonts: Iterable[str] | None = None) -> dict:
    """A layout file; an element that only adds to one it inherits may leave `type` out.
    `game_fonts`: the game's own font families (None: the layout of no one game)."""
    font = font_name_schema(game_fonts)
    partial = {"type": "object", "not": {"required": ["type"]}}
    element = {"anyOf": [_element(kind, cls, font) for kind, cls in ELEMENT_TYPES.items()] + [partial]}
    top = object_schema(LAYOUT_KEYS, {"elements": {"type": "object", "additionalProperties": element}})
    return {"$schema": SCHEMA_URI, "title": "cardgen layout", **top}


# card files ----------------------------------------------------------------------------------------

def card_schema(card_type: CardType) -> dict:
    properties = {}
    for decl in card_type.fields:
        prop = dict(field_type(decl.type).json_schema(decl))
        if decl.description:
            prop["description"] = decl.description
        properties[decl.name] = prop
    properties["id"] = {**value_schema(gs.CARD_KEYS["id"].parse), "description": gs.CARD_KEYS["id"].doc}
    properties["copies"] = {**value_schema(gs.CARD_KEYS["copies"].parse),
                            "description": gs.CARD_KEYS["copies"].doc}
    properties["prototype"] = {
        "description": gs.CARD_KEYS["prototype"].doc,
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
