"""Reading cardgen's sheet PDFs back: where each form lands, its clip, strokes and text origins."""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream, DictionaryObject, NameObject

PT_PER_MM = 72 / 25.4
FORM_PREFIX = "/FormXob."    # reportlab's prefix for the names sheets.py gives its forms
INLINE_TAG = "/Card"         # marked content round a face drawn in place, named as its form would be


def mm(value) -> float:
    return float(value) / PT_PER_MM


# reading a PDF back -----------------------------------------------------------------------------

def _multiply(m, n):
    """The PDF matrix product m x n (m applied first), matrices as [a b c d e f]."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F]


def _apply(m, x, y):
    return (x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5])


@dataclass
class Placement:
    form: str                  # the resource name without reportlab's prefix: card0, back ...
    x: float                   # mm, where the form's origin (the trim's corner) lands
    y: float
    matrix: list               # the full CTM, in points
    clip: tuple | None         # x0, y0, x1, y1 (mm) of the clip rectangle drawn just before


class PageInfo:
    """One page: form placements and strokes from its own content stream; text on demand
    (pypdf re-reads every font for every form it follows, so text is only extracted if used)."""

    def __init__(self, reader: PdfReader, page):
        self.page = page
        box = page.mediabox
        self.width, self.height = mm(box.width), mm(box.height)
        self.placements: list[Placement] = []
        self.strokes: list[tuple] = []       # stroked segments drawn on the page itself, mm
        self.halos: list[tuple] = []         # and those stroked in white, under a mark
        self.outlines: list[tuple] = []      # the box (mm) round each path stroked in colour
        self.text_origins: list[tuple] = []  # where each text object on the page starts, mm
        self.text_sizes: list[float] = []     # the font size of each Tf on the page, pt
        self.inline: dict = {}                # name -> properties (/BBox) of each face drawn in place
        self._walk(reader)

    def _walk(self, reader: PdfReader) -> None:
        """Track q/Q/cm through the page's content stream to see where each form is placed."""
        ctm = [1.0, 0, 0, 1.0, 0, 0]
        white = False             # the stroke colour is white
        stack, path, points = [], [], []
        current = last_rect = None
        in_face = False           # inside a face drawn in place: its drawing is the card's
        for operands, op in ContentStream(self.page.get_contents(), reader).operations:
            if op == b"EMC":
                in_face = False
            if in_face and op not in (b"q", b"Q", b"cm"):
                continue
            if op == b"q":
                stack.append((ctm, white))
            elif op == b"Q":
                ctm, white = stack.pop()
            elif op in (b"RG", b"G", b"K"):
                values = [float(v) for v in operands]
                white = values == [0.0] * 4 if op == b"K" else values == [1.0] * len(values)
            elif op == b"cm":
                ctm = _multiply([float(v) for v in operands], ctm)
            elif op == b"re":
                x, y, w, h = (float(v) for v in operands)
                (x0, y0), (x1, y1) = _apply(ctm, x, y), _apply(ctm, x + w, y + h)
                last_rect = (mm(min(x0, x1)), mm(min(y0, y1)), mm(max(x0, x1)), mm(max(y0, y1)))
                points += [(x0, y0), (x1, y1)]
            elif op == b"m":
                current = _apply(ctm, *(float(v) for v in operands))
                points.append(current)
            elif op == b"l":
                point = _apply(ctm, *(float(v) for v in operands))
                path.append((current, point))
                current = point
                points.append(point)
            elif op in (b"c", b"v", b"y"):     # a curve lies inside its control points' box
                values = [float(v) for v in operands]
                points += [_apply(ctm, *values[i:i + 2]) for i in range(0, len(values), 2)]
                current = points[-1]
            elif op in (b"S", b"s"):
                if points and not white:
                    xs, ys = [mm(x) for x, _ in points], [mm(y) for _, y in points]
                    self.outlines.append((min(xs), min(ys), max(xs), max(ys)))
                points = []
                segments = [(mm(a[0]), mm(a[1]), mm(b[0]), mm(b[1])) for a, b in path]
                if white:
                    self.halos += segments
                else:
                    self.strokes += segments
                path = []
            elif op in (b"n", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"):
                path, points = [], []
            elif op == b"Tf":
                self.text_sizes.append(float(operands[1]))
            elif op == b"Tm":
                self.text_origins.append(tuple(mm(v) for v in _apply(
                    ctm, float(operands[4]), float(operands[5]))))
            elif op == b"Do":
                name = str(operands[0])
                assert name.startswith(FORM_PREFIX), name
                self.placements.append(Placement(name[len(FORM_PREFIX):], mm(ctm[4]), mm(ctm[5]),
                                                 list(ctm), last_rect))
                last_rect = None
            elif op == b"BDC" and operands[0] == INLINE_TAG:   # a face drawn in place
                name = str(operands[1]["/Face"])[1:]
                self.inline[name] = operands[1]
                self.placements.append(Placement(name, mm(ctm[4]), mm(ctm[5]), list(ctm), last_rect))
                last_rect, path, in_face = None, [], True

    @cached_property
    def _text(self) -> tuple[str, dict]:
        # extract_text follows the Do of each form; each piece of text is attributed to the form
        # whose Do came last (so the footer goes to the last form too: harmless for these tests)
        pieces: dict[str, list[str]] = {}
        active = [None]

        def before(op, args, cm, tm):
            if op == b"Do":
                active[0] = str(args[0])[len(FORM_PREFIX):]
            elif op == b"BDC" and args and args[0] == INLINE_TAG:
                active[0] = str(args[1]["/Face"])[1:]

        def visit(text, cm, tm, font, size):
            pieces.setdefault(active[0], []).append(text)

        text = self.page.extract_text(visitor_text=visit, visitor_operand_before=before)
        return (" ".join(text.split()),
                {k: " ".join("".join(v).split()) for k, v in pieces.items() if k})

    @property
    def text(self) -> str:
        """The page's text with every run of whitespace made one space."""
        return self._text[0]

    @property
    def form_text(self) -> dict:
        """Form name -> the text that form drew on this page."""
        return self._text[1]


@dataclass
class Pdf:
    path: Path
    data: bytes
    reader: PdfReader
    pages: list[PageInfo]

    def form(self, name: str):
        """The form XObject `name`, checked to be one object shared by every page that uses it;
        for a face drawn in place, its marked content's properties (its /BBox as a form's)."""
        inline = [page.inline[name] for page in self.pages if name in page.inline]
        if inline:
            assert len(inline) == 1, f"face {name} is drawn in place {len(inline)} times"
            return inline[0]
        refs = {page["/Resources"]["/XObject"].raw_get(FORM_PREFIX + name).idnum
                for page in self.reader.pages
                if FORM_PREFIX + name in page["/Resources"].get("/XObject", {})}
        assert len(refs) == 1, f"form {name} is defined {len(refs)} times"
        return self.reader.get_object(refs.pop())


    def trim(self, placement: Placement) -> tuple:
        """x0, y0, x1, y1 (mm) of where a placed face's trim lands: its box less its bleed
        (a face's box runs from -bleed to its size plus bleed), however it is turned."""
        box = [float(v) for v in self.form(placement.form)["/BBox"]]
        width, height = box[2] + box[0], box[3] + box[1]
        corners = [_apply(placement.matrix, x, y) for x in (0.0, width) for y in (0.0, height)]
        xs, ys = [mm(x) for x, _ in corners], [mm(y) for _, y in corners]
        return min(xs), min(ys), max(xs), max(ys)


def rules_words(game_dir: Path, out: Path, strict: bool = True) -> str:
    """Build a game's booklets and return the words of its rules.pdf, one space between them."""
    from cardgen.base.errors import Report
    from cardgen.pipeline import BuildOptions, build

    report = Report()
    written = build(game_dir, BuildOptions(out_dir=out, only=("booklets",)), report)
    assert not report.has_errors(strict), "\n".join(d.format() for d in report.sorted())
    assert sorted(p.name for p in written) == ["rules-booklet.pdf", "rules.pdf"]
    [rules] = [p for p in written if p.name == "rules.pdf"]
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(rules).pages)


