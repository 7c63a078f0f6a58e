"""End to end: build the shipped Time Line Battle v2 and read its PDFs back.

The game is built once per duplex mode (plus a back-offset build and a repeat build for byte
identity) into a module-scoped folder; the PDFs are then parsed with pypdf: the card names in
the text, every form's size and placement, front/back registration, page numbering.
"""
from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from pdfsheets import PageInfo, Pdf, Placement, mm, read_pdf

from cardgen import catalog
from cardgen.base.errors import Report
from cardgen.pipeline import BuildOptions, build
from cardgen.imposition import MARK_GAP, TICK_GAP, plan_sheet
from cardgen.render.sheet_drawing import run_under

GAME_DIR = Path(__file__).resolve().parents[1] / "data" / "time-line-battle-v2"
DECKS = ("player-1", "player-2")
AIDS = "aids"                # the player aid, built with the cards
NAMES = ("Guard", "Paladin", "Surger", "Lancer", "Warrior", "Reaper", "Deflector", "Blitzer",
         "Rogue", "Shocker", "Shielder", "Protector", "Archer", "Blaster", "Enchanter", "Reviver",
         "Deathmonger", "Necromancer", "Prince", "Shadow Spearman", "Sniper", "Rear Guard")
POKER = (63.5, 88.9)
BLEED = 3.0
MARGIN = 5.0
TOL = 0.1                    # mm: what a print shop would call exact
OFFSET = (0.5, -1.0)
CARD_FORM = re.compile(r"^card\d+$")
BACK_FORM = "back"


def build_into(out_dir: Path, **options) -> dict[str, Pdf]:
    report = Report()
    written = build(GAME_DIR, BuildOptions(out_dir=out_dir, only=("cards",), **options), report)
    assert not report.has_errors(), "\n".join(d.format() for d in report.sorted())
    assert sorted(p.name for p in written) == [f"{deck}.pdf" for deck in (AIDS, *DECKS)]
    return {p.stem: read_pdf(p) for p in written}


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    """Every build the tests read, made once: duplex modes, a back offset, and a repeat build."""
    out = {}
    for duplex in ("long", "short", "fold", "none"):
        out[duplex] = build_into(tmp_path_factory.mktemp(f"build-{duplex}"), duplex=duplex)
    for duplex in ("long", "short"):
        out[f"{duplex}+offset"] = build_into(tmp_path_factory.mktemp(f"build-{duplex}-offset"),
                                             duplex=duplex, back_offset=OFFSET)
    out["long again"] = build_into(tmp_path_factory.mktemp("build-long-again"), duplex="long")
    return out


def expected_plan(duplex: str, offset=(0.0, 0.0)):
    return plan_sheet(catalog.page_sizes()["a4"], POKER, BLEED, MARGIN, duplex, True, offset)


def front_pages(pdf: Pdf, duplex: str) -> list[PageInfo]:
    return pdf.pages[::2] if duplex in ("long", "short") else pdf.pages


def back_pages(pdf: Pdf, duplex: str) -> list[PageInfo]:
    return pdf.pages[1::2] if duplex in ("long", "short") else []


def card_placements(page: PageInfo) -> list[Placement]:
    return [p for p in page.placements if CARD_FORM.match(p.form)]


def back_placements(page: PageInfo) -> list[Placement]:
    return [p for p in page.placements if p.form == BACK_FORM]


def near(a: float, b: float, tol: float = TOL) -> bool:
    return abs(a - b) <= tol


ALL_MODES = ("long", "short", "fold", "none")


# text ---------------------------------------------------------------------------------------------

# text extraction is slow (pypdf re-reads the fonts for every form it follows): every duplex mode
# of the first deck; the second deck shares the card file, its forms are checked by geometry
TEXT_CASES = [(duplex, "player-1") for duplex in ALL_MODES]


@pytest.mark.parametrize("duplex, deck", TEXT_CASES)
def test_every_card_name_is_on_the_front_pages(builds, duplex, deck):
    text = " ".join(p.text for p in front_pages(builds[duplex][deck], duplex))
    missing = [name for name in NAMES if name not in text]
    assert not missing


