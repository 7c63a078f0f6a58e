"""Which slot of which sheet each card takes, so that no two cards whose edges differ in colour
share a cut: a cut a little off the line would leave a sliver of one on the other. Cards go in
order, each in the next slot whose touching neighbours (those not across a gutter) match it;
a slot where it would not is left empty.

A card's edges are given as the colour each side shows in its bleed (None: not judged, a
picture), by the sheet's sides, turned as the slots turn the card; `differ` says whether two
colours differ visibly."""
from __future__ import annotations

from typing import Callable, Sequence

from cardgen.imposition.plan import SheetPlan

TURNED = {0: {}, 90: {"bottom": "left", "right": "bottom", "top": "right", "left": "top"},
          -90: {"top": "left", "right": "top", "bottom": "right", "left": "bottom"}}


def on_sheet(edges: dict, rotation: int) -> dict:
    """A face's edge colours by side of the card, as the sides of the sheet see them."""
    turn = TURNED[rotation]
    return {side: edges[turn.get(side, side)] for side in ("bottom", "left", "right", "top")}


def touching(plan: SheetPlan, a: int, b: int) -> bool:
    """Whether slots a and b (b right of or below a) share a cut: no gutter between them."""
    s, t = plan.fronts[a], plan.fronts[b]
    if b == a + 1:
        return abs(s.x + plan.slot_width - t.x) < 1e-6
    return abs(t.y + plan.slot_height - s.y) < 1e-6


def mismatches(plan: SheetPlan, sheet: dict[int, dict], differ: Callable) -> list[tuple[int, int]]:
    """The shared cuts on a sheet (slot -> the edges of its card) between cards whose edges
    there differ: (slot, the slot right of or below it)."""
    out = []
    for slot, edges in sheet.items():
        column = slot % plan.columns
        right, below = slot + 1, slot + plan.columns
        if column < plan.columns - 1 and right in sheet and touching(plan, slot, right) \
                and _differ(edges["right"], sheet[right]["left"], differ):
            out.append((slot, right))
        if below < plan.per_page and below in sheet and touching(plan, slot, below) \
                and _differ(edges["bottom"], sheet[below]["top"], differ):
            out.append((slot, below))
    return out


def _differ(a, b, differ: Callable) -> bool:
    return a is not None and b is not None and differ(a, b)


def arrange(plan: SheetPlan, cards: Sequence[dict], differ: Callable) -> list[list[tuple[int, int]]]:
    """Sheets, each a list of (slot, card index) in slot order, holding `cards` (each its edges
    by side of the sheet) in order with no shared cut between edges that differ."""
    sheets: list[list[tuple[int, int]]] = []
    taken: dict[int, dict] = {}
    slot = plan.per_page
    for index, edges in enumerate(cards):
        while True:
            if slot >= plan.per_page:
                sheets.append([])
                taken, slot = {}, 0
            trial = {**taken, slot: edges}
            if not mismatches(plan, {s: e for s, e in trial.items()
                                     if s in (slot, slot - 1, slot - plan.columns)}, differ):
                taken[slot] = edges
                sheets[-1].append((slot, index))
                slot += 1
                break
            slot += 1
    return sheets


def in_order(plan: SheetPlan, count: int) -> list[list[tuple[int, int]]]:
    """Sheets of `count` cards in order, every slot filled."""
    return [[(i - start, i) for i in range(start, min(count, start + plan.per_page))]
            for start in range(0, count, plan.per_page)]
