"""Built sheets read back from the PDF: what a printer and a print shop meet.

A small game of 20 cards (two full sheets and a part-full one on A4 and Letter, a full sheet of 18
and a part-full one on A3) is built on every page size in every duplex mode, and with back
offsets; each page is checked as printed: no ink within the printer margin (the pages rasterised,
and every placement and stroke read back), full bleed on every edge that is a cut (shared cuts
between touching cards excepted), the duplex hint the print dialog reads, and fonts fit for a
print shop, in the card sheets and in the calibration, token and board PDFs.
"""
from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from pdfsheets import ink_in_margin, read_pdf
from pypdf import PdfReader

from cardgen.base.errors import Report
from cardgen.render.calibration import render_calibration
from cardgen.pipeline import BuildOptions, build
from cardgen.imposition import FOLD_GAP
from cardgen.render.sheet_drawing import SEAM_OVERLAP

VALID = Path(__file__).resolve().parents[1] / "corpus" / "valid-minimal" / "data" / "game"
SHIPPED = Path(__file__).resolve().parents[2] / "data" / "time-line-battle-v2"
CARDS = 20
CARD = (63.5, 88.9)
BLEED = 3.0
MARGIN = 5.0
TOL = 0.05
PAGES = ("a4", "letter", "a3")
MODES = ("long", "short", "fold", "none")
OFFSETS = ((2.0, 2.0), (2.0, -2.0), (-2.0, 2.0), (-2.0, -2.0), (0.0, 1.5))
INK_DPI = 100      # a pixel is 0.25 mm: ink 4.3 mm from an edge shows up
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


def _build(game: Path, folder: Path, **options) -> Path:
    report = Report()
    written = build(game, BuildOptions(out_dir=folder, strict=False, **options), report)
    assert not report.has_errors(), [d.format() for d in report.errors]
    return written[0]


@pytest.fixture(scope="module")
def pdfs(game, tmp_path_factory):
    return {(page, mode): read_pdf(_build(game, tmp_path_factory.mktemp(f"{page}-{mode}"),
                                          page=page, duplex=mode))
            for page in PAGES for mode in MODES}


@pytest.fixture(scope="module")
def shifted(game, tmp_path_factory):
    """Builds with the backs moved by each offset, for both flips, on every page size."""
    return {(page, mode, offset): read_pdf(_build(game, tmp_path_factory.mktemp(f"{page}-{mode}"),
                                                  page=page, duplex=mode, back_offset=offset))
            for page in PAGES for mode in ("long", "short") for offset in OFFSETS}


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
    assert ink_in_margin(pdfs[page_name, mode].path, MARGIN, INK_DPI) == []
    _assert_inside_the_margin(pdfs[page_name, mode])


@pytest.mark.parametrize("offset", OFFSETS)
@pytest.mark.parametrize("mode", ["long", "short"])
@pytest.mark.parametrize("page_name", PAGES)
def test_no_ink_within_the_printer_margin_with_the_backs_moved(shifted, page_name, mode, offset):
    pdf = shifted[page_name, mode, offset]
    assert ink_in_margin(pdf.path, MARGIN, INK_DPI) == []
    _assert_inside_the_margin(pdf)
    fronts, backs = pdf.pages[::2], pdf.pages[1::2]
    assert sum(len(p.placements) for p in fronts) == sum(len(p.placements) for p in backs) == CARDS
    for front_page, back_page in zip(fronts, backs):   # each back behind its front, moved
        W, H = front_page.width, front_page.height
        for front, back in zip(front_page.placements, back_page.placements):
            f, b = _trim(front), _trim(back)
            x, y = (W - f[2], f[1]) if mode == "long" else (f[0], H - f[3])
            assert (b[0] - x, b[1] - y) == pytest.approx(offset, abs=TOL)


def _assert_inside_the_margin(pdf) -> None:
    """Every placement's clip, stroke and text origin read back lies inside the margin."""
    for page in pdf.pages:
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
        for n, (placement, trim) in enumerate(zip(page.placements, trims)):
            clip = placement.clip
            low_x, low_y, high_x, high_y = _printable(page, mode, trim)
            kept = (trim[0] - clip[0], clip[2] - trim[2], trim[1] - clip[1], clip[3] - trim[3])
            room = (trim[0] - low_x, high_x - trim[2], trim[1] - low_y, high_y - trim[3])
            later = page.placements[n + 1:]
            for side, (bleed, space) in enumerate(zip(kept, room)):
                # no bleed across a shared cut, and the bleed the page leaves elsewhere; where
                # the next card's drawing meets it, a hair more under that card, which covers
                # it, so that the two meet with no seam on screen
                own = 0.0 if _shares_cut(trim, side, trims) else min(BLEED, space)
                ran_on = _meets(trim, own, side, later)
                assert bleed == pytest.approx(own + SEAM_OVERLAP * ran_on, abs=TOL), \
                    (placement, side)


