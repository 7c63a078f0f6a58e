import re

import pytest
from reportlab.lib.colors import CMYKColor

from cardgen.shared.schema import Invalid
from cardgen.shared.colors import parse_color, to_cmyk
from cardgen.shared.css_colors import CSS_COLORS


def test_hex_short_and_long():
    assert parse_color("#ff0000").hexval() == "0xff0000"
    assert parse_color("#f00").hexval() == "0xff0000"


def test_cmyk_fractions_and_percent():
    color = parse_color("cmyk(0, 50%, 1, 0.2)")
    assert isinstance(color, CMYKColor)
    assert (color.cyan, color.magenta, color.yellow, color.black) == (0, 0.5, 1, 0.2)


def test_palette_names_resolve_through_other_names():
    palette = {"ink": "dark", "dark": "#101010"}
    assert parse_color("ink", palette).hexval() == "0x101010"


def test_none_is_no_colour():
    assert parse_color("none") is None


@pytest.mark.parametrize("bad, message", [
    ("#12", "unknown colour '#12'"),
    ("cmyk(1, 2)", "four values"),
    ("cmyk(0, 0, 0, 200%)", "run from 0 to 1"),
    ("redd", "did you mean 'red'"),
])
def test_bad_colours(bad, message):
    with pytest.raises(Invalid, match=message.replace("(", r"\(")):
        parse_color(bad)


def test_self_reference_is_caught():
    with pytest.raises(Invalid, match="in terms of itself"):
        parse_color("a", {"a": "b", "b": "a"})


def test_cmyk_from_data_is_kept_exactly():
    kept = to_cmyk(parse_color("cmyk(10%, 20%, 30%, 40%)"))
    assert (kept.cyan, kept.magenta, kept.yellow, kept.black) == (0.1, 0.2, 0.3, 0.4)


@pytest.mark.parametrize("value, expected", [
    ("#ffffff", (0, 0, 0, 0)), ("#000000", (0, 0, 0, 1)), ("#808080", (0, 0, 0, 0.498039)),
    ("#ff0000", (0, 1, 1, 0)), ("#2f5d50", (0.494624, 0, 0.139785, 0.635294))])
def test_other_colours_convert_by_the_stated_formula(value, expected):
    color = to_cmyk(parse_color(value))
    assert (color.cyan, color.magenta, color.yellow, color.black) == pytest.approx(expected, abs=1e-6)


@pytest.mark.parametrize("value, black", [("#231f20", 0.871895), ("#1a1a1a", 0.898039),
                                          ("#202a24", 0.856209)])
def test_a_dark_near_grey_is_black_ink_alone(value, black):
    color = to_cmyk(parse_color(value))
    assert (color.cyan, color.magenta, color.yellow) == (0, 0, 0)
    assert color.black == pytest.approx(black, abs=1e-6)


@pytest.mark.parametrize("value", ["#2f5d50", "#5a4040", "#a09a9a"])
def test_a_coloured_dark_or_a_light_grey_keeps_its_colour_inks(value):
    color = to_cmyk(parse_color(value))
    assert color.cyan + color.magenta + color.yellow > 0


def test_the_css_names_are_all_148_of_css_color_level_4():
    assert len(CSS_COLORS) == 148
    assert all(name == name.lower() and re.fullmatch(r"#[0-9a-f]{6}", value)
               for name, value in CSS_COLORS.items())


@pytest.mark.parametrize("name, value", [
    ("lightgray", "0xd3d3d3"), ("LightGrey", "0xd3d3d3"), ("rebeccapurple", "0x663399"),
    ("darkseagreen", "0x8fbc8f"), ("steelblue", "0x4682b4")])
def test_css_names_are_colours_with_their_css_values(name, value):
    assert parse_color(name).hexval() == value


@pytest.mark.parametrize("name, suggestion", [
    ("fidred", "red"), ("cornflower", "cornflowerblue"), ("fidlightblue", "lightblue")])
def test_reportlabs_own_names_are_refused_with_the_closest_css_name(name, suggestion):
    with pytest.raises(Invalid, match=rf"unknown colour '{name}' \(did you mean '{suggestion}'\?\); "
                                      "use a CSS colour name"):
        parse_color(name)


def test_a_layout_colour_is_preferred_to_a_css_name():
    assert parse_color("red", {"red": "#7a2e2e"}).hexval() == "0x7a2e2e"
