"""What a document's directives make from the game's data counts toward DOCUMENT_BLOCKS with its
own text: thousands of @cards lines, each a table of the deck, are refused at the directive that
passes the bound, when the game is checked, before a booklet is made."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.base.errors import Report
from cardgen.load.document_text import read_blocks
from cardgen.pipeline import BuildOptions, check, load
from cardgen.validate import documents

CARDS = "@cards deck=heroes\n"      # a table, its header and two cards' rows (and room for a title and a note)


@pytest.fixture
def game(copy_game) -> Path:
    return copy_game("valid-minimal")


def checked(game: Path, rules: str) -> Report:
    """The game's problems with `rules` as its one document."""
    (game / "rules.md").write_text(rules, encoding="utf-8")
    with (game / "game.yaml").open("a", encoding="utf-8") as f:
        f.write("documents:\n  - {id: rules, title: How to play, file: rules.md}\n")
    report = Report()
    check(game, report, BuildOptions())
    return report


def test_a_cards_directive_counts_a_row_for_each_card_of_its_deck(game):
    assert not checked(game, "# Cards\n\n" + CARDS).errors
    loaded = load(game, Report())
    [block] = read_blocks(CARDS)[0]
    assert documents.directive_pieces(loaded, block) == 4 + len(loaded.decks[0].cards) == 6


@pytest.mark.parametrize("limit, refused", [(13, False), (12, True)])
def test_directives_count_toward_the_bound_at_it_and_one_past(game, monkeypatch, limit, refused):
    monkeypatch.setattr(documents, "DOCUMENT_BLOCKS", limit)
    report = checked(game, "# Cards\n" + CARDS * 2)       # 1 + 6 + 6 = 13 pieces
    errors = [e for e in report.errors if e.code == "document"]
    if not refused:
        assert not errors, [e.format() for e in errors]
        return
    [error] = errors
    assert error.file.endswith("rules.md") and error.line == 3
    assert error.message == (f"@cards: more than {limit:,} blocks, list items and table rows in "
                             "one document, counting the 12 its directives make from the game's data")


def test_a_flood_of_directives_is_reported_once(game):
    report = checked(game, CARDS * 4700)
    [error] = report.errors
    assert error.line == 834 and error.message.startswith("@cards: more than 5,000 blocks")
