"""Each shipped game's summary (`description`) states the rules' own facts and nothing the rules
do not say; a term the rules do not give is marked prototype where it is defined."""
from __future__ import annotations

import functools
from pathlib import Path

import pytest

from cardgen.api import dump

DATA = Path(__file__).resolve().parents[2] / "data"

# From the rules documents: words each summary must hold, and claims it must not make.
SAYS = {
    # draft 1, 2, 3 (six each) from two 15-card stacks; the starting line is four cards of the
    # stack received in the line-up phase, the rest of both stacks is discarded
    "dragon-line-deluxe": ["draft six dragons", "two stacks of 15", "trade stacks once more",
                           "four dragons from the stack they receive", "face-down starting line",
                           "rest of both stacks is discarded", "refills its line from hand",
                           "fill a line of four"],
    "time-line-battle-v2": ["Days 1 to 4", "Three Timelines", "Order from Front to Rear",
                            "victory points"],
    "time-line-battle-v1": ["to Day 0", "one Day earlier", "Front (A) to Rear (10)",
                            "surviving a Day gains a Level", "victory point"],
    "fantasy-line-battle": ["13 Money", "face down", "take turns casting Spells",
                            "Elementalism, White and Black", "enemy Front", "Targeted Damage",
                            "no live Character"],
    "fantasy-arena-tactics": ["6 rows by 6 columns (36 tiles)", "one Warrior, one Rogue and one Mage",
                              "sideboard character", "5 Hits", "placement round",
                              "2 move activations and 1 action"],
}
NEVER_SAYS = {
    "dragon-line-deluxe": ["line up four of them", "four of the six", "from their hand as a"],
    "time-line-battle-v2": ["face down", "face-down"],
    "fantasy-line-battle": ["trade Spells"],
    "fantasy-arena-tactics": ["teams of three"],
}


@functools.cache
def dumped(game_id: str) -> dict:
    report, data = dump(DATA / game_id)
    assert data is not None, [d.format() for d in report.diagnostics]
    return data


@pytest.mark.parametrize("game_id", sorted(SAYS))
def test_the_summary_states_the_rules_facts(game_id):
    summary = " ".join(dumped(game_id)["description"].split())
    for words in SAYS[game_id]:
        assert words in summary, words
    for words in NEVER_SAYS.get(game_id, []):
        assert words not in summary, words


def test_time_line_battle_v2_never_says_characters_are_deployed_face_down():
    game = dumped("time-line-battle-v2")
    texts = [game["description"], *game["glossary"].values()]
    texts += [text for deck in game["decks"] for card in deck["cards"]
              for text in card["text"].values()]
    assert texts and not [t for t in texts if "face down" in t.lower() or "face-down" in t.lower()]


@pytest.mark.parametrize("game_id", sorted(SAYS))
def test_a_term_the_rules_do_not_use_is_marked_prototype(game_id):
    # Time Line Battle v1 calls its J, Q and K only "non-Unit cards": "Device" is ours
    expected = ["Device"] if game_id == "time-line-battle-v1" else []
    assert dumped(game_id)["prototype_glossary"] == expected
