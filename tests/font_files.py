"""Font files made for tests: a shipped font with its character map replaced by one range of
characters, as large as a test wants, written with struct the way a font file lays it out."""
from __future__ import annotations

import struct
from pathlib import Path

SHIPPED = Path(__file__).resolve().parents[1] / "cardgen" / "fonts"


def font_claiming(characters: int, first: int = 0x20, glyph: int = 3,
                  font: str = "DejaVuSans.ttf") -> bytes:
    """`font` with a character map of one format-12 range: `characters` characters from `first`
    on, to glyphs from `glyph` on. The new map is put at the end of the file and the table
    directory pointed at it."""
    data = bytearray((SHIPPED / font).read_bytes())
    subtable = struct.pack(">HHLLLLLL", 12, 0, 28, 0, 1, first, first + characters - 1, glyph)
    cmap = struct.pack(">HHHHL", 0, 1, 3, 10, 12) + subtable
    tables = struct.unpack_from(">H", data, 4)[0]
    for n in range(tables):
        record = 12 + 16 * n
        if data[record:record + 4] == b"cmap":
            data += b"\0" * (-len(data) % 4)
            struct.pack_into(">LL", data, record + 8, len(data), len(cmap))
            return bytes(data + cmap)
    raise AssertionError(f"{font} has no cmap table")
