"""What validate and build say about a deck's sheets before anything is drawn: cuts the grid
leaves unmarked, a back offset that costs cards or cannot be honoured, a footer with no room."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.base.errors import Report
from cardgen.pipeline import BuildOptions, check


@pytest.fixture
def game(copy_game) -> Path:
    return copy_game("valid-minimal")


def _problems(game: Path, **options) -> Report:
    report = Report()
    check(game, report, BuildOptions(**options))
    return report


def _codes(report: Report) -> list[str]:
    return [d.code for d in report.sorted()]


def test_a_grid_with_no_room_for_ticks_beside_it_says_the_side_cuts_go_unmarked(game, edit):
    """66 mm cards three across A4 leave 1 mm between the trims and the margin: no crop mark and
    no tick fits beside the block, so its level cuts would go unmarked."""
    edit(game / "game.yaml", "print:\n  mark_every_cut: false\n", "print:\n  full_bleed: false\n")
    edit(game / "game.yaml", "size: poker", "size: {width: 66mm, height: 88.9mm}")
    [warning] = _problems(game).sorted()
    assert warning.code == "unmarked-cuts"
    assert "(3 x 3 cards a sheet)" in warning.message
    assert "on the left and right of the block" in warning.message
    assert "mark_every_cut: true for 8 cards a sheet" in warning.message


def test_poker_on_a4_and_letter_marks_every_cut_with_nothing_to_say(game, edit):
    assert _codes(_problems(game)) == []
    edit(game / "game.yaml", "mark_every_cut: false", "full_bleed: false")
    assert _codes(_problems(game)) == []
    assert _codes(_problems(game, page="letter")) == []


def test_letter_poker_says_the_bleed_the_page_cuts_back_and_what_keeping_it_costs(game, edit):
    edit(game / "game.yaml", "print:\n  mark_every_cut: false\n", "")
    assert _codes(_problems(game)) == []                 # A4 keeps the whole bleed
    [warning] = _problems(game, page="letter").sorted()
    assert (warning.code, warning.path) == ("bleed-cut-back", ("decks", 0, "size"))
    assert "on letter paper, 9 cards a sheet (3 x 3, deck 'heroes')" in warning.message
    assert "keep only 2.3 mm below the block and 0.4 mm above it of the 3 mm bleed" in warning.message
    assert "full_bleed: true for 8 a sheet with the whole bleed, or false to keep 9" in warning.message
    assert _codes(_problems(game, page="letter", duplex="fold")) == []   # 4 on their side fit
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "print:\n  full_bleed: true\n")
    assert _codes(_problems(game, page="letter")) == []


def test_a_back_offset_that_costs_cards_is_said_at_print_back_offset(game, edit):
    edit(game / "game.yaml", "mark_every_cut: false", "mark_every_cut: false\n  full_bleed: false")
    report = _problems(game, page="letter", back_offset=(0.0, 3.0))
    [warning] = report.sorted()
    assert (warning.code, warning.path) == ("back-offset-costs-cards", ("print", "back_offset"))
    assert "deck 'heroes' prints 8 cards a sheet, not 9" in warning.message
    assert _codes(_problems(game, page="letter", back_offset=(0.0, 1.0))) == []


def test_a_back_offset_no_card_survives_is_an_error_naming_the_setting(game, edit):
    edit(game / "game.yaml", "size: poker", "size: {width: 190mm, height: 280mm}")
    assert not _problems(game).has_errors()
    [error] = _problems(game, back_offset=(12.0, 0.0)).errors
    assert (error.code, error.path) == ("back-offset", ("print", "back_offset"))
    assert "back offset of 12, 0 mm" in error.message
    assert "print.back_offset or --back-offset" in error.message


def test_a_back_offset_is_not_checked_for_gutterfold_which_ignores_it(game):
    assert _codes(_problems(game, duplex="fold", back_offset=(0.0, 3.0))) == ["back-offset-ignored"]


def test_a_title_too_long_for_any_footer_is_said(game, edit):
    edit(game / "game.yaml", "title: Minimal Game", "title: " + " ".join(["Minimal"] * 60))
    [warning] = _problems(game).sorted()
    assert warning.code == "footer-room"
    assert "deck 'heroes'" in warning.message and "at 5 pt" in warning.message


SAME_BACKS = "look-alike-backs"     # the three decks are one deck copied, backs and all


@pytest.fixture
def three_packed_decks(game, edit):
    """three_packed_decks(name_words): the game's deck made three poker decks packed into one
    PDF, each named by `name_words` words: the footer prints the three names joined. The names."""
    def make(name_words: int) -> list[str]:
        names = [" ".join([word] * name_words) for word in ("Crimson", "Azure", "Golden")]
        text = (game / "game.yaml").read_text(encoding="utf-8")
        deck = text[text.index("  - id: heroes"):text.index("\nprint:")]
        decks = "".join(deck.replace("id: heroes", f"id: deck{n}")
                        .replace("name: Heroes", f"name: {name}") + "\n"
                        for n, name in enumerate(names))
        edit(game / "game.yaml", deck + "\n", decks)
        edit(game / "game.yaml", "print:\n", "print:\n  pack: true\n")
        return names
    return make


def test_packed_decks_whose_joined_names_have_no_footer_room_are_said(game, three_packed_decks):
    three_packed_decks(14)          # each name alone fits the footer; the three do not
    [warning] = [p for p in _problems(game).sorted() if p.code != SAME_BACKS]
    assert warning.code == "footer-room"
    assert "the decks packed together, 'deck0', 'deck1', 'deck2'" in warning.message


def test_packed_decks_that_pass_have_the_footer_on_every_page(game, tmp_path, three_packed_decks):
    from pypdf import PdfReader
    from cardgen.pipeline import build

    names = three_packed_decks(3)
    assert [c for c in _codes(_problems(game)) if c != SAME_BACKS] == []
    report = Report()
    [pdf] = build(game, BuildOptions(out_dir=tmp_path / "out"), report)
    assert pdf.name == "poker-decks.pdf" and not report.has_errors()
    for page in PdfReader(pdf).pages:
        text = " ".join(page.extract_text().split())
        assert "Minimal Game" in text and "version 1.0" in text
        assert all(name in text for name in names), text
