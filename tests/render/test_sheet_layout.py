"""The card sheet's page layer: cards of unlike bleeds arranged so that no empty slot costs a
sheet, marks only for the cards a sheet holds, no seam where two bleeds meet, and one footer
style on every page, clear of every mark."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from pdfsheets import own_text, read_pdf

from cardgen.base.errors import Report
from cardgen.base.units import mm_to_pt
from cardgen.drawing import fonts
from cardgen.imposition import MARK_CLEAR, plan_sheet
from cardgen.imposition.arrange import arrange, mismatches
from cardgen.render.sheet_drawing import GAP_NOTE
from cardgen.pipeline import BuildOptions, build
from cardgen.render.page_footer import FOOTER_FAMILY, fit_footer, footer_forms
from cardgen.render.pages import MARK_WIDTH_PT
from cardgen.render.sheet_drawing import decks_part, footer_style, sheet_sides
from cardgen.render.card_sheet_checks import sheet_groups, sheets_for
from cardgen.render.pages import identity
from cardgen.load.game import load_game
from cardgen.resolve.resolve import resolve_game
from cardgen.catalog import page_sizes

REPO = Path(__file__).resolve().parents[2]
A4, LETTER = (210.0, 297.0), (215.9, 279.4)
POKER = (63.5, 88.9)
SUITS = ["#226f5f", "#7a4f2e", "#c2410c", "#2563eb", "#6d4aa8"]


def _differ(a, b) -> bool:
    return a != b


def _suits(count: int, each: int) -> list[dict]:
    return [dict.fromkeys(("bottom", "left", "right", "top"), SUITS[s])
            for s in range(count) for _ in range(each)]


@pytest.mark.parametrize("page, sheets", [(A4, 5), (LETTER, 5)])
def test_five_suits_of_seven_leave_no_empty_slot_but_where_the_cuts_they_share_force_it(page, sheets):
    """35 cards. On A4 the rows are parted and the columns share their cuts: a row holds one suit,
    or two with an empty slot between them, so the five suits take 13 rows: 5 sheets. On Letter
    the columns are parted and the rows share theirs: 13 columns, 5 sheets."""
    plan = plan_sheet(page, POKER, 3.0, 5.0, "long", separate=True)
    assert plan.per_page == 9
    cards = _suits(5, 7)
    placed = arrange(plan, cards, _differ)
    assert len(placed) == sheets
    assert sorted(i for sheet in placed for _, i in sheet) == list(range(35))
    for sheet in placed:
        assert mismatches(plan, {slot: cards[i] for slot, i in sheet}, _differ) == []
    assert [len(sheet) for sheet in placed[:3]] == [9, 9, 9]


def _gaps(plan) -> tuple[list[float], list[float]]:
    xs = sorted({round(s.x, 3) for s in plan.fronts})
    ys = sorted({round(s.y, 3) for s in plan.fronts})
    return ([round(b - a - plan.slot_width, 3) for a, b in zip(xs, xs[1:])],
            [round(b - a - plan.slot_height, 3) for a, b in zip(ys, ys[1:])])


def test_a4_parts_every_row_and_no_column_and_keeps_the_whole_bleed():
    """Three poker cards and two gutters do not fit across A4 with their bleed and marks: the
    columns share their cuts, all alike, rather than one pair parted and the other not."""
    plan = plan_sheet(A4, POKER, 3.0, 5.0, "long", separate=True)
    assert _gaps(plan) == ([0.0, 0.0], [6.0, 6.0])
    assert plan.kept_bleed() == pytest.approx(dict.fromkeys(("bottom", "left", "right", "top"), 3.0))
    assert plan.unmarked == () and plan.footer


@pytest.mark.parametrize("page", [A4, LETTER, (297.0, 420.0)])
@pytest.mark.parametrize("card", [POKER, (57.0, 89.0), (70.0, 120.0), (44.0, 68.0)])
def test_gutters_part_every_column_or_none_and_every_row_or_none(page, card):
    gx, gy = _gaps(plan_sheet(page, card, 3.0, 5.0, "long", separate=True))
    assert len(set(gx)) <= 1 and len(set(gy)) <= 1, (gx, gy)


def test_letter_parts_every_column_and_leaves_its_footer_room_on_the_left():
    plan = plan_sheet(LETTER, POKER, 3.0, 5.0, "long", separate=True)
    xs = sorted({round(s.x, 3) for s in plan.fronts})
    assert [round(b - a - POKER[0], 3) for a, b in zip(xs, xs[1:])] == [3.0, 3.0]
    assert plan.kept_bleed()["left"] == plan.kept_bleed()["right"] == pytest.approx(3.0)
    assert plan.unmarked == () and plan.footer and plan.back_footer


def test_a_part_filled_last_sheet_takes_its_cards_in_reading_order_where_colours_allow():
    """On Letter the columns are parted and the rows share their cuts: four unlike cards fill the
    first row and start the third (the second would share a cut with the first); four alike
    cards fill the slots in turn; two and two put the fourth under the third."""
    plan = plan_sheet(LETTER, POKER, 3.0, 5.0, "long", separate=True)
    [unlike] = arrange(plan, _suits(4, 1), _differ)
    assert [slot for slot, _ in unlike] == [0, 1, 2, 6]
    [alike] = arrange(plan, _suits(1, 4), _differ)
    assert [slot for slot, _ in alike] == [0, 1, 2, 3]
    [pairs] = arrange(plan, _suits(2, 2), _differ)       # the fourth card under the third
    assert [slot for slot, _ in pairs] == [0, 1, 2, 5]


def test_four_unlike_cards_take_one_sheet():
    plan = plan_sheet(A4, POKER, 3.0, 5.0, "long", separate=True)
    placed = arrange(plan, _suits(4, 1), _differ)
    assert len(placed) == 1 and len(placed[0]) == 4


def test_a_part_full_sheet_marks_only_the_cuts_of_its_cards():
    """Four cards on a 3 x 3 sheet: no mark under the empty third row."""
    plan = plan_sheet(A4, POKER, 3.0, 5.0, "long")
    filled = [0, 1, 2, 3]
    fronts, _ = plan.sheet_of(filled)
    lowest = min(s.y for s in fronts)
    marks = plan.marks_of(filled)
    assert marks
    for x1, y1, x2, y2 in marks:
        assert min(y1, y2) >= lowest - 3.0 - 0.5 - 5.0 - 1e-6, (x1, y1, x2, y2)
    xs = {round(s.x, 6) for s in fronts} | {round(s.x + plan.slot_width, 6) for s in fronts}
    ys = {round(s.y, 6) for s in fronts} | {round(s.y + plan.slot_height, 6) for s in fronts}
    assert {round(m[0], 6) for m in marks if m[0] == m[2]} == xs
    assert {round(m[1], 6) for m in marks if m[1] == m[3]} == ys


def _distance(box, segment) -> float:
    """The least distance between a rectangle (x0, y0, x1, y1) and an upright or level segment."""
    x1, y1, x2, y2 = segment
    dx = max(box[0] - max(x1, x2), min(x1, x2) - box[2], 0.0)
    dy = max(box[1] - max(y1, y2), min(y1, y2) - box[3], 0.0)
    return (dx * dx + dy * dy) ** 0.5


def _footer_clear_of_marks(plan, says, pages: int, duplex: str = "long") -> None:
    """The footer's text, as wide and as deep as its font sets it, centred in its room, lies at
    least 1 mm from every mark's halo, on every side of the sheet."""
    style = footer_style(says, plan, duplex, pages)
    assert style is not None
    face = fonts.family(FOOTER_FAMILY).face()
    for label, rooms in sheet_sides(plan, duplex):
        forms = footer_forms(says, label, pages, pages)
        room, lines, size = fit_footer(rooms, (forms[style[0]],))
        size = min(size, style[1])
        width = max(fonts.text_width(line, face, size) for line in lines) / mm_to_pt(1)
        depth = (fonts.ascent(face) + fonts.descent(face)) * size / mm_to_pt(1)
        along = (room.length - width) / 2
        if room.rotated:
            box = (room.x0, room.y0 + along, room.x1, room.y1 - along)
        else:
            box = (room.x0 + along, room.y0, room.x1 - along, room.y0 + depth)
        halo = MARK_WIDTH_PT * 3 / 2 / mm_to_pt(1)
        marks = plan.crop_marks if label == "fronts" or plan.backs_on_same_page else ()
        for mark in marks:
            assert _distance(box, mark) - halo >= 1.0 - 1e-6, (label, mark, box)


