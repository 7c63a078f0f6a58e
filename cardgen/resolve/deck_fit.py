"""One text size a deck: an element whose text shrinks to fit is set at the same size on every
card of a deck, the smallest any card needs, so that titles and rules do not change size from card
to card. Two things are not forced on every card: a size under the legibility minimum (the deck
then takes the minimum, and only the cards that need less go below it; the preflight warns of
those), and an outlier, a card that needs less than SHARED share of the largest size (one long
name would otherwise shrink every title of the deck): it is set smaller on its own, and named."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from cardgen.resolve.bind import CardFace
from cardgen.resolve.library import Layout

SAME = 0.05     # pt: sizes closer than this are one size
NAMED = 4       # cards named in the note; the rest are counted
SHARED = 0.85   # a card needing less than this share of the deck's largest size is an outlier


@dataclass(frozen=True)
class DeckSize:
    """An element's one size across a deck, and the cards that needed it (name, own size)."""

    element: str
    size: float
    floor_applied: bool
    forced_by: tuple[tuple[str, float], ...]
    own_size: tuple[tuple[str, float], ...] = ()


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
        largest = max(by_card.values())
        shared = {c: s for c, s in by_card.items() if s >= SHARED * largest - SAME}
        needed = min(shared.values())
        floor = min_fine_print_size if fine[spec.name] else min_text_size
        size = max(needed, min(floor, largest))
        forced = [(names[c], s) for c, s in shared.items() if s < largest - SAME]
        own = [(names[c], s) for c, s in by_card.items() if c not in shared]
        out.append(DeckSize(spec.name, size, size > needed + SAME, _by_size(forced), _by_size(own)))
    return out


def _by_size(cards: list[tuple[str, float]]) -> tuple[tuple[str, float], ...]:
    return tuple(sorted(cards, key=lambda item: (item[1], item[0])))


def caps_for(sizes: list[DeckSize], face: CardFace) -> dict[str, float]:
    """The caps a card's face is bound again with: each deck size its own text is larger than."""
    own = {name: element.fitted_size() for name, element in zip(face.names, face.elements)}
    return {d.element: d.size for d in sizes
            if own.get(d.element) is not None and own[d.element] > d.size + SAME}


def note(size: DeckSize, deck: str) -> str:
    """What the build says of a deck size: the size, the cards that forced it, and the cards set
    smaller on their own."""
    told = f"element '{size.element}' is set at {round(size.size, 1):g}pt on every card of deck '{deck}'"
    if size.forced_by:
        told += f", the size the longest text needs; cards that forced it: {_named(size.forced_by)}"
    if size.own_size:
        told += (f"{';' if size.forced_by else ''} but {_named(size.own_size)}, whose text would take "
                 f"every card of the deck below {round(SHARED * 100):g}% of its size: set smaller "
                 "on their own (a shorter text keeps them in line)")
    if size.floor_applied:
        told += (". That is the legibility minimum: the cards that need less are set smaller "
                 "on their own, and every other card stays at it")
    return told


def _named(cards: tuple[tuple[str, float], ...]) -> str:
    shown = ", ".join(f"'{name}' ({round(pt, 1):g}pt)" for name, pt in cards[:NAMED])
    more = len(cards) - NAMED
    return shown + (f" and {more} more" if more > 0 else "")
