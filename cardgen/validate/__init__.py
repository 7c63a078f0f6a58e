"""Validate stage: checks across cards that no single value can make on its own."""
from __future__ import annotations

from cardgen.base.errors import Report
from cardgen.base.model import Game
from cardgen.validate.constraints import check_rules, deck_group, token_group
from cardgen.validate.documents import check_documents
from cardgen.validate.errata import check_changelog, check_errata
from cardgen.load.snapshot import read_snapshot
from cardgen.validate.published import changed_cards, check_published
from cardgen.validate.references import check_references
from cardgen.validate.stated_numbers import check_stated_numbers
from cardgen.validate.uniqueness import check_unique


def check_deck_rules(game: Game, report: Report, changed: dict[str, frozenset]) -> None:
    """Each deck's rules. A deck that prints the same cards under the same rules as one checked
    already (two players' decks from one file) is not checked again: its problems would be the
    first's, at the same lines, once more. A count that breaks names a card added or changed
    since the published edition (`changed`: deck id -> card ids), when there is one."""
    checked = []
    for deck in game.decks:
        if not deck.complete:
            continue
        card_type = game.card_types[deck.card_type]
        same = (deck.card_type, [(c.source, c.copies) for c in deck.cards], deck.rules)
        if same in checked:
            continue
        checked.append(same)
        check_rules(deck_group(deck, card_type, changed.get(deck.id, frozenset())),
                    card_type.rules + deck.rules, report)


def check_token_rules(game: Game, report: Report) -> None:
    for token_set in game.token_sets:
        check_rules(token_group(token_set), token_set.rules, report)


CHECKS = (check_token_rules, check_references, check_errata, check_changelog, check_documents,
          check_stated_numbers)


def validate_game(game: Game, report: Report, published: bool = True) -> None:
    """Every check; `published`: the game against its published edition too (publishing a new
    edition leaves it out, as the new edition replaces the old one). The edition is read once:
    its problems are reported by the check against it, and are no concern of the others."""
    read = Report()
    snapshot = read_snapshot(game.root, read)
    changed = changed_cards(game, snapshot)
    check_unique(game, report, changed)
    check_deck_rules(game, report, changed)
    for check in CHECKS:
        check(game, report)
    if published:
        report.extend(read)
        check_published(game, snapshot, report)
