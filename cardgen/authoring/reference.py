"""docs/reference.md, generated from the live schemas and registries.

    python -m cardgen.authoring.reference            # print it
    python -m cardgen.authoring.reference --write    # write docs/reference.md
"""
from __future__ import annotations

import sys
from pathlib import Path

from cardgen import catalog
from cardgen.base.model import CardSize
from cardgen.fields import FIELD_TYPES
from cardgen.resolve.library import LAYOUT_KEYS
from cardgen.load import game_schema as gs
from cardgen.drawing import fonts
from cardgen.drawing.elements import COMMON_KEYS, ELEMENT_TYPES
from cardgen.drawing.elements.base import Percent
from cardgen.drawing.icons import ICONS
from cardgen.load.rule_schema import RULE_KEYS

OUTPUT = Path(__file__).resolve().parents[2] / "docs" / "reference.md"

# Game data sections: heading, schema, introduction. Schema order is kept: it is the written order.
DATA_SECTIONS = (
    ("game.yaml", gs.GAME_KEYS, "The top level of a game folder's `game.yaml`."),
    ("Card types", gs.CARD_TYPE_KEYS, "Each entry of `card_types:` (card type id -> card type)."),
    ("Field declarations", gs.FIELD_KEYS,
     "Each entry of a card type's `fields:`. A declaration also takes the options of its field "
     "type (see Field types); `name: text` is short for `name: {type: text}`."),
    ("Decks", gs.DECK_KEYS, "Each item of `decks:`."),
    ("Faces", gs.FACE_KEYS, "A deck's `back:`, a card's own `back:`, a token's or token set's "
     "`face:` and `back:`, a board's `face:`."),
    ("Print settings", gs.PRINT_KEYS, "The `print:` mapping of `game.yaml`."),
    ("Token sets", gs.TOKEN_SET_KEYS, "Each item of `token_sets:`: tokens of one shape and size, "
     "printed by `cardgen build` into `tokens.pdf`."),
    ("Tokens", gs.TOKEN_KEYS, "Each item of a token set's `tokens:`."),
    ("Token owners", gs.OWNER_KEYS, "Each item of a token set's `owners:`: a player who fields "
     "every token of the set."),
    ("Documents", gs.DOCUMENT_KEYS, "Each item of `documents:`: a document such as the rules, "
     "printed by `cardgen build` into `<id>.pdf` and `<id>-booklet.pdf` (see the booklet guide)."),
    ("Boards", gs.BOARD_KEYS, "Each item of `boards:`: a board or mat, printed by `cardgen build` "
     "into `<id>.pdf`, whole or tiled across pages."),
    ("Fonts", gs.FONT_KEYS, "Each entry of `fonts:` (family name -> its files): a game's own "
     "TrueType or OpenType fonts, named in layouts like the shipped ones."),
    ("Legibility settings", gs.LEGIBILITY_KEYS, "The `legibility:` mapping of `game.yaml`: what "
     "`cardgen validate` holds printed cards to."),
    ("Card entries", gs.CARD_KEYS,
     "Each item of a card file's `cards:` list (or each CSV row), besides the card type's fields."),
    ("Glossary entries", gs.GLOSSARY_ENTRY_KEYS, "An entry of `glossary:` written as a mapping; "
     "`term: text` is short for `term: {text: text}`."),
    ("Definitions", gs.DEFINITION_KEYS, "Each entry of `definitions:` (name -> definition)."),
    ("Errata", gs.ERRATUM_KEYS, "Each item of `errata:`."),
    ("Changelog entries", gs.CHANGELOG_KEYS, "Each item of `changelog:`, newest first."),
)

# How a parser reads, for the type column; parsers made by a factory are read from their closure.
PARSER_NAMES = {
    "text": "text", "identifier": "id (letters, digits, - and _)", "boolean": "true or false",
    "any_value": "any value", "bound_value": "text, number or true/false", "players": "text", "length": "length", "layout_length": "length or %",
    "card_size": "card size name or {width, height}", "offset": "[x, y] lengths",
    "file_list": "file, or list of files", "read_rules": "list of rules", "condition": "condition",
    "_condition": "condition", "_condition_text": "condition", "font_size": "font size",
    "font_family": "font name", "color_name": "colour", "_crop": "[left, top, width, height] px",
    "icon_name": "icon name", "text_size": "font size", "glossary_entry": "text or {text, prototype}", "shape_name": "shape or icon name", "_choices": "list of text",
    "path_points": "list of [x, y] lengths",
}
UNITS = {"length": " mm", "layout_length": " mm", "offset": " mm", "font_size": " pt",
         "text_size": " pt"}


def _closure(parse) -> dict:
    cells = parse.__closure__ or ()
    return {name: cell.cell_contents for name, cell in zip(parse.__code__.co_freevars, cells)}


def _factory(parse) -> str:
    return parse.__qualname__.split(".<locals>")[0]


