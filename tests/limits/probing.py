"""What the limit checks share. Each limit has a pair of checks, `at` and `past`: run on an input
at the limit, the real code that enforces it accepts it (the check returns None); run just past
it, it refuses it, and the check returns the message a user would read. A check may first set the
limit lower where it is enforced (`Run.limit`), where the real size would be slow.
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Callable, NamedTuple

import pytest

import cardgen.cli   # every command's modules: Run.limit finds each one that imports a limit
from cardgen.base import limits
from cardgen.base.errors import Report
from cardgen.load.game import load_game

VALID = Path(__file__).resolve().parents[1] / "corpus" / "valid-minimal" / "data" / "game"


class Run:
    """One check's run: a folder of its own, and the limit values it set for this run."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
        self.monkeypatch, self.tmp_path, self.set = monkeypatch, tmp_path, {}

    def limit(self, name: str, value: int) -> int:
        """Lower the limit `name` to `value` in every module of cardgen that imported it (the
        module that checks it among them)."""
        holders = [module for key, module in list(sys.modules.items())
                   if key.startswith("cardgen.") and key != "cardgen.base.limits"
                   and name in vars(module) and vars(module)[name] == getattr(limits, name)]
        assert holders, f"no module of cardgen imports {name}"
        for module in holders:
            self.monkeypatch.setattr(module, name, value)
        self.set[name] = value
        return value

    def game(self, extra: str = "") -> Path:
        """A copy of the minimal game, `extra` appended to its game.yaml."""
        game = self.tmp_path / "game"
        shutil.copytree(VALID, game)
        with (game / "game.yaml").open("a", encoding="utf-8") as out:
            out.write(extra)
        return game


class Pair(NamedTuple):
    at: Callable[[Run], str | None]
    past: Callable[[Run], str | None]


def sized(probe: Callable[[Run, int], str | None], limit: Callable[[Run], int]) -> Pair:
    """The pair of checks of `probe(run, n)`, an input of size n: n at the limit, then one past it.
    `limit(run)` is the limit's value for the run (setting it lower first, if it does)."""
    return Pair(lambda run: probe(run, limit(run)), lambda run: probe(run, limit(run) + 1))


def errors(report: Report) -> str | None:
    """Every error's message, one a line, or None when there is none."""
    return "\n".join(d.message for d in report.errors) or None


def loaded(game: Path) -> str | None:
    """The errors loading the game finds."""
    report = Report()
    load_game(game, report)
    return errors(report)
