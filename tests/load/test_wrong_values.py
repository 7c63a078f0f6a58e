"""Every key of every schema, given wrong values, ends in a clear error or a good build.

Driven by the schemas themselves (game.yaml, card types, field declarations and field-type
options, decks, backs, print settings, token sets and their tokens, boards, fonts, legibility,
glossary entries, card entries, definitions, errata, deck rules, layout files and every element
type), so a key added later is covered without a new test. Each wrong
value goes into tests/corpus/valid-minimal at the place that key lives; `cardgen validate`
must then print only `file:line: severity: ...` lines (no traceback) and exit 0 or 1, and a value
it accepts must also build into a PDF that parses.
"""
from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest
import yaml
from pypdf import PdfReader

from cardgen.fields import FIELD_TYPES
from cardgen.resolve.library import LAYOUT_KEYS
from cardgen.load import game_schema as gs
from cardgen.drawing.elements import COMMON_KEYS, ELEMENT_TYPES
from cardgen.load.rule_schema import RULE_KEYS

VALID = Path(__file__).resolve().parents[1] / "corpus" / "valid-minimal" / "data" / "game"
MARK = "__WRONG__"

# YAML text of each wrong value: wrong types, empty, negative, zero, huge, infinite, NaN, an
# integer too large for a float (400 digits) and one of 5,000 digits
WRONG = {
    "list": "[1, 2]",
    "mapping": "{a: 1}",
    "empty": '""',
    "nothing": "null",
    "negative": "-1",
    "zero": "0",
    "huge": "1000001",
    "infinite": "1e999",
    "nan": ".nan",
    "400 digits": "9" * 400,
    "5000 digits": "9" * 5000,
    "control": '"a\\x1bb"',
}
LINE = re.compile(r"^[^:\n]+:\d+: (error|warning): [a-z-]+: ")


@dataclass(frozen=True)
class Place:
    """Where a schema's keys live in the minimal game: file, and how to reach the mapping (adding
    it, with its required keys, when the minimal game has none); `setup` adds files it needs."""

    file: str
    reach: Callable[[dict], dict]
    setup: Callable[[Path], None] = lambda root: None


def _element(kind: str) -> Callable[[dict], dict]:
    def reach(layout: dict) -> dict:
        element = {"type": kind, **REQUIRED_ELEMENT_KEYS.get(kind, {})}
        layout["elements"]["probe"] = element
        return element
    return reach


def _field_option(kind: str) -> Callable[[dict], dict]:
    def reach(game: dict) -> dict:
        decl = {"type": kind, **REQUIRED_FIELD_OPTIONS.get(kind, {})}
        game["card_types"]["hero"]["fields"]["probe"] = decl
        return decl
    return reach


def _rule(kind: str) -> Callable[[dict], dict]:
    def reach(game: dict) -> dict:
        options = {"field": "power"} if "field" in RULE_KEYS[kind] else {}
        game["decks"][0]["rules"] = [{kind: options}]
        return options
    return reach


def _token_set(game: dict) -> dict:
    return game.setdefault("token_sets", [{"id": "coins", "size": "20mm", "face": {"layout": "plain"},
                                           "tokens": [{"name": "Coin"}]}])[0]


def _plain_layout(root: Path) -> None:
    """A face for tokens and boards that binds nothing."""
    (root / "layouts" / "plain.yaml").write_text(
        'description: A plain face.\nelements:\n  ground: {type: rect, bleed: true, fill: "#2f5d50"}\n',
        encoding="utf-8")


def _font(game: dict) -> dict:
    return game.setdefault("fonts", {}).setdefault("probe", {"regular": "fonts/probe.ttf"})


def _font_file(root: Path) -> None:
    (root / "fonts").mkdir()
    shutil.copy(FONTS / "DejaVuSans.ttf", root / "fonts" / "probe.ttf")


FONTS = Path(__file__).resolve().parents[2] / "cardgen" / "fonts"

REQUIRED_ELEMENT_KEYS = {"text": {"text": "x"}, "textbox": {"text": "x"}, "image": {"src": "art/hero.png"},
                         "icon": {"name": "star"}, "badge": {"text": "1"}, "target_grid": {"code": "M"}}
REQUIRED_FIELD_OPTIONS = {"choice": {"choices": ["a", "b"]}}

PLACES: dict[str, tuple[dict, Place]] = {
    "game": (gs.GAME_KEYS, Place("game.yaml", lambda g: g)),
    "card type": (gs.CARD_TYPE_KEYS, Place("game.yaml", lambda g: g["card_types"]["hero"])),
    "field": (gs.FIELD_KEYS, Place("game.yaml", lambda g: g["card_types"]["hero"]["fields"]["power"])),
    "deck": (gs.DECK_KEYS, Place("game.yaml", lambda g: g["decks"][0])),
    "back": (gs.FACE_KEYS, Place("game.yaml", lambda g: g["decks"][0]["back"])),
    "print": (gs.PRINT_KEYS, Place("game.yaml", lambda g: g.setdefault("print", {}))),
    "definition": (gs.DEFINITION_KEYS, Place("game.yaml", lambda g: g.setdefault(
        "definitions", {}).setdefault("Probe", {"kind": "token", "text": "A probe."}))),
    "erratum": (gs.ERRATUM_KEYS, Place("game.yaml", lambda g: g.setdefault("errata", [{
        "card": "First Hero", "field": "power", "was": "2", "now": "3"}])[0])),
    "token set": (gs.TOKEN_SET_KEYS, Place("game.yaml", _token_set, _plain_layout)),
    "token": (gs.TOKEN_KEYS, Place("game.yaml", lambda g: _token_set(g)["tokens"][0], _plain_layout)),
    "board": (gs.BOARD_KEYS, Place("game.yaml", lambda g: g.setdefault("boards", [{
        "id": "map", "width": "100mm", "height": "80mm", "face": {"layout": "plain"}}])[0],
        _plain_layout)),
    "font": (gs.FONT_KEYS, Place("game.yaml", _font, _font_file)),
    "legibility": (gs.LEGIBILITY_KEYS, Place("game.yaml", lambda g: g.setdefault("legibility", {}))),
    "glossary entry": (gs.GLOSSARY_ENTRY_KEYS, Place("game.yaml", lambda g: g.setdefault(
        "glossary", {}).setdefault("Probe", {"text": "A probe."}))),
    "card": (gs.CARD_KEYS, Place("cards/heroes.yaml", lambda c: c["cards"][0])),
    "layout": (LAYOUT_KEYS, Place("layouts/front.yaml", lambda lay: lay)),
    **{f"{kind} element": ({**COMMON_KEYS, **cls.KEYS}, Place("layouts/front.yaml", _element(kind)))
       for kind, cls in ELEMENT_TYPES.items()},
    **{f"{kind} field": (kind_type.options, Place("game.yaml", _field_option(kind)))
       for kind, kind_type in FIELD_TYPES.items() if kind_type.options},
    **{f"{kind} rule": (keys, Place("game.yaml", _rule(kind))) for kind, keys in RULE_KEYS.items()},
}

