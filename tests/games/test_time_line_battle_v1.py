"""Time Line Battle v1: the published card list survives into the data, the game's own rules
catch a broken copy of it, and a build prints every card.

The expected table below is typed from the rules document (seed 003), not from the data file.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from pdfsheets import rules_words
from pypdf import PdfReader

from cardgen.api import dump, validate
from cardgen.base.errors import Report
from cardgen.fields import field_type
from cardgen_extensions.level_formula import LevelFormula
from cardgen.pipeline import BuildOptions, build

ROOT = Path(__file__).resolve().parents[2]
GAME = "time-line-battle-v1"
GAME_DIR = ROOT / "data" / GAME
DECKS = ("player-1", "player-2")
AIDS = "aids"                 # the player aid: two cards, one set per player

# rank, name, HP, damage (as the card list writes them, L = Level), level-gated ability levels
CARD_LIST = [
    ("A", "Obliterator", "10", "1", []),
    ("2", "Mammoth Tank", "13 + 2L", "5", []),
    ("3", "Generator Tank", "11 + 2L", "2", []),
    ("4", "Shield Tank", "10 + 2L", "3", []),        # printed "Sheild Tank": see the errata
    ("5", "Laser Assembly", "10", "4 + L", []),
    ("6", "Tech Troops", "8 + 2L", "2 + 3L", []),
    ("7", "Blitz Troops", "8 - L", "4 + 2L", [3]),
    ("8", "Recon Drone", "7", "3 + 2L", [3]),
    ("9", "Operations Craft", "9", "2 + L", [3]),
    ("10", "Strike Craft", "6", "4 + 3L", [3]),
    ("J", "Beam Turret", None, None, []),
    ("Q", "Heavy Armor", None, None, []),
    ("K", "Temporal Bomb", None, None, []),
]
# numbers the abilities use: card -> {field: value as the rules give it}
ABILITY_NUMBERS = {
    "Obliterator": {"blast": 6},                     # 6 Damage to all enemies
    "Generator Tank": {"aura": 1},                   # +1 Damage to all allies
    "Shield Tank": {"shield": {"text": "3 + L", "base": 3, "per_level": 1}},
    "Beam Turret": {"boost": 50},                    # +50% Damage
    "Heavy Armor": {"armor": 8},                     # +8 HP
}
LEVEL_3_NUMBERS = {"Recon Drone": "5", "Operations Craft": "+1"}   # prevent first 5; +1 Damage


def formula(text):
    """'13 + 2L' -> (13, 2); '8 - L' -> (8, -1); '10' -> (10, 0), read independently."""
    parts = text.replace(" ", "").replace("-", "+-").split("+")
    base = sum(int(p) for p in parts if p and not p.endswith("L"))
    per = sum(int(p[:-1] if p[:-1] not in ("", "-") else p[:-1] + "1") for p in parts
              if p.endswith("L"))
    return base, per


@pytest.fixture(scope="module")
def data():
    report, game = dump(GAME_DIR)
    assert game is not None and not report.has_errors()
    return game


def test_two_decks_of_26_told_apart_by_their_backs(data):
    assert [d["id"] for d in data["decks"]] == [*DECKS, AIDS]
    assert data["players"] == "2"
    for deck in data["decks"][:2]:
        assert deck["cards_to_print"] == 26 and len(deck["cards"]) == 13
        assert all(card["copies"] == 2 for card in deck["cards"])
    assert data["decks"][0]["values"]["color"] != data["decks"][1]["values"]["color"]


@pytest.mark.parametrize("deck", range(len(DECKS)))
def test_card_list_carries_over_card_by_card(data, deck):
    cards = data["decks"][deck]["cards"]
    assert [c["name"] for c in cards] == [row[1] for row in CARD_LIST]
    for card, (rank, name, hp, damage, levels) in zip(cards, CARD_LIST):
        fields = card["fields"]
        assert fields["rank"] == rank, name
        assert fields["kind"] == ("Device" if rank in "JQK" else "Unit"), name
        # every value here is published; "Device" is the kit's word for the rules' non-Unit cards
        assert card["prototype"] == (["kind"] if rank in "JQK" else []), name
        if hp is None:
            assert "hp" not in fields and "damage" not in fields, name
            continue
        for field, text in (("hp", hp), ("damage", damage)):
            base, per = formula(text)
            assert fields[field] == {"text": text, "base": base, "per_level": per}, (name, field)
        assert [e["level"] for e in fields.get("level_up", [])] == levels, name


def test_ability_numbers_are_the_published_ones(data):
    cards = {c["name"]: c["fields"] for c in data["decks"][0]["cards"]}
    for name, numbers in ABILITY_NUMBERS.items():
        for field, value in numbers.items():
            assert cards[name][field] == value, (name, field)
            assert "{{%s}}" % field in cards[name]["ability"], (name, field)
    for name, number in LEVEL_3_NUMBERS.items():
        [entry] = cards[name]["level_up"]
        assert entry["level"] == 3 and f" {number} " in entry["text"], name


def test_level_table_parts_match_the_rules_example(data):
    """'13 + 2L HP': 13 at Level 0, 15 at Level 1, 17 at Level 2; 8 - L is still 5 at Level 3."""
    kind = field_type("level_formula")
    assert kind.parts(LevelFormula(13, 2)) == {"L0": 13, "L1": 15, "L2": 17, "L3": 19}
    assert kind.parts(LevelFormula(8, -1))["L3"] == 5


def test_misspelt_name_is_corrected_with_an_erratum(data):
    assert data["errata"] == [{"card": "Shield Tank", "field": "name", "was": "Sheild Tank",
                               "now": "Shield Tank", "note": data["errata"][0]["note"]}]
    assert data["errata"][0]["note"]
    names = [c["name"] for d in data["decks"] for c in d["cards"]]
    assert "Sheild Tank" not in names


# a broken copy of the game, one rule at a time ------------------------------------------------

@pytest.fixture
def broken_copy(copy_game, edit):
    """broken_copy(file, old, new): a copy of the game with the one `old` in `file` replaced by
    `new`; the game dir, the edited file and the edited text."""
    def make(file: str, old: str, new: str):
        game_dir = copy_game(GAME_DIR, published=False)
        path = game_dir / file
        edit(path, old, new)
        return game_dir, path, path.read_text(encoding="utf-8")
    return make


def line_of(text, needle, after=None):
    """1-based line of the first line holding `needle` (after the line holding `after`)."""
    lines = text.splitlines()
    start = next(i for i, l in enumerate(lines) if after in l) if after else 0
    return next(i for i, l in enumerate(lines) if i >= start and needle in l) + 1


def problems(game_dir):
    return [(d.code, d.message, d.line, Path(d.file).name) for d in validate([game_dir]).sorted()]


CARDS, GAME_FILE = "cards/cards.yaml", "game.yaml"


def test_a_card_at_one_copy_breaks_the_copies_rule(broken_copy):
    game_dir, path, text = broken_copy(CARDS, "    name: Obliterator\n",
                                       "    name: Obliterator\n    copies: 1\n")
    found = problems(game_dir)
    line = line_of(text, "- rank: A")
    rule = line_of(path.parent.parent.joinpath(GAME_FILE).read_text(), "- total: {equals: 26}")
    assert ("copies", "card 'Obliterator' has 1 copies in deck 'player-1'; the rules need "
            "exactly 2", line, "cards.yaml") in found
    assert ("deck-total", "deck 'player-1' has 25 cards to print; the rules need exactly 26",
            rule, "game.yaml") in found
    # both players' decks print the one card file: each problem is told once, for the first deck
    assert not [p for p in found if "player-2" in p[1]]


def test_a_duplicate_rank_breaks_uniqueness_and_the_per_rank_count(broken_copy):
    game_dir, path, text = broken_copy(CARDS, 'rank: "2"', 'rank: "3"')
    found = problems(game_dir)
    first, second = line_of(text, 'rank: "3"'), line_of(text, 'rank: "3"', after="Mammoth Tank")
    assert ("not-unique", f"rank '3' is already used by 'Mammoth Tank' ({path}:{first}); rank "
            "must be unique within the deck", second, "cards.yaml") in found
    rule = line_of((game_dir / GAME_FILE).read_text(), "- per_value: {field: rank")
    assert ("count-per-value", "rank '2' has 0 cards in deck 'player-1'; the rules need exactly 1",
            rule, "game.yaml") in found


def test_hp_below_one_at_level_3_is_refused(broken_copy):
    game_dir, path, text = broken_copy(CARDS, "hp: 8 - L\n", "hp: 8 - 3L\n")
    assert problems(game_dir) == [("type", "at Level 3, 8 - 3L is -1; expected at least 1",
                                   line_of(text, "hp: 8 - 3L"), "cards.yaml")]


def test_a_unit_without_damage_breaks_the_require_rule(broken_copy):
    game_dir, path, text = broken_copy(CARDS, "    hp: 13 + 2L\n    damage: 5\n",
                                       "    hp: 13 + 2L\n")
    expected = ("required-by-rule", "card 'Mammoth Tank' needs a value for 'damage' when kind == Unit",
                line_of(text, 'rank: "2"'), "cards.yaml")
    assert problems(game_dir) == [expected]     # both decks print this file: reported once


def test_a_device_with_hp_breaks_the_forbid_rule(broken_copy):
    game_dir, path, text = broken_copy(CARDS, "    armor: 8\n", "    armor: 8\n    hp: 8\n")
    expected = ("forbidden-by-rule", "card 'Heavy Armor' may not give 'hp' when kind != Unit",
                line_of(text, "hp: 8", after="Heavy Armor"), "cards.yaml")
    assert problems(game_dir) == [expected]


def test_an_erratum_that_does_not_match_the_data(broken_copy):
    game_dir, path, text = broken_copy(GAME_FILE, "now: Shield Tank", "now: Shield Tanks")
    assert problems(game_dir) == [
        ("errata", "erratum says name is now 'Shield Tanks', but card 'Shield Tank' has "
         "'Shield Tank'", line_of(text, "- card: Shield Tank"), "game.yaml")]


def test_an_undefined_term_in_card_text(broken_copy):
    game_dir, path, text = broken_copy(CARDS, "ability: Strikes the enemy [[Rear]]",
                                       "ability: Strikes the enemy [[Back]]")
    expected = ("undefined-term", "card 'Laser Assembly': '[[Back]]' is not a glossary term, "
                "definition or card name", line_of(text, "[[Back]]"), "cards.yaml")
    assert problems(game_dir) == [expected]


# the build ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    report = Report()
    written = build(GAME_DIR, BuildOptions(out_dir=tmp_path_factory.mktemp("tlb1")), report)
    assert not report.has_errors(), "\n".join(d.format() for d in report.sorted())
    return {p.stem: PdfReader(p) for p in written}


@pytest.mark.parametrize("deck", DECKS)
def test_every_card_name_is_on_the_front_pages(pdfs, deck):
    fronts = pdfs[deck].pages[::2]                     # long-edge duplex: fronts, then backs
    text = " ".join(" ".join(page.extract_text().split()) for page in fronts)
    assert [name for _, name, *_ in CARD_LIST if name not in text] == []
    assert "Sheild" not in text
    assert len(pdfs[deck].pages) == 6                  # 26 cards, 9 a sheet: 3 sheets, 2 sides


# the player aid -------------------------------------------------------------------------------

def test_the_player_aid_is_a_set_of_cards_for_each_player(data):
    [aids] = [d for d in data["decks"] if d["id"] == AIDS]
    assert [c["copies"] for c in aids["cards"]] == [2, 2]            # one set per player
    text = " ".join(" ".join(c["text"]["text"].split()) for c in aids["cards"])
    # the phases of a Timeline, a Day and a Battle, in the rules' order, and how Levels work
    for steps in (["Restore", "Deploy", "Play each Day", "Score"],
                  ["Arrive", "Battle", "No healing", "Level up"],
                  ["Temporal Bombs", "Obliterators", "Decide", "Add up", "Deal it"]):
        places = [text.index(step) for step in steps]
        assert places == sorted(places), steps
    assert "Level 0" in text and "13, 15, 17" in text and "Level 3 or higher" in text


# the rules booklet ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def rules_text(tmp_path_factory):
    return rules_words(GAME_DIR, tmp_path_factory.mktemp("tlb1-rules"), strict=False)


def test_the_rules_name_every_card(rules_text):
    reference = rules_text[rules_text.index("Card reference Both armies"):]
    assert "Card (x2 each) Rank Kind" in reference                  # 2 of each, said once
    for rank, name, hp, damage, _ in CARD_LIST:
        assert f"{name} {rank}" in reference, name            # the reference table
        if hp is not None:
            assert f"{name} {hp} " in reference, name         # the HP table's formula
    errata = rules_text[rules_text.index("Errata Where"):rules_text.index("Versions What")]
    assert "Sheild" not in rules_text.replace(errata, "")       # only where the errata quote it
    assert "Shield Tank Name Sheild Tank Shield Tank" in errata


@pytest.mark.parametrize("words", [
    "2 of each", "26 cards", "5 cards",                       # the deck and the hand
    "Day 0", "Day -2, Day -1, Day 0", "one Day earlier",      # the Timelines
    "2 Units", "one card for each", "1 VP for each",          # deploying and scoring
    "Level 0", "Level 3 or higher", "13 HP at Level 0, 15 at Level 1",
    "6 damage to every enemy", "50% more damage", "it gains 8 HP",
    "most VP wins", "no tie breaker",
])
def test_the_rules_hold_the_key_numbers(rules_text, words):
    assert words in rules_text


def test_a_changed_level_formula_changes_the_level_table(broken_copy, tmp_path, rules_text):
    assert "Mammoth Tank 13 + 2L 13 15 17 19" in rules_text
    game_dir, _, _ = broken_copy(CARDS, "hp: 13 + 2L\n", "hp: 12 + 3L\n")
    changed = rules_words(game_dir, tmp_path / "out", strict=False)
    assert "Mammoth Tank 12 + 3L 12 15 18 21" in changed
    assert "Mammoth Tank 13 + 2L" not in changed
    assert "Mammoth Tank 2 Unit 12 + 3L 5" in changed               # the reference table too
