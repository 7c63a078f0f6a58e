"""The `level_formula` and `level_abilities` field types (Time Line Battle v1)."""
import io
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st
from reportlab.pdfgen.canvas import Canvas

from cardgen.api import dump, validate
from cardgen.drawing.pen import Pen
from cardgen.base.errors import Report
from cardgen.fields import FIELD_TYPES
from cardgen_extensions.level_formula import LevelAbilities, LevelFormula
from cardgen.resolve.resolve import resolve_game
from cardgen.load.game import load_game
from cardgen.shared.schema import At, Invalid
from cardgen.shared.yaml_source import Document
from cardgen.base.model import FieldDecl, frozen_map

FORMULA = FIELD_TYPES["level_formula"]
ABILITIES = FIELD_TYPES["level_abilities"]
EXPECTED = "expected a number or a formula in Level L such as '13 + 2L' or '8 - L'"
EXPECTED_ABILITIES = "expected abilities written 'L<level>: text' such as 'L2: Draw a card'"


def parse(value, kind=FORMULA, **options):
    decl = FieldDecl(name="x", type=kind.name, options=frozen_map(options))
    return kind.parse(value, decl, At(Document(Path("t.yaml"), "t.yaml", None), (), Report()))


@pytest.mark.parametrize("text, base, per_level, canonical", [
    ("10", 10, 0, "10"),
    (10, 10, 0, "10"),
    ("13 + 2L", 13, 2, "13 + 2L"),
    ("8 - L", 8, -1, "8 - L"),
    ("4 + 3L", 4, 3, "4 + 3L"),
    ("2 + L", 2, 1, "2 + L"),
    ("L", 0, 1, "L"),
    ("3L", 0, 3, "3L"),
    ("13+2l", 13, 2, "13 + 2L"),
    ("2L + 13", 13, 2, "13 + 2L"),
    ("2 * L", 0, 2, "2L"),
    ("-L", 0, -1, "-L"),
    ("-3 - 2L", -3, -2, "-3 - 2L"),
    ("0", 0, 0, "0"),
    (-4, -4, 0, "-4"),
    ("8 \u2212 L", 8, -1, "8 - L"),
])
def test_valid(text, base, per_level, canonical):
    value = parse(text)
    assert value == LevelFormula(base, per_level)
    assert str(value) == canonical
    assert FORMULA.as_text(value) == canonical


def test_at():
    assert [parse("13 + 2L").at(level) for level in range(4)] == [13, 15, 17, 19]
    assert [parse("8 - L").at(level) for level in range(4)] == [8, 7, 6, 5]


@pytest.mark.parametrize("value, message", [
    ("", f"{EXPECTED}, found ''"),
    ("13 +", f"{EXPECTED}, found '13 +'"),
    ("2X", f"{EXPECTED}, found '2X'"),
    ("L2", f"{EXPECTED}, found 'L2'"),
    ("1 2", f"{EXPECTED}, found '1 2'"),
    ("LL", f"{EXPECTED}, found 'LL'"),
    ("1.5L", f"{EXPECTED}, found '1.5L'"),
    ("1234567L", f"{EXPECTED}, found '1234567L': a number is too large"),
    (10**12, f"{EXPECTED}, found a number larger than 999999"),
    (None, f"{EXPECTED}, found nothing"),
    (False, f"{EXPECTED}, found boolean false"),
    (2.0, f"{EXPECTED}, found float '2.0'"),
    (["L"], f"{EXPECTED}, found a list"),
])
def test_invalid(value, message):
    with pytest.raises(Invalid) as exc:
        parse(value)
    assert str(exc.value) == message


def test_min_option():
    with pytest.raises(Invalid) as exc:
        parse("8 - 3L", min=1)
    assert str(exc.value) == "at Level 3, 8 - 3L is -1; expected at least 1"
    with pytest.raises(Invalid) as exc:
        parse("L", min=1)
    assert str(exc.value) == "at Level 0, L is 0; expected at least 1"
    assert parse("L", min=1, levels=(1, 2, 3)) == LevelFormula(0, 1)
    assert parse("8 - 3L", min=1, levels=(0, 1, 2)) == LevelFormula(8, -3)
    with pytest.raises(Invalid) as exc:
        parse(0, min=1, levels=(1,))
    assert str(exc.value) == "at Level 1, 0 is 0; expected at least 1"


