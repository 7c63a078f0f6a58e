"""Which slot of which sheet each card takes, so that no two cards whose edges differ in colour
share a cut: a cut a little off the line would leave a sliver of one on the other.

The plan's gutters part the sheet into blocks of slots joined by shared cuts (a row, a column,
a pair ...). Cards go in deck order, as far as that allows: each block is filled from one group
of alike cards (the first, in deck order, with enough left to fill it, else the first), and a
slot is left empty only where no card left fits beside its neighbours. The last sheet, if part
filled, takes its cards slot by slot in reading order where they fit that way, so its empty
slots gather at its end rather than between its cards.

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
    by side of the sheet) with no shared cut between edges that differ."""
    differ = _remembered(differ)
    groups = _groups(cards, differ)
    blocks = _blocks(plan)
    left = [list(members) for members in groups]         # each group's cards not yet placed
    sheets: list[list[tuple[int, int]]] = []
    while any(left):
        taken: dict[int, dict] = {}
        placed: list[tuple[int, int]] = []
        for block in blocks:
            wanted = _group_for(left, len(block))
            if wanted is None:
                break
            for slot in block:
                order = [wanted] + [g for g in _by_first(left) if g != wanted]
                for g in order:
                    if left[g] and _fits(plan, taken, slot, cards[left[g][0]], differ):
                        card = left[g].pop(0)
                        taken[slot] = cards[card]
                        placed.append((slot, card))
                        break
        if not any(left) and len(placed) < plan.per_page:
            placed = _reading_order(plan, sorted(card for _, card in placed), cards, differ) or placed
        sheets.append(sorted(placed))
    return sheets


def _reading_order(plan: SheetPlan, chosen: list[int], cards: Sequence[dict],
                   differ: Callable) -> list[tuple[int, int]] | None:
    """The cards `chosen` for a part-filled sheet, each in the first slot in reading order
    where one fits beside those already placed, the first in deck order that fits taken first;
    None if that leaves some card out."""
    waiting, taken, placed = list(chosen), {}, []
    for slot in range(plan.per_page):
        card = next((c for c in waiting if _fits(plan, taken, slot, cards[c], differ)), None)
        if card is not None:
            waiting.remove(card)
            taken[slot] = cards[card]
            placed.append((slot, card))
    return None if waiting else placed


def _remembered(differ: Callable) -> Callable:
    known: dict = {}

    def remembered(a, b) -> bool:
        if (a, b) not in known:
            known[(a, b)] = known[(b, a)] = differ(a, b)
        return known[(a, b)]
    return remembered


def _alike(a: dict, b: dict, differ: Callable) -> bool:
    """Whether two cards may share a cut whichever way they meet."""
    return not any(_differ(x, y, differ) for x, y in (
        (a["right"], b["left"]), (b["right"], a["left"]), (a["bottom"], b["top"]),
        (b["bottom"], a["top"])))


def _groups(cards: Sequence[dict], differ: Callable) -> list[list[int]]:
    """The cards in groups of alike ones (each alike the first of its group), in deck order."""
    groups: list[list[int]] = []
    by_edges: dict[tuple, int] = {}
    for index, edges in enumerate(cards):
        key = tuple(sorted(edges.items(), key=lambda kv: kv[0]))
        if key not in by_edges:
            by_edges[key] = next((g for g, members in enumerate(groups)
                                  if _alike(cards[members[0]], edges, differ)), len(groups))
            if by_edges[key] == len(groups):
                groups.append([])
        groups[by_edges[key]].append(index)
    return groups


def _by_first(left: list[list[int]]) -> list[int]:
    """The groups with cards left, by their first card left."""
    return sorted((g for g, members in enumerate(left) if members), key=lambda g: left[g][0])


def _group_for(left: list[list[int]], size: int) -> int | None:
    """The group to fill a block of `size` slots from: the first with as many cards left,
    else the first."""
    order = _by_first(left)
    return next((g for g in order if len(left[g]) >= size), order[0] if order else None)


def _fits(plan: SheetPlan, taken: dict[int, dict], slot: int, edges: dict, differ: Callable) -> bool:
    """Whether a card fits `slot` beside the cards already on the sheet."""
    near = {slot, slot - 1, slot + 1, slot - plan.columns, slot + plan.columns}
    trial = {s: e for s, e in taken.items() if s in near}
    trial[slot] = edges
    return not mismatches(plan, trial, differ)


def _blocks(plan: SheetPlan) -> list[list[int]]:
    """The slots of a sheet in blocks joined by shared cuts (gutters part them), each in slot
    order, the blocks by their first slot."""
    owner = list(range(plan.per_page))

    def root(i: int) -> int:
        while owner[i] != i:
            i = owner[i]
        return i
    for slot in range(plan.per_page):
        column = slot % plan.columns
        for other in (slot + 1 if column < plan.columns - 1 else None, slot + plan.columns):
            if other is not None and other < plan.per_page and touching(plan, slot, other):
                owner[root(other)] = root(slot)
    blocks: dict[int, list[int]] = {}
    for slot in range(plan.per_page):
        blocks.setdefault(root(slot), []).append(slot)
    return sorted(blocks.values(), key=lambda b: b[0])


def in_order(plan: SheetPlan, count: int) -> list[list[tuple[int, int]]]:
    """Sheets of `count` cards in order, every slot filled."""
    return [[(i - start, i) for i in range(start, min(count, start + plan.per_page))]
            for start in range(0, count, plan.per_page)]
