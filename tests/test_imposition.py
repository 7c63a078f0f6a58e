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
from cardgen.imposition.flip import Flip
from cardgen.imposition import (FOLD_GAP, FOOTER_MIN_DEPTH, MARK_GAP, MARK_MIN, TICK_GAP,
                                TICK_MIN, ImpositionError, SheetPlan, plan_sheet)

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
        upright = (180,) if duplex == "short" and slot in plan.backs else (0,)
        assert slot.rotation in ((90, -90) if plan.rotated else upright), slot

    # no two cards overlap, neither their trims nor what is printed for them (trim + bleed)
    for group in (same_page_slots(plan), list(plan.backs)):
        for a, b in itertools.combinations(group, 2):
            assert not overlaps(trim(a, plan), trim(b, plan)), (a, b)
            assert not overlaps(drawn(a, plan), drawn(b, plan)), (a, b)

    # crop marks: axis-aligned, inside the printable area, and never on a card: either at
    # least MARK_MIN long and outside every card's bleed (a gap away from it), or a tick over
    # the outer bleed, at least TICK_MIN long and a gap outside every card's trim
    printed = [drawn(s, plan) for s in same_page_slots(plan)]
    trims = [trim(s, plan) for s in same_page_slots(plan)]
    for mark in plan.crop_marks:
        x1, y1, x2, y2 = mark
        assert x1 == x2 or y1 == y2, mark
        for x in (x1, x2):
            assert margin - EPS <= x <= W - margin + EPS, mark
        for y in (y1, y2):
            assert margin - EPS <= y <= H - margin + EPS, mark
        for box in trims:
            assert distance(mark, box) >= TICK_GAP - EPS, (mark, box)
        if all(distance(mark, ink) >= MARK_GAP - EPS for ink in printed):
            assert abs(x2 - x1) + abs(y2 - y1) >= MARK_MIN - EPS, mark
        else:
            assert abs(x2 - x1) + abs(y2 - y1) >= TICK_MIN - EPS, mark

    # the footer's bands: inside the printable area, clear of every card's ink and every mark
    for rooms, slots in ((plan.footer, same_page_slots(plan)),
                         (plan.back_footer, [] if plan.backs_on_same_page else list(plan.backs))):
        for room in rooms:
            band = (room.x0, room.y0, room.x1, room.y1)
            assert room.depth >= FOOTER_MIN_DEPTH - EPS
            assert band[0] >= margin - EPS and band[1] >= margin - EPS, room
            assert band[2] <= W - margin + EPS and band[3] <= H - margin + EPS, room
            for slot in slots:
                assert not overlaps(band, drawn(slot, plan)), (room, slot)
            if rooms is plan.footer:
                for mark in plan.crop_marks:
                    assert distance(mark, band) > EPS, (room, mark)

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
    bottom = MARGIN + TICK_GAP + TICK_MIN       # not centred: room below for ticks
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
        # an upright card's back is upside down on the back page, its top at the card's top
        assert back.rotation == {0: 180, 90: 90, -90: -90}[front.rotation]
        assert (back.bleed_left, back.bleed_right) == (front.bleed_left, front.bleed_right)
        assert (back.bleed_bottom, back.bleed_top) == (front.bleed_top, front.bleed_bottom)


def assert_backs_behind_fronts(plan: SheetPlan, offset) -> None:
    """Every back is its front mirrored for the flip and moved by exactly the offset."""
    W, H, w, h = plan.page_width, plan.page_height, plan.slot_width, plan.slot_height
    for front, back in zip(plan.fronts, plan.backs):
        x, y = (W - front.x - w, front.y) if plan.duplex == "long" else (front.x, H - front.y - h)
        assert back.x == pytest.approx(x + offset[0], abs=1e-9)
        assert back.y == pytest.approx(y + offset[1], abs=1e-9)


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("offset", [(0.5, -1.0), (2.0, 2.0), (-2.0, -2.0), (0.0, 1.5)])
@pytest.mark.parametrize("page", PAGE_NAMES + ("a3",))
def test_back_offset_moves_every_back_by_exactly_that_and_keeps_it_printable(duplex, offset, page):
    plain = make_plan(page, "poker", duplex)
    shifted = make_plan(page, "poker", duplex, offset=offset)
    assert shifted.per_page == plain.per_page          # 2 mm costs no poker card on these pages
    assert_backs_behind_fronts(shifted, offset)
    assert_plan_invariants(shifted, duplex)            # backs, trim and bleed, inside the margin


def test_letter_backs_moved_2mm_up_and_right_keep_off_the_margin():
    """Poker 3 x 3 on Letter leaves 1.35 mm above and below the block: the fronts move down to
    leave the backs room to move up 2 mm, and both keep some of their outer bleed."""
    plan = make_plan("letter", "poker", "long", offset=(2.0, 2.0))
    assert plan.per_page == 9
    top = max(b.y + plan.slot_height + b.bleed_top for b in plan.backs)
    assert top <= 279.4 - MARGIN + EPS
    assert plan.backs[0].bleed_top > 0.3            # the top row's
    assert plan.fronts[-1].bleed_bottom > 0.3       # the bottom row's