def read_pdf(path: Path) -> Pdf:
    reader = PdfReader(path)
    return Pdf(path, path.read_bytes(), reader, [PageInfo(reader, p) for p in reader.pages])


def own_text(page) -> list[tuple[str, float]]:
    """(text, size in pt) of each piece of text a pypdf page draws itself, not inside its forms:
    the page footer and any label, not the cards. The forms are hidden from pypdf while it reads,
    which is also much faster than following them."""
    import logging

    pieces = []
    in_face = [False]          # inside a face drawn in place: its text is the card's, not the page's

    def before(op, args, cm, tm):
        if op == b"BDC" and args and args[0] == INLINE_TAG:
            in_face[0] = True
        elif op == b"EMC":
            in_face[0] = False

    def visit(text, cm, tm, font, size):
        if text.strip() and not in_face[0]:
            pieces.append((" ".join(text.split()), size * math.hypot(tm[0], tm[1])))

    resources = page["/Resources"]
    forms = resources.get("/XObject")
    log = logging.getLogger("pypdf")
    level = log.level
    log.setLevel(logging.ERROR)            # pypdf says it cannot find each hidden form
    resources[NameObject("/XObject")] = DictionaryObject()
    try:
        page.extract_text(visitor_text=visit, visitor_operand_before=before)
    finally:
        log.setLevel(level)
        if forms is None:
            del resources["/XObject"]
        else:
            resources[NameObject("/XObject")] = forms
    return pieces


# looking at the ink -----------------------------------------------------------------------------

def ink_in_margin(path: Path, margin: float, dpi: int = 50) -> list[str]:
    """Pages (rendered at `dpi`) with any non-white pixel within `margin` mm of an edge, less a
    pixel of tolerance: what a printer that cannot reach the margin would lose."""
    import pypdfium2

    found = []
    pdf = pypdfium2.PdfDocument(str(path))
    for number in range(len(pdf)):
        image = pdf[number].render(scale=dpi / 72).to_pil().convert("L")
        band = max(0, int(margin / 25.4 * dpi) - 1)
        w, h = image.size
        for name, box in (("left", (0, 0, band, h)), ("right", (w - band, 0, w, h)),
                          ("bottom", (0, h - band, w, h)), ("top", (0, 0, w, band))):
            if band and image.crop(box).getextrema()[0] < 250:
                found.append(f"page {number + 1}: ink in the {name} margin")
    pdf.close()
    return found