@pytest.mark.parametrize("duplex", ALL_MODES)
def test_each_slot_shows_the_next_card_in_deck_order(builds, duplex):
    pdf = builds[duplex]["player-1"]
    per_page = expected_plan(duplex).per_page
    order = [p for page in front_pages(pdf, duplex) for p in card_placements(page)]
    assert len(order) == len(NAMES)
    for index, (placement, name) in enumerate(zip(order, NAMES)):
        page = front_pages(pdf, duplex)[index // per_page]
        assert name in page.form_text[placement.form], (index, placement.form)
    # each card's face is one form, placed once (every card has one copy)
    assert len({p.form for p in order}) == len(NAMES)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_back_pages_hold_no_card_text(builds, duplex):
    for page in back_pages(builds[duplex]["player-1"], duplex):
        assert not card_placements(page)
        assert "Crimson Army" in page.text
        assert not [name for name in NAMES if re.search(rf"\b{name}\b", page.text)]


# sizes and positions -----------------------------------------------------------------------

@pytest.mark.parametrize("duplex", ALL_MODES)
def test_every_form_is_a_poker_card_plus_bleed(builds, duplex):
    pdf = builds[duplex]["player-1"]
    names = {p.form for page in pdf.pages for p in page.placements}
    assert len(names) == len(NAMES) + (duplex != "none")
    for name in names:
        x0, y0, x1, y1 = (mm(v) for v in pdf.form(name)["/BBox"])
        assert near(x0, -BLEED) and near(y0, -BLEED), name
        assert near(x1 - x0 - 2 * BLEED, POKER[0]), name
        assert near(y1 - y0 - 2 * BLEED, POKER[1]), name


@pytest.mark.parametrize("duplex", ALL_MODES)
def test_fronts_sit_in_the_planned_slots(builds, duplex):
    plan = expected_plan(duplex)
    for page in front_pages(builds[duplex]["player-1"], duplex):
        assert near(page.width, plan.page_width) and near(page.height, plan.page_height)
        placed = card_placements(page)
        assert 1 <= len(placed) <= plan.per_page
        fronts, _ = plan.sheet(len(placed))     # a part-full sheet keeps bleed at its open edges
        for placement, slot, under in zip(placed, fronts, run_under(fronts, plan)):
            a, b, c, d = placement.matrix[:4]
            assert (a, b, c, d) == pytest.approx((1, 0, 0, 1)), "forms are placed unscaled"
            assert near(placement.x, slot.x) and near(placement.y, slot.y)
            x, y, w, h = slot.clip(*POKER)
            left, right, bottom, top = under       # a hair under a neighbour drawn after it
            assert placement.clip == pytest.approx(
                (x - left, y - bottom, x + w + right, y + h + top), abs=TOL)


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_a4_poker_slots_computed_by_hand(builds, duplex):
    """Independent of plan_sheet: cards touch, 3 x 3, the block centred on the page."""
    left = (210 - 3 * 63.5) / 2
    assert left == 9.75
    bottom = (297 - 3 * 88.9) / 2
    expected = [(left + c * 63.5, bottom + r * 88.9) for r in (2, 1, 0) for c in range(3)]
    page = front_pages(builds[duplex]["player-1"], duplex)[0]
    placed = [(p.x, p.y) for p in card_placements(page)]
    assert len(placed) == 9
    for (x, y), (ex, ey) in zip(placed, expected):
        assert near(x, ex) and near(y, ey)


def test_gutterfold_slots_computed_by_hand(builds):
    """Landscape A4, 2 x 2 fronts left of the fold at 148.5 mm, backs mirrored on the right."""
    page = builds["fold"]["player-1"].pages[0]
    assert near(page.width, 297) and near(page.height, 210)
    area = 148.5 - MARGIN - 4.0                    # half page less margin and fold gap
    left = MARGIN + (area - 2 * 63.5) / 2          # cards touch across
    # rows keep a full bleed gutter; centred, the block leaves 5.1 mm under its bleed: too little
    # for a crop mark, 1.25 mm clear of it and a line of footer (7.15), but lifting it would leave
    # no room for marks above it, so it stays, its footer between the marks below it
    bottom = (210 - 2 * 88.9 - 2 * BLEED) / 2
    assert bottom == pytest.approx(MARGIN + 5.1 + BLEED)
    expected = [(left + c * 63.5, bottom + r * (88.9 + 2 * BLEED)) for r in (1, 0) for c in range(2)]
    for placement, (x, y) in zip(card_placements(page), expected):
        assert near(placement.x, x) and near(placement.y, y)
    for placement, (x, y) in zip(back_placements(page), expected):
        assert near(placement.x, 297 - x - 63.5) and near(placement.y, y)


# fronts and backs register --------------------------------------------------------------------

@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_back_is_behind_its_front(builds, duplex):
    pdf = builds[duplex]["player-1"]
    W, H = pdf.pages[0].width, pdf.pages[0].height
    w, h = POKER
    for front_page, back_page in zip(front_pages(pdf, duplex), back_pages(pdf, duplex)):
        fronts, backs = card_placements(front_page), back_placements(back_page)
        assert len(backs) == len(fronts)
        for front, back in zip(fronts, backs):
            bx, by = pdf.trim(back)[:2]     # a short-edge flip's backs are upside down
            if duplex == "long":
                assert near(bx, W - front.x - w) and near(by, front.y)
            else:
                assert near(bx, front.x) and near(by, H - front.y - h)


def test_gutterfold_backs_mirror_about_the_fold(builds):
    pdf = builds["fold"]["player-1"]
    for page in pdf.pages:
        fold = page.width / 2
        fronts, backs = card_placements(page), back_placements(page)
        assert len(fronts) == len(backs) >= 1
        for front, back in zip(fronts, backs):
            assert front.x + POKER[0] <= fold and back.x >= fold
            assert near(back.x, page.width - front.x - POKER[0]) and near(back.y, front.y)
        assert any(near(x1, fold) and near(x2, fold) for x1, _, x2, _ in page.strokes), \
            "no fold line"


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_back_offset_moves_every_back_by_exactly_that(builds, duplex):
    """Each back lands where its front's mirror image would, moved by exactly the offset; the
    fronts are placed as the plan for that offset says."""
    plan = expected_plan(duplex, OFFSET)
    pdf = builds[f"{duplex}+offset"]["player-1"]
    W, H = pdf.pages[0].width, pdf.pages[0].height
    w, h = POKER
    for front_page, back_page in zip(front_pages(pdf, duplex), back_pages(pdf, duplex)):
        fronts, backs = card_placements(front_page), back_placements(back_page)
        assert len(fronts) == len(backs)
        for front, back, slot in zip(fronts, backs, plan.fronts):
            assert near(front.x, slot.x) and near(front.y, slot.y)
            x, y = (W - front.x - w, front.y) if duplex == "long" else (front.x, H - front.y - h)
            bx, by = pdf.trim(back)[:2]
            assert bx - x == pytest.approx(OFFSET[0], abs=1e-3)
            assert by - y == pytest.approx(OFFSET[1], abs=1e-3)


# pages ------------------------------------------------------------------------------------------

PAGE_CASES = [("long", 9, 2), ("short", 9, 2), ("none", 9, 1), ("fold", 4, 1)]


@pytest.mark.parametrize("duplex, per_page, sides", PAGE_CASES)
@pytest.mark.parametrize("deck", DECKS)
def test_page_count_and_footer_numbers(builds, duplex, per_page, sides, deck):
    pdf = builds[duplex][deck]
    assert expected_plan(duplex).per_page == per_page
    sheets = math.ceil(len(NAMES) / per_page)          # 22 cards, 9 a page: 3 sheets
    total = sheets * sides
    assert len(pdf.pages) == total
    fronts = front_pages(pdf, duplex)
    assert [len(card_placements(p)) for p in fronts] == \
        [min(per_page, len(NAMES) - i * per_page) for i in range(sheets)]
    if (duplex, deck) not in TEXT_CASES:   # text is slow to extract: footers on a sample
        return
    for number, page in enumerate(pdf.pages, start=1):
        assert re.findall(r"page (\d+) of (\d+)", page.text) == [(str(number), str(total))]
        assert "Time Line Battle v2" in page.text and "version 2.0" in page.text


@pytest.mark.parametrize("deck", DECKS)
def test_two_builds_are_byte_identical(builds, deck):
    assert builds["long"][deck].data == builds["long again"][deck].data


# crop marks --------------------------------------------------------------------------------

@pytest.mark.parametrize("duplex", ALL_MODES)
def test_crop_marks_drawn_as_planned_and_off_every_card(builds, duplex):
    plan = expected_plan(duplex)
    pdf = builds[duplex]["player-1"]
    assert plan.crop_marks

    def same(a, b) -> bool:
        return all(near(u, v) for u, v in zip(a, b))

    for page in front_pages(pdf, duplex):
        cards = len(card_placements(page))   # a last, part-full sheet marks only its own cards
        planned = list(plan.marks_for(cards)) + ([plan.fold_line] if plan.fold_line else [])
        assert len(page.strokes) == len(planned)
        assert all(any(same(s, m) for m in planned) for s in page.strokes)
        xs = [v for p in page.placements for v in (p.x, p.x + POKER[0])]
        ys = [v for p in page.placements for v in (p.y, p.y + POKER[1])]
        for x1, y1, x2, y2 in plan.marks_for(cards):      # on a cut line of a card on the page
            assert any(near(x1, x) for x in xs) if x1 == x2 else any(near(y1, y) for y in ys)
        inks = [p.clip for p in page.placements]     # each card's trim and the bleed it keeps
        trims = [pdf.trim(p) for p in page.placements]
        for stroke in page.strokes:
            x1, y1, x2, y2 = stroke
            for box, gap in [(ink, MARK_GAP) for ink in inks] + [(t, TICK_GAP) for t in trims]:
                fx0, fy0, fx1, fy1 = box
                dx = max(fx0 - max(x1, x2), min(x1, x2) - fx1, 0.0)
                dy = max(fy0 - max(y1, y2), min(y1, y2) - fy1, 0.0)
                # off every trim; off every bleed too, unless a tick drawn over it on a halo
                assert math.hypot(dx, dy) >= gap - TOL or (gap == MARK_GAP and stroke in page.halos)
    for page in back_pages(pdf, duplex):
        assert page.strokes == []        # marks only on the side that is cut
