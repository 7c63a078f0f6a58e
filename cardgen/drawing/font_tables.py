"""A font file's tables, checked before reportlab reads it: reportlab trusts what a file says and
fills a dictionary entry for every character a character map (cmap) claims, so a small file
claiming two billion characters would take all memory. Here every table must lie inside the file,
the glyph metrics and locations must be as long as the glyph count says, and the characters each
cmap subtable maps are counted from its ranges, not one by one, against FONT_CHARACTERS."""
from __future__ import annotations

import struct

from cardgen.base.errors import ProblemError
from cardgen.base.limits import FONT_CHARACTERS

COLLECTION = b"ttcf"
WHOLE = "file"                    # the whole file, read as one table
_RANGE_FORMATS = (12, 13)         # groups of (first, last, glyph): 12 bytes each after 16


class FontTableError(ProblemError, ValueError):
    code = "font"


class _Table:
    """One table's bytes, each read checked to lie inside it."""

    def __init__(self, data: bytes, tag: str, start: int, length: int):
        self.data, self.tag, self.start, self.end = data, tag, start, start + length

    def unpack(self, fmt: str, offset: int) -> tuple:
        at = self.start + offset
        if offset < 0 or at + struct.calcsize(fmt) > self.end:
            raise FontTableError("the file is cut short" if self.tag == WHOLE
                                 else f"its '{self.tag}' table is cut short")
        return struct.unpack_from(fmt, self.data, at)

    def ushort(self, offset: int) -> int:
        return self.unpack(">H", offset)[0]

    def ulong(self, offset: int) -> int:
        return self.unpack(">L", offset)[0]

    @property
    def length(self) -> int:
        return self.end - self.start


def check_font_tables(data: bytes) -> None:
    """Raise FontTableError when the font's tables do not hold together or its character map
    claims more than FONT_CHARACTERS characters; a file that is no TrueType font at all is left
    to reportlab, which refuses it."""
    whole = _Table(data, WHOLE, 0, len(data))
    if len(data) < 12:
        return
    start = 0
    if data[:4] == COLLECTION:        # reportlab reads a collection's first font
        fonts = whole.ulong(8)
        if fonts == 0 or 12 + 4 * fonts > whole.end:
            raise FontTableError(f"the font collection lists {fonts:,} fonts, not what the file holds")
        start = whole.ulong(12)
    tables = _directory(whole, start)
    for tag in ("head", "hhea", "maxp", "hmtx", "loca", "cmap"):
        if tag not in tables:
            return                    # reportlab names what is missing
    glyphs = tables["maxp"].ushort(4)
    metrics = tables["hhea"].ushort(34)
    if tables["hmtx"].length < 4 * metrics + 2 * max(0, glyphs - metrics):
        raise FontTableError(f"its 'hmtx' table is too short for {glyphs:,} glyphs")
    location_bytes = 2 if tables["head"].unpack(">h", 50)[0] == 0 else 4
    if tables["loca"].length < location_bytes * (glyphs + 1):
        raise FontTableError(f"its 'loca' table is too short for {glyphs:,} glyphs")
    _check_character_map(tables["cmap"])


def _directory(whole: _Table, start: int) -> dict[str, _Table]:
    """The font's tables by tag, each one inside the file."""
    count = whole.ushort(start + 4)
    if start + 12 + 16 * count > whole.end:
        raise FontTableError(f"its table directory lists {count:,} tables, more than the file holds")
    tables = {}
    for n in range(count):
        tag, _, offset, length = whole.unpack(">4sLLL", start + 12 + 16 * n)
        name = tag.decode("latin-1")
        if offset + length > whole.end:
            raise FontTableError(f"its '{name}' table runs past the end of the file")
        tables[name] = _Table(whole.data, name, offset, length)
    return tables


def _check_character_map(cmap: _Table) -> None:
    version, count = cmap.ushort(0), cmap.ushort(2)
    if count == 0 and version != 0:   # reportlab takes such a table's fields the other way round
        count = version
    seen = set()
    for n in range(count):
        offset = cmap.ulong(4 + 8 * n + 4)
        if offset in seen:
            continue
        seen.add(offset)
        mapped = _characters(cmap, offset)
        if mapped > FONT_CHARACTERS:
            raise FontTableError(f"its character map claims more than {FONT_CHARACTERS:,} "
                                 "characters")


def _characters(cmap: _Table, at: int) -> int:
    """How many characters reportlab would read from the subtable at `at` (0 for a format it
    does not read); past FONT_CHARACTERS the count stops early."""
    fmt = cmap.ushort(at)
    if fmt == 0:
        return 256
    if fmt == 2:
        keys = cmap.unpack(">256H", at + 6)
        counts = [cmap.ushort(at + 6 + 512 + 8 * k + 2) for k in range(max(keys) + 1)]
        return 256 + sum(counts[k] for k in keys if k)
    if fmt == 4:
        segments = cmap.ushort(at + 6) // 2
        ends = cmap.unpack(f">{segments}H", at + 14)
        starts = cmap.unpack(f">{segments}H", at + 16 + 2 * segments)
        return sum(max(0, end - first + 1) for first, end in zip(starts, ends))
    if fmt == 6:
        return cmap.ushort(at + 8)
    if fmt == 10:
        return cmap.ulong(at + 16)
    if fmt in _RANGE_FORMATS:
        groups = cmap.ulong(at + 12)
        if at + 16 + 12 * groups > cmap.length:
            raise FontTableError(f"its character map lists {groups:,} ranges, more than the "
                                 "table holds")
        total = 0
        for first, last, _ in struct.iter_unpack(">LLL", cmap.data[cmap.start + at + 16:
                                                                   cmap.start + at + 16 + 12 * groups]):
            total += max(0, last - first + 1)
            if total > FONT_CHARACTERS:
                break
        return total
    return 0
