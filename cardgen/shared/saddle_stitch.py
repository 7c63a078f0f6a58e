"""The page order of a saddle-stitched booklet: pages two to a side of a sheet, sheets stacked,
folded in the middle and stapled on the fold. Pure arithmetic; pages count from 1, and 0 is a
blank page added to make the count a multiple of 4.

For 8 pages: sheet 1 has [8, 1] on its front and [2, 7] on its back; sheet 2 has [6, 3] and
[4, 5]. Page numbers side by side add up to the page count plus one. The back is laid out for a
short-edge flip: turned over on its short side, each page lands behind the one before it.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SheetSide:
    left: int
    right: int


def padded(pages: int) -> int:
    """The page count rounded up to a multiple of 4 (a sheet folds into 4 pages)."""
    return max(4, -(-pages // 4) * 4)


def booklet_sides(pages: int) -> list[SheetSide]:
    """Every side of every sheet in printing order: sheet 1 front, sheet 1 back, sheet 2 front ..."""
    total = padded(pages)
    shown = lambda n: n if n <= pages else 0      # past the last page: blank
    sides = []
    for sheet in range(total // 4):
        outer, inner = total - 2 * sheet, 2 * sheet + 1
        sides.append(SheetSide(shown(outer), shown(inner)))
        sides.append(SheetSide(shown(inner + 1), shown(outer - 1)))
    return sides
