"""Imposition geometry: where cards, their bleed, their backs and the crop marks go on a sheet.

Pure geometry, so it is checked directly on `plan_sheet` for the shipped paper and card sizes,
against hand-computed positions, and against invariants over random sizes (hypothesis).
"""
from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen import catalog
from cardgen.imposition import (FOLD_GAP, MARK_GAP, MARK_MIN, ImpositionError, SheetPlan,
                                       plan_sheet)

BLEED = 3.0
MARGIN = 5.0
EPS = 1e-6
PAGES = catalog.page_sizes()
SIZES = catalog.card_sizes()

PAGE_NAMES = ("a4", "letter")
CARD_NAMES = ("poker", "tarot", "mini-euro")
DUPLEXES = ("long", "short", "fold", "none")


def make_plan(page="a4", card="poker", duplex="long", offset=(0.0, 0.0), bleed=BLEED,
              margin=MARGIN, every_cut=False) -> SheetPlan:
    size = SIZES[card]
    return plan_sheet(PAGES[page], (size.width, size.height), bleed, margin, duplex, True, offset,
                      every_cut)


# geometry helpers ---------------------------------------------------------------------------

def trim(slot, plan):
    """x0, y0, x1, y1 of a slot's trim (the finished card, as it lies on the sheet)."""
    return (slot.x, slot.y, slot.x + plan.slot_width, slot.y + plan.slot_height)


def drawn(slot, plan):
    """x0, y0, x1, y1 of what is printed for a slot: the trim plus the bleed it keeps."""
    x, y, w, h = slot.clip(plan.slot_width, plan.slot_height)
    return (x, y, x + w, y + h)


def overlaps(a, b) -> bool:
    """Whether two rectangles share any area (touching edges do not count)."""
    return min(a[2], b[2]) - max(a[0], b[0]) > EPS and min(a[3], b[3]) - max(a[1], b[1]) > EPS


def distance(segment, rect) -> float:
    """Shortest distance between an axis-aligned segment and a closed rectangle."""
    x1, y1, x2, y2 = segment
    dx = max(rect[0] - max(x1, x2), min(x1, x2) - rect[2], 0.0)
    dy = max(rect[1] - max(y1, y2), min(y1, y2) - rect[3], 0.0)
    return math.hypot(dx, dy)


def same_page_slots(plan):
    """Every slot printed on the front side: fronts, plus the backs on a gutterfold sheet."""
    return list(plan.fronts) + (list(plan.backs) if plan.backs_on_same_page else [])


def assert_plan_invariants(plan: SheetPlan, duplex: str, bleed: float = BLEED,
                           margin: float = MARGIN) -> None:
    W, H = plan.page_width, plan.page_height
    w, h = plan.slot_width, plan.slot_height
    assert plan.per_page == plan.columns * plan.rows >= 1
    assert (w, h) == ((plan.card_height, plan.card_width) if plan.rotated
                      else (plan.card_width, plan.card_height))

    # every trim, and all the ink printed for it, lies inside the margin the printer cannot reach
    for slot in list(plan.fronts) + list(plan.backs):
        for x0, y0, x1, y1 in (trim(slot, plan), drawn(slot, plan)):
            assert x0 >= margin - EPS and y0 >= margin - EPS, slot
            assert x1 <= W - margin + EPS and y1 <= H - margin + EPS, slot
        for side in (slot.bleed_left, slot.bleed_right, slot.bleed_bottom, slot.bleed_top):
            assert -EPS <= side <= bleed + EPS, slot
        assert slot.rotation in ((90, -90) if plan.rotated else (0,)), slot

    # no two cards overlap, neither their trims nor what is printed for them (trim + bleed)
    for group in (same_page_slots(plan), list(plan.backs)):
        for a, b in itertools.combinations(group, 2):
            assert not overlaps(trim(a, plan), trim(b, plan)), (a, b)
            assert not overlaps(drawn(a, plan), drawn(b, plan)), (a, b)

    # crop marks: axis-aligned, inside the printable area, never on or near a card face
    faces = [trim(s, plan) for s in same_page_slots(plan)]
    for mark in plan.crop_marks:
        x1, y1, x2, y2 = mark
        assert x1 == x2 or y1 == y2, mark
        for x in (x1, x2):
            assert margin - EPS <= x <= W - margin + EPS, mark
        for y in (y1, y2):
            assert margin - EPS <= y <= H - margin + EPS, mark
        for face in faces:
            assert distance(mark, face) >= MARK_GAP - EPS, (mark, face)

    if duplex == "none":
        assert plan.backs == ()
    else:
        assert len(plan.backs) == len(plan.fronts)
    assert plan.backs_on_same_page == (duplex == "fold")

    if duplex == "fold":
        fold = W / 2
        assert plan.fold_line is not None
        assert plan.fold_line[0] == plan.fold_line[2] == pytest.approx(fold)
        for front, back in zip(plan.fronts, plan.backs):
            # fronts (with their bleed) left of the fold, backs right of it, mirrored about it,
            # with a clear band either side of the fold
            assert front.x + w + front.bleed_right <= fold - FOLD_GAP + EPS
            assert back.x - back.bleed_left >= fold + FOLD_GAP - EPS
            assert abs(back.x - (W - front.x - w)) <= EPS
            assert abs(back.y - front.y) <= EPS
        for x1, _, x2, _ in plan.crop_marks:
            assert not (min(x1, x2) < fold < max(x1, x2)), "a crop mark crosses the fold"
    else:
        assert plan.fold_line is None


