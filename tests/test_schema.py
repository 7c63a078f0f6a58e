"""The typed schema reader's bounds: any number, of any size, is in range or a clear error."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.shared import schema as s
from cardgen.base.errors import Report, describe
from cardgen.shared.yaml_source import Document, plain_number


def at_value(written: str | None = None) -> s.At:
    raw = {("power",): written} if written is not None else {}
    return s.At(Document(Path("game.yaml"), "game.yaml", None, {("power",): 3}, raw), ("power",),
                Report())


@pytest.mark.parametrize("digits", [309, 400, 1000, 4299])
def test_a_huge_whole_number_is_out_of_range_with_its_digits_cut(digits):
    value = int("9" * digits)
    for parse in (s.integer(0, 10), s.number(0, 10), s.integer(), s.length(0, 10)):
        with pytest.raises(s.Invalid) as caught:
            parse(value, at_value("9" * digits))
        assert caught.value.problem.code == "range"
        assert str(caught.value).endswith(f"found 999999999999... (a number of {digits:,} characters)")
    with pytest.raises(s.Invalid, match=r"expected at least 0, found -99999999999\.\.\. "):
        s.integer(0, 10)(-value, at_value("-" + "9" * digits))


def test_a_huge_number_without_its_text_is_cut_too():
    with pytest.raises(s.Invalid, match=r"at most 10, found 999999999999\.\.\. \(a number of 400 "):
        s.check_bounds(int("9" * 400), 0, 10)
    with pytest.raises(s.Invalid, match="at most 10, found a number of more than 4,300 digits"):
        s.check_bounds(10 ** 5000, 0, 10)
    assert describe(int("9" * 400)) == "int 999999999999... (a number of 400 characters)"
    assert describe(12) == "int '12'"


def test_nan_is_never_in_range():
    with pytest.raises(s.Invalid, match="expected a number from 0 to 10, found nan"):
        s.check_bounds(float("nan"), 0, 10)


@pytest.mark.parametrize("text, number", [
    ("12", 12), ("-3", -3), ("+4", 4), ("0" * 5000 + "7", 7), ("9" * 1000, int("9" * 1000)),
    ("9" * 1001, float("inf")), ("-" + "9" * 5000, float("-inf")), ("1.5", 1.5), ("1e999", float("inf")),
    ("1_000", None), ("12a", None), ("", None),
])
def test_plain_numbers_as_yaml_and_tables_write_them(text, number):
    assert plain_number(text) == number


def test_a_length_too_long_for_a_float_is_quoted_as_written():
    text = "9" * 400 + "mm"
    doc = Document(Path("layout.yaml"), "layout.yaml", {"x": text}, {("x",): 4})
    with pytest.raises(s.Invalid, match=r"expected at most 10 mm, found 999999999999\.\.\. "
                                        r"\(a number of 402 characters\)$"):
        s.length(0, 10)(text, s.At(doc, ("x",), Report()))
    with pytest.raises(s.Invalid, match=r"expected at most 10 mm, found 11 mm$"):   # finite: as read
        s.length(0, 10)("11mm", s.At(doc, ("x",), Report()))
