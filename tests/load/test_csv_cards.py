from pathlib import Path

from cardgen.base.errors import Report
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


def test_a_blank_header_over_values_is_an_error_and_an_empty_column_is_not(copy_game):
    game = copy_game("valid-minimal", ("game.yaml", "cards/heroes.yaml", "cards/heroes.csv"))
    csv = game / "cards" / "heroes.csv"
    csv.write_text("name,,power,,text\nFirst Hero,,3,,Hi\nSecond Hero,, 5, ,Draw.\n", encoding="utf-8")
    report = Report()
    assert load_game(game, report) is not None and not report.diagnostics   # empty columns: ignored
    csv.write_text("name,,power, ,text\nFirst Hero,,3,,Hi\nSecond Hero,,5,lost,Draw.\n",
                   encoding="utf-8")
    report = Report()
    game_read = load_game(game, report)
    assert not game_read.decks[0].complete
    assert [d.format() for d in report.diagnostics] == [
        f"{csv}:1: error: csv: row 1: cell D1 is blank, but column D holds values (row 3 first): "
        "expected a field name in D1, or an empty column"]
