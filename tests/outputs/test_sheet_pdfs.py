"""Built sheets read back from the PDF: what a printer and a print shop meet.

A small game of 11 cards (a full sheet and a part-full one on A4 and Letter, one part-full sheet
on A3) is built on every page size in every duplex mode, and each page is checked as printed:
no ink within the printer margin, full bleed on every edge that is a cut (shared cuts between
touching cards excepted), the duplex hint the print dialog reads, and fonts fit for a print shop.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pdfsheets import FORM_PREFIX, read_pdf

from cardgen.errors import Report
from cardgen.pipeline import BuildOptions, build
from cardgen.imposition import FOLD_GAP

VALID = Path(__file__).resolve().parents[1] / "corpus" / "valid-minimal" / "data" / "game"
CARDS = 11
CARD = (63.5, 88.9)
BLEED = 3.0
MARGIN = 5.0
TOL = 0.05
PAGES = ("a4", "letter", "a3")
MODES = ("long", "short", "fold", "none")
HINTS = {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge", "fold": "/Simplex",
         "none": "/Simplex"}


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("sheets") / "game"
    shutil.copytree(VALID, root)
    cards = "cards:\n" + "".join(f"  - name: Hero {i}\n    power: {i % 10}\n    text: Card {i}.\n"
                                 for i in range(1, CARDS + 1))
    (root / "cards" / "heroes.yaml").write_text(cards, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def pdfs(game, tmp_path_factory):
    out = {}
    for page in PAGES:
        for mode in MODES:
            report = Report()
            folder = tmp_path_factory.mktemp(f"{page}-{mode}")
            written = build(game, BuildOptions(out_dir=folder, page=page, duplex=mode,
                                               strict=False), report)
            assert not report.has_errors(), [d.format() for d in report.errors]
            out[page, mode] = read_pdf(written[0])
    return out


CASES = [(page, mode) for page in PAGES for mode in MODES]


def _trim(placement) -> tuple[float, float, float, float]:
    """The card's trim on the sheet, from where its form lands and how it is turned."""
    a, b, c, d = (v for v in placement.matrix[:4])
    corners = [(placement.x + u * a + v * c, placement.y + u * b + v * d)
               for u, v in ((0, 0), (CARD[0], 0), (0, CARD[1]), (CARD[0], CARD[1]))]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return (min(xs), min(ys), max(xs), max(ys))


def _printable(page, mode, trim) -> tuple[float, float, float, float]:
    """Where ink may go for a card on this page: inside the margin, and off the fold's band."""
    low_x, high_x = MARGIN, page.width - MARGIN
    if mode == "fold":
        fold = page.width / 2
        if trim[2] <= fold:
            high_x = fold - FOLD_GAP
        else:
            low_x = fold + FOLD_GAP
    return (low_x, MARGIN, high_x, page.height - MARGIN)


@pytest.mark.parametrize("page_name, mode", CASES)
def test_no_ink_within_the_printer_margin(pdfs, page_name, mode):
    for page in pdfs[page_name, mode].pages:
        assert page.placements, "a page without cards"
        for placement in page.placements:
            x0, y0, x1, y1 = placement.clip
            assert x0 >= MARGIN - TOL and y0 >= MARGIN - TOL, placement
            assert x1 <= page.width - MARGIN + TOL and y1 <= page.height - MARGIN + TOL, placement
        for x1, y1, x2, y2 in page.strokes:
            for x, y in ((x1, y1), (x2, y2)):
                assert MARGIN - TOL <= x <= page.width - MARGIN + TOL, (x1, y1, x2, y2)
                assert MARGIN - TOL <= y <= page.height - MARGIN + TOL, (x1, y1, x2, y2)
        for x, y in page.text_origins:          # the page footer
            assert MARGIN - TOL <= x <= page.width - MARGIN and MARGIN - TOL <= y, (x, y)


@pytest.mark.parametrize("page_name, mode", CASES)
def test_every_cut_edge_has_its_full_bleed_full_sheet_or_not(pdfs, page_name, mode):
    for page in pdfs[page_name, mode].pages:
        trims = [_trim(p) for p in page.placements]
        for placement, trim in zip(page.placements, trims):
            clip = placement.clip
            low_x, low_y, high_x, high_y = _printable(page, mode, trim)
            kept = (trim[0] - clip[0], clip[2] - trim[2], trim[1] - clip[1], clip[3] - trim[3])
            room = (trim[0] - low_x, high_x - trim[2], trim[1] - low_y, high_y - trim[3])
            for side, (bleed, space) in enumerate(zip(kept, room)):
                if _shares_cut(trim, side, trims):
                    assert bleed == pytest.approx(0, abs=TOL), (placement, side)
                else:
                    assert bleed == pytest.approx(min(BLEED, space), abs=TOL), (placement, side)