CASES = [(place, key) for place, (keys, _) in PLACES.items() for key in keys
         if not (place.endswith("element") and key == "type")]


def _write(root: Path, place: Place, key: str, value_text: str) -> None:
    place.setup(root)
    path = root / place.file
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    place.reach(data)[key] = MARK
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=10_000)
    assert text.count(MARK) == 1
    path.write_text(text.replace(MARK, value_text), encoding="utf-8")


@pytest.mark.parametrize("place,key", CASES, ids=[f"{p}.{k}" for p, k in CASES])
def test_every_wrong_value_is_an_error_with_file_and_line(place, key, copy_game, validate, build):
    keys, where = PLACES[place]
    outcomes = {}
    for name, value_text in WRONG.items():
        root = copy_game(VALID)
        _write(root, where, key, value_text)
        result = validate(root).result
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            f"{name}: {result.output}")
        assert "Traceback" not in result.output and "internal error" not in result.output, name
        outcomes[name] = result.exit_code
        if result.exit_code == 1:
            lines = [line for line in result.output.splitlines() if line.strip()]
            assert lines and all(LINE.match(line) for line in lines), f"{name}: {result.output}"
            assert "\x1b" not in result.output, f"{name}: a control character reached the terminal"
        else:
            assert result.exit_code == 0, f"{name}: {result.output}"
            built = build(root, "--quiet", exit_code=None)
            assert built.exit_code == 0, f"{name} passed validate but not build: {built.output}"
            pdfs = list(built.out.glob("*.pdf"))
            assert pdfs and all(len(PdfReader(pdf).pages) >= 1 for pdf in pdfs)
    takes_anything = keys[key].parse.__name__ == "any_value"
    if not takes_anything:
        assert 1 in outcomes.values(), f"{place}.{key} accepted every wrong value: {outcomes}"


CARD_FIELDS = list(yaml.safe_load((VALID / "game.yaml").read_text(encoding="utf-8"))
                   ["card_types"]["hero"]["fields"])


@pytest.mark.parametrize("field", CARD_FIELDS)
def test_every_card_field_wrong_or_left_out_is_an_error_or_a_good_build(field, copy_game, validate, build):
    place = Place("cards/heroes.yaml", lambda c: c["cards"][1])
    for name, value_text in {**WRONG, "left out": None}.items():
        root = copy_game(VALID)
        if value_text is None:
            path = root / place.file
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            place.reach(data).pop(field, None)
            path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
        else:
            _write(root, place, field, value_text)
        result = validate(root).result
        assert result.exit_code in (0, 1), f"{name}: {result.output}"
        lines = [line for line in result.output.splitlines() if line.strip()]
        if result.exit_code == 1:
            assert lines and all(LINE.match(line) for line in lines), f"{name}: {result.output}"
        else:
            built = build(root, "--quiet", exit_code=None)
            assert built.exit_code == 0, f"{name} passed validate but not build: {built.output}"


@pytest.mark.parametrize("place", ["token set", "token", "board", "font", "legibility",
                                   "glossary entry"])
def test_an_added_place_is_a_good_game_before_a_value_is_made_wrong(place, copy_game, validate):
    """A wrong value put where the minimal game has no such mapping is then the only fault: the
    mapping, as the test adds it (with the keys and files it needs), passes validate."""
    where = PLACES[place][1]
    root = copy_game(VALID)
    where.setup(root)
    path = root / where.file
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    where.reach(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    result = validate(root).result
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("where", [
    Place("game.yaml", lambda g: g["decks"][0]["back"]),
    Place("game.yaml", lambda g: g["decks"][0]),
])
@pytest.mark.parametrize("name", ["list", "mapping", "huge", "infinite", "400 digits",
                                  "5000 digits"])
def test_a_value_a_layout_prints_is_text_a_boolean_or_a_number_in_range(where, name, copy_game, validate):
    root = copy_game(VALID)
    path = root / where.file
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    where.reach(data).setdefault("values", {})["label"] = MARK
    path.write_text(yaml.safe_dump(data, sort_keys=False).replace(MARK, WRONG[name]), encoding="utf-8")
    result = validate(root).result
    assert result.exit_code == 1, result.output
    assert re.search(r"game\.yaml:\d+: error: (range|type): decks\[0\]\.(back\.)?values\.label: ",
                     result.output), result.output
