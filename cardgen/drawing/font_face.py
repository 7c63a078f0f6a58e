"""reportlab's TrueType face, read faster to the same values: its character map and glyph widths
read a table at a time, not a number at a time as reportlab's own reader does (most of the time a
font takes to load), and the rest read when first asked for: the widths when text is first
measured in the face (checking a document's text needs only which characters its faces have),
what only drawing uses (the glyph locations and metrics a subset embeds, the characters of each
glyph) when it is drawn. A file read here otherwise than reportlab reads it
(a character map of another format, a character mapped twice, a table cut short) is read by
reportlab's reader, which words what is wrong with it."""
from __future__ import annotations

import struct
from collections.abc import Sequence
from functools import lru_cache

from reportlab.pdfbase.ttfonts import TTFontFace

_SPACE, _NO_BREAK_SPACE = 0x20, 0xA0
_LOCATION_BYTES = {0: 2, 1: 4}      # the glyph locations' two formats: half offsets, offsets


class _ReportlabReads(Exception):
    """A font this reader leaves to reportlab's."""


class QuickFace(TTFontFace):

    def extractInfo(self, charInfo=1):
        super().extractInfo(0)       # names, head, OS/2, post, hhea, maxp: reportlab's own reading
        if not charInfo:
            return
        try:
            self._read_characters()
        except Exception:            # a damaged or unusual file: reportlab's reader decides
            super().extractInfo(charInfo)

    def makeSubset(self, subset):
        return _subset(self, tuple(subset))

    def __getattr__(self, name: str):
        """What only measuring or drawing uses, read the first time it is asked for (reportlab's
        reader, when it read the font, set them all)."""
        read = _READ_LATER.get(name)
        if read is None or "_characters" not in self.__dict__:
            raise AttributeError(name)
        read(self)
        return self.__dict__[name]

    def _read_characters(self) -> None:
        data, glyphs = self._ttf_data, self.numGlyphs
        location_format, glyph_format = struct.unpack_from(">HH", data, self._table("head") + 50)
        if glyph_format != 0 or location_format not in _LOCATION_BYTES or "loca" not in self.table:
            raise _ReportlabReads
        if self._table("loca") + (glyphs + 1) * _LOCATION_BYTES[location_format] > len(data):
            raise _ReportlabReads
        runs = _character_map(data, self._table("cmap"))
        char_to_glyph = {}
        for chars, their_glyphs in runs:
            char_to_glyph.update(zip(chars, their_glyphs))
        if len(char_to_glyph) != sum(len(chars) for chars, _ in runs):
            raise _ReportlabReads
        metrics = self._long_metrics()
        if self._table("hmtx") + 4 * metrics + 2 * max(0, glyphs - metrics) > len(data):
            raise _ReportlabReads
        if _SPACE in char_to_glyph:
            char_to_glyph[_NO_BREAK_SPACE] = char_to_glyph[_SPACE]
        elif _NO_BREAK_SPACE in char_to_glyph:
            char_to_glyph[_SPACE] = char_to_glyph[_NO_BREAK_SPACE]
        # the widths are read later, but a font whose space has none is reportlab's to refuse
        if metrics == 0 or char_to_glyph.get(_SPACE, 0) >= max(metrics, glyphs):
            raise _ReportlabReads
        self.charToGlyph = char_to_glyph
        del self.charWidths, self.defaultWidth      # read when text is first measured in the face
        self._characters = runs

    def _widths(self) -> None:
        data, glyphs, char_to_glyph = self._ttf_data, self.numGlyphs, self.charToGlyph
        metrics = self._long_metrics()
        advances = struct.unpack_from(f">{2 * metrics}H", data, self._table("hmtx"))[::2]
        scaled = {advance: self._pdfScale(advance) for advance in set(advances)}
        # as reportlab reads it: a glyph past the advance widths takes the last one, scaled
        widths = [scaled[advance] for advance in advances]
        widths += [widths[-1]] * (glyphs - metrics)
        if char_to_glyph and max(char_to_glyph.values()) < len(widths):
            char_widths = dict(zip(char_to_glyph, map(widths.__getitem__, char_to_glyph.values())))
        else:
            char_widths = {c: widths[g] for c, g in char_to_glyph.items() if g < len(widths)}
        self.charWidths, self.defaultWidth = char_widths, widths[0]

    def _table(self, tag: str) -> int:
        return self.table[tag]["offset"]

    def _long_metrics(self) -> int:
        return struct.unpack_from(">H", self._ttf_data, self._table("hhea") + 34)[0]

    def _glyph_to_char(self) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        for chars, glyphs in self._characters:
            for char, glyph in zip(chars, glyphs):
                out.setdefault(glyph, []).append(char)
        return out

    def _hmetrics(self) -> _HorizontalMetrics:
        return _HorizontalMetrics(self._ttf_data, self._table("hmtx"), self._long_metrics(),
                                  self.numGlyphs, self._pdfScale)

    def _glyph_positions(self) -> list[int]:
        location_format = struct.unpack_from(">H", self._ttf_data, self._table("head") + 50)[0]
        code = ">%dH" if location_format == 0 else ">%dL"
        found = struct.unpack_from(code % (self.numGlyphs + 1), self._ttf_data, self._table("loca"))
        return [p << 1 for p in found] if location_format == 0 else list(found)


