"""Golden drawing logs: each shipped game's first card and back of every deck, drawn through a
recording pen, compared with a stored log, numbers within a tolerance.

The log says what is drawn where (shapes, text with font and size, icons) in mm and pt. When a
layout changes on purpose, refresh the logs with CARDGEN_REFRESH_GOLDEN=1 and review the diff.
"""
from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from cardgen.base.errors import Report
from cardgen.pipeline import check
from cardgen.drawing.pen import Pen

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "golden"
REFRESH = "CARDGEN_REFRESH_GOLDEN"
TOLERANCE = 0.02          # mm for positions, pt for font sizes
GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())
NUMBER = re.compile(r"-?\d+\.\d+|-?\d+")


def _n(*values) -> str:
    return " ".join(f"{v:.2f}" for v in values)


def _color(color) -> str:
    return "none" if color is None else color.hexval() if hasattr(color, "hexval") else str(color)


class RecordingPen(Pen):
    """A pen that writes down every drawing call instead of (as well as) drawing it."""

    def __init__(self, canvas, card_height):
        super().__init__(canvas, card_height)
        self.log: list[str] = []

    def rect(self, x, y, width, height, fill=None, stroke=None, stroke_width=0.3, radius=0.0):
        self.log.append(f"rect {_n(x, y, width, height, radius)} fill={_color(fill)} "
                        f"stroke={_color(stroke)}")

    def ellipse(self, x, y, width, height, fill=None, stroke=None, stroke_width=0.3):
        self.log.append(f"ellipse {_n(x, y, width, height)} fill={_color(fill)}")

    def polygon(self, points, fill=None, stroke=None, stroke_width=0.3):
        self.log.append(f"polygon {_n(*[c for p in points for c in p])} fill={_color(fill)}")

    def line(self, x1, y1, x2, y2, color, width=0.3, dash=()):
        self.log.append(f"line {_n(x1, y1, x2, y2, width)} color={_color(color)}")

    def text(self, x_pt, baseline_pt, text, font, size, color):
        self.log.append(f"text {_n(x_pt, baseline_pt, size)} {font} {text!r}")

    def text_runs(self, lines, size, color):
        for baseline_pt, runs in lines:
            for x_pt, text, font in runs:
                self.text(x_pt, baseline_pt, text, font, size, color)

    def icon(self, name, x_pt, y_pt, size_pt, color):
        self.log.append(f"icon {name} {_n(x_pt, y_pt, size_pt)} color={_color(color)}")

    def clip(self, x, y, width, height):
        self.log.append(f"clip {_n(x, y, width, height)}")
        super().clip(x, y, width, height)


def drawing_log(game: str) -> list[str]:
    checked = check(ROOT / "data" / game, Report())
    assert checked is not None, f"{game} does not validate"
    canvas = Canvas(io.BytesIO())
    log = []
    for faces in checked.faces.decks:
        first = next(iter(faces.fronts.values()))
        for label, face in (("front", first), ("back", faces.back)):
            pen = RecordingPen(canvas, face.height)
            for element in face.elements:
                element.draw(pen)
            log.append(f"== {faces.deck.id} {label} {face.key}")
            log += pen.log
    return log


def same(expected: str, actual: str) -> bool:
    """Equal but for numbers that differ by no more than the tolerance."""
    if NUMBER.sub("#", expected) != NUMBER.sub("#", actual):
        return False
    return all(abs(float(a) - float(b)) <= TOLERANCE
               for a, b in zip(NUMBER.findall(expected), NUMBER.findall(actual)))


@pytest.mark.parametrize("game", GAMES)
def test_faces_draw_as_recorded(game):
    actual = drawing_log(game)
    path = GOLDEN / f"{game}.log"
    if os.environ.get(REFRESH) or not path.exists():
        path.write_text("\n".join(actual) + "\n", encoding="utf-8")
        if os.environ.get(REFRESH):
            pytest.skip(f"{path.name} rewritten ({REFRESH} is set): review the diff")
        pytest.fail(f"{path.name} did not exist and was written: review and commit it")
    expected = path.read_text(encoding="utf-8").splitlines()
    assert len(actual) == len(expected), f"{game}: {len(actual)} drawing calls, expected {len(expected)}"
    for number, (want, got) in enumerate(zip(expected, actual), start=1):
        assert same(want, got), f"{path.name}:{number}: expected {want!r}, drew {got!r}"
