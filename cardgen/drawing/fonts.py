"""The font families text is set in: the shipped ones and a game's own, each with its four faces
and a chain of families to take a glyph from when its own fonts lack it.

reportlab keeps registered fonts in one registry per process; a font file is registered under a
name made from its content, so the same file is registered once and two different files never
take each other's name.
"""
from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Mapping

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError

from cardgen.base.errors import ProblemError, Report, relative_name
from cardgen.shared.yaml_source import load_yaml
from cardgen.base.model import FontSpec
from cardgen.drawing.font_embedding import TaggedTTFont
from cardgen.drawing.font_tables import FontTableError, check_font_tables
from cardgen.base.limits import FONT_BYTES

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
FACES = ("regular", "bold", "italic", "bold_italic")
SYMBOLS = "symbols"               # the shipped family every other falls back to


_REGISTERED: set[str] = set()    # the font names registered with reportlab by this process


class FontFileError(ProblemError):
    code = "font"


@dataclass(frozen=True)
class Family:
    name: str
    faces: tuple[str, str, str, str]     # registered font names: regular, bold, italic, bold italic
    fallback: tuple["Family", ...] = ()  # where a glyph the family lacks is taken from, in order
    files: tuple = ()                    # a shipped family's files, each registered when first used

    def __hash__(self) -> int:
        # a family is a key of the text setter's caches, looked up for every word: its faces'
        # names (made from the files' content) say what it is, without hashing every path
        return hash((self.name, self.faces))

    def face(self, bold: bool = False, italic: bool = False) -> str:
        """The face's registered name, to draw in or measure with."""
        name = self.faces[(2 if italic else 0) + (1 if bold else 0)]
        _font(name)
        return name

    def chain(self, bold: bool = False, italic: bool = False) -> tuple[str, ...]:
        """The names of the face and its fallbacks: each is read when text is first measured in
        it (a fallback only when the face lacks a character), and text is measured in every
        face it is drawn in."""
        index = (2 if italic else 0) + (1 if bold else 0)
        return (self.faces[index],) + tuple(f.faces[index] for f in self.fallback)


def register_file(path: Path, name: str | None = None) -> str:
    """Register a TrueType/OpenType file once, under `name` (a shipped face) or a name made from
    its content (a game's own)."""
    try:
        data = Path(path).read_bytes() if Path(path).stat().st_size <= FONT_BYTES else None
    except OSError as exc:
        raise FontFileError(f"cannot read it ({exc.strerror or exc})") from None
    if data is None:
        raise FontFileError(f"it is larger than {FONT_BYTES:,} bytes")
    name = name or "cardgen-" + hashlib.sha256(data).hexdigest()[:16]
    if name not in _REGISTERED and name not in pdfmetrics.getRegisteredFontNames():
        try:
            check_font_tables(data)
        except FontTableError as exc:
            raise FontFileError(exc.problem) from None
        try:
            font = TaggedTTFont(name, str(path))
            _try_subset(font)
            pdfmetrics.registerFont(font)
        except TTFError as exc:
            raise FontFileError(f"not a TrueType font cardgen can embed ({exc})") from None
        except Exception:        # a damaged file can fail anywhere in the font reader
            raise FontFileError("not a font file, or a damaged one") from None
    _REGISTERED.add(name)
    return name


def _font(name: str):
    """The registered font of that name; a shipped face is read the first time it is asked for."""
    if name not in _REGISTERED and name in _shipped_faces():
        _register_shipped(_shipped_faces()[name], name)
    return pdfmetrics.getFont(name)


def _register_shipped(path: Path, name: str) -> None:
    """A font file cardgen ships: checked as a game's are by its tests
    (tests/drawing/test_font_tables.py), not again each time a process reads it."""
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TaggedTTFont(name, str(path)))
    _REGISTERED.add(name)


def _try_subset(font: TaggedTTFont) -> None:
    """Cut the subset a PDF would embed for the font's first 256 characters now, so a damaged
    glyph table is found when the game is checked, not halfway through a build."""
    chars = sorted(font.face.charToGlyph)[:256]
    font.face.makeSubset(chars)


def _shipped_family(name: str, files: Mapping[str, Path], fallback: tuple[Family, ...]) -> Family:
    """A shipped family: its faces are read from their files the first time text uses them (a
    build reads four of the twelve, not all)."""
    chosen = [f if files.get(f) else "regular" for f in FACES]
    return Family(name, tuple(f"cardgen-{name}-{f}" for f in chosen), fallback,
                  tuple(files[f] for f in chosen))


@lru_cache(maxsize=None)
def families() -> dict[str, Family]:
    """Every shipped family, registered once per process."""
    report = Report()
    doc = load_yaml(FONT_DIR / "families.yaml", report)
    if doc is None:  # pragma: no cover - shipped file
        raise RuntimeError("; ".join(d.format() for d in report.diagnostics))
    symbols = _shipped_family(SYMBOLS, {"regular": FONT_DIR / doc.data[SYMBOLS]["regular"]}, ())
    out = {SYMBOLS: symbols}
    for name, files in doc.data.items():
        if name != SYMBOLS:
            out[name] = _shipped_family(name, {f: FONT_DIR / files[f] for f in files}, (symbols,))
    return out