def _meets(trim, bleed: float, side: int, later) -> bool:
    """Whether a later placement's drawing starts where this card's, `bleed` beyond its trim on
    `side`, ends (and so covers the hair it runs on under it)."""
    edge = (trim[0] - bleed, trim[2] + bleed, trim[1] - bleed, trim[3] + bleed)[side]
    for other in later:
        x0, y0, x1, y1 = other.clip
        if side in (0, 1):
            facing, overlap = (x1 if side == 0 else x0), min(trim[3], y1) - max(trim[1], y0)
        else:
            facing, overlap = (y1 if side == 2 else y0), min(trim[2], x1) - max(trim[0], x0)
        if abs(edge - facing) <= TOL and overlap > TOL:
            return True
    return False


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
    """A full A3 sheet holds exactly 18 poker cards, turned a quarter, 3 across and 6 down; the
    other two of the 20 go on a second sheet."""
    pages = pdfs["a3", "none"].pages
    assert [len(page.placements) for page in pages] == [18, CARDS - 18]
    first = pages[0]
    assert all(abs(p.matrix[1]) > 0.99 for p in first.placements), "cards are turned a quarter"
    trims = [_trim(p) for p in first.placements]
    assert len({round(t[0], 1) for t in trims}) == 3
    assert len({round(t[1], 1) for t in trims}) == 6
    assert all(t[2] - t[0] == pytest.approx(CARD[1], abs=TOL) for t in trims)


def _fonts(reader: PdfReader) -> list:
    """Every font any page or form (forms within forms too) refers to, each once."""
    found, seen = {}, set()
    pending = [page.get("/Resources") for page in reader.pages]
    while pending:
        resources = pending.pop()
        resources = resources.get_object() if resources is not None else {}
        for ref in resources.get("/Font", {}).values():
            found.setdefault(ref.idnum, ref.get_object())
        for ref in resources.get("/XObject", {}).values():
            if ref.idnum not in seen:
                seen.add(ref.idnum)
                pending.append(ref.get_object().get("/Resources"))
    return list(found.values())


def _assert_fonts_embedded(data: bytes, reader: PdfReader, at_least: int = 1) -> None:
    """No standard font is named, and every font is an embedded subset with a tag of its own."""
    assert b"/Helvetica" not in data
    fonts = _fonts(reader)
    assert len(fonts) >= at_least
    names = [str(font["/BaseFont"]) for font in fonts]
    for font, name in zip(fonts, names):
        assert re.fullmatch(r"/[A-Z]{6}\+[\w-]+", name), name
        assert "/FontFile2" in font["/FontDescriptor"], f"{name} is not embedded"
    tags = [name[1:7] for name in names]
    assert len(set(tags)) == len(tags), names


@pytest.mark.parametrize("page_name, mode", CASES)
def test_fonts_are_embedded_subsets_with_distinct_tags(pdfs, page_name, mode):
    pdf = pdfs[page_name, mode]
    _assert_fonts_embedded(pdf.data, pdf.reader, at_least=3)


@pytest.mark.parametrize("page_name", PAGES)
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_calibration_sheet_embeds_every_font(page_name, duplex):
    data = render_calibration(page_name, duplex)
    _assert_fonts_embedded(data, PdfReader(io.BytesIO(data)), at_least=2)


@pytest.mark.parametrize("page_name", PAGES)
def test_every_pdf_of_a_kit_embeds_every_font_and_says_how_to_print(page_name, tmp_path):
    report = Report()
    written = build(SHIPPED, BuildOptions(out_dir=tmp_path, page=page_name,
                                          only=("tokens", "boards", "booklets", "card-pdfs")), report)
    assert not report.has_errors()
    assert {"timeline.pdf", "tokens.pdf", "rules.pdf", "rules-booklet.pdf"} <= {p.name for p in written}
    assert any(p.parent.name == "card-pdfs" for p in written)
    for path in written:
        reader = PdfReader(path)
        _assert_fonts_embedded(path.read_bytes(), reader)
        assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] in (
            "/Simplex", "/DuplexFlipLongEdge", "/DuplexFlipShortEdge"), path.name


def test_packed_decks_share_sheets_and_each_back_is_its_own_decks(tmp_path):
    report = Report()
    written = build(SHIPPED, BuildOptions(out_dir=tmp_path, pack=True, only=("cards",)), report)
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


def test_decks_naming_one_file_share_its_sheets_each_card_over_its_own_back(tmp_path):
    arena = SHIPPED.parent / "fantasy-arena-tactics"    # classes and teams name one file
    report = Report()
    written = build(arena, BuildOptions(out_dir=tmp_path, only=("cards",)), report)
    assert not report.has_errors()
    assert [p.name for p in written] == ["characters.pdf", "classes-and-teams.pdf", "aids.pdf"]
    pdf = read_pdf(written[1])
    assert len(pdf.pages) == 2                 # 4 classes and 3 teams on one sheet, not two
    front, back = pdf.pages
    assert len(front.placements) == 7
    width = front.width
    behind = {(round(width - p.x - CARD[0], 2), round(p.y, 2)): p.form for p in back.placements}
    classes = [p for p in front.placements if int(p.form[len("card"):]) < 4]
    assert len({behind[round(p.x, 2), round(p.y, 2)] for p in classes}) == 1
    assert len(set(behind.values())) == 2     # the teams' back is not the classes'


def test_decks_of_two_sizes_may_not_share_a_file(copy_game, validate):
    game = copy_game("fantasy-arena-tactics", ("game.yaml", "cards: cards/teams.yaml\n    size: poker",
                                               "cards: cards/teams.yaml\n    size: tarot"))
    run = validate(game, exit_code=1)
    [problem] = run.problems()
    assert "game.yaml:" in problem and "decks[2].file" in problem and "file-size" in problem
    assert "'teams'" in problem and "'classes'" in problem and "tarot" in problem
