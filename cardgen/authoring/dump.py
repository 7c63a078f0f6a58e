"""A game's resolved data as plain JSON-ready values, for other tools and for tests."""
from __future__ import annotations

from cardgen.base import markup
from cardgen.fields import field_type
from cardgen.resolve.scope import ExpansionError
from cardgen.resolve.resolve import card_scope
from cardgen.base.model import Card, Deck, Game


def card_json(game: Game, deck: Deck, card: Card, number: int | None = None) -> dict:
    """A card's fields as data, the values derived from them (a level formula at each level),
    and its text fields as printed, with `{{field}}` values filled in and markup removed."""
    card_type = game.card_types[card.card_type]
    scope = card_scope(game, deck, card, number=number)
    fields, derived, printed = {}, {}, {}
    for decl in card_type.fields:
        if decl.name not in card.values:
            continue
        kind = field_type(decl.type)
        value = card.values[decl.name]
        fields[decl.name] = kind.to_json(value)
        derived.update({f"{decl.name}.{part}": v for part, v in kind.parts(value, decl).items()})
        if kind.markup:
            try:
                printed[decl.name] = markup.parse(scope.expand(value), scope.text).plain
            except ExpansionError as exc:
                printed[decl.name] = f"({exc})"
    return {
        "id": card.id,
        "name": card.name,
        "copies": card.copies,
        "fields": fields,
        "derived": derived,
        "text": printed,
        "prototype": sorted(card.prototype),
        "source": f"{card.source.file}:{card.source.line}",
    }


def game_json(game: Game) -> dict:
    return {
        "id": game.id,
        "title": game.title,
        "version": game.version,
        "players": game.players,
        "description": game.description,
        "credits": list(game.credits),
        "decks": [{
            "id": deck.id,
            "name": deck.name,
            "card_type": deck.card_type,
            "size": {"name": deck.size.name, "width_mm": deck.size.width,
                     "height_mm": deck.size.height, "sleeve": deck.size.sleeve},
            "cards_to_print": deck.card_count,
            "file": f"{deck.file_name}.pdf",
            "values": dict(deck.values),
            "cards": [card_json(game, deck, card, n) for n, card in enumerate(deck.cards, start=1)],
        } for deck in game.decks],
        "glossary": dict(game.glossary),
        "definitions": {name: {"kind": d.kind, "text": d.text, "prototype": d.prototype}
                        for name, d in game.definitions.items()},
        "prototype_glossary": sorted(game.prototype_terms),
        "errata": [{"card": e.card, "field": e.field, "was": e.was, "now": e.now, "note": e.note}
                   for e in game.errata],
    }
