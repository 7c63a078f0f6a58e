import pytest
from reportlab.lib.colors import CMYKColor

from cardgen.load.schema import Invalid
from cardgen.render.colors import parse_color


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
