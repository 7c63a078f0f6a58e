"""Embedding TrueType fonts so print shops can rely on them: every subset tagged by its content."""
from __future__ import annotations

import hashlib

from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.ttfonts import TTFont, makeToUnicodeCMap


class TaggedTTFont(TTFont):
    """A TrueType font whose embedded subsets are tagged by their content ('QXRMBD+DejaVuSans'),
    not all 'AAAAAA+': two PDFs merged by a print shop never mistake one subset for another.
    The body is reportlab's own TTFont.addObjects with that one change."""

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
            cmap.content = makeToUnicodeCMap(base_name, subset)
            if doc.compression:
                cmap.filters = [pdfdoc.PDFZCompress]
            font.ToUnicode = doc.Reference(cmap, "toUnicodeCMap:" + base_name)
            font.FontDescriptor = self.face.addSubsetObjects(doc, base_name, subset)
            doc.Reference(font, internal_name)
            doc.idToObject["BasicFonts"].dict[internal_name] = font
        del self.state[doc]


def subset_tag(font_name: bytes, subset) -> bytes:
    """Six capital letters from the font's name and the characters of the subset."""
    digest = hashlib.sha256(font_name + b":" + ",".join(map(str, subset)).encode("ascii")).digest()
    return bytes(65 + b % 26 for b in digest[:6])
