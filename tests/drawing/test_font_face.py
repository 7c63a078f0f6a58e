"""A font's face read by cardgen's reader holds what reportlab's own reader gives, value for
value, whatever the character map's format; what only measuring or drawing uses is read when
first asked for, and a file cardgen's reader does not read is read (or refused) by reportlab's."""
from __future__ import annotations

import pytest
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

from cardgen.drawing.font_embedding import TaggedTTFont
from cardgen.drawing.font_face import QuickFace
from font_files import SHIPPED, font_claiming, font_with_subtable

READ_LATER = ("charWidths", "defaultWidth", "glyphToChar", "hmetrics", "glyphPos")


def read_both(path, read_here: bool = True) -> tuple[dict, dict]:
    """Every attribute of the face as cardgen reads it (by its own reader, or reportlab's) and
    as reportlab does."""
    quick, own = QuickFace(str(path)), TTFontFace(str(path))
    assert read_here == (not set(READ_LATER) & set(vars(quick)))
    for name in READ_LATER:
        getattr(quick, name)
    scale = quick._pdfScale, own._pdfScale
    assert [scale[0](n) for n in range(4096)] == [scale[1](n) for n in range(4096)]
    skipped = ("_pos", "_pdfScale", "_characters")    # where reading stopped; a lambda; pairs
    read = {k: v for k, v in vars(quick).items() if k not in skipped}
    read["hmetrics"] = list(read["hmetrics"])    # read glyph by glyph: compared as a list
    return read, {k: v for k, v in vars(own).items() if k not in skipped}


def assert_same(quick: dict, own: dict) -> None:
    assert quick.keys() == own.keys()
    for name in own:
        assert quick[name] == own[name], name
        if name != "charWidths":          # looked up, never walked: its order is free
            assert repr(quick[name]) == repr(own[name]), name       # order and int/float alike


@pytest.mark.parametrize("path", sorted(SHIPPED.glob("*.ttf")), ids=lambda p: p.name)
def test_each_shipped_face_reads_as_reportlab_reads_it(path):
    assert_same(*read_both(path))


@pytest.mark.parametrize("made, read_here", [
    pytest.param(lambda: font_with_subtable(3, 1), True, id="format 4: segments"),
    pytest.param(lambda: font_claiming(300, first=0x20, glyph=3), True, id="format 12: one range"),
    pytest.param(lambda: font_claiming(300, first=0x10FF00, glyph=6200), True,
                 id="format 12: glyphs past the font's last"),
    pytest.param(lambda: font_with_subtable(1, 0), False, id="format 6: left to reportlab"),
])
def test_a_character_map_of_each_format_reads_as_reportlab_reads_it(made, read_here, tmp_path):
    path = tmp_path / "font.ttf"
    path.write_bytes(made())
    assert_same(*read_both(path, read_here))


def test_what_only_measuring_and_drawing_use_is_read_when_first_asked_for():
    face = QuickFace(str(SHIPPED / "DejaVuSans.ttf"))
    assert not set(READ_LATER) & set(vars(face))
    assert face.charWidths[ord("M")] > face.charWidths[ord("i")] > 0
    assert face.glyphPos[-1] > 0 and face.glyphPos is face.glyphPos     # read once, then kept
    metrics = face.hmetrics
    assert metrics[-1] == metrics[len(metrics) - 1] and metrics[:2] == [metrics[0], metrics[1]]
    with pytest.raises(IndexError):
        metrics[len(metrics)]
    with pytest.raises(AttributeError):
        face.no_such_thing


def test_a_file_cut_short_is_refused_in_reportlab_s_words(tmp_path):
    path = tmp_path / "cut.ttf"
    data = (SHIPPED / "DejaVuSans.ttf").read_bytes()
    path.write_bytes(data[:len(data) // 2])
    with pytest.raises(Exception) as own:
        TTFontFace(str(path))
    with pytest.raises(Exception) as quick:
        QuickFace(str(path))
    assert (type(quick.value), str(quick.value)) == (type(own.value), str(own.value))


def test_a_tagged_font_is_made_as_reportlab_makes_its_fonts():
    path = str(SHIPPED / "DejaVuSerif.ttf")
    tagged, own = TaggedTTFont("probe", path), TTFont("probe", path)
    assert type(tagged.encoding) is type(own.encoding)
    skipped = ("face", "state", "encoding")
    assert ({k: v for k, v in vars(tagged).items() if k not in skipped}
            == {k: v for k, v in vars(own).items() if k not in skipped})
