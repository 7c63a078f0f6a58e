"""Font files made for tests: a shipped font with its character map replaced by one range of
characters, as large as a test wants, or by one of its own subtables alone, written with struct
the way a font file lays it out."""
from __future__ import annotations

import struct
from pathlib import Path

SHIPPED = Path(__file__).resolve().parents[1] / "cardgen" / "fonts"


def font_claiming(characters: int, first: int = 0x20, glyph: int = 3,
                  font: str = "DejaVuSans.ttf") -> bytes:
    """`font` with a character map of one format-12 range: `characters` characters from `first`
    on, to glyphs from `glyph` on. The new map is put at the end of the file and the table
    directory pointed at it."""
    subtable = struct.pack(">HHLLLLLL", 12, 0, 28, 0, 1, first, first + characters - 1, glyph)
    return _with_character_map(font, struct.pack(">HHHHL", 0, 1, 3, 10, 12) + subtable)


def font_with_subtable(platform: int, encoding: int, font: str = "DejaVuSans.ttf") -> bytes:
    """`font` with a character map of one of its subtables alone: the one for `platform` and
    `encoding` (DejaVu Sans: 3, 1 is format 4; 1, 0 is format 6)."""
    data = (SHIPPED / font).read_bytes()
    cmap = _table_offset(bytearray(data), font)
    for n in range(struct.unpack_from(">H", data, cmap + 2)[0]):
        if struct.unpack_from(">HH", data, cmap + 4 + 8 * n) == (platform, encoding):
            at = cmap + struct.unpack_from(">L", data, cmap + 8 + 8 * n)[0]
            kind = struct.unpack_from(">H", data, at)[0]
            length = struct.unpack_from(">L" if kind >= 8 else ">H", data,
                                        at + (4 if kind >= 8 else 2))[0]
            return _with_character_map(font, struct.pack(">HHHHL", 0, 1, platform, encoding, 12)
                                       + data[at:at + length])
    raise AssertionError(f"{font} has no subtable for {platform}, {encoding}")


def _with_character_map(font: str, cmap: bytes) -> bytes:
    """`font` with `cmap` put at the end of the file and the table directory pointed at it."""
    data = bytearray((SHIPPED / font).read_bytes())
    record = _record(data, font)
    data += b"\0" * (-len(data) % 4)
    struct.pack_into(">LL", data, record + 8, len(data), len(cmap))
    return bytes(data + cmap)


def _table_offset(data: bytearray, font: str) -> int:
    return struct.unpack_from(">L", data, _record(data, font) + 8)[0]


def _record(data: bytearray, font: str) -> int:
    """Where the table directory lists the cmap table."""
    for n in range(struct.unpack_from(">H", data, 4)[0]):
        record = 12 + 16 * n
        if data[record:record + 4] == b"cmap":
            return record
    raise AssertionError(f"{font} has no cmap table")
