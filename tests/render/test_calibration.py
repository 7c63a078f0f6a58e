"""The calibration sheet: each front cross shows through beside the rulers of its back, and every
number and letter on the back stands clear of every other and of the rulers' lines and ticks."""
from __future__ import annotations

import io
import itertools
import re

import pytest
from pypdf import PdfReader

from cardgen import catalog
from cardgen.drawing import fonts
from cardgen.render.calibration import render_calibration

PT_PER_MM = 72 / 25.4
LINE = re.compile(rb"([-\d.]+) ([-\d.]+) m ([-\d.]+) ([-\d.]+) l S")


def _pages(page: str, duplex: str):
    return PdfReader(io.BytesIO(render_calibration(page, duplex))).pages


def _labels(page) -> list[tuple[float, float, float, float, str]]:
    """(x0, y0, x1, y1, text) in mm of every piece of text on the page, up to the digits' top."""
    boxes = []

    def visit(text, cm, tm, font, size):
        text = text.strip()
        if not text:
            return
        x, y = tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]
        face = fonts.family("condensed" if "Condensed" in str(font["/BaseFont"]) else "sans").face()
        width = fonts.text_width(text, face, size)
        boxes.append((x / PT_PER_MM, y / PT_PER_MM, (x + width) / PT_PER_MM,
                      (y + size * 0.73) / PT_PER_MM, text))
    page.extract_text(visitor_text=visit)
    return boxes


def _lines(page) -> list[tuple[float, float, float, float]]:
    """(x0, y0, x1, y1) in mm of every straight line on the page."""
    return [tuple(float(v) / PT_PER_MM for v in m.groups())
            for m in LINE.finditer(page.get_contents().get_data())]


def _apart(a, b, gap: float = 0.0) -> bool:
    return (a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + gap <= b[1]
            or b[3] + gap <= a[1])


def _numbers(page):
    return [b for b in _labels(page) if b[4].lstrip("-").isdigit()]


@pytest.mark.parametrize("page_name", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_every_number_and_letter_on_the_back_stands_clear(page_name, duplex):
    back = _pages(page_name, duplex)[1]
    labels = [b for b in _labels(back) if len(b[4]) <= 2]      # numbers and the X, Y letters
    assert len(_numbers(back)) == 5 * 2 * 5      # five targets, two rulers, five numbers each
    assert sorted(b[4] for b in labels if b[4] in "XY") == ["X"] * 5 + ["Y"] * 5
    for a, b in itertools.combinations(labels, 2):
        assert _apart(a, b, gap=0.2), (a, b)
    lines = [(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)) for x0, y0, x1, y1 in _lines(back)]
    assert len(lines) == 5 * 2 * (1 + 21)       # each ruler: its line and 21 ticks
    for label, line in itertools.product(labels, lines):
        assert _apart(label, line, gap=0.2), (label, line)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_front_cross_lands_between_the_rulers_that_measure_it(duplex):
    """With no misregistration, a cross's upright arm meets the X ruler at 0 and its level arm
    meets the Y ruler at 0; the numbers stand at their own ticks."""
    page_w, page_h = catalog.page_sizes()["a4"]
    front, back = _pages("a4", duplex)
    arms = [line for line in _lines(front) if abs(line[0] - line[2]) > 20]     # the level arms
    crosses = [((x0 + x1) / 2, y0) for x0, y0, x1, _ in arms]
    assert len(crosses) == 5
    numbers = _numbers(back)
    for x, y in crosses:
        x, y = (page_w - x, y) if duplex == "long" else (x, page_h - y)   # seen through the sheet
        below = [n for n in numbers if abs((n[0] + n[2]) / 2 - x) < 6 and y - 14 < n[1] < y]
        left = [n for n in numbers if x - 14 < n[0] < x and abs((n[1] + n[3]) / 2 - y) < 6]
        assert sorted(n[4] for n in below) == sorted(n[4] for n in left) == ["-2", "-4", "0", "2", "4"]
        sign = fonts.text_width("-", fonts.family("condensed").face(), 6) / PT_PER_MM
        for n in below:            # the digits centred on the tick their value names
            digits_from = n[0] + (sign if n[4].startswith("-") else 0.0)
            assert abs((digits_from + n[2]) / 2 - (x + int(n[4]))) < 0.05, (n, x)
        for n in left:             # level with the tick their value names
            assert abs((n[1] + n[3]) / 2 - (y + int(n[4]))) < 0.3, (n, y)
