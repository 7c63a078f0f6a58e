"""The page layer: how every PDF cardgen writes is set up and finished, whatever it prints.

One document set-up (`new_document` for a canvas, `template_options` and `canvas_maker` for a
laid-out document, `pdf_writer`/`finish_writer` for pages put together from other PDFs) decides
once, for every kind, the PDF version, the document information (title, author, producer,
creator, and dates only from SOURCE_DATE_EPOCH), the fonts (every one embedded, the initial one
too), the colour space (DeviceRGB, or with `cmyk` every colour DeviceCMYK) and what the print
dialog is told (no scaling, the duplex flip). A print service's PDF (`pdfx`) is PDF/X-1a:2001:
PDF 1.3, CMYK, dated, and naming its printing condition and profile as its output intent. `finish` gives each file an /ID that is a digest of
its own bytes, so two files share an ID only when they are the same file.

Also here: `identity` (what every page says it is: title, part, version), and `draw_cut_marks`
(crop marks on cut lines, for card sheets, boards and token ticks alike).
"""
from __future__ import annotations

import hashlib
import io
import os
import re
import time
from dataclasses import dataclass
from operator import itemgetter
from typing import Callable, Iterable, Sequence

from reportlab.lib.colors import black, white
from reportlab.pdfbase.pdfdoc import PDFArray, PDFCatalog, PDFDictionary, PDFInfo, PDFName, \
    PDFStream, PDFString, PDFZCompress
from reportlab.pdfgen.canvas import Canvas

from cardgen.catalog import SWOP_COATED_3
from cardgen.shared.colors import to_cmyk
from cardgen.drawing import fonts
from cardgen.base.model import Game
from cardgen.base.units import mm_to_pt

PRODUCER = "cardgen"
PDF_VERSION = (1, 4)
PDFX_VERSION = (1, 3)             # PDF/X-1a:2001 is PDF 1.3
PDFX = {"GTS_PDFXVersion": "PDF/X-1:2001", "GTS_PDFXConformance": "PDF/X-1a:2001"}
PDFX_CONDITION = SWOP_COATED_3
# PDF/X requires dates; with no SOURCE_DATE_EPOCH a fixed one (1980-01-01, the earliest a zip
# file holds, as reproducible builds use), so a rebuild is still the same file
PDFX_UNDATED = 315532800
DOT = " \u00b7 "
MARK_WIDTH_PT = 0.4
INITIAL_FAMILY = "condensed"      # the footer's: a canvas's initial font is an embedded one
INITIAL_SIZE_PT = 6.5

# what the PDF tells the print dialog: a fold sheet or fronts only must not print two-sided
DUPLEX_HINTS = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "fold": "Simplex",
                "none": "Simplex"}


@dataclass(frozen=True)
class DocumentInfo:
    """What a PDF says about itself, and how its colours are written."""

    title: str
    author: str
    duplex: str = "none"           # a key of DUPLEX_HINTS: the flip the print dialog is told
    cmyk: bool = False
    pdfx: bool = False             # PDF/X-1a:2001 (made by a canvas), so CMYK too

    def __post_init__(self):
        if self.pdfx and not self.cmyk:
            raise ValueError("a PDF/X-1a document is CMYK")


def author_of(game: Game) -> str:
    """The document author: the game's credits, or its title when it credits no one."""
    return ", ".join(game.credits) or game.title


def document_info(game: Game, part: str, duplex: str = "none") -> DocumentInfo:
    """A game's PDF of one part (a deck, the tokens, a board, a document)."""
    return DocumentInfo(f"{game.title} - {part}", author_of(game), duplex, game.print.cmyk)


def print_service_info(game: Game, part: str, duplex: str = "none") -> DocumentInfo:
    """A game's PDF for a print service: PDF/X-1a:2001, so CMYK whatever the game says."""
    return DocumentInfo(f"{game.title} - {part}", author_of(game), duplex, cmyk=True, pdfx=True)


def identity(game: Game, part: str) -> tuple[str, str, str]:
    """What a stray page says it is: the game's title, the part printed and the data's version."""
    return (game.title, part, f"version {game.version}")


def identity_line(game: Game, part: str) -> str:
    return DOT.join(identity(game, part))


def source_date() -> int | None:
    """SOURCE_DATE_EPOCH (the reproducible-builds convention), or None when it is unset."""
    text = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    return int(text) if text.isdigit() else None


