"""A game's resolved data as plain JSON-ready values, for other tools and for tests."""
from __future__ import annotations

from cardgen.fields import field_type
from cardgen.model import Card, Game


def card_json(game: Game, card: Card) -> dict:
    card_type = game.card_types[card.card_type]
    fields = {}
    for decl in card_type.fields:
        if decl.name in card.values:
            fields[decl.name] = field_type(decl.type).to_json(card.values[decl.name])
    return {
        "id": card.id,
        "name": card.name,
        "copies": card.copies,
        "fields": fields,
        "prototype": sorted(card.prototype),
        "source": f"{card.source.file}:{card.source.line}",
    }


def game_json(game: Game) -> dict:
    return {
        "id": game.id,
        "title": game.title,
        "version": game.version,
        "players": game.players,
        "credits": list(game.credits),
        "decks": [{
            "id": deck.id,
            "name": deck.name,
            "card_type": deck.card_type,
            "size": {"name": deck.size.name, "width_mm": deck.size.width,
                     "height_mm": deck.size.height, "sleeve": deck.size.sleeve},
            "cards_to_print": deck.card_count,
            "values": dict(deck.values),
            "cards": [card_json(game, card) for card in deck.cards],
        } for deck in game.decks],
        "glossary": dict(game.glossary),
        "definitions": {name: {"kind": d.kind, "text": d.text} for name, d in game.definitions.items()},
        "errata": [{"card": e.card, "field": e.field, "was": e.was, "now": e.now, "note": e.note}
                   for e in game.errata],
    }
