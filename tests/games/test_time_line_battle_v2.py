"""Time Line Battle v2: the published Order and Health of all 22 Characters reach the data, and the
game's rules (Order unique and 1-22, Health positive, one of each per deck) catch a broken copy.

The table below is typed from the rules document (seed 002), not from the data file.
"""
from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from pdfsheets import rules_words

from cardgen.api import dump, validate

ROOT = Path(__file__).resolve().parents[2]
GAME_DIR = ROOT / "data" / "time-line-battle-v2"

CARD_LIST = [  # name, Order, Health, attack damage where the rules give one
    ("Guard", 1, 10, 3), ("Paladin", 2, 8, 3), ("Surger", 3, 6, 3), ("Lancer", 4, 9, 3),
    ("Warrior", 5, 8, 5), ("Reaper", 6, 3, 8), ("Deflector", 7, 8, 2), ("Blitzer", 8, 7, 10),
    ("Rogue", 9, 8, 7), ("Shocker", 10, 6, 3), ("Shielder", 11, 6, None),
    ("Protector", 12, 7, None), ("Archer", 13, 7, 4), ("Blaster", 14, 4, 2),
    ("Enchanter", 15, 7, None), ("Reviver", 16, 4, None), ("Deathmonger", 17, 8, 11),
    ("Necromancer", 18, 9, None), ("Prince", 19, 5, 3), ("Shadow Spearman", 20, 5, 4),
    ("Sniper", 21, 5, 5), ("Rear Guard", 22, 11, 4),
]
REDUCTIONS = {"Paladin": 2, "Shielder": 5, "Protector": 2}   # damage each one prevents


@pytest.mark.parametrize("deck_index", [0, 1])
def test_every_character_is_as_the_rules_give_it(deck_index):
    report, data = dump(GAME_DIR)
    assert not report.diagnostics
    deck = data["decks"][deck_index]
    assert deck["cards_to_print"] == 22
    cards = {c["name"]: c for c in deck["cards"]}
    assert list(cards) == [name for name, *_ in CARD_LIST]
    for name, order, health, damage in CARD_LIST:
        fields = cards[name]["fields"]
        assert (fields["order"], fields["health"], fields.get("damage")) == (order, health, damage)
        assert cards[name]["copies"] == 1 and cards[name]["prototype"] == []
    for name, amount in REDUCTIONS.items():
        assert cards[name]["fields"]["amount"] == amount
        assert f"{amount} damage" in cards[name]["text"]["ability"] or \
            f"{amount} less damage" in cards[name]["text"]["ability"]


def test_the_two_decks_are_told_apart_by_their_backs():
    _, data = dump(GAME_DIR)
    first, second, aids = data["decks"]
    assert aids["id"] == "aids"
    assert first["values"]["color"] != second["values"]["color"]


@pytest.fixture
def broken(copy_game, edit, tmp_path, monkeypatch):
    """A copy of the game in a throwaway project, its card file, and edit(old, new), which changes
    the one `old` in the card file and returns the 1-based line where it began."""
    game = copy_game(GAME_DIR, published=False)
    monkeypatch.chdir(tmp_path)   # file names in messages are then relative, as a designer sees them
    cards = game / "cards" / "characters.yaml"
    return game, cards, partial(edit, cards)


def findings(game: Path):
    return [d for d in validate([game]).diagnostics]


def test_a_duplicate_order(broken):
    game, cards, edit = broken
    guard_line = cards.read_text().split("\n").index("    order: 1") + 1
    line = edit("order: 2\n", "order: 1\n")
    found = findings(game)
    duplicate = [d for d in found if d.code == "not-unique"]
    assert {(d.file, d.line, d.message) for d in duplicate} == {(
        "data/time-line-battle-v2/cards/characters.yaml", line,
        f"order 1 is already used by 'Guard' (data/time-line-battle-v2/cards/characters.yaml:"
        f"{guard_line}); order must be unique within the deck")}
    sequence = [d for d in found if d.code == "sequence"]
    assert sequence and sequence[0].message.endswith("with no gap: missing 2")


def test_an_order_beyond_22(broken):
    game, cards, edit = broken
    line = edit("order: 22\n", "order: 23\n")
    [error] = [d for d in findings(game) if d.code == "type"]
    assert (error.line, error.message) == (line, "expected at most 22, found 23")


def test_health_must_be_positive(broken):
    game, cards, edit = broken
    line = edit("health: 3\n", "health: 0\n")
    [error] = findings(game)
    assert (error.line, error.code, error.message) == (line, "type", "expected at least 1, found 0")


def test_one_of_each_per_deck(broken):
    game, cards, edit = broken
    line = edit("  - name: Sniper\n", "  - name: Sniper\n    copies: 2\n")
    errors = findings(game)
    copies = [d for d in errors if d.code == "copies"]
    assert copies[0].line == line
    assert copies[0].message == "card 'Sniper' has 2 copies in deck 'player-1'; the rules need exactly 1"
    assert any(d.code == "deck-total" and "has 23 cards to print" in d.message for d in errors)


# the player aid -------------------------------------------------------------------------------

def test_the_player_aid_is_a_set_of_cards_for_each_player():
    _, data = dump(GAME_DIR)
    [aids] = [d for d in data["decks"] if d["id"] == "aids"]
    assert [c["copies"] for c in aids["cards"]] == [2, 2]            # one set per player
    timeline, day = (" ".join(c["text"]["text"].split()) for c in aids["cards"])
    # the four phases of a Timeline and the seven of a Day, in the rules' order
    for text, steps in ((timeline, ["Restore", "Deploy", "Play the Days", "Score"]),
                        (day, ["Start of Day", "Arrive", "Decide", "Add up", "Reduce", "Deal",
                               "Heal"])):
        places = [text.index(step) for step in steps]
        assert places == sorted(places), steps
    assert "4 Characters" in timeline and "2 in each later one" in timeline
    assert "Reviver" in day and "Deflector" in day and "Heal" in day


# the rules booklet ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def rules_text(tmp_path_factory):
    return rules_words(GAME_DIR, tmp_path_factory.mktemp("tlb2-rules"), strict=False)


def test_the_rules_name_every_character_with_its_order_and_health(rules_text):
    reference = rules_text[rules_text.index("Card reference"):]
    assert "Card Order Health Damage Ability" in reference
    for name, order, health, damage in CARD_LIST:
        assert f"{name} {order} {health} " in reference, name
    assert "Order Character What it does" not in rules_text      # the Characters listed once


@pytest.mark.parametrize("words", [
    "22 Characters", "one of each", "5 cards",                   # the deck and the hand
    "3 Timelines", "Day 1", "Day 4", "Days 1 to 4",              # the Timelines and Days
    "4 Characters", "2 more", "fewest",                          # deploying
    "1 VP for each of their Characters", "Prince scores double",         # scoring and the Prince
    "most VP", "more Characters alive at the end of the last Timeline",   # the tie breaker
    "heals back to full Health",
])
def test_the_rules_hold_the_key_numbers(rules_text, words):
    assert words in rules_text


def test_the_rules_never_say_characters_are_turned_face_down(rules_text):
    assert "face down" not in rules_text.lower() and "face-down" not in rules_text.lower()


def test_a_changed_health_changes_the_reference_table(broken, tmp_path, rules_text):
    game, cards, edit = broken
    assert "Reaper 6 3 8 Strikes the enemy Front for 8" in rules_text
    edit("health: 3\n", "health: 4\n")
    changed = rules_words(game, tmp_path / "out", strict=False)
    assert "Reaper 6 4 8 Strikes" in changed and "Reaper 6 3 8" not in changed
