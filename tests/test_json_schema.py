"""The JSON Schemas editors check files with: every shipped file passes its schema, a planted
fault in each kind of file is caught, and `schema --write` points files at their schemas."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from cardgen.cli import main
from cardgen.base.errors import Report
from cardgen.authoring.json_schema import card_file_schema, game_file_schema, layout_file_schema
from cardgen.load.game import load_game
from cardgen.shared.yaml_source import load_yaml

REPO = Path(__file__).resolve().parents[1]
GAMES = sorted(p.parent for p in (REPO / "data").glob("*/game.yaml"))
LAYOUTS = sorted([*(REPO / "cardgen" / "layouts").rglob("*.yaml"),
                  *(REPO / "data").glob("*/layouts/*.yaml")])


def data_of(path: Path):
    """A file's data as cardgen reads it (YAML 1.2 core: `no` stays text)."""
    doc = load_yaml(path, Report())
    assert doc is not None, path
    return doc.data if doc.data is not None else {}


_CHECKED: set[str] = set()


def errors(schema: dict, data) -> list[str]:
    """What jsonschema finds wrong with `data`; the schema itself is checked once."""
    text = json.dumps(schema, sort_keys=True)
    if text not in _CHECKED:
        Draft202012Validator.check_schema(schema)
        _CHECKED.add(text)
    return [f"{list(e.absolute_path)}: {e.message[:200]}"
            for e in Draft202012Validator(schema).iter_errors(data)]


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_shipped_game_file_passes_its_schema(game):
    assert errors(game_file_schema(), data_of(game / "game.yaml")) == []


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_shipped_card_file_passes_its_schema(game):
    loaded = load_game(game, Report())
    checked = 0
    for deck in loaded.decks:
        schema = card_file_schema(loaded, deck.card_type)
        for file in {c.source.file for c in deck.cards if c.source.file.endswith(".yaml")}:
            assert errors(schema, data_of(Path(file))) == [], file
            checked += 1
    assert checked


@pytest.mark.parametrize("layout", LAYOUTS, ids=[str(p.relative_to(REPO)) for p in LAYOUTS])
def test_every_shipped_layout_passes_its_schema(layout):
    assert errors(layout_file_schema(), data_of(layout)) == []


def test_a_planted_fault_in_each_kind_of_file_is_rejected():
    game = data_of(GAMES[0] / "game.yaml")
    assert errors(game_file_schema(), {**game, "tilte": "x"})                 # unknown key
    assert errors(game_file_schema(), {**game, "print": {"page": "a5"}})      # not a choice
    decks = [{**game["decks"][0], "copies": 0}]
    assert errors(game_file_schema(), {**game, "decks": decks})               # out of range
    layout = data_of(REPO / "cardgen" / "layouts" / "common" / "back.yaml")
    element = next(iter(layout["elements"]))
    bad = {**layout, "elements": {**layout["elements"], element: {
        **layout["elements"][element], "wdith": "5mm"}}}
    assert errors(layout_file_schema(), bad)                                  # misspelt key
    loaded = load_game(GAMES[0], Report())
    deck = loaded.decks[0]
    cards = data_of(Path(deck.cards[0].source.file))
    cards["cards"][0] = {**cards["cards"][0], "nmae": "x"}
    assert errors(card_file_schema(loaded, deck.card_type), cards)


