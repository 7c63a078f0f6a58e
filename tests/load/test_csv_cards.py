from pathlib import Path

from cardgen.errors import Report
from cardgen.load.game import load_game

FIXTURE = Path(__file__).parent / "fixtures" / "csv-cards"


def test_rows_become_cards_and_errors_name_row_and_column():
    report = Report()
    game = load_game(FIXTURE, report)
    [deck] = game.decks
    assert [c.name for c in deck.cards] == ["Scout", "Knight, the Bold"]
    scout = deck.cards[0]
    assert scout.values["power"] == 2 and scout.values["tags"] == ("fast", "cheap")
    assert scout.prototype == frozenset({"name", "power", "tags"})
    assert not deck.complete
    [error] = report.errors
    assert error.file.endswith("cards.csv") and error.line == 3
    assert error.format().endswith(
        "error: type: row 3, column B (power): expected a whole number, found text 'ten'")
