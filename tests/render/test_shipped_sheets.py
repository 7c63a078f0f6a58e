"""The five shipped games' card sheets on every page size in every duplex mode, read back: every
page says which game, deck and version it comes from, in type no smaller than 5 pt, and no crop
mark prints on any card (a tick over a card's bleed is drawn on a white halo).

Each game is checked and resolved once; its card sheets are then drawn for each page size and
duplex mode from the same faces (the faces do not depend on either).
"""
from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from pdfsheets import own_text, read_pdf
from pypdf import PdfReader

from cardgen.base.errors import Report
from cardgen.imposition import MARK_GAP, TICK_GAP
from cardgen.load.game import load_game
from cardgen.render.card_sheets import CardSheets, sheet_groups
from cardgen.pipeline import BuildOptions, apply_options, check

REPO = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent for p in (REPO / "data").glob("*/game.yaml"))
PAGES = ("a4", "letter", "a3")
MODES = ("long", "short", "fold", "none")
TOL = 0.01


@pytest.fixture(scope="module")
def sheets(tmp_path_factory) -> dict:
    """(page, mode) -> [(game, the names of the decks in the file, the PDF's path)]."""
    folder = tmp_path_factory.mktemp("shipped-sheets")
    out: dict = {(page, mode): [] for page in PAGES for mode in MODES}
    for game_dir in GAMES:
        report = Report()
        checked = check(game_dir, report, BuildOptions(only=("cards",)))
        assert checked is not None, [d.format() for d in report.errors]
        for (page, mode), found in out.items():
            game = apply_options(checked.game, BuildOptions(page=page, duplex=mode))
            decks = {f"{name}.pdf": group for name, group in sheet_groups(game.decks, game.print.pack)}
            for name, data in CardSheets().render(game, checked.faces, lambda n: None).items():
                path = folder / f"{game.id}-{page}-{mode}-{name}"
                path.write_bytes(data)
                found.append((game, [deck.name for deck in decks[name]], path))
    files = sum(len({deck.file_name for deck in load_game(g, Report()).decks}) for g in GAMES)
    assert files >= 12 and all(len(found) == files for found in out.values())  # a file a `file`
    return out


CASES = [(page, mode) for page in PAGES for mode in MODES]


@pytest.mark.parametrize("page_name, mode", CASES)
def test_every_page_footer_names_the_game_the_deck_and_the_version(sheets, page_name, mode):
    for game, decks, path in sheets[page_name, mode]:
        for number, page in enumerate(PdfReader(path).pages, start=1):
            pieces = own_text(page)
            text = " ".join(piece for piece, _ in pieces)
            where = f"{path.name} page {number}: {text!r}"
            assert game.title in text, where
            assert all(deck in text for deck in decks), where
            assert f"version {game.version}" in text, where
            assert re.search(rf"\b{number}( of |/)\d+", text), where
            assert min(size for _, size in pieces) >= 5.0 - 1e-6, where


def _distance(segment, rect) -> float:
    """Shortest distance between an axis-aligned segment and a rectangle."""
    x1, y1, x2, y2 = segment
    dx = max(rect[0] - max(x1, x2), min(x1, x2) - rect[2], 0.0)
    dy = max(rect[1] - max(y1, y2), min(y1, y2) - rect[3], 0.0)
    return math.hypot(dx, dy)


@pytest.mark.parametrize("page_name, mode", CASES)
def test_no_crop_mark_prints_on_any_card_and_one_over_a_bleed_has_a_halo(sheets, page_name, mode):
    marked = 0
    for _, _, path in sheets[page_name, mode]:
        pdf = read_pdf(path)
        for number, page in enumerate(pdf.pages, start=1):
            bleeds = [p.clip for p in page.placements]     # each card's trim and kept bleed
            trims = [pdf.trim(p) for p in page.placements]
            for stroke in page.strokes:
                marked += 1
                where = (path.name, number, stroke)
                assert all(_distance(stroke, trim) >= TICK_GAP - TOL for trim in trims), where
                if any(_distance(stroke, bleed) < MARK_GAP - TOL for bleed in bleeds):
                    assert stroke in page.halos, where      # a tick, drawn over the bleed
    assert marked
