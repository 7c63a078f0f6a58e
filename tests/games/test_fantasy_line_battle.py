"""Fantasy Line Battle: the rules' facts survive in the data, its rules catch broken data, it builds.

The expected values below are copied from the rules document (seed 000), not from the data files.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from pdfsheets import rules_words
from pypdf import PdfReader

from cardgen.api import build_games, dump, validate
from cardgen.base.errors import Report
from cardgen.pipeline import BuildOptions, check

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "data" / "fantasy-line-battle"

# --- facts from the rules -------------------------------------------------------------------
CATEGORIES = ["Elementalism", "White", "Black"]
START_MONEY = 13          # each player's Money
LONGEST_LINE = 5          # Characters a player can afford at most (prototype costs, 13 Money)
# decks: id -> (name, cards), one copy each; the rules give no card list, these are as designed
DECKS = {"characters": ("Characters", 24), "elementalism": ("Elementalism", 16),
         "white": ("White", 16), "black": ("Black", 16)}
# the player aid printed with the cards: the keywords and the phases of a Day, one per player
AIDS = ("aids", "Player aid", ["Spell keywords", "A Day"], 2)
# the text of the player aid: words each card must hold
AID_WORDS = {"Spell keywords": ["twice", "again", "in answer to a card"],
             "A Day": ["1 Produce Mana", "**3** {mana}", "2 Cast Spells", "3 Move Abilities",
                       "4 Targeted Damage", "5 Damage to Front", "[[Dying]]"]}
# cards whose behaviour the rules fix: deck, name, field, words the text must hold
FIXED = [
    ("characters", "Farseer", "ability", ["reveal it at any time", "finish picking",
                                          "reveal all of theirs first"]),
    ("characters", "Merchant", "ability", ["**2** extra Character cards",
                                           "discard one of your Characters already played",
                                           "without paying"]),
    ("elementalism", "Hurricane", "timing", ["Only as your first Spell this [[Day]]"]),
]
# numbers the rules state, as the glossary gives them: term -> words its entry must hold
GLOSSARY_FACTS = {"Money": ["13 Money"], "Mana": ["3 Mana", "carries over"],
                  "Spell Category": ["Elementalism, White or Black", "keeps 4 Spells",
                                     "2 while only a dead one"],
                  "Day": ["Produce Mana, Cast Spells, Move Abilities, Targeted Damage, "
                          "Damage to Front"]}
TERMS = ["Doubleable", "Fork", "Interrupt", "Day", "Friend", "Timeline", "Units", "Stun",
         "Targeted Damage", "Front", "Range", "Dying", "Mana", "Money"]


@pytest.fixture(scope="module")
def data():
    report, game = dump(GAME)
    assert not report.diagnostics, [d.format() for d in report.diagnostics]
    return game


def deck(data, deck_id):
    return next(d for d in data["decks"] if d["id"] == deck_id)


def card(data, deck_id, name):
    return next(c for c in deck(data, deck_id)["cards"] if c["name"] == name)


def game_decks(data):
    """The decks of the game itself: every deck but the player aid."""
    return [d for d in data["decks"] if d["id"] != AIDS[0]]


def test_decks_and_counts(data):
    assert data["players"] == "2"
    aid_id, aid_name, aid_cards, per_card = AIDS
    assert {d["id"]: (d["name"], d["cards_to_print"]) for d in data["decks"]} == {
        **DECKS, aid_id: (aid_name, len(aid_cards) * per_card)}
    for d in game_decks(data):
        assert all(c["copies"] == 1 for c in d["cards"])
        assert len({c["name"] for c in d["cards"]}) == len(d["cards"])
    aids = deck(data, aid_id)["cards"]
    assert [(c["name"], c["copies"]) for c in aids] == [(n, per_card) for n in aid_cards]


def test_the_player_aid_holds_the_keywords_and_the_phases(data):
    for c in deck(data, AIDS[0])["cards"]:
        text = " ".join(c["fields"].values())
        for words in AID_WORDS[c["name"]]:
            assert words in text, (c["name"], words)
        assert not c["prototype"], c["name"]


@pytest.mark.parametrize("deck_id, name, field, words", FIXED)
def test_fixed_behaviour_is_kept_and_numbers_are_prototype(data, deck_id, name, field, words):
    c = card(data, deck_id, name)
    for word in words:
        assert word in c["fields"][field]
    assert {"name", "ability", field}.isdisjoint(c["prototype"])   # facts, not prototype
    assert c["prototype"]                                      # its numbers are invented


def test_what_the_rules_do_not_say_is_marked_prototype(data):
    hurricane = card(data, "elementalism", "Hurricane")
    assert hurricane["fields"]["category"] == "Elementalism" and "category" in hurricane["prototype"]
    merchant = card(data, "characters", "Merchant")
    assert merchant["fields"]["spells"] == [] and "spells" in merchant["prototype"]


def test_every_invented_card_is_prototype(data):
    fixed = {name for _, name, _, _ in FIXED}
    for d in game_decks(data):
        for c in d["cards"]:
            if c["name"] not in fixed:
                assert sorted(c["fields"]) == c["prototype"], c["name"]


def test_spell_decks_hold_only_their_category(data):
    for deck_id, category in zip(["elementalism", "white", "black"], CATEGORIES):
        assert {c["fields"]["category"] for c in deck(data, deck_id)["cards"]} == {category}


def test_characters_grant_categories_and_fit_the_money(data):
    chars = deck(data, "characters")["cards"]
    granted = {s for c in chars for s in c["fields"].get("spells", [])}
    assert granted == set(CATEGORIES)
    costs = sorted(c["fields"]["cost"] for c in chars)
    assert sum(costs[:LONGEST_LINE]) <= START_MONEY < sum(costs[:LONGEST_LINE + 1])
    assert costs[-1] + costs[0] <= START_MONEY           # the dearest still leaves room for one more
    for c in chars:
        r = c["fields"]["range"]
        assert 1 <= r["low"] <= LONGEST_LINE and (r["high"] or r["low"]) <= LONGEST_LINE


def test_glossary_holds_the_rules_terms_and_numbers(data):
    for term in TERMS:
        assert data["glossary"].get(term), term
    for term, words in GLOSSARY_FACTS.items():
        for word in words:
            assert word in data["glossary"][term], (term, word)


# --- one broken rule at a time ----------------------------------------------------------------
@pytest.fixture
def project(copy_game):
    return copy_game(GAME)


@pytest.fixture
def change(project, edit):
    """change(file, old, new): the one `old` in the game's `file` replaced; the file, and the line
    of the first character that changes."""
    def change(file: str, old: str, new: str) -> tuple[str, int]:
        same = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
        return str(project / file), edit(project / file, old, new) + old[:same].count("\n")
    return change


def only_error(game_dir: Path, code: str):
    report = validate([game_dir])
    found = [d for d in report.diagnostics if d.code == code]
    assert len(found) == 1, [d.format() for d in report.diagnostics]
    return found[0]


def line_of(file: str, text: str) -> int:
    lines = Path(file).read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line == text)


@pytest.mark.parametrize("new, message", [
    ("3-1", "expected a range such as '1-2' or '2+', found '3-1': the start is after the end"),
    ("x+", "expected a range such as '1-2' or '2+', found 'x+'"),
    ("6+", "expected a range such as '1-2' or '2+', found '6+': positions go up to 5"),
])
def test_bad_range(project, change, new, message):
    file, line = change("cards/characters.yaml", "  - name: Lancer\n    cost: 4\n    range: 1-2",
                        f"  - name: Lancer\n    cost: 4\n    range: {new}")
    d = only_error(project, "type")
    assert (d.file, d.line, d.message) == (file, line, message)


def test_wrong_category_in_white_deck(project, change):
    file, line = change("cards/white.yaml", "  - name: Smite\n    category: White",
                        "  - name: Smite\n    category: Black")
    d = only_error(project, "forbidden-by-rule")
    assert (d.file, d.line) == (file, line)
    assert d.message == "card 'Smite' may not give 'category' when category != White"


def test_two_spells_of_one_deck_drawing_one_picture(project, change):
    file, line = change("cards/black.yaml", "    symbol: wilt\n", "    symbol: scythe\n")
    d = only_error(project, "look-alike")
    assert (d.file, d.line) == (file, line)
    assert d.message == ("card 'Wither' has the symbol 'scythe' of 'Doom' in deck 'black': "
                         "they look alike")


def test_one_picture_in_two_decks_is_fine(data, project, change):
    assert "eye" in {c["fields"]["symbol"] for c in deck(data, "characters")["cards"]}
    change("cards/black.yaml", "    symbol: scythe\n", "    symbol: eye\n")
    assert not validate([project]).diagnostics


def test_every_card_has_a_picture_of_its_own(data):
    """Characters and the three spell decks: no two cards share a picture, in a deck or across."""
    symbols = [c["fields"]["symbol"] for deck_id in ("characters", "white", "black", "elementalism")
               for c in deck(data, deck_id)["cards"]]
    assert len(symbols) == 24 + 16 + 16 + 16
    assert len(set(symbols)) == len(symbols), sorted(s for s in symbols if symbols.count(s) > 1)


def test_duplicate_character_name(project, change):
    file, line = change("cards/characters.yaml", "  - name: Ranger\n",
                        "  - name: Archer\n")
    first = line_of(file, "  - name: Archer")
    d = only_error(project, "not-unique")
    assert (d.file, d.line) == (file, line)
    assert d.message == (f"name 'Archer' is already used by 'Archer' ({file}:{first}); "
                         "name must be unique within the deck")


def test_undefined_term(project, change):
    file, line = change("cards/characters.yaml",
                        'movement: "Move to any place in your [[Line]]."',
                        'movement: "Move to any place in your [[Battle Line]]."')
    d = only_error(project, "undefined-term")
    assert (d.file, d.line) == (file, line)
    assert d.message == ("card 'Scout': '[[Battle Line]]' is not a glossary term, definition or "
                         "card name")


def test_negative_money_cost(project, change):
    file, line = change("cards/characters.yaml", "  - name: Knight\n    cost: 5",
                        "  - name: Knight\n    cost: -5")
    d = only_error(project, "type")
    assert (d.file, d.line) == (file, line)
    assert d.message == "expected at least 2, found -5"


def test_too_many_cheap_characters(project, change):
    file, line = change("cards/characters.yaml", "  - name: Acolyte\n    cost: 3",
                        "  - name: Acolyte\n    cost: 2")
    d = only_error(project, "count-per-value")
    assert (d.file, d.line) == (file, line)
    assert d.message == ("card 'Acolyte': cost '2' has 4 cards in deck 'characters'; the rules "
                         "need at most 3 (the others: 'Merchant', 'Squire', 'Scout')")


def test_deck_total(project, change):
    change("cards/black.yaml", "  - name: Unholy Ward\n", "  - name: Unholy Ward\n    copies: 2\n")
    d = only_error(project, "deck-total")
    game_file = str(project / "game.yaml")
    assert (d.file, d.line) == (game_file, line_of(game_file, "      - total: {equals: 16}"))
    assert d.message == "deck 'black' has 17 cards to print; the rules need exactly 16"


# --- the build --------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("flb")
    report, written = build_games([GAME], BuildOptions(out_dir=out, duplex="none"))
    assert not report.has_errors(strict=True), [d.format() for d in report.diagnostics]
    return {p.stem: " ".join(page.extract_text() for page in PdfReader(p).pages) for p in written}


def test_build_has_every_card_name(built, data):
    assert sorted(built) == sorted([*DECKS, AIDS[0], "tokens", "tracker", "rules",
                                    "rules-booklet"])
    for d in data["decks"]:
        text = " ".join(built[d["id"]].split())
        for c in d["cards"]:
            assert c["name"] in text, (d["id"], c["name"])


# --- the rules booklet ------------------------------------------------------------------------
# numbers the rules state, as the booklet must print them (its words, the rules' numbers)
RULES_NUMBERS = ["13 Money", "5 Character cards", "Hand Limit becomes 7", "gains 3 Mana",
                 "At least one live Character gives access 4",
                 "Only dead Characters give access 2", "Phase 1: produce Mana",
                 "Phase 5: Damage to Front", "Range"]


def reference(text: str) -> str:
    """The card reference appendix: from its heading (the last, after the contents) to the
    glossary."""
    start = text.rindex("Card reference")
    return text[start:text.index("Glossary", start)]


@pytest.fixture(scope="module")
def rules(tmp_path_factory):
    return rules_words(GAME, tmp_path_factory.mktemp("flb-rules"))


def test_the_booklet_names_every_card_in_its_reference(rules, data):
    appendix = reference(rules)
    for d in data["decks"]:
        for c in d["cards"]:
            assert c["name"] in appendix, (d["id"], c["name"])


@pytest.mark.parametrize("words", RULES_NUMBERS)
def test_the_booklet_states_the_rules_numbers(rules, words):
    assert words in rules


def test_the_booklet_holds_every_phase_and_keyword(rules):
    for phase in ["Produce Mana", "Cast Spells", "Move Abilities", "Targeted Damage",
                  "Damage to Front", "Select Characters", "Reveal Characters", "Draw Spells"]:
        assert phase.casefold() in rules.casefold(), phase
    for word in ["Doubleable", "Fork", "Interrupt", "Dying", "Hurricane", "Farseer", "Merchant"]:
        assert word in rules, word


def test_an_errata_to_a_card_changes_the_booklets_reference(project, change, rules, tmp_path):
    assert "Knight 5 1 4 10 0 no" in reference(rules)
    change("cards/characters.yaml", "  - name: Knight\n    cost: 5\n    range: 1-1\n    health: 10",
           "  - name: Knight\n    cost: 5\n    range: 1-1\n    health: 13")
    changed = reference(rules_words(project, tmp_path / "out"))
    assert "Knight 5 1 4 13 0 no" in changed
    assert "Knight 5 1 4 10 " not in changed


# --- the faces --------------------------------------------------------------------------------
def _overlap(a, b) -> bool:
    return (min(a.x + a.width, b.x + b.width) - max(a.x, b.x) > 1e-6
            and min(a.y + a.height, b.y + b.height) - max(a.y, b.y) > 1e-6)


def test_the_may_target_ribbon_keeps_clear_of_the_art_panels_icon():
    report = Report()
    checked = check(GAME, report, BuildOptions(only=("cards",)))
    assert checked is not None
    [faces] = [f for f in checked.faces.decks if f.deck.id == "characters"]
    ribboned, sizes = [], set()
    for card in faces.deck.cards:
        face = faces.fronts[card.id]
        inks = [ink for element in face.elements for ink in element.inks()]
        ribbons = [ink.box for ink in inks if ink.kind == "text" and "TARGET" in ink.content]
        icons = [ink.box for name, element in zip(face.names, face.elements) if name == "art_icon"
                 for ink in element.inks() if ink.content == card.values["symbol"]]
        assert len(icons) == 1, card.id
        if ribbons:
            ribboned.append(card.values["name"])
            assert not _overlap(ribbons[0], icons[0]), card.id
        sizes.add((round(icons[0].width, 3), round(icons[0].height, 3)))
    assert {"Pyromancer", "Assassin", "Ranger", "Archer", "Scout"} <= set(ribboned)
    assert len(sizes) == 1, sizes      # the ribbon does not shrink or lower a card's art
