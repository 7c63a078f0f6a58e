"""A back's text reads the same way up however the sheet is printed: its top lies at the card's
top edge, as the front's does, so a card turned over side to side shows its back upright. Read
back from the PDFs of long- and short-edge builds on A4 (cards upright) and A3 (cards on their
side): the direction a face's top points on its page, front and back."""
from __future__ import annotations

import math

import pytest
from pdfsheets import read_pdf

from cardgen.base.errors import Report
from cardgen.pipeline import BuildOptions, build


def _up(placement) -> tuple[int, int]:
    """Where the face's top points on the page, as a unit step: the image of its y axis."""
    a, b, c, d, _, _ = placement.matrix
    length = math.hypot(c, d)
    return round(c / length), round(d / length)


@pytest.mark.parametrize("page, turned", [("a4", False), ("a3", True)])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_a_backs_top_is_its_cards_top(copy_game, tmp_path, page, turned, duplex):
    game = copy_game("valid-minimal")
    report = Report()
    [path] = build(game, BuildOptions(out_dir=tmp_path, page=page, duplex=duplex,
                                      only=("cards",)), report)
    pdf = read_pdf(path)
    [front] = [p for p in pdf.pages[0].placements if p.form == "card0"]
    [back] = [p for p in pdf.pages[1].placements if p.form == "back"][:1]
    ux, uy = _up(front)
    assert (ux != 0) == turned                       # A3 lays the cards on their side
    # the flip mirrors the card's top edge across the sheet's long or short middle line:
    # the back's top must point where that edge now is
    assert _up(back) == ((-ux, uy) if duplex == "long" else (ux, -uy))
