"""Errata entries must describe the data as it is: the card exists and holds the new value."""
from __future__ import annotations

from cardgen.base.errors import Report
from cardgen.base.model import Erratum, Game
from cardgen.load.snapshot import printed

PRESENT = "printed"         # an erratum's value of a thing added (now) or removed (was)


def check_errata(game: Game, report: Report) -> None:
    cards = {card.name: card for deck in game.decks for card in deck.cards}
    for erratum in game.errata:
        where = erratum.source
        if erratum.kind != "card" or erratum.field == "card":
            _check_printed(game, erratum, report)
            continue
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


def _check_printed(game: Game, erratum: Erratum, report: Report) -> None:
    """An erratum of a term, token set or board, or of a card added or removed (its field the
    kind of thing: from '' to `printed`, or back): the thing holds the `now` value."""
    things = [t for t in printed(game).values() if (t.kind, t.name) == (erratum.kind, erratum.card)]
    where = erratum.source
    if erratum.field == erratum.kind:
        value = PRESENT if things else ""
    elif not things:
        if game.every_card_read:
            report.error(where.file, where.line, where.path + (erratum.kind,),
                         f"erratum names {erratum.kind.replace('_', ' ')} '{erratum.card}', which "
                         "the game does not have", code="errata")
        return
    else:
        value = things[0].values.get(erratum.field, "")
    if value != erratum.now and (game.every_card_read or erratum.kind != "card"):
        report.error(where.file, where.line, where.path + ("now",),
                     f"erratum says {erratum.field} of {erratum.kind.replace('_', ' ')} "
                     f"'{erratum.card}' is now '{erratum.now}', but it is '{value}'", code="errata")


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
