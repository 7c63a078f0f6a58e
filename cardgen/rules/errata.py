"""Errata entries must describe the data as it is: the card exists and holds the new value."""
from __future__ import annotations

from cardgen.errors import Report
from cardgen.model import Game


def check_errata(game: Game, report: Report) -> None:
    cards = {card.name: card for deck in game.decks for card in deck.cards}
    for erratum in game.errata:
        where = erratum.source
        card = cards.get(erratum.card)
        if card is None:
            report.error(where.file, where.line, where.path + ("card",),
                         f"erratum names card '{erratum.card}', which no deck has", code="errata")
        elif str(card.values.get(erratum.field, "")) != erratum.now:
            report.error(where.file, where.line, where.path + ("now",),
                         f"erratum says {erratum.field} is now '{erratum.now}', but card "
                         f"'{erratum.card}' has '{card.values.get(erratum.field, '')}'", code="errata")
