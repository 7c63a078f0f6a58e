"""The TrueType font families cards are set in, registered with reportlab with all four faces."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

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


def _register(name: str, path: Path) -> str:
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(path)))
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
