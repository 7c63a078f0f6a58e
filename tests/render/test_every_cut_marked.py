"""Every cut line of the shipped games' default build, on A4 and on Letter, can be found without a
ruler: read back from the PDFs, each edge of every card's trim (on the side of the sheet that is
cut), of every token and of every board has a mark on its line, at least 2 mm long, that a
printer which cannot reach the outer 5 mm of the sheet still prints.

A card's or a board's edge is marked by a stroke along its line (within 0.05 mm) beyond the
trim; a token's whole outline is its own cut line, stroked round it.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from pdfsheets import read_pdf

from cardgen.base.errors import Report
from cardgen.pipeline import BuildOptions, build

REPO = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent for p in (REPO / "data").glob("*/game.yaml"))
PAGES = ("a4", "letter")
PRINTER_MARGIN = 5.0     # what a home printer cannot reach
MARK_MIN = 2.0
ALIGN = 0.05
TOL = 1e-3
FRONT = re.compile(r"card\d+$")          # a card's front: its back is not cut by


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    """kits(page): the PDFs of every shipped game's default build of cards, tokens and boards on
    that paper, built once."""
    built: dict = {}

    def kit(page: str) -> list[Path]:
        if page not in built:
            folder = tmp_path_factory.mktemp(f"kit-{page}")
            written = []
            for game_dir in GAMES:
                report = Report()
                written += build(game_dir, BuildOptions(out_dir=folder, page=page,
                                                        only=("cards", "tokens", "boards")), report)
                assert not report.has_errors(), [d.format() for d in report.errors]
            built[page] = [p for p in written if p.suffix == ".pdf"]
        return built[page]
    return kit


def _printable(segment, page) -> bool:
    x1, y1, x2, y2 = segment
    return (min(x1, x2) >= PRINTER_MARGIN - TOL and max(x1, x2) <= page.width - PRINTER_MARGIN + TOL
            and min(y1, y2) >= PRINTER_MARGIN - TOL
            and max(y1, y2) <= page.height - PRINTER_MARGIN + TOL)


def _marked(page, upright: bool, at: float, span: tuple[float, float]) -> bool:
    """Whether a stroke at least MARK_MIN long lies on the cut line x = at (upright) or y = at,
    beyond the trim's `span` along it, where the printer prints."""
    for segment in page.strokes:
        x1, y1, x2, y2 = segment
        across, along = ((x1, x2), (y1, y2)) if upright else ((y1, y2), (x1, x2))
        if max(abs(v - at) for v in across) > ALIGN or abs(along[1] - along[0]) < MARK_MIN - TOL:
            continue
        outside = max(along) <= span[0] + TOL or min(along) >= span[1] - TOL
        if outside and _printable(segment, page):
            return True
    return False


def _edges(trim):
    x0, y0, x1, y1 = trim
    return [(True, x0, (y0, y1)), (True, x1, (y0, y1)), (False, y0, (x0, x1)), (False, y1, (x0, x1))]


def _visible(trim, clip) -> list:
    """The edges of a trim that show inside the clip (a board's tile shows part of it)."""
    if clip is None:
        return _edges(trim)
    out = []
    for upright, at, (a, b) in _edges(trim):
        low, high = (clip[0], clip[2]) if upright else (clip[1], clip[3])
        lo, hi = (clip[1], clip[3]) if upright else (clip[0], clip[2])
        if low - TOL <= at <= high + TOL and max(a, lo) < min(b, hi):
            out.append((upright, at, (a, b)))
    return out


@pytest.mark.parametrize("page_name", PAGES)
def test_every_cut_line_has_a_mark_a_printer_prints(kits, page_name):
    unmarked, cuts = _unmarked(kits(page_name))
    assert cuts > 500
    assert not unmarked, "\n".join(unmarked[:20])


@pytest.mark.parametrize("page_name", PAGES)
def test_every_cut_of_a_gutterfold_sheet_is_marked_too(tmp_path, page_name):
    report = Report()
    written = build(REPO / "data" / "dragon-line-deluxe",
                    BuildOptions(out_dir=tmp_path, page=page_name, duplex="fold", only=("cards",)),
                    report)
    unmarked, cuts = _unmarked(written)
    assert cuts > 100
    assert not unmarked, "\n".join(unmarked[:20])


def _unmarked(paths) -> tuple[list[str], int]:
    """The cut lines of the PDFs with no mark, and how many cut lines there are."""
    unmarked, cuts = [], 0
    for path in paths:
        pdf = read_pdf(path)
        for number, page in enumerate(pdf.pages, start=1):
            for placement in page.placements:
                trim = pdf.trim(placement)
                where = f"{path.parent.name}/{path.name} page {number} {placement.form}"
                if placement.form.startswith("token-"):
                    if placement.form.endswith("-front"):
                        cuts += 1
                        if not any(_printable((o[0], o[1], o[2], o[3]), page)
                                   and o[0] <= trim[0] + ALIGN and o[1] <= trim[1] + ALIGN
                                   and o[2] >= trim[2] - ALIGN and o[3] >= trim[3] - ALIGN
                                   for o in page.outlines):
                            unmarked.append(f"{where}: no cut line round {trim}")
                    continue
                if placement.form == "board":
                    edges = _visible(trim, placement.clip)
                elif FRONT.match(placement.form):
                    edges = _edges(trim)
                else:
                    continue
                for upright, at, span in edges:
                    cuts += 1
                    if not _marked(page, upright, at, span):
                        unmarked.append(f"{where}: {'x' if upright else 'y'} = {at:.2f}")
    return unmarked, cuts


@pytest.mark.parametrize("page_name", PAGES)
def test_every_kind_of_pdf_is_measured(kits, page_name):
    names = {p.name for p in kits(page_name)}
    assert {"tokens.pdf", "dragons.pdf", "arena.pdf", "timeline.pdf"} <= names