def test_a_planted_fault_in_a_font_a_token_set_a_token_a_board_and_a_document_is_rejected():
    game = data_of(REPO / "data" / "time-line-battle-v2" / "game.yaml")
    assert game["token_sets"] and game["boards"]
    body = {"regular": "fonts/Body.ttf", "italic": "fonts/Body-Italic.ttf", "fallback": ["sans"]}
    assert errors(game_file_schema(), {**game, "fonts": {"body": body}}) == []
    token_set = game["token_sets"][0]
    faults = {
        "fonts entry": {"fonts": {"body": {**body, "itallic": "fonts/Body-Italic.ttf"}}},
        "font without its regular face": {"fonts": {"body": {"bold": "fonts/Body-Bold.ttf"}}},
        "font taking a shipped name": {"fonts": {"serif": body}},
        "token set": {"token_sets": [{**token_set, "shpae": "circle"}, *game["token_sets"][1:]]},
        "token set's path": {"token_sets": [{**token_set, "shape": "path",
                                             "points": [[0, 0], [10, 0]]}]},
        "token set's rules": {"token_sets": [{**token_set, "rules": [{"totl": {"count": 3}}]}]},
        "token": {"token_sets": [{**token_set, "tokens": [{**token_set["tokens"][0],
                                                             "copise": 2}]}]},
        "board": {"boards": [{**game["boards"][0], "widht": "300mm"}]},
        "board's face": {"boards": [{**game["boards"][0], "face": {"layuot": "timeline-mat"}}]},
        "document": {"documents": [{"id": "rules", "fiel": "rules.md"}]},
        "document without its file": {"documents": [{"id": "rules"}]},
    }
    for what, change in faults.items():
        assert errors(game_file_schema(), {**game, **change}), what


def test_a_games_layout_schema_takes_its_own_font_names():
    layout = {"elements": {"name": {"type": "text", "text": "{{name}}", "font": "body"}}}
    assert errors(layout_file_schema(game_fonts=["body"]), layout) == []
    assert errors(layout_file_schema(game_fonts=["title"]), layout)       # another game's font
    assert errors(layout_file_schema(), layout) == []        # no game: any name may be its own
    assert errors(layout_file_schema(), {"elements": {"name": {"type": "text", "text": "x",
                                                               "font": 3}}})


def test_write_puts_schemas_where_an_editor_finds_them(copy_game, validate):
    game = copy_game("valid-minimal", name="g")
    for _ in range(2):          # writing twice changes nothing more
        result = CliRunner().invoke(main, ["schema", str(game), "--write"])
        assert result.exit_code == 0, result.output
    first_lines = {p.relative_to(game).as_posix(): p.read_text(encoding="utf-8").splitlines()[:2]
                   for p in [game / "game.yaml", game / "cards" / "heroes.yaml",
                             game / "layouts" / "front.yaml"]}
    assert first_lines["game.yaml"][0] == "# yaml-language-server: $schema=schemas/game.schema.json"
    assert first_lines["cards/heroes.yaml"][0] == (
        "# yaml-language-server: $schema=../schemas/cards-hero.schema.json")
    assert first_lines["layouts/front.yaml"][0] == (
        "# yaml-language-server: $schema=../schemas/layout.schema.json")
    assert all(not lines[1].startswith("# yaml-language-server") for lines in first_lines.values())
    for name in ("game", "layout", "cards-hero"):
        Draft202012Validator.check_schema(json.loads((game / "schemas" / f"{name}.schema.json").read_text()))
    validate(game, exit_code=0)


def test_the_written_layout_schema_takes_the_games_own_font(copy_game, edit, validate):
    game = copy_game("valid-minimal", ("layouts/front.yaml", "    font: condensed\n",
                                       "    font: body\n"), name="g")
    (game / "fonts").mkdir()
    shutil.copy(REPO / "cardgen" / "fonts" / "DejaVuSerif.ttf", game / "fonts" / "Body.ttf")
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text() + "fonts:\n  body:\n    regular: fonts/Body.ttf\n")
    front = game / "layouts" / "front.yaml"
    validate(game, exit_code=0)
    assert CliRunner().invoke(main, ["schema", str(game), "--write"]).exit_code == 0
    schema = json.loads((game / "schemas" / "layout.schema.json").read_text())
    assert errors(schema, data_of(front)) == []
    printed = CliRunner().invoke(main, ["schema", str(game), "--kind", "layout"])
    assert printed.exit_code == 0 and json.loads(printed.stdout) == schema
    edit(front, "    font: body\n", "    font: boddy\n")
    assert errors(schema, data_of(front))
