"""A saddle-stitched booklet's page order: printed two to a side, stacked, folded, read in order."""
from __future__ import annotations

import pytest

from cardgen.shared.saddle_stitch import booklet_sides, padded


@pytest.mark.parametrize("pages, sides", [
    (4, [(4, 1), (2, 3)]),
    (8, [(8, 1), (2, 7), (6, 3), (4, 5)]),
    (12, [(12, 1), (2, 11), (10, 3), (4, 9), (8, 5), (6, 7)]),
])
def test_the_order_of_whole_booklets(pages, sides):
    assert [(s.left, s.right) for s in booklet_sides(pages)] == sides


@pytest.mark.parametrize("pages, expected", [(1, 4), (3, 4), (5, 8), (7, 8), (9, 12), (13, 16)])
def test_a_page_count_is_padded_to_a_multiple_of_four_with_blanks_at_the_end(pages, expected):
    sides = booklet_sides(pages)
    assert padded(pages) == expected and len(sides) == expected // 2
    shown = sorted(n for s in sides for n in (s.left, s.right) if n)
    assert shown == list(range(1, pages + 1))            # every page once, blanks as 0
    assert sum(1 for s in sides for n in (s.left, s.right) if not n) == expected - pages


@pytest.mark.parametrize("pages", [4, 8, 12, 16, 20])
def test_folded_the_stack_reads_in_order(pages):
    """Simulate the fold: sheet k's front right half is page 2k+1 and its back left half the
    page after it; the numbers side by side on a side add up to the padded count plus one."""
    sides = booklet_sides(pages)
    for k in range(pages // 4):
        front, back = sides[2 * k], sides[2 * k + 1]
        assert front.right == 2 * k + 1 and back.left == 2 * k + 2       # turn the page
        assert front.left + front.right == back.left + back.right == pages + 1