def test_a_back_offset_that_costs_cards_plans_fewer():
    plain = make_plan("letter", "poker", "long")
    shifted = make_plan("letter", "poker", "long", offset=(0.0, 3.0))   # 3 rows need 266.7 of 266.4
    assert shifted.per_page < plain.per_page == 9
    assert_plan_invariants(shifted, "long")
    assert_backs_behind_fronts(shifted, (0.0, 3.0))


def test_a_back_offset_no_card_survives_is_refused_naming_the_setting():
    card = (190.0, 280.0)                                  # fits A4 inside 5 mm margins
    plan_sheet(PAGES["a4"], card, BLEED, MARGIN, "long", True, (0.0, 0.0))
    with pytest.raises(ImpositionError, match="back offset of 12, 0 mm") as error:
        plan_sheet(PAGES["a4"], card, BLEED, MARGIN, "long", True, (12.0, 0.0))
    assert error.value.problem.code == "back-offset"
    with pytest.raises(ImpositionError) as error:
        plan_sheet(PAGES["a4"], (300.0, 400.0), BLEED, MARGIN, "long", True, (12.0, 0.0))
    assert error.value.problem.code == "page-fit"      # the card itself does not fit


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
            assert abs(x2 - x1) + abs(y2 - y1) >= TICK_MIN - EPS


@pytest.mark.parametrize("page", PAGE_NAMES + ("a3",))
@pytest.mark.parametrize("duplex", DUPLEXES)
def test_the_footer_has_a_band_long_enough_for_a_line(page, duplex):
    plan = make_plan(page, "poker", duplex)
    assert plan.footer and max(room.length for room in plan.footer) > 80
    if duplex in ("long", "short"):
        assert plan.back_footer and max(room.length for room in plan.back_footer) > 80


def test_a4_poker_marks_the_level_cuts_with_ticks_over_the_side_bleed():
    """3 x 3 poker on A4 leaves 1.75 mm between the side bleed and the margin: no crop mark fits
    there, so each level cut gets a tick from just outside the trims over the bleed to the
    margin, 4.45 mm long; every upright cut is marked above and below, beyond the bleed."""
    plan = make_plan("a4", "poker", "none")
    assert (plan.per_page, plan.unmarked) == (9, ())
    upright = sorted({round(m[0], 2) for m in plan.crop_marks if m[0] == m[2]})
    assert upright == [9.75, 73.25, 136.75, 200.25]
    ticks = sorted(tuple(round(v, 2) for v in m) for m in plan.crop_marks if m[1] == m[3])
    assert ticks[:4] == [(5.0, y, 9.45, y) for y in (15.15, 104.05, 192.95, 281.85)]
    assert ticks[4:] == [(200.55, y, 205.0, y) for y in (15.15, 104.05, 192.95, 281.85)]


def test_letter_poker_moves_the_block_down_to_tick_the_upright_cuts_below_it():
    """3 x 3 poker on Letter leaves 1.35 mm above and below the block inside the margin: the
    block goes down to leave 2.3 mm below it for ticks, keeping 0.4 mm of bleed above it."""
    plan = make_plan("letter", "poker", "long")
    assert (plan.per_page, plan.unmarked) == (9, ())
    assert plan.fronts[-1].y == pytest.approx(MARGIN + TICK_GAP + TICK_MIN)
    assert plan.fronts[-1].bleed_bottom == pytest.approx(TICK_GAP + TICK_MIN)
    assert plan.fronts[0].bleed_top == pytest.approx(0.4)
    below = [m for m in plan.crop_marks if m[0] == m[2]]
    assert [tuple(round(v, 2) for v in m) for m in below] == [
        (x, 5.0, x, 7.0) for x in (12.7, 76.2, 139.7, 203.2)]


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
        # the printer's measured shift moves every back by exactly that, and all of it stays
        # inside the margin; or the offset leaves no room for a card, and says so
        try:
            shifted = plan_sheet(PAGES[page], (card_w, card_h), bleed, margin, duplex, True, offset)
        except ImpositionError as error:
            assert error.problem.code == "back-offset"
            return
        assert shifted.per_page <= plan.per_page
        assert_backs_behind_fronts(shifted, offset)
        assert_plan_invariants(shifted, duplex, bleed, margin)


@pytest.mark.parametrize("edge", ["long", "short"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -0.75), (-2.0, 2.0), (0.5, 0.5)])
def test_a_front_anywhere_in_the_flips_room_has_its_back_inside_the_margin(edge, offset):
    width, height, margin = 210.0, 297.0, 5.0
    flip = Flip(edge, width, height, offset)
    left, bottom, right, top = flip.room(margin, margin, width - margin, height - margin)
    assert left >= margin and bottom >= margin and right <= width - margin and top <= height - margin
    for w, h in ((10.0, 20.0), (right - left, top - bottom)):
        for x, y in ((left, bottom), (right - w, top - h), (left, top - h), (right - w, bottom)):
            bx, by = flip.box(x, y, w, h)
            assert margin - 1e-9 <= bx and bx + w <= width - margin + 1e-9
            assert margin - 1e-9 <= by and by + h <= height - margin + 1e-9
    # and it gives up no more than the offset asks: each side moves in by at most its shift
    assert (left - margin) + (width - margin - right) == pytest.approx(abs(offset[0]))
    assert (bottom - margin) + (height - margin - top) == pytest.approx(abs(offset[1]))
