"""`dump` gives every field, derived values and the printed text; errata to a number reach the text."""
from pathlib import Path

from cardgen import api

REPO = Path(__file__).resolve().parents[1]


def card(data: dict, name: str) -> dict:
    return next(c for c in data["decks"][0]["cards"] if c["name"] == name)


def test_level_formulas_are_computed_for_each_level():
    _, data = api.dump(REPO / "data" / "time-line-battle-v1")
    blitz = card(data, "Blitz Troops")
    assert blitz["fields"]["hp"]["text"] == "8 - L"
    assert [blitz["derived"][f"hp.L{level}"] for level in range(4)] == [8, 7, 6, 5]
    assert [blitz["derived"][f"damage.L{level}"] for level in range(4)] == [4, 6, 8, 10]


def test_changing_one_number_changes_the_card_text(copy_game, edit_card):
    game = copy_game("time-line-battle-v2")
    _, before = api.dump(game)
    assert card(before, "Guard")["text"]["ability"] == "Strikes the enemy Front for 3 [damage]."
    edit_card(game, "cards/characters.yaml", "Guard", "damage", "4")
    report, after = api.dump(game)
    assert not report.diagnostics
    assert card(after, "Guard")["text"]["ability"] == "Strikes the enemy Front for 4 [damage]."
    assert card(after, "Paladin")["text"]["ability"] == card(before, "Paladin")["text"]["ability"]
