import pytest

from cardgen.shared.conditions import parse_condition
from cardgen.shared.schema import Invalid

CARD = {"art": "a.png", "suit": "Spirit", "damage": 0, "health": 7, "empty": ""}


@pytest.mark.parametrize("text, expected", [
    ("art", True), ("not art", False), ("empty", False), ("damage", False), ("missing", False),
    ("suit == Spirit", True), ("suit != Spirit", False), ("suit == 'Spirit'", True),
    ("health > 5", True), ("health <= 5", False), ("damage >= 0 and suit == Air", False),
    ("suit == Air or health == 7", True), ("not missing and art", True),
])
def test_conditions(text, expected):
    assert parse_condition(text).holds(CARD.get) is expected


def test_booleans():
    assert parse_condition(True).holds(CARD.get) is True
    assert parse_condition(False).holds(CARD.get) is False


@pytest.mark.parametrize("bad", ["", "a ==", "== b", "a === b", "import os; os.system('x')", 3])
def test_bad_conditions_are_invalid(bad):
    with pytest.raises(Invalid):
        parse_condition(bad)


def test_contains_looks_inside_lists():
    card = {"spells": ("White", "Black")}
    assert parse_condition("spells contains White").holds(card.get)
    assert not parse_condition("spells contains Elementalism").holds(card.get)
    assert parse_condition("not spells contains Elementalism").holds(card.get)
