"""Embedding TrueType fonts so print shops can rely on them: every subset tagged by its content,
and its text layer (the ToUnicode map) right for characters beyond U+FFFF too."""
from __future__ import annotations

import hashlib
import zlib
from fnmatch import fnmatch
from functools import lru_cache
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.ttfonts import TTEncoding, TTFont

from cardgen.drawing.font_face import QuickFace

BFCHAR_RUN = 100     # the most entries one beginbfchar block may hold in Adobe's CMap format


class TaggedTTFont(TTFont):
    """A TrueType font whose embedded subsets are tagged by their content ('QXRMBD+DejaVuSans'),
    not all 'AAAAAA+': two PDFs merged by a print shop never mistake one subset for another.
    The body is reportlab's own TTFont.addObjects with that change, and its own ToUnicode map
    (to_unicode_cmap) in place of reportlab's. Its face is read by QuickFace, to the values
    reportlab's reader gives in a fraction of the time."""

    def __init__(self, name: str, filename: str):
        # reportlab's own TTFont.__init__, with the face read by QuickFace
        self.fontName = name
        self.face = QuickFace(filename)
        self.encoding = TTEncoding()
        self.state = WeakKeyDictionary()
        self._asciiReadable = rl_config.ttfAsciiReadable
        self.shapable = not any(fnmatch(name, glob) for glob in rl_config.unShapedFontGlob)

    def addObjects(self, doc):
        try:
            state = self.state[doc]
        except KeyError:
            state = self.state[doc] = TTFont.State(self._asciiReadable)
        state.frozen = 1
        for n, subset in enumerate(state.subsets):
            internal_name = self.getSubsetInternalName(n, doc)[1:]
            base_name = (subset_tag(self.face.name, subset) + b"+" + self.face.name
                         + self.face.subfontNameX).decode("pdfdoc")
            font = pdfdoc.PDFTrueTypeFont()
            font.__Comment__ = "Font %s subset %d" % (self.fontName, n)
            font.Name = internal_name
            font.BaseFont = base_name
            font.FirstChar = 0
            font.LastChar = len(subset) - 1
            font.Widths = pdfdoc.PDFArray(list(map(self.face.getCharWidth, subset)))
            cmap = pdfdoc.PDFStream()
            cmap.content = to_unicode_cmap(base_name, subset)
            if doc.compression:
                cmap.filters = [pdfdoc.PDFZCompress]
            font.ToUnicode = doc.Reference(cmap, "toUnicodeCMap:" + base_name)
            font.FontDescriptor = self.face.addSubsetObjects(doc, base_name, subset)
            if doc.compression:     # the font program just added, deflated once a build
                program = doc.idToObject[f"fontFile:{self.face.filename}({base_name})"]
                program.filters = [_DEFLATED_ONCE]
            doc.Reference(font, internal_name)
            doc.idToObject["BasicFonts"].dict[internal_name] = font
        del self.state[doc]


class _DeflatedOnce:
    """reportlab's deflate filter for a subset's font program, kept by the program's bytes: a
    document's plain pages and its booklet (and a build's other files setting the same text)
    embed the same subset, and each would deflate its tens of kilobytes again."""

    pdfname = "FlateDecode"

    @staticmethod
    @lru_cache(maxsize=32)
    def encode(program: bytes) -> bytes:
        return zlib.compress(program)


_DEFLATED_ONCE = _DeflatedOnce()


def subset_tag(font_name: bytes, subset) -> bytes:
    """Six capital letters from the font's name and the characters of the subset."""
    digest = hashlib.sha256(font_name + b":" + ",".join(map(str, subset)).encode("ascii")).digest()
    return bytes(65 + b % 26 for b in digest[:6])


def utf16_hex(code: int) -> str:
    """A character as the UTF-16BE hex a ToUnicode map gives: 4 digits, or a surrogate pair."""
    if code <= 0xFFFF:
        return "%04X" % code
    code -= 0x10000
    return "%04X%04X" % (0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF))


def to_unicode_cmap(font_name: str, subset) -> str:
    """The ToUnicode CMap of a subset: code i is the character subset[i]. reportlab's own writes a
    character beyond U+FFFF as 5 or 6 hex digits, which readers take for a broken string, so text
    copied or searched in the PDF loses it."""
    entries = ["<%02X> <%s>" % (i, utf16_hex(code)) for i, code in enumerate(subset)]
    blocks = []
    for start in range(0, len(entries), BFCHAR_RUN):
        run = entries[start:start + BFCHAR_RUN]
        blocks += ["%d beginbfchar" % len(run), *run, "endbfchar"]
    return "\n".join([
        "/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap", "/CIDSystemInfo",
        "<< /Registry (%s)" % font_name, "/Ordering (%s)" % font_name, "/Supplement 0", ">> def",
        "/CMapName /%s def" % font_name, "/CMapType 2 def",
        "1 begincodespacerange", "<00> <%02X>" % (len(subset) - 1), "endcodespacerange",
        *blocks,
        "endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"])
