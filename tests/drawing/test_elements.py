"""Element geometry: shrinking text, picture fit/fill/crop, bleed, badges; problems are reported."""
from pathlib import Path

import pytest
from PIL import Image

from cardgen.base.markup import parse
from cardgen.drawing import fonts
from cardgen.drawing.elements import COMMON_KEYS, ELEMENT_TYPES, BindContext, Box
from cardgen.drawing.elements.text import check_characters
from cardgen.drawing.richtext import Line, TextLayout
from cardgen.drawing.text_measure import Piece

CARD_W, CARD_H, BLEED = 63.5, 88.9, 3.0


def context(root: Path = Path(".")) -> BindContext:
    return BindContext(CARD_W, CARD_H, BLEED, {"ink": "#111111"}, parse, root)


def build(kind: str, box: Box, ctx: BindContext | None = None, **keys):
    element = ELEMENT_TYPES[kind]
    values = {k: v.default for k, v in {**COMMON_KEYS, **element.KEYS}.items()}
    values.update(keys)
    ctx = ctx or context()
    return element.build(box, values, ctx), ctx


def test_single_line_text_keeps_its_size_when_it_fits():
    text, ctx = build("text", Box(0, 0, 50, 10), text="Guard", size=12)
    assert text.layout.size == 12 and text.layout.fits and not ctx.problems


def test_single_line_text_shrinks_to_the_width():
    text, ctx = build("text", Box(0, 0, 40, 10), text="Shadow Spearman of the Rear", size=12,
                      min_size=4)
    assert 4 <= text.layout.size < 12
    assert text.layout.width <= 40 * 72 / 25.4 + 1e-6
    assert not ctx.problems


def test_single_line_text_below_min_size_is_reported():
    _, ctx = build("text", Box(0, 0, 10, 10), text="A name far too long for its box", size=12,
                   min_size=9)
    [problem] = ctx.problems
    assert (problem.path, problem.severity, problem.code) == (("text",), "error", "text-overflow")
    assert problem.message.startswith("text does not fit its 10 x 10 mm box even at 9pt")


def test_a_rect_with_bleed_grows_only_where_it_touches_the_trim():
    rect, _ = build("rect", Box(0, 10, CARD_W, 20), bleed=True, fill="ink")
    assert rect.box == Box(-BLEED, 10, CARD_W + 2 * BLEED, 20)
    full, _ = build("rect", Box(0, 0, CARD_W, CARD_H), bleed=True, fill="ink")
    assert full.box == Box(-BLEED, -BLEED, CARD_W + 2 * BLEED, CARD_H + 2 * BLEED)


@pytest.fixture
def wide_picture(tmp_path) -> Path:
    Image.new("RGB", (2000, 1000), "red").save(tmp_path / "wide.png")
    return tmp_path


def test_fit_shows_the_whole_picture_inside_the_box(wide_picture):
    picture, ctx = build("image", Box(10, 10, 40, 40), context(wide_picture), src="wide.png", fit="fit")
    assert picture.box == Box(10, 20, 40, 20)     # 2:1 picture, letterboxed, centred
    assert picture.clip == Box(10, 10, 40, 40)


def test_fill_covers_the_box_and_crops_the_overflow(wide_picture):
    picture, ctx = build("image", Box(10, 10, 40, 40), context(wide_picture), src="wide.png", fit="fill")
    assert picture.box == Box(-10, 10, 80, 40)    # scaled to the box's height, centred
    assert picture.clip == Box(10, 10, 40, 40)
    assert not ctx.problems                       # 2000 px over 80 mm is > 300 dpi


def test_crop_takes_a_rectangle_of_the_picture(wide_picture):
    picture, _ = build("image", Box(0, 0, 20, 20), context(wide_picture), src="wide.png", fit="crop",
                       crop=(100, 100, 500, 500))
    assert picture.crop == (100, 100, 500, 500) and picture.box == Box(0, 0, 20, 20)


def test_a_low_resolution_picture_is_a_warning(wide_picture):
    Image.new("RGB", (100, 100)).save(wide_picture / "small.png")
    _, ctx = build("image", Box(0, 0, 50, 50), context(wide_picture), src="small.png")
    [problem] = ctx.problems
    assert (problem.severity, problem.code) == ("warning", "art-resolution")
    assert "prints at 51 dpi" in problem.message and "needs 591 x 591 pixels" in problem.message


def test_a_picture_outside_the_game_folder_is_refused(wide_picture):
    picture, ctx = build("image", Box(0, 0, 20, 20), context(wide_picture / "sub"), src="../wide.png")
    assert picture is None
    assert ctx.problems[0].message == "path '../wide.png' leads outside the game folder"


def test_badge_value_is_centred_in_its_shape():
    badge, _ = build("badge", Box(40, 70, 14, 14), text="**10**", shape="heart", fill="ink")
    assert badge.value.size <= 20
    assert badge.value_box.x == 40 and badge.value_box.width == 14
    middle = badge.value_box.y + badge.value_box.height / 2
    assert middle == pytest.approx(70 + 7)


def test_crop_needs_a_rectangle_inside_the_picture(wide_picture):
    missing, ctx = build("image", Box(0, 0, 20, 20), context(wide_picture), src="wide.png", fit="crop")
    assert missing is None and ctx.problems[0].message.startswith("fit: crop needs crop:")
    outside, ctx = build("image", Box(0, 0, 20, 20), context(wide_picture), src="wide.png", fit="crop",
                         crop=(1900, 0, 500, 500))
    assert outside is None
    assert ctx.problems[0].message == "crop [1900, 0, 500, 500] is not inside the 2000 x 1000 pixel picture 'wide.png'"


def test_a_badge_value_too_long_for_its_badge_is_reported():
    _, ctx = build("badge", Box(0, 0, 8, 8), text="123456789", fill="ink")
    [problem] = ctx.problems
    assert (problem.path, problem.severity, problem.code) == (("text",), "error", "text-overflow")
    assert problem.message.startswith("value does not fit its 8 mm badge even at 6pt")


def test_a_hyphen_set_where_a_word_breaks_is_checked_in_the_face_it_is_set_in():
    symbols = fonts.families()[fonts.SYMBOLS]
    assert fonts.missing_glyphs("-", symbols.face()) == ("-",)   # the case checked below
    sans = fonts.families()["sans"]

    def broken_in(face: str):
        head = (Piece(0.0, 1.0, "⌛⌛-", face),)
        return TextLayout(10.0, 12.0, (Line((head,), 2.5, 10.0, 10.0),), 10.0, 10.0, 8.0, True)

    runs = parse("⌛⌛⌛⌛").runs            # the text itself has no hyphen to check
    for face, reported in ((symbols.face(), True), (sans.face(), False)):
        ctx = context()
        check_characters(ctx, "text", runs, sans, (), broken_in(face))
        assert any("'-'" in p.message for p in ctx.problems) is reported, face
