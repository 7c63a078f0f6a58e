"""Card ids are unique within a deck; fields declared `unique` are unique within a deck or the game."""
from __future__ import annotations

from cardgen.base.errors import Report
from cardgen.base.model import Game


def check_unique(game: Game, report: Report, changed: dict[str, frozenset]) -> None:
    """One mistake, one message: an id made from a name that must be unique is a repeat the
    name's own check reports; a card reported as a second one of an id it is given is not
    checked for unique fields (they repeat the first's because it is a copy). `changed`: deck
    id -> the ids of its cards added or changed since the published edition."""
    copies = set()
    for deck in game.decks:
        seen: dict[str, object] = {}
        name_unique = any(d.name == "name" and d.unique
                          for d in game.card_types[deck.card_type].fields)
        for card in deck.cards:
            if card.id in seen and "id" not in card.field_sources and name_unique:
                continue
            if card.id in seen:
                first, where = seen[card.id].where("id"), card.where("id")
                report.error(where.file, where.line, where.path,
                             f"duplicate card id '{card.id}' in deck '{deck.id}' (first at "
                             f"{first.file}:{first.line})", code="duplicate-id")
                copies.add(id(card))
            else:
                seen[card.id] = card
    for type_id, card_type in game.card_types.items():
        for decl in card_type.fields:
            if decl.unique:
                _check_field(game, type_id, decl.name, decl.unique, report, copies, changed)


def _check_field(game: Game, type_id: str, name: str, scope: str, report: Report,
                 copies: set, changed: dict) -> None:
    """Each repeat reported at the card added or changed since the published edition, when one
    of the two is; else at the later one in file order."""
    groups: dict = {}
    for deck in game.decks:
        if deck.card_type != type_id:
            continue
        group = groups.setdefault(deck.id if scope == "deck" else "", {})
        for card in deck.cards:
            if name not in card.values or id(card) in copies:
                continue
            value = card.values[name]
            key = value.casefold() if isinstance(value, str) else value
            first = group.setdefault(key, card)
            # two decks printing the same card file share its cards: that is no repeat
            if first is not card and first.source != card.source:
                if first.id in changed.get(first.deck, ()) and card.id not in changed.get(card.deck, ()):
                    first, card = card, first      # the card that changed is the repeat
                where = card.where(name)
                report.error(where.file, where.line, where.path,
                             f"{name} {value!r} is already used by '{first.name}' "
                             f"({first.where(name).file}:{first.where(name).line}); "
                             f"{name} must be unique within the {scope}", code="not-unique")
