"""The print-service PDF (`export images --preset drivethru`, the one-card PDFs) read back as a
PDF/X-1a:2001 preflight reads it: identified in its Info, an output intent with a CMYK printer
profile, every page trimmed and bled, every colour and picture DeviceCMYK, nothing transparent."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

from cardgen.cli import main

REPO = Path(__file__).resolve().parents[2]
VALID = REPO / "tests" / "corpus" / "valid-minimal" / "data" / "game"
COLOUR_OPERATORS = re.compile(rb"(?<![A-Za-z/])(rg|RG|g|G|k|K|sc|scn|SC|SCN|cs|CS|gs)(?![A-Za-z])")
PAPER = (0xfb, 0xf8, 0xf1)          # the layout's panel, under the picture


def _game(tmp_path: Path) -> Path:
    """The minimal game, its art a picture with a clear left half and an opaque red right half."""
    game = tmp_path / "game"
    shutil.copytree(VALID, game)
    art = Image.new("RGBA", (400, 200), (0, 90, 200, 60))     # mostly clear blue: not drawn
    art.paste((200, 30, 30, 255), (200, 0, 400, 200))
    art.save(game / "art" / "hero.png")
    return game


@pytest.fixture(scope="module")
def pdf(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("pdfx")
    result = CliRunner().invoke(main, ["export", "images", str(_game(folder)), "--out",
                                       str(folder / "out"), "--preset", "drivethru", "-q"])
    assert result.exit_code == 0, result.output
    return folder / "out" / "game" / "card-pdfs" / "heroes.pdf"


def _objects(reader: PdfReader):
    for number in range(1, int(reader.trailer["/Size"])):
        yield reader.get_object(IndirectObject(number, 0, reader))


def test_it_says_it_is_pdf_x_1a_2001(pdf):
    assert pdf.read_bytes().startswith(b"%PDF-1.3\n")
    info = PdfReader(pdf).metadata
    assert info["/GTS_PDFXVersion"] == "PDF/X-1:2001"
    assert info["/GTS_PDFXConformance"] == "PDF/X-1a:2001"
    assert info["/Trapped"] == "/False"
    assert info["/Title"] == "Minimal Game - Heroes"
    assert info["/Author"] not in ("", "anonymous")
    assert info["/CreationDate"] and info["/ModDate"]


def test_its_output_intent_is_a_cmyk_printer_profile(pdf):
    [intent] = [i.get_object() for i in PdfReader(pdf).trailer["/Root"]["/OutputIntents"]]
    assert intent["/Type"] == "/OutputIntent" and intent["/S"] == "/GTS_PDFX"
    assert intent["/OutputConditionIdentifier"] == "CGATS TR 003"
    assert intent["/RegistryName"] == "http://www.color.org"
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 4
    header = profile.get_data()[:128]
    assert header[8] == 2                                     # ICC version 2, as PDF 1.3 reads
    assert (header[12:16], header[16:20], header[36:40]) == (b"prtr", b"CMYK", b"acsp")


def test_every_page_has_a_trim_box_inside_its_bleed_box(pdf):
    pages = PdfReader(pdf).pages
    assert len(pages) == 4
    for page in pages:
        trim, bleed, media = ([float(v) for v in page[key]] for key in ("/TrimBox", "/BleedBox",
                                                                          "/MediaBox"))
        for inner, outer in ((trim, bleed), (bleed, media)):
            assert outer[0] <= inner[0] and outer[1] <= inner[1]
            assert inner[2] <= outer[2] and inner[3] <= outer[3]
        assert trim != bleed


def test_every_colour_is_cmyk_and_nothing_is_transparent(pdf):
    reader = PdfReader(pdf)
    operators, images = set(), []
    for thing in _objects(reader):
        if isinstance(thing, StreamObject) and thing.get("/Subtype") == "/Image":
            images.append(thing)
        elif isinstance(thing, StreamObject) and "/Length1" not in thing and "/N" not in thing:
            operators.update(COLOUR_OPERATORS.findall(thing.get_data()))   # pages and forms
        if isinstance(thing, (DictionaryObject, ArrayObject)):
            text = repr(thing)
            assert "/DeviceRGB" not in text and "/SMask" not in text, text[:200]
            for state in _ext_g_states(thing):
                assert float(state.get("/CA", 1)) == 1 and float(state.get("/ca", 1)) == 1
    for page in reader.pages:
        operators.update(COLOUR_OPERATORS.findall(page.get_contents().get_data()))
    assert operators and operators <= {b"k", b"K"}, operators
    assert images and {image["/ColorSpace"] for image in images} == {"/DeviceCMYK"}
    # the picture's clear pixels: a colour key, PDF 1.3's, not a soft mask
    assert [list(image["/Mask"]) for image in images] == [[255] * 8]


def _ext_g_states(thing):
    states = thing.get("/ExtGState", {}) if isinstance(thing, DictionaryObject) else {}
    return [state.get_object() for state in states.values()]


def test_a_pictures_clear_pixels_show_the_card_beneath(pdf):
    import pypdfium2

    dpi = 100
    page = pypdfium2.PdfDocument(str(pdf))[0].render(scale=dpi / 72).to_pil().convert("RGB")
    px = dpi / 25.4
    bleed, top = 3.175, 20 + 27 / 2                     # the art box: x 6 mm, 51.5 mm wide
    clear, opaque = ((bleed + 6 + 51.5 * share) * px for share in (0.2, 0.8))
    y = (bleed + top) * px
    assert all(abs(a - b) <= 8 for a, b in zip(page.getpixel((clear, y)), PAPER))
    red = page.getpixel((opaque, y))
    assert red[0] > 150 and red[1] < 80 and red[2] < 80, red


def test_source_date_epoch_dates_it(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    result = CliRunner().invoke(main, ["export", "images", str(VALID), "--out", str(tmp_path),
                                       "--preset", "drivethru", "-q"])
    assert result.exit_code == 0, result.output
    info = PdfReader(tmp_path / "game" / "card-pdfs" / "heroes.pdf").metadata
    assert info["/CreationDate"] == info["/ModDate"] == "D:20231114221320+00'00'"
