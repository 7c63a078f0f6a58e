"""Errata entries must describe the data as it is: the card exists and holds the new value."""
from __future__ import annotations

from cardgen.base.errors import Report
from cardgen.base.model import Game


def check_errata(game: Game, report: Report) -> None:
    cards = {card.name: card for deck in game.decks for card in deck.cards}
    for erratum in game.errata:
        where = erratum.source
        card = cards.get(erratum.card)
        if card is None and not game.every_card_read:
            continue    # it may be a card that failed to load, whose own error is reported
        if card is None:
            report.error(where.file, where.line, where.path + ("card",),
                         f"erratum names card '{erratum.card}', which no deck has", code="errata")
        elif str(card.values.get(erratum.field, "")) != erratum.now:
            report.error(where.file, where.line, where.path + ("now",),
                         f"erratum says {erratum.field} is now '{erratum.now}', but card "
                         f"'{erratum.card}' has '{card.values.get(erratum.field, '')}'", code="errata")


def check_changelog(game: Game, report: Report) -> None:
    """The changelog is newest first, names each version once, and its newest entry is the
    game's own version (a game that keeps a changelog says what its version changed)."""
    seen: dict[str, int] = {}
    for entry in game.changelog:
        where = entry.source
        if entry.version in seen:
            report.error(where.file, where.line, where.path + ("version",),
                         f"the changelog has two entries for version '{entry.version}'",
                         code="changelog")
        seen.setdefault(entry.version, where.line or 0)
    if game.changelog and game.changelog[0].version != game.version:
        where = game.changelog[0].source
        report.warning(where.file, where.line, where.path + ("version",),
                       f"the changelog's newest entry is for version '{game.changelog[0].version}', "
                       f"but the game is version '{game.version}': add an entry for it first",
                       code="changelog")
