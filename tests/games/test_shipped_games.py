"""All five shipped games: clean under the strictest check, legibility preflight included, and
their cards say which version and which card of the deck they are."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cardgen.cli import main
from cardgen.errors import Report
from cardgen.pipeline import BuildOptions, check

REPO = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent for p in (REPO / "data").glob("*/game.yaml"))


def test_the_five_games_validate_strict_with_no_warnings(monkeypatch):
    monkeypatch.chdir(REPO)
    result = CliRunner().invoke(main, ["validate", "--strict"])
    assert (result.exit_code, result.stdout.strip(), result.stderr) == (
        0, "ok: 5 game(s), no problems", "")


def test_in_card_footers_print_the_version_and_the_cards_number_not_its_id():
    footed = 0
    for game_dir in GAMES:
        report = Report()
        checked = check(game_dir, report, BuildOptions())
        assert checked is not None, [d.format() for d in report.errors]
        version = checked.game.version
        for faces in checked.faces.decks:
            total = len(faces.deck.cards)
            for number, card in enumerate(faces.deck.cards, start=1):
                texts = [ink.content for element in faces.fronts[card.id].elements
                         for ink in element.inks() if ink.kind == "text"]
                assert not any(card.id in text.split() for text in texts if "-" in card.id), card.id
                footers = [t for t in texts if version in t]
                for footer in footers:
                    assert f"{number}/{total}" in footer.replace(" ", ""), (card.id, footer)
                footed += bool(footers)
    # Time Line Battle v1 and v2, Dragon Line Deluxe and Fantasy Line Battle's spells have footers
    assert footed >= 26 + 44 + 35 + 48
