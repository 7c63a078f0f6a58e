"""One text size a deck: an element whose text shrinks to fit is set at the same size on every
card of a deck, the smallest any card needs, so that titles and rules do not change size from card
to card. A size under the legibility minimum is not forced on every card: the deck then takes the
minimum, and only the cards that need less go below it (the preflight warns of those)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from cardgen.resolve.bind import CardFace
from cardgen.resolve.library import Layout

SAME = 0.05     # pt: sizes closer than this are one size
NAMED = 4       # cards named in the note; the rest are counted


@dataclass(frozen=True)
class DeckSize:
    """An element's one size across a deck, and the cards that needed it (name, own size)."""

    element: str
    size: float
    floor_applied: bool
    forced_by: tuple[tuple[str, float], ...]


def deck_sizes(layout: Layout, fronts: Mapping[str, CardFace], names: Mapping[str, str],
               min_text_size: float, min_fine_print_size: float) -> list[DeckSize]:
    """For each shrinking text element whose size differs across the fronts: the deck's size.
    `fronts` maps card id to its face, `names` card id to the card's name."""
    sized: dict[str, dict[str, float]] = {}
    fine: dict[str, bool] = {}
    for card_id, face in fronts.items():
        for name, element in zip(face.names, face.elements):
            size = element.fitted_size()
            if size is not None:
                sized.setdefault(name, {})[card_id] = size
                fine[name] = getattr(element, "fine", False)
    out = []
    for spec in layout.elements:
        by_card = sized.get(spec.name)
        if not by_card or max(by_card.values()) - min(by_card.values()) < SAME:
            continue
        needed = min(by_card.values())
        floor = min_fine_print_size if fine[spec.name] else min_text_size
        size = max(needed, min(floor, max(by_card.values())))
        forced = sorted(((names[c], s) for c, s in by_card.items() if s < max(by_card.values()) - SAME),
                        key=lambda item: (item[1], item[0]))
        out.append(DeckSize(spec.name, size, size > needed + SAME, tuple(forced)))
    return out


def caps_for(sizes: list[DeckSize], face: CardFace) -> dict[str, float]:
    """The caps a card's face is bound again with: each deck size its own text is larger than."""
    own = {name: element.fitted_size() for name, element in zip(face.names, face.elements)}
    return {d.element: d.size for d in sizes
            if own.get(d.element) is not None and own[d.element] > d.size + SAME}


def note(size: DeckSize, deck: str) -> str:
    """What the build says of a deck size: the size, and the cards that forced it."""
    shown = ", ".join(f"'{name}' ({round(pt, 1):g}pt)" for name, pt in size.forced_by[:NAMED])
    more = len(size.forced_by) - NAMED
    if more > 0:
        shown += f" and {more} more"
    told = (f"element '{size.element}' is set at {round(size.size, 1):g}pt on every card of deck '{deck}', "
            f"the size the longest text needs; cards that forced it: {shown}")
    if size.floor_applied:
        told += (f". That is the legibility minimum: the cards that need less are set smaller "
                 "on their own, and every other card stays at it")
    return told
