"""Every icon draws inside its square, visibly, and unknown names are refused."""
import io

import pypdfium2
import pytest
from reportlab.lib.colors import black
from reportlab.pdfgen.canvas import Canvas

from cardgen.drawing.icons import ICONS, draw_icon

CELL, SIDE, PAGE, DPI = 60, 40, 600, 144   # points: grid cell, icon square, page side; render dpi
SCALE = DPI / 72


def position(index: int) -> tuple[float, float]:
    per_row = PAGE // CELL
    return 10 + (index % per_row) * CELL, 10 + (index // per_row) * CELL


@pytest.fixture(scope="module")
def page():
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(PAGE, PAGE), invariant=1)
    for index, name in enumerate(ICONS):
        draw_icon(canvas, name, *position(index), SIDE, black)
    canvas.save()
    pdf = pypdfium2.PdfDocument(buffer.getvalue())
    image = pdf[0].render(scale=SCALE).to_pil().convert("L")
    return image


def ink(image, box) -> tuple[int, int]:
    """(dark pixels, all pixels) in a box given in PDF points (y up)."""
    x0, y0, x1, y1 = box
    left, right = round(x0 * SCALE), round(x1 * SCALE)
    top, bottom = round((PAGE - y1) * SCALE), round((PAGE - y0) * SCALE)
    region = image.crop((left, top, right, bottom))
    histogram = region.histogram()
    return sum(histogram[:128]), region.width * region.height


@pytest.mark.parametrize("index, name", list(enumerate(ICONS)))
def test_icon_draws_within_its_square(page, index, name):
    x, y = position(index)
    dark, total = ink(page, (x, y, x + SIDE, y + SIDE))
    assert dark / total >= 0.05, f"{name} covers only {dark / total:.1%} of its square"
    margin = 1.5  # a pixel of anti-aliasing either side
    inside, _ = ink(page, (x - margin, y - margin, x + SIDE + margin, y + SIDE + margin))
    cell, _ = ink(page, (x - 8, y - 8, x + SIDE + 8, y + SIDE + 8))
    assert cell == inside, f"{name} draws outside its square"


def test_unknown_names_are_refused_and_names_are_sorted():
    canvas = Canvas(io.BytesIO())
    with pytest.raises(KeyError):
        draw_icon(canvas, "no-such-icon", 0, 0, 10, black)
    assert list(ICONS) == sorted(ICONS)
    assert {"damage", "health", "heart", "shield", "sword", "star", "wind", "flame"} <= set(ICONS)
