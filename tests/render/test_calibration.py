"""The calibration sheet: its crosses land on the back scales as the flip says, and every number
on the back stands clear of every other and of the rulers' ticks."""
from __future__ import annotations

import io
import itertools

import pytest
from pypdf import PdfReader
from cardgen.render import fonts
from cardgen.render.calibration import render_calibration

PT_PER_MM = 72 / 25.4


def _labels(page) -> list[tuple[float, float, float, float, str]]:
    """(x0, y0, x1, y1, text) in mm of every piece of text on the page."""
    boxes = []

    def visit(text, cm, tm, font, size):
        text = text.strip()
        if not text:
            return
        x, y = tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]
        face = fonts.family("condensed" if "Condensed" in str(font["/BaseFont"]) else "sans").face()
        width = fonts.text_width(text, face, size)
        boxes.append((x / PT_PER_MM, y / PT_PER_MM, (x + width) / PT_PER_MM,
                      (y + size * 0.72) / PT_PER_MM, text))
    page.extract_text(visitor_text=visit)
    return boxes


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_no_two_numbers_on_the_back_touch(duplex):
    back = PdfReader(io.BytesIO(render_calibration("a4", duplex))).pages[1]
    numbers = [b for b in _labels(back) if b[4].strip().lstrip("-").isdigit()]
    assert len(numbers) == 5 * 2 * 5          # five targets, two rulers, five numbers each
    for a, b in itertools.combinations(numbers, 2):
        apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
        assert apart, (a, b)