def test_json():
    assert FORMULA.to_json(parse("8 - L")) == {"text": "8 - L", "base": 8, "per_level": -1}
    assert FORMULA.to_json(None) is None
    assert FORMULA.as_text(None) == ""


anything = st.one_of(st.text(), st.sampled_from([1, -1]).map(lambda sign: sign * 10**5000),
                     st.text(alphabet="0123456789Ll+-* \u2212"), st.integers(),
                     st.none(), st.booleans(), st.floats(), st.lists(st.text(), max_size=3),
                     st.dictionaries(st.integers(), st.text(), max_size=2))


@settings(max_examples=200, deadline=None)
@given(anything, st.none() | st.integers(-5, 5))
def test_formula_only_invalid_is_raised(value, minimum):
    options = {} if minimum is None else {"min": minimum}
    try:
        result = parse(value, **options)
    except Invalid:
        return
    assert isinstance(result, LevelFormula)
    assert parse(str(result), **options) == result


@settings(max_examples=200, deadline=None)
@given(st.integers(-999, 999), st.integers(-99, 99))
def test_formula_round_trip(base, per_level):
    value = LevelFormula(base, per_level)
    assert parse(str(value)) == value


# level_abilities ----------------------------------------------------------------------

def test_abilities_list():
    value = parse(["L3: Strike twice.", "L1: Draw a card.", "l2 :  Heal 1. "], ABILITIES)
    assert value == LevelAbilities(((1, "Draw a card."), (2, "Heal 1."), (3, "Strike twice.")))
    assert list(value) == [(1, "Draw a card."), (2, "Heal 1."), (3, "Strike twice.")]
    assert str(value) == "L1: Draw a card.\nL2: Heal 1.\nL3: Strike twice."
    assert value.get(2) == "Heal 1." and value.get(4) is None
    assert value.up_to(2) == ((1, "Draw a card."), (2, "Heal 1."))
    assert ABILITIES.to_json(value)[0] == {"level": 1, "text": "Draw a card."}


def test_abilities_mapping_and_text():
    expected = LevelAbilities(((1, "Draw."), (3, "Strike\ntwice.")))
    assert parse({3: "Strike\ntwice.", "L1": "Draw."}, ABILITIES) == expected
    assert parse("L1: Draw.\nL3: Strike\ntwice.", ABILITIES) == expected
    assert parse([], ABILITIES) == LevelAbilities()
    assert parse(["L5: Fly."], ABILITIES, max_level=5) == LevelAbilities(((5, "Fly."),))


@pytest.mark.parametrize("value, message", [
    (["L4: Fly."], f"{EXPECTED_ABILITIES}, found Level 4: levels go from 1 to 3"),
    (["L0: Fly."], f"{EXPECTED_ABILITIES}, found Level 0: levels go from 1 to 3"),
    ({4: "Fly."}, f"{EXPECTED_ABILITIES}, found Level 4: levels go from 1 to 3"),
    (["L2: a", "L2: b"], f"{EXPECTED_ABILITIES}, found Level 2 twice"),
    ({2: "a", "L2": "b"}, f"{EXPECTED_ABILITIES}, found Level 2 twice"),
    (["Fly."], f"{EXPECTED_ABILITIES}, found 'Fly.'"),
    (["L2:"], f"{EXPECTED_ABILITIES}, found 'L2:' without a text"),
    ([3], f"{EXPECTED_ABILITIES}, found int '3'"),
    ({"x": "a"}, f"{EXPECTED_ABILITIES}, found text 'x' as a key: expected a level such as 2"),
    ({2: None}, f"{EXPECTED_ABILITIES}, found nothing for Level 2"),
    ({2: "a\nL3: b"}, f"{EXPECTED_ABILITIES}, found 'a\nL3: b' for Level 2: "
                      "write each level as its own entry"),
    (None, f"{EXPECTED_ABILITIES}, found nothing"),
    (7, f"{EXPECTED_ABILITIES}, found int '7'"),
])
def test_abilities_invalid(value, message):
    with pytest.raises(Invalid) as exc:
        parse(value, ABILITIES)
    assert str(exc.value) == message


@settings(max_examples=200, deadline=None)
@given(st.one_of(anything, st.lists(st.text(alphabet="Ll0123456789: \nab"), max_size=4),
                 st.dictionaries(st.one_of(st.integers(), st.text(max_size=4)), st.text(),
                                 max_size=3)))