# hand-computed positions ----------------------------------------------------------------------

def test_a4_poker_touching_3x3_block_centred():
    plan = make_plan("a4", "poker", "long")
    assert (plan.columns, plan.rows) == (3, 3)
    # cards touch: the block is 3 x 63.5 wide, centred on the 210 mm page
    left = (210 - 3 * 63.5) / 2
    assert left == pytest.approx(9.75)
    bottom = (297 - 3 * 88.9) / 2
    xs = [left + i * 63.5 for i in range(3)]
    ys = [bottom + i * 88.9 for i in reversed(range(3))]        # first row at the top
    expected = [v for y in ys for x in xs for v in (x, y)]
    assert [v for s in plan.fronts for v in (s.x, s.y)] == pytest.approx(expected, abs=1e-9)
    assert (plan.card_width, plan.card_height) == (63.5, 88.9)


def test_a4_poker_bleed_only_round_the_block():
    plan = make_plan("a4", "poker", "long")
    by_pos = {(round(s.x, 3), round(s.y, 3)): s for s in plan.fronts}
    xs = sorted({k[0] for k in by_pos})
    ys = sorted({k[1] for k in by_pos})
    for (x, y), slot in by_pos.items():
        # neighbours share one cut: no bleed between them, full bleed round the outside
        assert slot.bleed_left == (BLEED if x == xs[0] else 0.0)
        assert slot.bleed_right == (BLEED if x == xs[-1] else 0.0)
        assert slot.bleed_bottom == (BLEED if y == ys[0] else 0.0)
        assert slot.bleed_top == (BLEED if y == ys[-1] else 0.0)


def test_letter_poker_positions():
    plan = make_plan("letter", "poker", "none")
    assert (plan.columns, plan.rows) == (3, 3)
    left = (215.9 - 3 * 63.5) / 2
    bottom = (279.4 - 3 * 88.9) / 2
    assert plan.fronts[0].x == pytest.approx(left)
    assert plan.fronts[-1].y == pytest.approx(bottom)


def test_a4_tarot_gets_full_bleed_gutters():
    plan = make_plan("a4", "tarot", "none")
    assert (plan.columns, plan.rows) == (2, 2)
    # room to spare: every card keeps its full bleed, so neighbours are 2 x bleed apart
    block_w = 2 * 70 + 2 * BLEED
    left = MARGIN + (210 - 2 * MARGIN - block_w) / 2
    assert [s.x for s in plan.fronts[:2]] == pytest.approx([left, left + 70 + 2 * BLEED])
    for slot in plan.fronts:
        assert (slot.bleed_left, slot.bleed_right, slot.bleed_bottom, slot.bleed_top) == (BLEED,) * 4