@pytest.mark.parametrize("page", [A4, LETTER])
@pytest.mark.parametrize("separate", [False, True])
def test_the_footer_text_keeps_a_millimetre_clear_of_every_mark(page, separate):
    plan = plan_sheet(page, POKER, 3.0, 5.0, "long", separate=separate)
    _footer_clear_of_marks(plan, ("Dragon Line Deluxe", "Dragon Cards", "version 0.1 prototype"), 10)
    assert MARK_CLEAR >= 1.0 + MARK_WIDTH_PT * 3 / 2 / mm_to_pt(1)


@pytest.mark.parametrize("game", sorted(p.name for p in (REPO / "data").iterdir()
                                        if (p / "game.yaml").is_file()))
def test_every_shipped_sheet_s_footer_keeps_clear_of_its_marks_on_every_page_size(game):
    """As the sheets are printed: with the gutters the cards' colours call for, and as many
    sheets as parting them takes."""
    for page in ("a4", "letter"):
        report = Report()
        loaded = load_game(REPO / "data" / game, report)
        loaded = replace(loaded, print=replace(loaded.print, page=page))
        faces = resolve_game(loaded, report)
        size = page_sizes()[page]
        for _, group in sheet_groups(faces.decks, loaded.print.pack):
            plan, sheets, _ = sheets_for(loaded.print, size, group)
            pages = len(sheets) * len(sheet_sides(plan, loaded.print.duplex))
            says = identity(loaded, decks_part(item.deck for item in group))
            _footer_clear_of_marks(plan, says, pages, loaded.print.duplex)