def type_text(parse) -> str:
    """A readable name for what a parser accepts."""
    outer, env = _factory(parse), _closure(parse)
    if outer in ("choice", "choice_in"):
        return "one of " + ", ".join(f"`{option}`" for option in env["options"])
    if outer in ("integer", "number"):
        kind = "whole number" if outer == "integer" else "number"
        low, high = env.get("minimum"), env.get("maximum")
        if low is not None and high is not None:
            return f"{kind} from {low:g} to {high:g}"
        if low is not None:
            return f"{kind}, at least {low:g}"
        return f"{kind}, at most {high:g}" if high is not None else kind
    if outer == "length":
        return f"length from {env['minimum']:g} to {env['maximum']:g} mm"
    if outer in ("list_of", "mapping_of"):
        item = env["item"]
        kind = "list" if outer == "list_of" else "mapping"
        each = type_text(item)
        if item.__name__ != "any_value" and outer == "list_of":
            kind += f" of {each}" if each == "text" else f"; each item: {each}"
        elif item.__name__ != "any_value":
            kind += f" of name to {each}"
        return kind + (" (or a single one)" if env.get("single_ok") else "")
    return PARSER_NAMES.get(outer, outer.strip("_").replace("_", " "))


def plain(value, unit: str = "") -> str:
    """A default as plain text: numbers without trailing zeros, lists in brackets."""
    if isinstance(value, CardSize):
        return value.name
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Percent):
        return f"{value.value:g}% of the card"
    if isinstance(value, (int, float)):
        return f"{value:g}{unit}"
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(plain(v, unit) for v in value) + "]" if value else "empty"
    if isinstance(value, dict):
        return "empty" if not value else ", ".join(f"{k}: {plain(v)}" for k, v in value.items())
    return str(value) if value != "" else "empty"


def cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def table(keys: dict) -> list[str]:
    rows = ["| key | type / default | meaning |", "|---|---|---|"]
    for name, key in keys.items():
        kind = type_text(key.parse)
        if key.required:
            kind += "; **required**"
        elif key.default is not None:
            kind += f"; default `{plain(key.default, UNITS.get(_factory(key.parse), ''))}`"
        rows.append(f"| `{name}` | {cell(kind)} | {cell(key.doc) or '(undocumented)'} |")
    return rows + [""]


def own_doc(cls) -> str:
    """A class's docstring, unless it is the signature a dataclass writes for a class without one."""
    doc = (cls.__doc__ or "").strip()
    return "" if doc.startswith(f"{cls.__name__}(") else " ".join(doc.split())


def data_sections() -> list[str]:
    out = []
    for heading, keys, intro in DATA_SECTIONS:
        out += [f"## {heading}", "", intro, ""] + table(keys)
    out += ["## Deck rules", "",
            "Items of a card type's or a deck's `rules:` list, each written `- kind: {options}`.", ""]
    for kind, keys in RULE_KEYS.items():
        out += [f"### Rule `{kind}`", ""] + table(keys)
    return out


def layout_sections() -> list[str]:
    out = ["## Layout files", "", "A layout file, `layouts/<name>.yaml`.", ""] + table(LAYOUT_KEYS)
    out += ["## Layout elements", "", "Each entry of a layout's `elements:` (name -> element).", "",
            "### Common keys", "", "Every element takes these keys.", ""] + table(COMMON_KEYS)
    for name, cls in ELEMENT_TYPES.items():
        out += [f"### Element `{name}`", ""]
        out += [own_doc(cls), ""] if own_doc(cls) else []
        markup = ", ".join(f"`{k}`" for k in sorted(cls.MARKUP_KEYS))
        out += [f"Card markup is read in: {markup}.", ""] if markup else []
        out += table(cls.KEYS)
    return out


def field_type_sections() -> list[str]:
    out = ["## Field types", "", "The `type:` of a field declaration, and the options each adds.", ""]
    for name, kind in FIELD_TYPES.items():
        out += [f"### Field type `{name}`", "", cell(kind.description), ""]
        out += table(kind.options) if kind.options else ["No options.", ""]
    return out


def catalog_sections() -> list[str]:
    out = ["## Icons", "", "For `{name}` in card text, the `icon` element and badge shapes:", "",
           ", ".join(f"`{name}`" for name in sorted(ICONS)), "",
           "## Shipped fonts", "", ", ".join(f"`{name}`" for name in sorted(fonts.families())), "",
           "## Card sizes", "",
           f"A card must be at least {catalog.SLEEVE_CLEARANCE_MM:g} mm narrower and shorter "
           "than its sleeve.", "", "| name | card | sleeve (outer size, mm) |", "|---|---|---|"]
    for name, size in catalog.card_sizes().items():
        sleeve = f"{size.sleeve}" if size.sleeve else "none"
        out.append(f"| `{name}` | {size.width:g} x {size.height:g} mm | {cell(sleeve)} |")
    out += ["", "## Paper sizes", "", "| name | width x height |", "|---|---|"]
    for name, (width, height) in catalog.page_sizes().items():
        out.append(f"| `{name}` | {width:g} x {height:g} mm |")
    return out + [""]


def generate() -> str:
    head = ["# cardgen reference", "",
            "Generated from cardgen's own schemas by `python -m cardgen.authoring.reference --write`: do not "
            "edit it by hand. The guides explain how the pieces fit: [data format](data-format.md), "
            "[layouts](layouts.md), [printing](printing.md), [adding a game](add-a-game.md).", "",
            "Lengths are millimetres unless a unit is given (`mm`, `cm`, `in`, `pt`, `px`); font "
            "sizes are points.", ""]
    lines = head + data_sections() + layout_sections() + field_type_sections() + catalog_sections()
    return "\n".join(lines).rstrip("\n") + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--write"]:
        OUTPUT.parent.mkdir(parents=True, exist_ok=True)
        OUTPUT.write_bytes(generate().encode("utf-8"))
        print(f"wrote {OUTPUT}")
    elif not args:
        sys.stdout.write(generate())
    else:
        print("usage: python -m cardgen.authoring.reference [--write]", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