def _dates(info: DocumentInfo) -> dict[str, str]:
    """CreationDate and ModDate: from SOURCE_DATE_EPOCH, else none (a PDF/X file: PDFX_UNDATED)."""
    when = source_date()
    if when is None and info.pdfx:
        when = PDFX_UNDATED
    if when is None:
        return {}
    stamp = time.strftime("D:%Y%m%d%H%M%S+00'00'", time.gmtime(when))
    return {"CreationDate": stamp, "ModDate": stamp}


def _info_entries(info: DocumentInfo) -> dict[str, str]:
    """The document information of every cardgen PDF, as text: the same keys in every kind."""
    entries = {"Title": info.title, "Author": info.author, "Producer": PRODUCER,
               "Creator": PRODUCER, **_dates(info)}
    return {**entries, **PDFX} if info.pdfx else entries


class _Info(PDFInfo):
    """A canvas's document information dictionary, from its DocumentInfo."""

    def __init__(self, info: DocumentInfo):
        super().__init__()
        self.document_info = info
        self.title, self.author = info.title, info.author

    def format(self, document):
        entries = {key: PDFString(value) for key, value in _info_entries(self.document_info).items()}
        return PDFDictionary({**entries, "Trapped": PDFName("False")}).format(document)


class _Deflated:
    """A page stream's filter for content deflated already: named as reportlab's own, encoding
    nothing more."""

    pdfname = "FlateDecode"

    def encode(self, content: bytes) -> bytes:
        return content


class _WrittenOnce(PDFStream):
    """A page's deflated stream, let go of once it is written into the file: the file being
    saved does not hold every page twice."""

    def format(self, document):
        written = super().format(document)
        self.content = None
        return written


class PageCanvas(Canvas):
    """A canvas that deflates each page's drawing as the page is finished, exactly as reportlab
    does when it saves (the file's bytes are the same), so a file of thousands of pages never
    holds them all uncompressed until then; and that saves its state (saveState, for every
    element of every card) as one tuple of the attributes reportlab saves, read at once."""

    _state_of = itemgetter(*Canvas.STATE_ATTRIBUTES)

    def push_state_stack(self):
        self.state_stack.append(self._state_of(self.__dict__))
        self._extgstate = self._extgstate.pushCopy()

    def pop_state_stack(self):
        self.__dict__.update(zip(self.STATE_ATTRIBUTES, self.state_stack.pop()))

    def showPage(self):
        super().showPage()
        page = self._doc.Pages.pages[-1]
        if page.compression and page.stream and not page.Contents:
            stream = _WrittenOnce(content=PDFZCompress.encode(page.stream), filters=[_Deflated()])
            stream.__Comment__ = "page stream"
            page.Contents, page.stream = stream, None


def _version(info: DocumentInfo) -> tuple[int, int]:
    return PDFX_VERSION if info.pdfx else PDF_VERSION


def _canvas_options(info: DocumentInfo) -> dict:
    return {"invariant": 1, "pageCompression": 1,
            "pdfVersion": _version(info),
            "initialFontName": fonts.family(INITIAL_FAMILY).face(),
            "initialFontSize": INITIAL_SIZE_PT,
            "enforceColorSpace": to_cmyk if info.cmyk else None}


def _dress(canvas: Canvas, info: DocumentInfo) -> Canvas:
    canvas._doc.info = _Info(info)
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", DUPLEX_HINTS[info.duplex])
    if info.pdfx:
        _add_output_intent(canvas)
        # reportlab raises a file to PDF 1.4 for any colour's alpha, opaque ones too; cardgen's
        # colours are all opaque, so a PDF/X file stays 1.3 (its tests find no transparency)
        canvas._doc.ensureMinPdfVersion = lambda *features: None
    return canvas


def _add_output_intent(canvas: Canvas) -> None:
    """The printing condition a PDF/X file is made for, with its ICC profile, in the catalog."""
    condition = PDFX_CONDITION
    profile = PDFStream(PDFDictionary({"N": 4}), condition.profile(), filters=[PDFZCompress])
    intent = PDFDictionary({
        "Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(condition.identifier),
        "OutputCondition": PDFString(condition.description),
        "RegistryName": PDFString(condition.registry), "Info": PDFString(condition.description),
        "DestOutputProfile": canvas._doc.Reference(profile)})
    catalog = canvas._doc.Catalog
    # reportlab's catalog writes the keys its class lists: this one lists one more
    catalog.__NoDefault__ = [*PDFCatalog.__NoDefault__, "OutputIntents"]
    catalog.OutputIntents = PDFArray([intent])