def _shares_cut(trim, side: int, trims) -> bool:
    """Whether another card's trim touches this side of `trim` (the two share one cut line)."""
    for other in trims:
        if other == trim:
            continue
        if side in (0, 1):
            edge, facing = (trim[0], other[2]) if side == 0 else (trim[2], other[0])
            overlap = min(trim[3], other[3]) - max(trim[1], other[1])
        else:
            edge, facing = (trim[1], other[3]) if side == 2 else (trim[3], other[1])
            overlap = min(trim[2], other[2]) - max(trim[0], other[0])
        if abs(edge - facing) <= TOL and overlap > TOL:
            return True
    return False


@pytest.mark.parametrize("page_name, mode", CASES)
def test_every_pdf_tells_the_print_dialog_simplex_or_its_flip(pdfs, page_name, mode):
    preferences = pdfs[page_name, mode].reader.trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/Duplex"] == HINTS[mode]
    assert preferences["/PrintScaling"] == "/None"


def test_a3_takes_18_poker_cards_on_their_side(pdfs):
    first = pdfs["a3", "none"].pages[0]
    assert len(first.placements) == CARDS
    assert all(abs(p.matrix[1]) > 0.99 for p in first.placements), "cards are turned a quarter"
    # the plan holds 18: the 11 cards fill the first rows of a 3 x 6 grid
    xs = {round(_trim(p)[0], 1) for p in first.placements}
    assert len(xs) == 3


def _fonts(pdf) -> list:
    found = []
    for obj_id in range(1, len(pdf.reader.xref_objStm) + 10_000):
        try:
            obj = pdf.reader.get_object(obj_id)
        except Exception:
            break
        if hasattr(obj, "get") and obj.get("/Type") == "/Font":
            found.append(obj)
    return found


@pytest.mark.parametrize("mode", MODES)
def test_fonts_are_embedded_subsets_with_distinct_tags(pdfs, mode):
    pdf = pdfs["a4", mode]
    assert b"/Helvetica" not in pdf.data
    fonts = _fonts(pdf)
    assert len(fonts) >= 3
    names = [str(font["/BaseFont"]) for font in fonts]
    for font, name in zip(fonts, names):
        assert re.fullmatch(r"/[A-Z]{6}\+[\w-]+", name), name
        assert "/FontFile2" in font["/FontDescriptor"], f"{name} is not embedded"
    tags = [name[1:7] for name in names]
    assert len(set(tags)) == len(tags), names


def test_packed_decks_share_sheets_and_each_back_is_its_own_decks(tmp_path):
    game = Path(__file__).resolve().parents[2] / "data" / "time-line-battle-v2"
    report = Report()
    written = build(game, BuildOptions(out_dir=tmp_path, pack=True, only=("cards",)), report)
    assert not report.has_errors()
    assert [p.name for p in written] == ["poker-decks.pdf"]
    pdf = read_pdf(written[0])
    assert len(pdf.pages) == 2 * 6            # 22 + 22 cards and 4 player aids, 9 a sheet: 6 sheets, not 3 + 3 + 1
    per_deck = 22
    width = pdf.pages[0].width
    for front_page, back_page in zip(pdf.pages[::2], pdf.pages[1::2]):
        backs = {(round(width - p.x - CARD[0], 2), round(p.y, 2)): p.form
                 for p in back_page.placements}
        for placement in front_page.placements:
            deck = int(placement.form[len("card"):]) // per_deck
            behind = backs[round(placement.x, 2), round(placement.y, 2)]
            assert behind == ("back" if deck == 0 else f"back{deck}"), placement


def test_cmyk_sheets_hold_no_rgb_colour(game, tmp_path):
    report = Report()
    written = build(game, BuildOptions(out_dir=tmp_path, cmyk=True), report)
    assert not report.has_errors()
    pdf = read_pdf(written[0])
    streams = [page.page.get_contents().get_data() for page in pdf.pages]
    for page in pdf.pages:
        for ref in page.page["/Resources"].get("/XObject", {}).values():
            form = ref.get_object()
            if form.get("/Subtype") == "/Form":
                streams.append(form.get_data())
    operators = [op for stream in streams for op in re.findall(rb"\b(rg|RG|g|G|k|K)\b", stream)]
    assert b"k" in operators and b"K" in operators
    assert not {b"rg", b"RG", b"g", b"G"} & set(operators)


@pytest.mark.parametrize("page_name, mode", CASES)
def test_every_page_footer_is_readable(pdfs, page_name, mode):
    for page in pdfs[page_name, mode].pages:
        assert page.text_origins, "a page without its footer"
        assert min(page.text_sizes) >= 5.0       # the canvas's own size, and the footer's if other
