"""Token sheets read back from the PDF: every token printed, at its size to 0.1 mm, none
overlapping another or the printer margin, and every back behind its own front."""
from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest
from pdfsheets import read_pdf

from cardgen.errors import Report
from cardgen.packing import TOKEN_BLEED, footprint, plan_tokens
from cardgen.pipeline import BuildOptions, build

REPO = Path(__file__).resolve().parents[2]
MARGIN = 5.0
TOL = 0.1


@pytest.fixture(scope="module")
def tokens(tmp_path_factory):
    out = tmp_path_factory.mktemp("tokens")
    report = Report()
    written = build(REPO / "data" / "dragon-line-deluxe", BuildOptions(out_dir=out, only=("tokens",)),
                    report)
    assert not report.has_errors(), [d.format() for d in report.errors]
    assert [p.name for p in written] == ["tokens.pdf"]
    return read_pdf(written[0])


def _placed(page):
    return [p for p in page.placements if p.form.startswith("token-")]


def test_the_rules_counts_are_printed(tokens):
    forms = [p.form for page in tokens.pages for p in _placed(page)]
    fronts = [f for f in forms if f.endswith("-front")]
    assert sum(f.startswith("token-activation-") for f in fronts) == 16
    assert sum(f.startswith("token-damage-") for f in fronts) == 40
    stars = [f for f in fronts if f in ("token-activation-0-front", "token-activation-2-front")]
    assert len(stars) == 8                              # 4 star tokens a player
    assert sum(f.startswith("token-activation-") and f.endswith("-back") for f in forms) == 16


def _size(tokens, form: str) -> float:
    """The outline's width from the form's box: the face plus its bleed on both sides."""
    x0, _, x1, _ = (float(v) for v in tokens.form(form)["/BBox"])
    return (x1 - x0) / (72 / 25.4) - 2 * TOKEN_BLEED


def _centre(tokens, p) -> tuple[float, float]:
    size = _size(tokens, p.form)
    return (round(p.x + size / 2, 2), round(p.y + size / 2, 2))


def test_tokens_have_their_size_and_never_overlap_or_touch_the_margin(tokens):
    sizes = {"activation": 20.0, "damage": 16.0}
    for page in tokens.pages:
        discs = []
        for p in _placed(page):
            size = _size(tokens, p.form)
            assert size == pytest.approx(sizes[p.form.split("-")[1]], abs=TOL), p.form
            x, y = _centre(tokens, p)
            reach = size / 2 + TOKEN_BLEED
            assert MARGIN - TOL <= x - reach and x + reach <= page.width - MARGIN + TOL
            assert MARGIN - TOL <= y - reach and y + reach <= page.height - MARGIN + TOL
            discs.append((x, y, reach))
        assert discs
        for (ax, ay, ar), (bx, by, br) in itertools.combinations(discs, 2):
            assert math.hypot(ax - bx, ay - by) >= ar + br - TOL, "two tokens overlap"


def test_every_back_is_behind_its_own_front(tokens):
    front, back = tokens.pages[0], tokens.pages[1]       # the activation tokens' sheet
    fronts = {_centre(tokens, p): p.form for p in _placed(front)}
    assert len(_placed(back)) == len(fronts) == 16
    for p in _placed(back):
        x, y = _centre(tokens, p)
        mirrored = (round(back.width - x, 2), y)
        match = next(f for c, f in fronts.items() if abs(c[0] - mirrored[0]) <= TOL
                     and abs(c[1] - mirrored[1]) <= TOL)
        assert match.replace("-front", "") == p.form.replace("-back", "")


@pytest.mark.parametrize("shape", ["circle", "square", "rounded", "hexagon"])
def test_packing_keeps_every_shape_apart_and_inside(shape):
    plan = plan_tokens((210.0, 297.0), shape, 19.0, MARGIN)
    width, height = footprint(shape, 19.0)
    assert plan.per_page >= 60
    for x, y in plan.centres:
        assert x - width / 2 - TOKEN_BLEED >= MARGIN - 1e-6 and y - height / 2 - TOKEN_BLEED >= MARGIN - 1e-6
        assert x + width / 2 + TOKEN_BLEED <= 210 - MARGIN + 1e-6
        assert y + height / 2 + TOKEN_BLEED <= 297 - MARGIN + 1e-6
    reach = (width if shape != "hexagon" else width) + 2 * TOKEN_BLEED
    for (ax, ay), (bx, by) in itertools.combinations(plan.centres, 2):
        assert math.hypot(ax - bx, ay - by) >= reach - 1e-6