@lru_cache(maxsize=1)
def _shipped_faces() -> dict[str, Path]:
    """Each shipped face's registered name, and its file."""
    return {name: path for f in families().values() for name, path in zip(f.faces, f.files)}


def family(name: str) -> Family | None:
    return families().get(name)


def game_families(specs: Mapping[str, FontSpec], report: Report) -> dict[str, Family]:
    """The shipped families and a game's own; a font file that cannot be used is reported at the
    face that names it, and a stand-in takes its family's place. A fallback names a known family
    (the loader refuses any other)."""
    shipped = families()
    out = dict(shipped)
    for name, spec in specs.items():
        faces, ok = {}, True
        for face, path in spec.files.items():
            try:
                faces[face] = register_file(path)
            except FontFileError as exc:
                where = spec.face_sources.get(face) or spec.source
                report.raised(exc, where.file, where.line, where.path, f"font '{name}', {face} "
                              f"face: '{relative_name(path)}': {exc}")
                ok = False
        if ok:
            out[name] = Family(name, tuple(faces.get(f, faces["regular"]) for f in FACES))
        else:
            out[name] = replace(shipped["sans"], name=name, fallback=())   # a stand-in, reported once
    for name, spec in specs.items():      # fallbacks may name the game's own families too
        if name in out and name not in shipped:
            chain = [out[f] for f in spec.fallback if f in out and f != name]
            if SYMBOLS not in spec.fallback:
                chain.append(shipped[SYMBOLS])
            out[name] = replace(out[name], fallback=tuple(chain))
    return out


def text_width(text: str, font: str, size: float) -> float:
    return _font(font).stringWidth(text, size)


@lru_cache(maxsize=4096)
def space_width(font: str, size: float) -> float:
    """The width of a space: wanted between every two words set, at a deck's few sizes."""
    return _font(font).stringWidth(" ", size)


def ascent(font: str) -> float:
    """Ascent as a fraction of the font size."""
    return _font(font).face.ascent / 1000.0


def descent(font: str) -> float:
    """Descent below the baseline as a positive fraction of the font size."""
    return -_font(font).face.descent / 1000.0


@lru_cache(maxsize=50_000)
def missing_glyphs(text: str, font: str) -> tuple[str, ...]:
    """Characters of `text` the font has no glyph for (they would print as boxes)."""
    cmap = _font(font).face.charToGlyph
    return tuple(sorted({c for c in text if not c.isspace() and ord(c) not in cmap}))


def unprintable(text: str, chain: tuple[str, ...]) -> set[str]:
    """Characters of `text` no font of `chain` has a glyph for (they would print as boxes).
    Not kept: a card's whole text is seldom seen twice, and its few distinct characters are
    quickly looked up."""
    if text.isascii() and text.isprintable() and _covers_ascii(chain[0]):
        return set()
    first = _font(chain[0]).face.charToGlyph
    missing = {c for c in set(text) if not c.isspace() and ord(c) not in first}
    if not missing or len(chain) == 1:
        return missing
    fallbacks = [_font(font).face.charToGlyph for font in chain[1:]]   # read only when needed
    return {c for c in missing if not any(ord(c) in cmap for cmap in fallbacks)}


@lru_cache(maxsize=256)
def _covers_ascii(font: str) -> bool:
    """Whether the font has a glyph for every printable ASCII character."""
    cmap = _font(font).face.charToGlyph
    return all(code in cmap for code in range(0x21, 0x7F))


@lru_cache(maxsize=50_000)
def split_by_font(text: str, chain: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """`text` as (piece, font) runs: each character in the first font of `chain` that has it
    (the first font when none does: it is then reported as missing)."""
    if not missing_glyphs(text, chain[0]) or len(chain) == 1:
        return ((text, chain[0]),)
    maps = [_font(font).face.charToGlyph for font in chain]
    out: list[list] = []
    for char in text:
        font = next((f for f, cmap in zip(chain, maps) if char.isspace() or ord(char) in cmap),
                    chain[0])
        if out and out[-1][1] == font:
            out[-1][0] += char
        else:
            out.append([char, font])
    return tuple((piece, font) for piece, font in out)


@lru_cache(maxsize=50_000)
def right_to_left(text: str) -> tuple[str, ...]:
    """Characters of a right-to-left script (Hebrew, Arabic ...): cards set text left to right
    only, so such text would print reversed and unjoined."""
    if text.isascii():                # no character of ASCII is written right to left
        return ()
    return tuple(sorted({c for c in text if unicodedata.bidirectional(c) in ("R", "AL")}))