@pytest.fixture(scope="module")
def dragons(tmp_path_factory):
    out = tmp_path_factory.mktemp("dld")
    report = Report()
    written = build(REPO / "data" / "dragon-line-deluxe", BuildOptions(out_dir=out, only=("cards",)),
                    report)
    assert not report.has_errors()
    return {p.stem: p for p in written}


def test_dragons_take_four_sheets_on_a4(dragons):
    """35 cards in five colours on the 36 slots of four sheets: a gutter between the rows and
    one between two columns keep unlike colours apart, where even gutters would take a fifth."""
    assert len(read_pdf(dragons["dragons"]).pages) == 8


def test_every_page_of_a_deck_says_its_side_and_page_the_same_way(dragons):
    pdf = read_pdf(dragons["dragons"])
    footers = [" ".join(text for text, _ in own_text(page.page) if text not in GAP_NOTE)
               for page in pdf.pages]
    sizes = {round(size, 2) for page in pdf.pages for text, size in own_text(page.page)
             if text not in GAP_NOTE}
    total = len(pdf.pages)
    for number, footer in enumerate(footers, start=1):
        side = "fronts" if number % 2 else "backs"
        assert footer.startswith("Dragon Line Deluxe · Dragon Cards · version"), footer
        assert footer.endswith(f" · page {number} of {total}"), footer
        assert ("fronts" not in footer and "backs" not in footer) or f" · {side} · " in footer
    assert len(sizes) == 1


def test_a_slot_left_empty_between_cards_says_why(dragons):
    """The last sheet's 8 cards leave one slot empty to keep an Ice card from the Spirit ones."""
    pdf = read_pdf(dragons["dragons"])
    notes = [n for n, page in enumerate(pdf.pages, start=1)
             if [text for text, _ in own_text(page.page) if text in GAP_NOTE] == list(GAP_NOTE)]
    assert notes == [7]


def test_like_bleeds_meet_with_no_seam_at_75_dpi(dragons, tmp_path):
    """Rasterised at 75 dpi, the pixel column at each cut between two cards, and in the middle
    of each gutter, matches its neighbours: no light hairline where two drawings meet. Poppler
    shows such a seam where two edges share a pixel (pdfium blends them and does not), so it is
    the rasteriser this looks through."""
    import shutil
    import subprocess

    from PIL import Image

    if shutil.which("pdftoppm") is None:
        pytest.skip("poppler's pdftoppm is not installed")
    pdf = read_pdf(dragons["dragons"])
    subprocess.run(["pdftoppm", "-r", "75", "-f", "1", "-l", "2", "-gray", "-png",
                    str(dragons["dragons"]), str(tmp_path / "p")], check=True)
    scale = 75 / 25.4
    for number, page in enumerate(pdf.pages[:2]):
        [path] = tmp_path.glob(f"p-*{number + 1}.png")
        image = Image.open(path).convert("L")
        trims = sorted({round(pdf.trim(p)[0], 3) for p in page.placements} |
                       {round(pdf.trim(p)[2], 3) for p in page.placements})
        inner = [t for t in trims[1:-1]]
        seams = [(a + b) / 2 for a, b in zip(inner, inner[1:]) if b - a < 7]
        seams += [t for t in inner if all(abs(t - s) > 2 for s in seams)]
        assert seams
        for x_mm in seams:
            x = int(x_mm * scale)
            light = 0
            for y in range(40, image.height - 40, 3):
                here = image.getpixel((x, y))
                left, right = image.getpixel((x - 3, y)), image.getpixel((x + 3, y))
                if abs(left - right) < 8 and here > max(left, right) + 20:
                    light += 1
            assert light < 5, (number, x_mm, light)
