"""Dragon Line Deluxe: the deck the rules describe (35 unique dragons, 7 per suit, one ability per
suit, Spirit dragons dealing no damage) reaches the data, the data's own rules catch a broken copy,
and every dragon's name is printed.

The expectations below are typed from the rules document (seed 004), not from the data file. The
rules give no names or numbers, so every name, Health, Damage and Reform is prototype data.
"""
from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from pdfsheets import rules_words
from pypdf import PdfReader

from cardgen.api import build_games, dump, validate
from cardgen.pipeline import BuildOptions

ROOT = Path(__file__).resolve().parents[2]
GAME_DIR = ROOT / "data" / "dragon-line-deluxe"
CARDS = Path("data/dragon-line-deluxe/cards/dragons.yaml")

DECK_SIZE = 35
PER_SUIT = 7
ABILITY = {"Air": "Arch", "Earth": "Strike", "Fire": "Blast", "Ice": "Explode", "Spirit": "Reform"}
REFORMS = {"Damage", "Health", "Range"}
# the player aid printed with the cards, one of each card per player: the five suits' abilities,
# and what a Range Reform does to each suit (words each card's row for a suit must hold)
AID_ROWS = {
    "Dragon abilities": {"air": ["Arch"], "earth": ["Strike"], "fire": ["Blast"],
                         "ice": ["Explode"], "spirit": ["Reform", "no damage"]},
    "Reform Range": {"air": ["**3rd**", "**4th** with two"], "earth": ["no effect"],
                     "fire": ["**3rd**"], "ice": ["**2** ahead", "**1** behind", "never itself"],
                     "spirit": ["no effect"], "note": ["Only Air gains from a second Range"]},
}


@pytest.fixture(scope="module")
def data():
    report, data = dump(GAME_DIR)
    assert not report.diagnostics, [d.format() for d in report.diagnostics]
    assert data["title"] == "Dragon Line Deluxe" and data["players"] == "2"
    return data


@pytest.fixture(scope="module")
def deck(data):
    assert [d["id"] for d in data["decks"]] == ["dragons", "aids"]
    return data["decks"][0]


def test_the_player_aid_holds_the_abilities_and_the_range_reforms(data):
    aids = data["decks"][1]
    assert (aids["name"], aids["cards_to_print"]) == ("Player aid", 4)
    assert [(c["name"], c["copies"]) for c in aids["cards"]] == [(n, 2) for n in AID_ROWS]
    for card in aids["cards"]:
        for suit, words in AID_ROWS[card["name"]].items():
            for word in words:
                assert word in card["fields"][suit], (card["name"], suit, word)
        assert not card["prototype"], card["name"]


def test_the_deck_holds_35_unique_dragons_seven_per_suit(deck):
    assert deck["cards_to_print"] == DECK_SIZE
    cards = deck["cards"]
    assert len(cards) == DECK_SIZE
    assert len({c["name"] for c in cards}) == DECK_SIZE
    for suit in ABILITY:
        assert sum(c["fields"]["suit"] == suit for c in cards) == PER_SUIT, suit


def test_every_dragon_card_by_card(deck):
    for card in deck["cards"]:
        fields, name = card["fields"], card["name"]
        suit = fields["suit"]
        assert card["copies"] == 1, name
        assert fields["ability"] == ABILITY[suit], name
        assert fields["health"] >= 1, name
        # the card text names its ability, and the numbers in it come from the fields
        assert card["text"]["text"].startswith(f"{ABILITY[suit]}:"), name
        if suit == "Spirit":
            assert "damage" not in fields, name
            assert fields["reform"] in REFORMS and fields["reform_amount"] >= 1, name
            assert f"+{fields['reform_amount']}" in card["text"]["text"], name
            assert set(card["prototype"]) == {"name", "health", "reform", "reform_amount"}, name
        else:
            assert fields["damage"] >= 1, name
            assert "reform" not in fields and "reform_amount" not in fields, name
            assert f"deal {fields['damage']} [damage]" in card["text"]["text"], name
            assert set(card["prototype"]) == {"name", "health", "damage"}, name


