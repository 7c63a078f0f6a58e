"""All five shipped games: clean under the strictest check, legibility preflight included, and
their cards say which version and which card of the deck they are."""
from __future__ import annotations

from pathlib import Path

import pytest

from click.testing import CliRunner

from cardgen.cli import main
from cardgen.base.errors import Report
from cardgen.pipeline import BuildOptions, check

REPO = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent for p in (REPO / "data").glob("*/game.yaml"))


def test_the_five_games_validate_strict_with_no_warnings(monkeypatch):
    monkeypatch.chdir(REPO)
    result = CliRunner().invoke(main, ["validate", "--strict"])
    assert (result.exit_code, result.stdout.strip(), result.stderr) == (
        0, "ok: 5 game(s), no problems", "")


def _stamps(game_dir, options: BuildOptions):
    """Each card of each deck with the texts on its front that print the game's version."""
    report = Report()
    checked = check(game_dir, report, options)
    assert checked is not None, [d.format() for d in report.errors]
    version = checked.game.version
    for faces in checked.faces.decks:
        for number, card in enumerate(faces.deck.cards, start=1):
            texts = [ink.content for element in faces.fronts[card.id].elements
                     for ink in element.inks() if ink.kind == "text"]
            yield faces, number, card, texts, [t for t in texts if version in t]


@pytest.mark.parametrize("game_dir", GAMES, ids=lambda p: p.name)
def test_every_card_prints_its_version_stamp_not_its_id(game_dir):
    for faces, number, card, texts, stamps in _stamps(game_dir, BuildOptions()):
        assert not any(card.id in text.split() for text in texts if "-" in card.id), card.id
        assert len(stamps) == 1, (faces.deck.id, card.id, texts)
        assert f"{number}/{len(faces.deck.cards)}" in stamps[0].replace(" ", ""), (card.id, stamps)


@pytest.mark.parametrize("game_dir", GAMES, ids=lambda p: p.name)
def test_the_version_stamp_can_be_turned_off(game_dir, copy_game):
    game = copy_game(game_dir, ("game.yaml", "\nprint:\n", "\nprint:\n  version_stamp: false\n"))
    assert not any(stamps for *_, stamps in _stamps(game, BuildOptions()))