def page_size(width_mm: float, height_mm: float) -> tuple[float, float]:
    """A page size in points, as new_document takes it."""
    return mm_to_pt(width_mm), mm_to_pt(height_mm)


def new_document(buffer: io.BytesIO, size: tuple[float, float], info: DocumentInfo,
                 trim_box: tuple | None = None, bleed_box: tuple | None = None) -> Canvas:
    """A canvas of `size` (points, as the page boxes) set up as every cardgen PDF is."""
    canvas = PageCanvas(buffer, pagesize=size,
                        trimBox=trim_box, bleedBox=bleed_box, **_canvas_options(info))
    return _dress(canvas, info)


def template_options(info: DocumentInfo) -> dict:
    """The keywords a platypus document template takes for the same set-up."""
    options = _canvas_options(info)
    del options["pdfVersion"]
    return {**options, "title": info.title, "author": info.author, "creator": PRODUCER}


def canvas_maker(info: DocumentInfo, kind: Callable[..., Canvas] = PageCanvas) -> Callable[..., Canvas]:
    """The canvasmaker a platypus document builds with (its `build(..., canvasmaker=...)`):
    a PageCanvas, or `kind`, one of its subclasses with its own arguments given."""

    def make(*args, **options) -> Canvas:
        return _dress(kind(*args, pdfVersion=_version(info), **options), info)

    return make


def save(canvas: Canvas, buffer: io.BytesIO) -> bytes:
    """The finished file of a canvas made by new_document (`buffer`, the one it was made with,
    stays empty: the file is made once in memory, not copied into it)."""
    return finish(canvas.getpdfdata())


def pdf_writer():
    """A pypdf writer for pages put together from other PDFs, set up as every cardgen PDF is."""
    from pypdf import PdfWriter   # only where pages are put together
    from pypdf.generic import ArrayObject, ByteStringObject

    writer = PdfWriter()
    writer.pdf_header = "%PDF-{}.{}".format(*PDF_VERSION)
    writer._ID = ArrayObject([ByteStringObject(bytes(16)), ByteStringObject(bytes(16))])
    return writer


def finish_writer(writer, info: DocumentInfo) -> bytes:
    """The finished file of a pdf_writer's pages."""
    from pypdf.generic import NameObject

    if info.pdfx:
        raise ValueError("PDF/X files are made by a canvas (new_document)")
    writer.add_metadata({f"/{key}": value for key, value in _info_entries(info).items()})
    writer._info.get_object()[NameObject("/Trapped")] = NameObject("/False")
    preferences = writer.create_viewer_preferences()
    preferences.duplex = f"/{DUPLEX_HINTS[info.duplex]}"
    preferences.print_scaling = "/None"
    out = io.BytesIO()
    writer.write(out)
    return finish(out.getvalue())


_ID = re.compile(rb"/ID\s*\[\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\]")


def finish(data: bytes) -> bytes:
    """The file with its /ID (both halves) made the MD5 digest of its bytes with the ID zeroed:
    the same length, so no offset moves, and two files share an ID only if they are one file."""
    found = _ID.search(data, data.rindex(b"trailer"))
    if found is None:
        raise ValueError("a PDF without an /ID in its trailer")
    (start1, end1), (start2, end2) = found.span(1), found.span(2)
    view = memoryview(data)             # the file is copied once, into what is returned
    kept = (view[:start1], view[end1:start2], view[end2:])
    md5 = hashlib.md5(usedforsecurity=False)
    for part, zeros in zip(kept, (end1 - start1, end2 - start2, 0)):
        md5.update(part)
        md5.update(b"0" * zeros)
    digest = md5.hexdigest().encode()
    first, second = (digest[:n].ljust(n, b"0") for n in (end1 - start1, end2 - start2))
    return b"".join((kept[0], first, kept[1], second, kept[2]))


def draw_cut_marks(canvas: Canvas, marks: Iterable[Sequence[float]], halo: bool = False) -> None:
    """Crop marks: each a line (x0, y0, x1, y1, in mm) on a cut line, outside the bleed. With
    `halo`, each is drawn over a wider white line, to read over a neighbour's printing."""
    marks = [tuple(mm_to_pt(v) for v in mark) for mark in marks]
    canvas.saveState()
    for colour, width in ((white, MARK_WIDTH_PT * 3),) * halo + ((black, MARK_WIDTH_PT),):
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(width)
        for mark in marks:
            canvas.line(*mark)
    canvas.restoreState()
