"""The `target_code` field type: Fantasy Arena: Tactics target codes on a square grid."""
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from cardgen.base.errors import Report
from cardgen.fields import FIELD_TYPES
from cardgen_extensions.target_code import TargetCode, TargetPart
from cardgen.shared.schema import At, Invalid
from cardgen.shared.yaml_source import Document
from cardgen.base.model import FieldDecl, frozen_map
from target_tiles import rules_tiles

TARGET = FIELD_TYPES["target_code"]
EXPECTED = "expected a target code such as 'M', '+2S', '4D', '+3S!' or 'No target'"
S, D, M = "S", "D", "M"


def parse(value, **options):
    decl = FieldDecl(name="x", type="target_code", options=frozen_map(options))
    return TARGET.parse(value, decl, At(Document(Path("t.yaml"), "t.yaml", None), (), Report()))


@pytest.mark.parametrize("text, parts, bang, canonical", [
    ("4D", [TargetPart(D, 4)], False, "4D"),
    ("+2S", [TargetPart(S, 2, True)], False, "+2S"),
    ("+2s", [TargetPart(S, 2, True)], False, "+2S"),
    ("M", [TargetPart(M)], False, "M"),
    ("m", [TargetPart(M)], False, "M"),
    ("+3S!", [TargetPart(S, 3, True)], True, "+3S!"),
    ("!M", [TargetPart(M)], True, "M!"),
    (" + 3 s ! ", [TargetPart(S, 3, True)], True, "+3S!"),
    ("+2S, 2D", [TargetPart(S, 2, True), TargetPart(D, 2)], False, "+2S, 2D"),
    ("2d,+2s!", [TargetPart(D, 2), TargetPart(S, 2, True)], True, "2D, +2S!"),
    ("M, 2S", [TargetPart(M), TargetPart(S, 2)], False, "M, 2S"),
    ("5S", [TargetPart(S, 5)], False, "5S"),
])
def test_valid(text, parts, bang, canonical):
    value = parse(text)
    assert value == TargetCode(tuple(parts), ignores_occupation=bang)
    assert str(value) == canonical
    assert TARGET.as_text(value) == canonical


@pytest.mark.parametrize("text", ["No target", "no target", "NO  TARGET", " none ", "None"])
def test_no_target(text):
    value = parse(text)
    assert value == TargetCode(none=True)
    assert str(value) == "No target"
    assert value.tiles() == frozenset()