@pytest.fixture
def broken(copy_game, edit, tmp_path, monkeypatch):
    """A copy of the game in a throwaway project, its card file, and edit(old, new), which changes
    the first `old` in the card file and returns the 1-based line where it began."""
    game = copy_game(GAME_DIR, published=False)
    monkeypatch.chdir(tmp_path)   # file names in messages are then relative, as a designer sees them
    cards = game / "cards" / "dragons.yaml"
    return game, cards, partial(edit, cards, times="first")


def the_one(game: Path, code: str):
    found = [d for d in validate([game]).diagnostics if d.code == code]
    assert len(found) == 1, [d.format() for d in found]
    return found[0]


def line_of(cards: Path, text: str, after: int = 0) -> int:
    lines = cards.read_text().split("\n")
    return next(i + 1 for i, line in enumerate(lines) if i + 1 > after and line == text)


def name_before(cards: Path, line: int) -> str:
    lines = cards.read_text().split("\n")[:line]
    return next(l.split("name: ", 1)[1] for l in reversed(lines) if l.startswith("  - name: "))


def test_an_eighth_air_dragon(broken):
    game, cards, edit = broken
    line = edit("suit: Earth\n    ability: Strike", "suit: Air\n    ability: Arch")
    name = name_before(cards, line)
    found = validate([game]).diagnostics
    [air] = [d for d in found if "'Air'" in d.message]
    assert (air.code, air.file, air.line) == ("count-per-value", str(CARDS), line)
    assert air.message == (f"card '{name}': suit 'Air' has 8 cards in deck 'dragons'; "
                           "the rules need exactly 7")
    # the Earth suit is now one short; that is reported at the rule in game.yaml
    assert [d.message for d in found if "'Earth'" in d.message] == [
        "suit 'Earth' has 6 cards in deck 'dragons'; the rules need exactly 7"]


def test_a_spirit_dragon_with_damage(broken):
    game, cards, edit = broken
    start = edit("suit: Spirit\n    ability: Reform\n",
                 "suit: Spirit\n    ability: Reform\n    damage: 2\n")
    name = name_before(cards, start)
    d = the_one(game, "forbidden-by-rule")
    assert (d.file, d.line) == (str(CARDS), line_of(cards, "    damage: 2", after=start))
    assert d.message == f"card '{name}' may not give 'damage' when suit == Spirit"


def test_a_dragon_without_damage(broken):
    game, cards, edit = broken
    first = cards.read_text().split("\n").index("  - name: Zephyrax") + 1
    edit("    damage: 5\n", "")
    edit("    prototype: [name, health, damage]\n", "    prototype: [name, health]\n")
    d = the_one(game, "required-by-rule")
    assert (d.file, d.line) == (str(CARDS), first)
    assert d.message == "card 'Zephyrax' needs a value for 'damage' when suit != Spirit"


def test_a_duplicate_name(broken):
    game, cards, edit = broken
    first = line_of(cards, "  - name: Zephyrax")
    line = edit("  - name: Galewing", "  - name: Zephyrax")
    d = the_one(game, "not-unique")
    assert (d.file, d.line) == (str(CARDS), line)
    assert d.message == (f"name 'Zephyrax' is already used by 'Zephyrax' ({CARDS}:{first}); "
                         "name must be unique within the deck")
    # the card id made from the name repeats too, but that is the same mistake: no second message
    assert [d.code for d in validate([game]).diagnostics] == ["not-unique"]


def test_a_fire_dragon_that_reforms(broken):
    game, cards, edit = broken
    start = edit("suit: Fire\n    ability: Blast\n",
                 "suit: Fire\n    ability: Blast\n    reform: Health\n")
    name = name_before(cards, start)
    d = the_one(game, "forbidden-by-rule")
    assert (d.file, d.line) == (str(CARDS), start + 2)
    assert d.message == f"card '{name}' may not give 'reform' when suit != Spirit"


