"""Cards whose bleeds differ in colour must not share a cut: a cut a little off the line leaves a
sliver of one on the other. The check reads each card's bleed colour along each edge from the
solid areas its layout paints there, lays the cards out as their PDF does, and says where two
such cards share a cut and what `separate_colours: true` would cost; with it, the sheet leaves
a slot empty between them (and a mixed deck's rows get a gutter where the page has room)."""
from __future__ import annotations

from pathlib import Path

import pytest
from pdfsheets import read_pdf

from cardgen.base.errors import Report
from cardgen.pipeline import BuildOptions, build, check

REPO = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent for p in (REPO / "data").glob("*/game.yaml"))
VILLAINS = """  - id: villains
    name: Villains
    card_type: hero
    cards: cards/heroes.yaml
    size: poker
    values: {color: "#a4161a"}
    back:
      layout: back
      values: {label: Villains}

print:
  pack: true
"""


@pytest.fixture
def mixed(copy_game) -> Path:
    """Two decks of one size, green and red, packed into one PDF: the last green card and the
    first red one meet on the first sheet."""
    return copy_game("valid-minimal", ("game.yaml", "print:\n  mark_every_cut: false\n", VILLAINS))


def _report(game: Path, **options) -> Report:
    report = Report()
    check(game, report, BuildOptions(**options))
    return report


def test_a_cut_shared_by_a_green_and_a_red_card_is_said(mixed):
    [warning] = [d for d in _report(mixed, page="letter").sorted() if d.code == "shared-cut-colours"]
    assert warning.severity == "warning"
    assert "poker-decks.pdf has 1 cut shared by cards whose bleeds differ in colour" in warning.message
    assert "'First Hero' and 'Second Hero', sheet 1" in warning.message     # one column
    assert "separate_colours: true to leave a slot empty between them (1 sheet instead of 1)" \
        in warning.message


def test_separate_colours_leaves_a_slot_between_them_and_says_nothing(mixed, edit, tmp_path):
    edit(mixed / "game.yaml", "  pack: true\n", "  pack: true\n  separate_colours: true\n")
    assert [d.code for d in _report(mixed).sorted()] == []
    assert [d.code for d in _report(mixed, page="letter").sorted()
            if d.code == "shared-cut-colours"] == []
    report = Report()
    [pdf_path] = build(mixed, BuildOptions(out_dir=tmp_path / "out", only=("cards",)), report)
    pdf = read_pdf(pdf_path)
    page = pdf.pages[0]
    trims = {p.form: pdf.trim(p) for p in page.placements}
    assert sorted(trims) == ["card0", "card1", "card2", "card3"]   # heroes 0-1, villains 2-3
    for green in ("card0", "card1"):
        for red in ("card2", "card3"):
            assert not _share_a_cut(trims[green], trims[red]), (green, red)
    assert _share_a_cut(trims["card0"], trims["card1"])      # like ones still share theirs


def _share_a_cut(a, b) -> bool:
    close = 0.01
    side_by_side = (abs(a[2] - b[0]) < close or abs(b[2] - a[0]) < close) and \
        min(a[3], b[3]) - max(a[1], b[1]) > close
    stacked = (abs(a[3] - b[1]) < close or abs(b[3] - a[1]) < close) and \
        min(a[2], b[2]) - max(a[0], b[0]) > close
    return side_by_side or stacked


@pytest.mark.parametrize("game_dir", GAMES, ids=lambda p: p.name)
def test_no_shipped_game_shares_a_cut_between_unlike_bleeds(game_dir):
    for page in ("a4", "letter"):
        report = Report()
        check(game_dir, report, BuildOptions(page=page, only=("cards",)))
        assert [d.format() for d in report.sorted() if d.code == "shared-cut-colours"] == []
