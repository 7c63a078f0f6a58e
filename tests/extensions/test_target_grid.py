"""The `target_grid` element: a target code drawn as the tiles it covers round the character."""
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from cardgen.base.markup import parse
from cardgen.drawing.elements import COMMON_KEYS, ELEMENT_TYPES, BindContext, Box
from cardgen.drawing.pen import Pen
from cardgen.base.units import mm_to_pt
from target_tiles import printed_tiles, rules_tiles

GRID = ELEMENT_TYPES["target_grid"]
BOX = Box(5, 60, 20, 20)
MELEE = {(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - {(0, 0)}


def context() -> BindContext:
    return BindContext(63.5, 88.9, 3.0, {}, parse, Path("."))


def build(code, ctx=None, **keys):
    values = {k: v.default for k, v in {**COMMON_KEYS, **GRID.KEYS}.items()}
    values.update(code=code, **keys)
    return GRID.build(BOX, values, ctx or context())


@pytest.mark.parametrize("code, covered, size", [
    ("+2S", {(1, 0), (2, 0), (-1, 0), (-2, 0), (0, 1), (0, 2), (0, -1), (0, -2)}, 7),
    ("M", MELEE, 7),
    ("4D", {(2, 2), (2, -2), (-2, 2), (-2, -2)}, 7),          # four moves away: two diagonal
    ("+6S", {(d * sx, 0) for d in range(1, 7) for sx in (1, -1)}
     | {(0, d * sy) for d in range(1, 7) for sy in (1, -1)}, 13),
    ("+3S, 2D!", {(d * sx, 0) for d in (1, 2, 3) for sx in (1, -1)}
     | {(0, d * sy) for d in (1, 2, 3) for sy in (1, -1)} | {(1, 1), (1, -1), (-1, 1), (-1, -1)}, 7),
])
def test_covered_tiles(code, covered, size):
    grid = build(code)
    assert grid.covered == covered
    assert grid.size == size
    half = size // 2
    assert grid.cells == {(dx + half, dy + half) for dx, dy in covered}
    assert grid.code.ignores_occupation == code.endswith("!")


def test_cells_count_from_the_top_left():
    assert build("1S").cells == {(4, 3), (2, 3), (3, 4), (3, 2)}


def test_no_target_draws_the_centre_only():
    grid = build("No target")
    assert grid.covered == frozenset() and grid.code.none and grid.size == 7


def test_the_grid_is_square_and_centred_in_its_box():
    values = {k: v.default for k, v in {**COMMON_KEYS, **GRID.KEYS}.items()}
    grid = GRID.build(Box(0, 0, 30, 10), {**values, "code": "M"}, context())
    assert grid.box == Box(10, 0, 10, 10)


def test_a_given_size_is_kept_and_a_short_one_warns():
    assert build("M", size=11).size == 11
    ctx = context()
    grid = build("5S", ctx, size=7)
    assert grid.covered == frozenset()
    [problem] = ctx.problems
    assert (problem.path, problem.severity) == (("size",), "warning")
    assert problem.message == "target '5S' reaches 5 tiles out but a 7-cell grid shows 3: the tiles beyond are cut off"


def test_an_even_size_is_a_problem():
    ctx = context()
    assert build("M", ctx, size=8) is None
    assert ctx.problems[0].path == ("size",)


def test_a_bad_code_is_reported_with_the_grammar_message():
    ctx = context()
    assert build("+2X", ctx) is None
    [problem] = ctx.problems
    assert (problem.path, problem.severity, problem.code) == (("code",), "error", "target-code")
    assert problem.message == ("expected a target code such as 'M', '+2S', '4D', '+3S!' or 'No target', "
                       "found '+2X'")


def test_draws_into_a_pdf():
    out = BytesIO()
    canvas = Canvas(out, pagesize=(mm_to_pt(63.5), mm_to_pt(88.9)), invariant=1)
    pen = Pen(canvas, 88.9)
    for code in ("+2S", "M", "4D", "+2D!", "No target", "+2D"):
        build(code).draw(pen)
        canvas.showPage()
    canvas.save()
    reader = PdfReader(BytesIO(out.getvalue()))
    assert len(reader.pages) == 6
    unblocked, plain = (reader.pages[n].get_contents().get_data() for n in (3, 5))
    # each "!" mark is a filled wedge and dot over its cell, drawn as shapes, not a glyph
    assert unblocked.count(b"\nf") > plain.count(b"\nf") and b"Tj" not in unblocked


# The rules' examples: "a target of 4D means only the 4 diagonal tiles of distance 4 (the next ones
# from the closest diagonal)"; "+2S means all the 8 straight tiles of distances 1 or 2".
RULES_EXAMPLES = {
    "4D": {(2, 2), (2, -2), (-2, 2), (-2, -2)},
    "+2S": {(1, 0), (2, 0), (-1, 0), (-2, 0), (0, 1), (0, 2), (0, -1), (0, -2)},
}


@pytest.mark.parametrize("code", sorted(RULES_EXAMPLES))
def test_the_rules_examples_print_as_the_rules_say(code):
    assert rules_tiles(code) == RULES_EXAMPLES[code]
    assert printed_tiles(build(code)) == (RULES_EXAMPLES[code], 0)


@pytest.mark.parametrize("code", ["4D", "+4D", "2D", "+6D", "+2S", "3S", "M", "+2S, 2D!",
                                  "M, 4D, +3S", "+3S!", "No target"])
def test_the_printed_grid_fills_exactly_the_tiles_the_rules_name(code):
    filled, marks = printed_tiles(build(code))
    assert filled == rules_tiles(code)
    assert marks == (len(filled) if code.endswith("!") else 0)
