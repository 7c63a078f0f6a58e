"""Validate stage: checks across cards that no single value can make on its own."""
from __future__ import annotations

from cardgen.errors import Report
from cardgen.model import Game
from cardgen.rules.print_checks import check_print
from cardgen.rules.uniqueness import check_unique

CHECKS = (check_unique, check_print)


def validate_game(game: Game, report: Report) -> None:
    for check in CHECKS:
        check(game, report)