@pytest.mark.parametrize("code, tiles", [
    ("+2S", {(1, 0), (-1, 0), (0, 1), (0, -1), (2, 0), (-2, 0), (0, 2), (0, -2)}),
    ("M", {(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - {(0, 0)}),
    # the rules' own examples: "4D means only the 4 diagonal tiles of distance 4 (the next ones
    # from the closest diagonal)", distance counted in moves, diagonals not adjacent
    ("4D", {(2, 2), (2, -2), (-2, 2), (-2, -2)}),
    ("2D", {(1, 1), (1, -1), (-1, 1), (-1, -1)}),
    ("2S", {(2, 0), (-2, 0), (0, 2), (0, -2)}),
    ("+2D", {(1, 1), (1, -1), (-1, 1), (-1, -1)}),
    ("+4D", {(1, 1), (1, -1), (-1, 1), (-1, -1), (2, 2), (2, -2), (-2, 2), (-2, -2)}),
    ("+5D", {(1, 1), (1, -1), (-1, 1), (-1, -1), (2, 2), (2, -2), (-2, 2), (-2, -2)}),
    ("1S, 2D", {(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - {(0, 0)}),
    ("M, +2S!", {(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - {(0, 0)}
     | {(2, 0), (-2, 0), (0, 2), (0, -2)}),
])
def test_tiles(code, tiles):
    assert parse(code).tiles() == frozenset(tiles)


@pytest.mark.parametrize("code", ["1D", "3D", "5D", "+1D"])
def test_an_odd_diagonal_distance_names_no_tile_by_the_rules_either(code):
    assert rules_tiles(code) == set()
    with pytest.raises(Invalid, match="names no tile"):
        parse(code)


def test_tile_counts():
    assert len(parse("+2S").tiles()) == 8
    assert len(parse("M").tiles()) == 8
    assert len(parse("4D").tiles()) == 4
    assert len(parse("+5S, +5D").tiles()) == 28


@pytest.mark.parametrize("value, message", [
    ("", f"{EXPECTED}, found ''"),
    ("X", f"{EXPECTED}, found 'X'"),
    ("2", f"{EXPECTED}, found '2': a distance needs S (straight) or D (diagonal) after it"),
    (2, f"{EXPECTED}, found 2: a distance needs S (straight) or D (diagonal) after it, "
        "such as '2S'"),
    ("+M", f"{EXPECTED}, found '+M'"),
    ("2SD", f"{EXPECTED}, found '2SD'"),
    ("0S", f"{EXPECTED}, found '0S': distances go from 1 to 5"),
    ("6D", f"{EXPECTED}, found '6D': distances go from 1 to 5"),
    ("+99999999S", f"{EXPECTED}, found '+99999999S': distances go from 1 to 5"),
    ("!", f"{EXPECTED}, found '!'"),
    ("!M!", f"{EXPECTED}, found '!M!': '!' appears more than once"),
    ("+2S!, 2D", f"{EXPECTED}, found '+2S!, 2D': '!' goes at the start or end of the code"),
    ("1D", f"{EXPECTED}, found '1D': '1D' names no tile, since a diagonal tile is an even number "
           "of moves away (2D: the four at the corners, 4D: the four beyond them)"),
    ("3d", f"{EXPECTED}, found '3d': '3D' names no tile, since a diagonal tile is an even number "
           "of moves away (2D: the four at the corners, 4D: the four beyond them)"),
    ("M, +1D", f"{EXPECTED}, found 'M, +1D': '+1D' names no tile, since a diagonal tile is an "
               "even number of moves away (2D: the four at the corners, 4D: the four beyond them)"),
    ("+2S,", f"{EXPECTED}, found '+2S,': a part between commas is empty"),
    ("+2S, X", f"{EXPECTED}, found '+2S, X' (the part 'X')"),
    ("+2S, 3", f"{EXPECTED}, found '+2S, 3' (the part '3'): a distance needs S (straight) "
               "or D (diagonal) after it"),
    ("M, m", f"{EXPECTED}, found 'M, m': 'M' appears twice"),
    ("!none", f"{EXPECTED}, found '!none'"),
    ("+2S + 2D", f"{EXPECTED}, found '+2S + 2D'"),
    (None, f"{EXPECTED}, found nothing"),
    (True, f"{EXPECTED}, found boolean true"),
    (1.5, f"{EXPECTED}, found float '1.5'"),
    (["M"], f"{EXPECTED}, found a list"),
    ({"M": 1}, f"{EXPECTED}, found a mapping"),
])
def test_invalid(value, message):
    with pytest.raises(Invalid) as exc:
        parse(value)
    assert str(exc.value) == message


def test_max_distance_option():
    assert parse("+6S", max_distance=6).tiles() >= {(6, 0)}
    with pytest.raises(Invalid) as exc:
        parse("4D", max_distance=2)
    assert str(exc.value) == f"{EXPECTED}, found '4D': distances go from 1 to 2"


def test_json():
    assert TARGET.to_json(parse("2D!")) == {
        "text": "2D!", "none": False, "ignores_occupation": True,
        "tiles": [[-1, -1], [-1, 1], [1, -1], [1, 1]]}
    assert TARGET.to_json(parse("none"))["text"] == "No target"
    assert TARGET.to_json(None) is None
    assert TARGET.json_schema(FieldDecl("x", "target_code"))["type"] == "string"


anything = st.one_of(st.text(), st.sampled_from([1, -1]).map(lambda sign: sign * 10**5000),
                     st.text(alphabet="+!, 0123456789SDMsdmX"), st.integers(),
                     st.none(), st.booleans(), st.floats(), st.lists(st.text(), max_size=3),
                     st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


@settings(max_examples=200, deadline=None)
@given(anything)
def test_only_invalid_is_raised(value):
    try:
        result = parse(value)
    except Invalid:
        return
    assert isinstance(result, TargetCode)
    assert parse(str(result)) == result
    assert all(0 < max(abs(dx), abs(dy)) <= 5 for dx, dy in result.tiles())


parts = st.one_of(st.just(TargetPart(M)),
                  st.builds(TargetPart, st.sampled_from([S, D]), st.integers(1, 5),
                            st.booleans())).filter(lambda part: part.tiles())   # 3D names no tile


@settings(max_examples=200, deadline=None)
@given(st.lists(parts, min_size=1, max_size=4, unique=True), st.booleans())
def test_round_trip(items, bang):
    value = TargetCode(tuple(items), ignores_occupation=bang)
    assert parse(str(value)) == value
    assert parse(str(value).lower()) == value


@settings(max_examples=300, deadline=None)
@given(st.lists(parts, min_size=1, max_size=4, unique=True), st.booleans())
def test_every_code_names_the_tiles_the_rules_words_give(items, bang):
    text = ", ".join(map(str, items)) + ("!" if bang else "")
    assert parse(text).tiles() == rules_tiles(text)


@pytest.mark.parametrize("value", [10**5000, -10**5000, 10**9],
                         ids=["big", "small", "1e9"])
def test_huge_numbers(value):
    with pytest.raises(Invalid) as exc:
        parse(value)
    assert str(exc.value) == f"{EXPECTED}, found a very large number"
