"""A font file's tables are checked before reportlab reads it: a character map claiming more
characters than FONT_CHARACTERS, or a table that does not lie inside the file, is an error at
the face that names the file, found without reading the characters one by one."""
from __future__ import annotations

import struct

import pytest

from cardgen.drawing import font_tables, fonts
from cardgen.drawing.font_embedding import TaggedTTFont
from cardgen.drawing.font_tables import FontTableError, check_font_tables
from font_files import SHIPPED, font_claiming
from test_game_fonts import BODY, game_with_font      # the fixture, used here too


def test_the_shipped_fonts_pass():
    """Their tables and a subset of their first characters: a process reads them unchecked."""
    for path in sorted(SHIPPED.glob("*.ttf")):
        check_font_tables(path.read_bytes())
        fonts._try_subset(TaggedTTFont(path.stem, str(path)))


def test_a_font_claiming_two_billion_characters_is_an_error_at_its_face(game_with_font, validate):
    game = game_with_font(BODY)
    (game / "fonts" / "Body.ttf").write_bytes(font_claiming(2 ** 31))
    result = validate(game)
    assert result.exit_code == 1 and "Traceback" not in result.output
    [line] = [l for l in result.stderr.splitlines() if "font 'body'" in l]
    assert line == (f"{game / 'game.yaml'}:5: error: font: fonts.body.regular: font 'body', "
                    f"regular face: '{game / 'fonts' / 'Body.ttf'}': its character map claims "
                    "more than 200,000 characters")


def test_a_character_map_at_the_limit_is_read_and_one_past_it_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(font_tables, "FONT_CHARACTERS", 300)
    at_limit, past = tmp_path / "at.ttf", tmp_path / "past.ttf"
    at_limit.write_bytes(font_claiming(300))
    past.write_bytes(font_claiming(301))
    name = fonts.register_file(at_limit)
    assert ord(" ") in fonts.pdfmetrics.getFont(name).face.charToGlyph
    with pytest.raises(fonts.FontFileError, match="claims more than 300 characters"):
        fonts.register_file(past)


def _table_record(data: bytes, tag: bytes) -> int:
    count = struct.unpack_from(">H", data, 4)[0]
    return next(12 + 16 * n for n in range(count) if data[12 + 16 * n:16 + 16 * n] == tag)


def test_a_table_past_the_end_of_the_file_is_refused():
    data = bytearray((SHIPPED / "DejaVuSans.ttf").read_bytes())
    struct.pack_into(">L", data, _table_record(data, b"glyf") + 12, len(data))
    with pytest.raises(FontTableError, match="'glyf' table runs past the end of the file"):
        check_font_tables(bytes(data))


def test_a_table_directory_longer_than_the_file_is_refused():
    data = bytearray((SHIPPED / "DejaVuSans.ttf").read_bytes()[:400])
    struct.pack_into(">H", data, 4, 65535)
    with pytest.raises(FontTableError, match="lists 65,535 tables"):
        check_font_tables(bytes(data))


def test_glyph_metrics_shorter_than_the_glyph_count_are_refused():
    data = bytearray((SHIPPED / "DejaVuSans.ttf").read_bytes())
    record = _table_record(data, b"hmtx")
    length = struct.unpack_from(">L", data, record + 12)[0]
    struct.pack_into(">L", data, record + 12, length // 2)
    with pytest.raises(FontTableError, match="'hmtx' table is too short for 6,253 glyphs"):
        check_font_tables(bytes(data))


def test_overlapping_segments_of_a_format_4_map_count_every_time():
    """Reportlab walks each segment, so 400 segments over the same 1,000 characters are 400,000."""
    segments = 400
    ends, starts = [0x20 + 999] * segments, [0x20] * segments
    body = struct.pack(f">HHHH{segments}HH{segments}H{segments}h{segments}H", segments * 2, 0, 0,
                       0, *ends, 0, *starts, *[0] * segments, *[0] * segments)
    subtable = struct.pack(">HHH", 4, 6 + len(body), 0) + body
    cmap = struct.pack(">HHHHL", 0, 1, 3, 1, 12) + subtable
    table = font_tables._Table(cmap, "cmap", 0, len(cmap))
    assert font_tables._characters(table, 12) == 400_000


def test_a_collection_listing_more_fonts_than_the_file_holds_is_refused():
    data = b"ttcf" + struct.pack(">LL", 0x00010000, 0xFFFFFFFF) + b"\0" * 64
    with pytest.raises(FontTableError, match="lists 4,294,967,295 fonts"):
        check_font_tables(data)
