"""The TrueType font families cards are set in, registered with reportlab with all four faces."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import hashlib

from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, makeToUnicodeCMap

from cardgen.errors import Report
from cardgen.load.yaml_source import load_yaml

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
FACES = ("regular", "bold", "italic", "bold_italic")


@dataclass(frozen=True)
class Family:
    name: str
    faces: dict  # face -> registered reportlab font name

    def face(self, bold: bool = False, italic: bool = False) -> str:
        key = "bold_italic" if bold and italic else "bold" if bold else "italic" if italic else "regular"
        return self.faces[key]


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


def _register(name: str, path: Path) -> str:
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TaggedTTFont(name, str(path)))
    return name


@lru_cache(maxsize=None)
def families() -> dict[str, Family]:
    """Every shipped family, registered once per process (reportlab's font registry is global)."""
    report = Report()
    doc = load_yaml(FONT_DIR / "families.yaml", report)
    if doc is None:  # pragma: no cover - shipped file
        raise RuntimeError("; ".join(d.format() for d in report.diagnostics))
    out = {}
    for family, files in doc.data.items():
        faces = {face: _register(f"cardgen-{family}-{face}", FONT_DIR / files[face]) for face in FACES}
        pdfmetrics.registerFontFamily(f"cardgen-{family}", normal=faces["regular"], bold=faces["bold"],
                                      italic=faces["italic"], boldItalic=faces["bold_italic"])
        out[family] = Family(family, faces)
    return out


def family(name: str) -> Family | None:
    return families().get(name)


def text_width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


def ascent(font: str) -> float:
    """Ascent as a fraction of the font size."""
    return pdfmetrics.getFont(font).face.ascent / 1000.0


def descent(font: str) -> float:
    """Descent below the baseline as a positive fraction of the font size."""
    return -pdfmetrics.getFont(font).face.descent / 1000.0


@lru_cache(maxsize=50_000)
def missing_glyphs(text: str, font: str) -> tuple[str, ...]:
    """Characters of `text` the font has no glyph for (they would print as boxes)."""
    cmap = pdfmetrics.getFont(font).face.charToGlyph
    return tuple(sorted({c for c in text if not c.isspace() and ord(c) not in cmap}))


@lru_cache(maxsize=50_000)
def right_to_left(text: str) -> tuple[str, ...]:
    """Characters of a right-to-left script (Hebrew, Arabic ...): cards set text left to right
    only, so such text would print reversed and unjoined."""
    return tuple(sorted({c for c in text if unicodedata.bidirectional(c) in ("R", "AL")}))