def test_an_unknown_suit(broken):
    game, cards, edit = broken
    line = edit("suit: Fire\n", "suit: Fier\n")
    found = validate([game]).diagnostics
    assert [(d.code, d.file, d.line, d.message) for d in found] == [
        ("type", str(CARDS), line,
         "expected one of Air, Earth, Fire, Ice, Spirit; found text 'Fier' (did you mean 'Fire'?)")]


@pytest.fixture(scope="module")
def front_text(tmp_path_factory):
    out = tmp_path_factory.mktemp("dragon-line-deluxe")
    report, written = build_games([GAME_DIR], BuildOptions(out_dir=out, only=("cards",)))
    assert not report.has_errors(True), [d.format() for d in report.diagnostics]
    assert sorted(p.name for p in written) == ["aids.pdf", "dragons.pdf"]
    [pdf] = [p for p in written if p.name == "dragons.pdf"]
    pages = PdfReader(pdf).pages
    text = " ".join(page.extract_text() for page in pages[::2])    # duplex: the fronts are odd pages
    return " ".join(text.split())   # words of one line may come out on lines of their own


def test_every_dragon_is_printed(deck, front_text):
    for card in deck["cards"]:
        assert card["name"] in front_text, card["name"]


# --- the rules booklet ------------------------------------------------------------------------
# the rules' numbers as the booklet must print them (its own words around the rules' numbers)
RULES_NUMBERS = ["35 Dragon Cards", "7 in each of five suits", "16 Activation Tokens",
                 "40 Damage Tokens", "put 5 of them face down", "two stacks of 15 cards",
                 "takes 1 dragon", "takes 2 dragons", "takes 3 dragons", "a hand of 6 dragons",
                 "chooses 4 dragons", "10 in all, go to the discard pile",
                 "8 Activation Tokens of one colour, 4 with the star and 4 blank",
                 "bring your line back to 4", "scores 1 point",
                 "plus 1 more point for each dragon still in their hand"]


def reference(text: str) -> str:
    """The card reference appendix: from its heading (the last, after the contents) to the
    glossary."""
    start = text.rindex("Card reference")
    return text[start:text.index("Glossary", start)]


@pytest.fixture(scope="module")
def rules(tmp_path_factory):
    return rules_words(GAME_DIR, tmp_path_factory.mktemp("dld-rules"))


def test_the_booklet_names_every_card_in_its_reference(rules, data):
    appendix = reference(rules)
    for d in data["decks"]:
        for card in d["cards"]:
            assert card["name"] in appendix, (d["id"], card["name"])


@pytest.mark.parametrize("words", RULES_NUMBERS)
def test_the_booklet_states_the_rules_numbers(rules, words):
    assert words in rules


def test_the_booklet_explains_every_suit_and_its_range_reform(rules):
    for suit, ability in ABILITY.items():
        assert f"{ability} ({suit})" in rules, suit
    for phase in ["Draft Phase", "Line-up Phase", "Battle Phase", "Starting Line"]:
        assert phase in rules, phase
    for words in ["hits the 3rd dragon ahead instead of the 2nd", "hits the 4th dragon ahead",
                  "also hits a 3rd dragon ahead", "no longer hurts itself"]:
        assert words in rules, words


def test_an_errata_to_a_dragon_changes_the_booklets_reference(broken, rules, tmp_path):
    game, cards, edit = broken
    assert "Boulderback Earth Strike 7 1" in reference(rules)
    assert "Health\u2020 Damage\u2020" in reference(rules)     # every value invented: one mark
    edit("  - name: Boulderback\n    suit: Earth\n    ability: Strike\n    health: 7",
         "  - name: Boulderback\n    suit: Earth\n    ability: Strike\n    health: 8")
    changed = reference(rules_words(game, tmp_path / "out"))
    assert "Boulderback Earth Strike 8 1" in changed
    assert "Boulderback Earth Strike 7 " not in changed
