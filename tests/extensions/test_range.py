"""The `range` field type: attack ranges in a line counted from 1 at the Front."""
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from cardgen.base.errors import Report
from cardgen.fields import FIELD_TYPES
from cardgen_extensions.range import Range
from cardgen.shared.schema import At, Invalid
from cardgen.shared.yaml_source import Document
from cardgen.base.model import FieldDecl, frozen_map

RANGE = FIELD_TYPES["range"]
EXPECTED = "expected a range such as '1-2' or '2+'"


def parse(value, **options):
    decl = FieldDecl(name="x", type="range", options=frozen_map(options))
    return RANGE.parse(value, decl, At(Document(Path("t.yaml"), "t.yaml", None), (), Report()))


@pytest.mark.parametrize("text, low, high, canonical", [
    ("1-2", 1, 2, "1-2"),
    ("2+", 2, None, "2+"),
    ("3", 3, 3, "3"),
    (3, 3, 3, "3"),
    ("1-1", 1, 1, "1"),
    (" 1 - 3 ", 1, 3, "1-3"),
    ("2 +", 2, None, "2+"),
    ("1\u20134", 1, 4, "1-4"),
    ("01-02", 1, 2, "1-2"),
])
def test_valid(text, low, high, canonical):
    value = parse(text)
    assert value == Range(low, high)
    assert str(value) == canonical
    assert RANGE.as_text(value) == canonical


@pytest.mark.parametrize("value, message", [
    ("3-1", f"{EXPECTED}, found '3-1': the start is after the end"),
    ("0-2", f"{EXPECTED}, found '0-2': positions start at 1 (the Front)"),
    ("0", f"{EXPECTED}, found '0': positions start at 1 (the Front)"),
    (0, f"{EXPECTED}, found 0: positions start at 1 (the Front)"),
    (-2, f"{EXPECTED}, found -2: positions start at 1 (the Front)"),
    ("", f"{EXPECTED}, found ''"),
    ("front", f"{EXPECTED}, found 'front'"),
    ("1-", f"{EXPECTED}, found '1-'"),
    ("-1", f"{EXPECTED}, found '-1'"),
    ("1-2+", f"{EXPECTED}, found '1-2+'"),
    ("1-9999999", f"{EXPECTED}, found '1-9999999': a number is too large"),
    (10**12, f"{EXPECTED}, found a very large number: the number is too large"),
    pytest.param(10**5000, f"{EXPECTED}, found a very large number: the number is too large",
                 id="big"),
    pytest.param(-10**5000, f"{EXPECTED}, found a very large number: positions start at 1 "
                 "(the Front)", id="small"),
    (1000000, f"{EXPECTED}, found 1000000: the number is too large"),
    (None, f"{EXPECTED}, found nothing"),
    (True, f"{EXPECTED}, found boolean true"),
    (2.5, f"{EXPECTED}, found float '2.5'"),
    ([1, 2], f"{EXPECTED}, found a list"),
    ({"low": 1}, f"{EXPECTED}, found a mapping"),
])
def test_invalid(value, message):
    with pytest.raises(Invalid) as exc:
        parse(value)
    assert str(exc.value) == message


@pytest.mark.parametrize("value, message", [
    ("2-5", f"{EXPECTED}, found '2-5': positions go up to 4"),
    ("5+", f"{EXPECTED}, found '5+': positions go up to 4"),
    (5, f"{EXPECTED}, found 5: positions go up to 4"),
])
def test_max_option(value, message):
    with pytest.raises(Invalid) as exc:
        parse(value, max=4)
    assert str(exc.value) == message
    assert parse("1-4", max=4) == Range(1, 4)
    assert parse("4+", max=4) == Range(4, None)


def test_contains():
    assert [p for p in range(1, 7) if parse("2-4").contains(p)] == [2, 3, 4]
    assert [p for p in range(1, 7) if parse("3+").contains(p)] == [3, 4, 5, 6]
    assert [p for p in range(1, 7) if parse(1).contains(p)] == [1]


def test_json():
    assert RANGE.to_json(parse("2+")) == {"text": "2+", "low": 2, "high": None}
    assert RANGE.to_json(parse("1-2")) == {"text": "1-2", "low": 1, "high": 2}
    assert RANGE.to_json(None) is None
    assert RANGE.as_text(None) == ""
    assert RANGE.json_schema(FieldDecl("x", "range"))["type"] == ["string", "integer"]


anything = st.one_of(st.text(), st.sampled_from([1, -1]).map(lambda sign: sign * 10**5000),
                     st.text(alphabet="0123456789+- \u2013"), st.integers(),
                     st.none(), st.booleans(), st.floats(),
                     st.lists(st.integers(), max_size=3),
                     st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


@settings(max_examples=200, deadline=None)
@given(anything, st.none() | st.integers(1, 10))
def test_only_invalid_is_raised(value, largest):
    options = {} if largest is None else {"max": largest}
    try:
        result = parse(value, **options)
    except Invalid:
        return
    assert isinstance(result, Range)
    assert parse(str(result), **options) == result


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 50), st.none() | st.integers(0, 50))
def test_round_trip(low, extra):
    value = Range(low, None if extra is None else low + extra)
    assert parse(str(value)) == value
    assert parse(RANGE.as_text(value)) == value
