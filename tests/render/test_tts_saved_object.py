"""The Tabletop Simulator saved object of every shipped game, read back: TTS's save format (a
small JSON schema of the fields TTS reads, with their types), card ids that agree with their
sheets, every card copy there and named, every token and board there, nothing overlapping on the
table, and every image it names a file that exists; a double-faced card's own back on a sheet of
backs; and `--base-url`, a web address or a usage error."""
from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

import jsonschema
import pytest
from click.testing import CliRunner
from PIL import Image

from cardgen.base.errors import Report
from cardgen.cli import main
from cardgen.load.game import load_game
from cardgen.pipeline import BuildOptions, build
from cardgen.render.tts_save import BAG_SIDE, CARD_UNITS, CARD_WIDTH_AT_SCALE_1, TILE_SIDE

REPO = Path(__file__).resolve().parents[2]
GAMES = sorted(p for p in (REPO / "data").iterdir() if (p / "game.yaml").is_file())
VALID = REPO / "tests" / "corpus" / "valid-minimal" / "data" / "game"
SCHEMA = json.loads((Path(__file__).with_name("tts-saved-object.schema.json")).read_text("utf-8"))


def _export(game: Path, out: Path) -> dict:
    report = Report()
    build(game, BuildOptions(out_dir=out, only=("tts",)), report)
    assert not report.has_errors(), [d.format() for d in report.errors]
    [saved] = (out / game.name / "tts").glob(f"{game.name}.json")
    return json.loads(saved.read_text(encoding="utf-8"))


def _urls(value):
    """Every image address in the saved object."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if key.endswith("URL") and inner:
                yield inner
            else:
                yield from _urls(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _urls(inner)


def _check_deck(state: dict, sheets_seen: set) -> list[str]:
    """The names of its cards, after checking its ids against its sheets."""
    cards = state.get("ContainedObjects", [state])
    ids = [card["CardID"] for card in cards]
    if state["Name"] == "Deck":
        assert state["DeckIDs"] == ids
    assert not set(state["CustomDeck"]) & sheets_seen, "two decks share a sheet number"
    sheets_seen |= set(state["CustomDeck"])
    for key, sheet in state["CustomDeck"].items():
        indices = [i % 100 for i in ids if str(i // 100) == key]
        assert indices == list(range(len(indices))) and indices, f"sheet {key}: {indices}"
        assert len(indices) < sheet["NumWidth"] * sheet["NumHeight"]   # the hidden slot is left
    for card in cards:
        key = str(card["CardID"] // 100)
        assert card["CustomDeck"] == {key: state["CustomDeck"][key]}
    return [card["Nickname"] for card in cards]


def _width(state: dict) -> float:
    """Units the object takes along the row."""
    scale = state["Transform"]["scaleX"]
    if state["Name"] in ("Deck", "Card"):
        return CARD_UNITS[0] * scale
    return BAG_SIDE if state["Name"] == "Bag" else TILE_SIDE * scale


@pytest.mark.parametrize("game_dir", GAMES, ids=[g.name for g in GAMES])
def test_the_saved_object_holds_the_whole_game_in_ttss_format(game_dir, tmp_path):
    saved = _export(game_dir, tmp_path)
    jsonschema.validate(saved, SCHEMA)
    game = load_game(game_dir, Report())
    states = saved["ObjectStates"]

    decks = [s for s in states if s["Name"] in ("Deck", "Card")]
    assert len(decks) == len(game.decks)
    sheets_seen: set = set()
    for state, deck in zip(decks, game.decks):
        names = _check_deck(state, sheets_seen)
        assert Counter(names) == Counter({c.name: c.copies for c in deck.cards})
        assert state["Transform"]["scaleX"] == pytest.approx(deck.size.width / CARD_WIDTH_AT_SCALE_1)
    assert sorted(sheets_seen, key=int) == [str(n) for n in range(1, len(sheets_seen) + 1)]
    texts = [c["Description"] for s in decks for c in s.get("ContainedObjects", [s])]
    assert all(texts) and not [t for t in texts if "**" in t or "[[" in t or "{{" in t]

    pieces = [p for s in states if s["Name"] != "Deck" and s["Name"] != "Card"
              for p in s.get("ContainedObjects", [s])]
    tokens = sum(t.count for t in game.token_sets)
    assert len(pieces) == tokens + sum(b.copies for b in game.boards)
    board_names = {p["Nickname"].split(" (")[0] for p in pieces[tokens:]}
    assert board_names == {b.name for b in game.boards}
    shapes = {p["CustomImage"]["CustomTile"]["Type"] for p in pieces[:tokens]}
    assert shapes <= {{"circle": 2, "hexagon": 1, "square": 0, "rounded": 3}[t.shape]
                      for t in game.token_sets}

    spans = [(s["Transform"]["posX"] - _width(s) / 2, s["Transform"]["posX"] + _width(s) / 2)
             for s in states]
    assert all(left[1] < right[0] for left, right in zip(spans, spans[1:])), spans

    folder = tmp_path / game_dir.name / "tts"
    for url in set(_urls(saved)):
        assert url.startswith("file:///")
        path = Path(url2pathname(urlsplit(url).path))
        assert path.is_file() and path.parent == folder.resolve(), url
        with Image.open(path) as image:
            assert max(image.size) <= 4096 and image.mode in ("RGB", "RGBA")
    with Image.open(folder / f"{game_dir.name}.png") as thumbnail:
        assert thumbnail.size == (256, 256)


NIGHT = """description: The werewolf by night.
elements:
  field: {type: rect, bleed: true, fill: "#1f1d24"}
