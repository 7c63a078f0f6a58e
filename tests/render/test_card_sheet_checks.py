"""What validate and build say about a deck's sheets before anything is drawn: cuts the grid
leaves unmarked, a back offset that costs cards or cannot be honoured, a footer with no room."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.errors import Report
from cardgen.pipeline import BuildOptions, check

VALID = Path(__file__).resolve().parents[1] / "corpus" / "valid-minimal" / "data" / "game"


@pytest.fixture
def game(tmp_path) -> Path:
    root = tmp_path / "game"
    shutil.copytree(VALID, root)
    return root


def _edit(game: Path, old: str, new: str) -> None:
    path = game / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _problems(game: Path, **options) -> Report:
    report = Report()
    check(game, report, BuildOptions(**options))
    return report


def _codes(report: Report) -> list[str]:
    return [d.code for d in report.sorted()]


def test_a4_poker_with_mark_every_cut_unset_says_the_side_cuts_go_unmarked(game):
    _edit(game, "print:\n  mark_every_cut: false\n", "")
    [warning] = _problems(game).sorted()
    assert warning.code == "unmarked-cuts"
    assert "(3 x 3 cards a sheet)" in warning.message
    assert "on the left and right of the block" in warning.message
    assert "mark_every_cut: true for 8 cards a sheet" in warning.message


def test_mark_every_cut_false_keeps_the_grid_quietly(game):
    assert _codes(_problems(game)) == []
    assert _codes(_problems(game, page="letter")) == []


def test_a_back_offset_that_costs_cards_is_said_at_print_back_offset(game):
    report = _problems(game, page="letter", back_offset=(0.0, 3.0))
    [warning] = report.sorted()
    assert (warning.code, warning.path) == ("back-offset-costs-cards", ("print", "back_offset"))
    assert "deck 'heroes' prints 8 cards a sheet, not 9" in warning.message
    assert _codes(_problems(game, page="letter", back_offset=(0.0, 1.0))) == []


def test_a_back_offset_no_card_survives_is_an_error_naming_the_setting(game):
    _edit(game, "size: poker", "size: {width: 190mm, height: 280mm}")
    assert not _problems(game).has_errors()
    [error] = _problems(game, back_offset=(12.0, 0.0)).errors
    assert (error.code, error.path) == ("back-offset", ("print", "back_offset"))
    assert "back offset of 12, 0 mm" in error.message
    assert "print.back_offset or --back-offset" in error.message


def test_a_back_offset_is_not_checked_for_gutterfold_which_ignores_it(game):
    assert _codes(_problems(game, duplex="fold", back_offset=(0.0, 3.0))) == ["back-offset-ignored"]


def test_a_title_too_long_for_any_footer_is_said(game):
    _edit(game, "title: Minimal Game", "title: " + " ".join(["Minimal"] * 60))
    [warning] = _problems(game).sorted()
    assert warning.code == "footer-room"
    assert "deck 'heroes'" in warning.message and "at 5 pt" in warning.message


def _three_packed_decks(game: Path, name_words: int) -> list[str]:
    """The minimal game with three poker decks packed into one PDF, each named by `name_words`
    words: the footer prints the three names joined."""
    names = [" ".join([word] * name_words) for word in ("Crimson", "Azure", "Golden")]
    text = (game / "game.yaml").read_text(encoding="utf-8")
    deck = text[text.index("  - id: heroes"):text.index("\nprint:")]
    decks = "".join(deck.replace("id: heroes", f"id: deck{n}").replace("name: Heroes", f"name: {name}")
                    + "\n" for n, name in enumerate(names))
    _edit(game, deck + "\n", decks)
    _edit(game, "print:\n", "print:\n  pack: true\n")
    return names


def test_packed_decks_whose_joined_names_have_no_footer_room_are_said(game):
    _three_packed_decks(game, 14)          # each name alone fits the footer; the three do not
    [warning] = _problems(game).sorted()
    assert warning.code == "footer-room"
    assert "the decks packed together, 'deck0', 'deck1', 'deck2'" in warning.message


def test_packed_decks_that_pass_have_the_footer_on_every_page(game, tmp_path):
    from pypdf import PdfReader
    from cardgen.pipeline import build

    names = _three_packed_decks(game, 3)
    assert _codes(_problems(game)) == []
    report = Report()
    [pdf] = build(game, BuildOptions(out_dir=tmp_path / "out", strict=True), report)
    assert pdf.name == "poker-decks.pdf" and not report.has_errors()
    for page in PdfReader(pdf).pages:
        text = " ".join(page.extract_text().split())
        assert "Minimal Game" in text and "version 1.0" in text
        assert all(name in text for name in names), text