def test_a4_poker_gutterfold_turns_landscape():
    plan = make_plan("a4", "poker", "fold")
    # landscape halves (148.5 mm) take 2 x 2 poker cards; portrait halves only 1 x 3
    assert (plan.page_width, plan.page_height) == (297, 210)
    assert (plan.columns, plan.rows) == (2, 2)
    assert plan.fold_line[0] == pytest.approx(148.5)


# every shipped combination ------------------------------------------------------------------

@pytest.mark.parametrize("page", PAGE_NAMES)
@pytest.mark.parametrize("card", CARD_NAMES)
@pytest.mark.parametrize("duplex", DUPLEXES)
def test_plan_invariants(page, card, duplex):
    plan = make_plan(page, card, duplex)
    assert_plan_invariants(plan, duplex)
    if duplex != "fold":
        assert (plan.page_width, plan.page_height) == PAGES[page]
    assert (plan.card_width, plan.card_height) == (SIZES[card].width, SIZES[card].height)


@pytest.mark.parametrize("page", PAGE_NAMES)
@pytest.mark.parametrize("card", CARD_NAMES)
def test_backs_mirror_for_long_edge_flip(page, card):
    plan = make_plan(page, card, "long")
    W = plan.page_width
    for front, back in zip(plan.fronts, plan.backs):
        assert back.x == pytest.approx(W - front.x - plan.slot_width, abs=EPS)
        assert back.y == pytest.approx(front.y, abs=EPS)
        assert back.rotation == -front.rotation     # a card on its side turns the other way
        assert (back.bleed_left, back.bleed_right) == (front.bleed_right, front.bleed_left)
        assert (back.bleed_bottom, back.bleed_top) == (front.bleed_bottom, front.bleed_top)


@pytest.mark.parametrize("page", PAGE_NAMES)
@pytest.mark.parametrize("card", CARD_NAMES)
def test_backs_mirror_for_short_edge_flip(page, card):
    plan = make_plan(page, card, "short")
    H = plan.page_height
    for front, back in zip(plan.fronts, plan.backs):
        assert back.x == pytest.approx(front.x, abs=EPS)
        assert back.y == pytest.approx(H - front.y - plan.slot_height, abs=EPS)
        assert back.rotation == front.rotation
        assert (back.bleed_left, back.bleed_right) == (front.bleed_left, front.bleed_right)
        assert (back.bleed_bottom, back.bleed_top) == (front.bleed_top, front.bleed_bottom)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_back_offset_moves_every_back_by_exactly_that(duplex):
    plain = make_plan("a4", "poker", duplex)
    shifted = make_plan("a4", "poker", duplex, offset=(0.5, -1.0))
    assert shifted.fronts == plain.fronts
    assert shifted.crop_marks == plain.crop_marks
    for a, b in zip(plain.backs, shifted.backs):
        assert b.x - a.x == pytest.approx(0.5, abs=1e-9)
        assert b.y - a.y == pytest.approx(-1.0, abs=1e-9)


@pytest.mark.parametrize("page", PAGE_NAMES)
@pytest.mark.parametrize("card", CARD_NAMES)
def test_every_cut_line_has_a_mark_where_there_is_room(page, card):
    for every_cut in (False, True):
        plan = make_plan(page, card, "long", every_cut=every_cut)
        vertical = {round(m[0], 6) for m in plan.crop_marks if m[0] == m[2]}
        horizontal = {round(m[1], 6) for m in plan.crop_marks if m[1] == m[3]}
        assert every_cut is False or plan.unmarked == ()
        for slot in plan.fronts:
            if "top and bottom" not in plan.unmarked:
                assert {round(slot.x, 6), round(slot.x + plan.slot_width, 6)} <= vertical
            if "left and right" not in plan.unmarked:
                assert {round(slot.y, 6), round(slot.y + plan.slot_height, 6)} <= horizontal
        for x1, y1, x2, y2 in plan.crop_marks:
            assert abs(x2 - x1) + abs(y2 - y1) >= MARK_MIN - EPS