"""


def test_a_double_faced_card_brings_its_own_back_on_a_sheet_of_backs(tmp_path):
    game = tmp_path / "game"
    shutil.copytree(VALID, game)
    cards = game / "cards" / "heroes.yaml"
    cards.write_text(cards.read_text(encoding="utf-8") + "  - name: Werewolf\n    power: 3\n"
                     "    text: Bites.\n    back: {layout: night}\n", encoding="utf-8")
    (game / "layouts" / "night.yaml").write_text(NIGHT, encoding="utf-8")
    [deck] = _export(game, tmp_path / "out")["ObjectStates"]
    [(key, sheet)] = deck["CustomDeck"].items()
    assert sheet["UniqueBack"] is True and sheet["BackURL"].endswith("/heroes-backs-1.jpg")
    assert [c["Nickname"] for c in deck["ContainedObjects"]][-1] == "Werewolf"
    folder = tmp_path / "out" / "game" / "tts"
    with Image.open(folder / "heroes-sheet-1.jpg") as faces, \
            Image.open(folder / "heroes-backs-1.jpg") as backs:
        assert faces.size == backs.size
        width, height = backs.size[0] // sheet["NumWidth"], backs.size[1] // sheet["NumHeight"]
        index = deck["ContainedObjects"][-1]["CardID"] % 100
        x, y = (index % sheet["NumWidth"]) * width, (index // sheet["NumWidth"]) * height
        own = backs.getpixel((x + width // 2, y + height // 2))
        deck_back = backs.getpixel((width // 2, height // 2))
    assert max(own) < 60 and own != deck_back             # the night face, dark; the deck's not


def test_base_url_names_every_image_by_that_address_and_its_file(tmp_path):
    result = CliRunner().invoke(main, ["export", "tts", str(VALID), "--out", str(tmp_path),
                                       "--base-url", "https://example.com/my-game", "-q"])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "game" / "tts"
    saved = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    urls = set(_urls(saved))
    assert urls and all(u.startswith("https://example.com/my-game/") for u in urls)
    assert all((folder / u.rsplit("/", 1)[1]).is_file() for u in urls)


@pytest.mark.parametrize("address", ["ftp://example.com/", "file:///tmp/x", "example.com/x",
                                     "https://", "https://example.com/?a=1", "https://e.com/a b",
                                     "https://user:secret@example.com/"])
def test_base_url_that_is_no_web_address_is_a_usage_error(tmp_path, address):
    result = CliRunner().invoke(main, ["export", "tts", str(VALID), "--out", str(tmp_path),
                                       "--base-url", address])
    assert result.exit_code == 2, result.output
    assert "--base-url" in result.output and not (tmp_path / "game").exists()


def test_a_library_caller_giving_no_web_address_gets_the_usage_error_not_a_fault(tmp_path):
    from cardgen import api
    with pytest.raises(api.OptionConflict, match="--base-url: expected an http"):
        api.export_options("tts", tmp_path, {"base_url": "ftp://example.com/"}, ["base_url"])
