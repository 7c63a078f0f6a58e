import pytest

from cardgen.base.units import UnitError, parse_font_size, parse_length


@pytest.mark.parametrize("text, mm", [
    ("5mm", 5.0), ("1cm", 10.0), ("0.25in", 6.35), ("72pt", 25.4), ("300px", 25.4), (3, 3.0),
    ("2.5", 2.5), (" 4 mm ", 4.0), ("-1mm", -1.0), (".5in", 12.7),
])
def test_lengths(text, mm):
    assert parse_length(text) == pytest.approx(mm)


@pytest.mark.parametrize("bad", ["5 parsecs", "mm", "", True, None, [1]])
def test_bad_lengths(bad):
    with pytest.raises(UnitError, match="expected a length"):
        parse_length(bad)


def test_font_sizes_are_points_unless_a_unit_is_given():
    assert parse_font_size(9) == 9
    assert parse_font_size("1in") == pytest.approx(72)


@pytest.mark.parametrize("parse", [parse_length, parse_font_size])
@pytest.mark.parametrize("digits", [309, 400, 1000])
def test_a_whole_number_too_large_for_a_float_is_infinite_not_a_crash(parse, digits):
    assert parse(int("9" * digits)) == float("inf")
    assert parse(-int("9" * digits)) == float("-inf")