class _HorizontalMetrics(Sequence):
    """Each glyph's (advance, left side bearing), as reportlab's reader lists them, read from the
    font's table when asked for: a subset asks for a few hundred glyphs' of the thousands."""

    def __init__(self, data: bytes, at: int, metrics: int, glyphs: int, scale):
        self._data, self._at, self._metrics = data, at, metrics
        self._glyphs = max(metrics, glyphs)
        # as reportlab reads it: a glyph past the long metrics takes the last advance, scaled
        self._last = scale(struct.unpack_from(">H", data, at + 4 * (metrics - 1))[0])

    def __len__(self) -> int:
        return self._glyphs

    def __getitem__(self, glyph):
        if isinstance(glyph, slice):
            return [self[n] for n in range(*glyph.indices(self._glyphs))]
        if glyph < 0:
            glyph += self._glyphs
        if not 0 <= glyph < self._glyphs:
            raise IndexError(glyph)
        if glyph < self._metrics:
            return struct.unpack_from(">HH", self._data, self._at + 4 * glyph)
        at = self._at + 4 * self._metrics + 2 * (glyph - self._metrics)
        return (self._last, struct.unpack_from(">H", self._data, at)[0])


# the subsets of a build's few faces (twelve shipped; a document's plain pages and its booklet
# embed the same one of each): a face's font data never changes
@lru_cache(maxsize=32)
def _subset(face: QuickFace, subset: tuple[int, ...]) -> bytes:
    """The font program embedded for a subset of the face's characters: made once for the
    files that embed the same subset (a document's plain pages and its booklet set one text)."""
    return TTFontFace.makeSubset(face, list(subset))


def _read_into(attribute: str, read):
    def reader(face: QuickFace) -> None:
        setattr(face, attribute, read(face))
    return reader


# attribute -> what sets it: the widths when text is first measured, the rest when drawn
_READ_LATER = {"charWidths": QuickFace._widths, "defaultWidth": QuickFace._widths,
               "glyphToChar": _read_into("glyphToChar", QuickFace._glyph_to_char),
               "hmetrics": _read_into("hmetrics", QuickFace._hmetrics),
               "glyphPos": _read_into("glyphPos", QuickFace._glyph_positions)}


def _character_map(data: bytes, cmap: int) -> list[tuple[range, Sequence[int]]]:
    """Runs of characters and their glyphs, in the order reportlab reads them, from the
    subtable it picks."""
    version, count = struct.unpack_from(">HH", data, cmap)
    if count == 0 and version != 0:
        count = version
    chosen, at = 0, None
    for n in range(count):            # reportlab takes the last Unicode subtable it meets
        platform, encoding, offset = struct.unpack_from(">HHL", data, cmap + 4 + 8 * n)
        if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
            chosen, at = 1, offset
        elif platform == 1 and encoding == 0 and chosen != 1:
            chosen, at = 2, offset
    if at is None:
        raise _ReportlabReads
    at += cmap
    kind = struct.unpack_from(">H", data, at)[0]
    if kind == 4:
        return _segments(data, at)
    if kind == 12:
        return _groups(data, at)
    raise _ReportlabReads


def _segments(data: bytes, at: int) -> list[tuple[range, Sequence[int]]]:
    """Format 4: segments of 16-bit characters, each a delta or an offset into a glyph array."""
    limit = at + struct.unpack_from(">H", data, at + 2)[0]
    count = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{count}H", data, at + 14)
    starts = struct.unpack_from(f">{count}H", data, at + 16 + 2 * count)
    deltas = struct.unpack_from(f">{count}h", data, at + 16 + 4 * count)
    offsets_at = at + 16 + 6 * count
    offsets = struct.unpack_from(f">{count}H", data, offsets_at)
    runs = []
    for n, (first, last, delta, offset) in enumerate(zip(starts, ends, deltas, offsets)):
        chars = range(first, last + 1)
        if offset == 0:
            runs.append((chars, [(char + delta) & 0xFFFF for char in chars]))
            continue
        base = offsets_at + 2 * n + offset - 2 * first
        glyphs = []
        for char in chars:
            where = base + 2 * char
            glyph = 0 if where >= limit else struct.unpack(">H", data[where:where + 2])[0]
            glyphs.append((glyph + delta) & 0xFFFF if glyph else 0)
        runs.append((chars, glyphs))
    return runs


def _groups(data: bytes, at: int) -> list[tuple[range, Sequence[int]]]:
    """Format 12: ranges of characters to consecutive glyphs."""
    count = struct.unpack_from(">L", data, at + 12)[0]
    table = data[at + 16:at + 16 + 12 * count]
    if len(table) != 12 * count:
        raise _ReportlabReads
    return [(range(first, last + 1), range(glyph, glyph + last - first + 1))
            for first, last, glyph in struct.iter_unpack(">LLL", table)]