@pytest.mark.parametrize("duplex", DUPLEXES)
def test_footer_is_in_the_margin_and_off_the_cards(duplex):
    plan = make_plan("a4", "poker", duplex)
    x, y, length, rotated = plan.footer
    assert length > 20
    # the footer's text band: ~2.5 mm tall above its baseline (or left of it when rotated)
    band = (x - 2.5, y, x, y + length) if rotated else (x, y, x + length, y + 2.5)
    assert band[0] >= MARGIN - EPS and band[1] >= MARGIN - EPS
    assert band[2] <= plan.page_width - MARGIN + EPS and band[3] <= plan.page_height - MARGIN + EPS
    for slot in same_page_slots(plan):
        assert not overlaps(band, drawn(slot, plan))


@pytest.mark.parametrize("duplex", DUPLEXES)
def test_card_larger_than_the_page_is_refused(duplex):
    with pytest.raises(ImpositionError, match="does not fit"):
        plan_sheet(PAGES["a4"], (300.0, 400.0), BLEED, MARGIN, duplex)
    with pytest.raises(ImpositionError):
        plan_sheet((50.0, 50.0), (SIZES["poker"].width, SIZES["poker"].height), BLEED, MARGIN, duplex)


def test_card_that_fits_a_page_but_not_half_of_one_is_refused_for_gutterfold():
    plan_sheet(PAGES["a4"], (150.0, 250.0), BLEED, MARGIN, "long")  # fits a whole page
    with pytest.raises(ImpositionError, match="gutterfold"):
        plan_sheet(PAGES["a4"], (150.0, 250.0), BLEED, MARGIN, "fold")


def test_card_exactly_the_printable_area_fits():
    plan = plan_sheet(PAGES["a4"], (200.0, 287.0), BLEED, MARGIN, "none")
    assert plan.per_page == 1
    assert (plan.fronts[0].x, plan.fronts[0].y) == pytest.approx((5.0, 5.0))


def test_imposition_error_is_a_value_error():
    assert issubclass(ImpositionError, ValueError)


# random sizes ----------------------------------------------------------------------------------

@settings(max_examples=120, deadline=None)
@given(card_w=st.floats(40, 160), card_h=st.floats(40, 200),
       bleed=st.sampled_from([0.0, 2.0, 3.0, 5.0]), margin=st.sampled_from([3.0, 5.0, 8.0]),
       page=st.sampled_from(sorted(PAGES)), duplex=st.sampled_from(DUPLEXES),
       offset=st.tuples(st.floats(-2, 2), st.floats(-2, 2)))
def test_plan_invariants_for_any_card_size(card_w, card_h, bleed, margin, page, duplex, offset):
    W, H = PAGES[page]
    try:
        plan = plan_sheet(PAGES[page], (card_w, card_h), bleed, margin, duplex, True)
    except ImpositionError:
        # refused only when the card really cannot fit the (half) page inside the margins
        turns = ((card_w, card_h), (card_h, card_w))
        if duplex == "fold":
            fits = any(cw <= w / 2 - margin - FOLD_GAP and ch <= h - 2 * margin
                       for w, h in ((W, H), (H, W)) for cw, ch in turns)
        else:
            fits = any(cw <= W - 2 * margin and ch <= H - 2 * margin for cw, ch in turns)
        assert not fits
        return
    assert_plan_invariants(plan, duplex, bleed, margin)
    if duplex in ("long", "short"):
        # the printer's measured shift moves every back by exactly that, and nothing else
        shifted = plan_sheet(PAGES[page], (card_w, card_h), bleed, margin, duplex, True, offset)
        assert shifted.fronts == plan.fronts and shifted.crop_marks == plan.crop_marks
        for a, b in zip(plan.backs, shifted.backs):
            assert abs(b.x - a.x - offset[0]) <= 1e-9 and abs(b.y - a.y - offset[1]) <= 1e-9