def test_abilities_only_invalid_is_raised(value):
    try:
        result = parse(value, ABILITIES)
    except Invalid:
        return
    assert isinstance(result, LevelAbilities)
    assert parse(str(result), ABILITIES) == result


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.integers(1, 3), st.text(min_size=1).filter(str.strip), max_size=3))
def test_abilities_round_trip(entries):
    try:
        value = parse(entries, ABILITIES)
    except Invalid:  # a text with a line starting 'L<n>:' is refused
        return
    assert parse(str(value), ABILITIES) == value
    assert parse([f"L{level}: {text}" for level, text in value], ABILITIES) == value


@pytest.mark.parametrize("value, message", [
    pytest.param(10**5000, f"{EXPECTED_ABILITIES}, found a very large number", id="big"),
    pytest.param([-10**5000], f"{EXPECTED_ABILITIES}, found a very large number",
                 id="big-item"),
    pytest.param({2: 10**5000}, f"{EXPECTED_ABILITIES}, found a very large number for Level 2",
                 id="big-text"),
    pytest.param({10**5000: "x"}, f"{EXPECTED_ABILITIES}, found a level above 999999: "
                 "levels go from 1 to 3", id="big-key"),
    (["L99999999: x"], f"{EXPECTED_ABILITIES}, found a level above 999999: "
                       "levels go from 1 to 3"),
])
def test_abilities_huge_numbers(value, message):
    with pytest.raises(Invalid) as exc:
        parse(value, ABILITIES)
    assert str(exc.value) == message


@pytest.fixture
def game_with_levels(copy_game):
    """game_with_levels(levels, binds): valid-minimal with `hp: "4 + 2L"` declared with `levels`,
    and a text element `{{binds}}`."""
    def make(levels: str, binds: str) -> Path:
        game = copy_game("valid-minimal", (
            "game.yaml", "      art: {type: image}\n",
            f"      art: {{type: image}}\n      hp: {{type: level_formula, levels: {levels}, default: \"4 + 2L\"}}\n"))
        front = game / "layouts" / "front.yaml"
        front.write_text(front.read_text() + f"  level: {{type: text, text: \"{binds}\", x: 6mm, y: 60mm, "
                         "width: 20mm, height: 5mm}\n")
        return game
    return make


class TextPen(Pen):
    """Notes the text drawn, and draws nothing."""

    def __init__(self):
        super().__init__(Canvas(io.BytesIO()), 88.9)
        self.texts = []

    def text(self, x_pt, baseline_pt, text, font, size, color):
        self.texts.append(text)

    def text_runs(self, lines, size, color):
        self.texts += [text for _, runs in lines for _, text, _ in runs]


def test_a_layout_binds_a_declared_level_past_the_default_ones(game_with_levels):
    game_dir = game_with_levels("[0, 1, 2, 3, 4, 5]", "{{hp.L5}}/{{hp.L4}}")
    assert validate([game_dir], strict=True).diagnostics == []
    _, data = dump(game_dir)
    assert data["decks"][0]["cards"][0]["derived"] == {
        "hp.L0": 4, "hp.L1": 6, "hp.L2": 8, "hp.L3": 10, "hp.L4": 12, "hp.L5": 14}
    report = Report()
    [faces] = resolve_game(load_game(game_dir, report), report).decks
    for face in faces.fronts.values():
        pen = TextPen()
        [element] = [e for e in face.elements if (e.box.x, e.box.y) == (6, 60)]   # the added one
        element.draw(pen)
        assert "".join(pen.texts) == "14/12"


@pytest.mark.parametrize("levels, binds", [
    ("[0, 1, 2, 3, 4, 5]", "{{hp.L6}}"),     # past the declared levels
    ("[0, 1, 2]", "{{hp.L3}}"),              # a default level the field does not declare
    ("[1, 2, 3]", "{{hp.L0}}"),
])
def test_a_level_the_field_does_not_declare_is_an_unknown_field_at_its_line(game_with_levels,
                                                                            levels, binds):
    game_dir = game_with_levels(levels, binds)
    front = game_dir / "layouts" / "front.yaml"
    line = next(n for n, text in enumerate(front.read_text().splitlines(), start=1) if binds in text)
    problems = [d for d in validate([game_dir]).diagnostics if d.code == "markup"]
    assert [(Path(d.file).resolve(), d.line) for d in problems] == [(front.resolve(), line)]
    assert f"unknown field '{binds}'" in problems[0].message
