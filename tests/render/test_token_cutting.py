"""Token sheets a player can cut without guessing: no ink within 5 mm of a paper edge, one thin
cut line on the trim with the token's own colour on both sides of it, any inner ring well inside
it, the text inside that ring, plain rows with bare paper between them, and every condition of a
game in a colour of its own."""
from __future__ import annotations

import itertools
import math
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pdfsheets import read_pdf

from cardgen.base.errors import Report
from cardgen.drawing.elements.badge import Badge, _polygon
from cardgen.drawing.elements.shapes import Ellipse, Rect
from cardgen.drawing.elements.text import Text, TextBox
from cardgen.load.game import load_game
from cardgen.render.token_sheets import plan_for
from cardgen.shared.colour_vision import delta_e, rgb
from cardgen.shared.packing import TOKEN_BLEED

from token_faces import token_faces

REPO = Path(__file__).resolve().parents[2]
GAMES = sorted(p.name for p in (REPO / "data").iterdir() if (p / "game.yaml").is_file())
PAPER_EDGE = 5.0       # mm no ink comes nearer a paper edge
INK_DPI = 150
RING_IN = 1.5          # mm a ring that is not the cut line keeps inside the trim
BARE = 2.5             # mm of bare paper between neighbours' prints
CONDITION_DELTA_E = 15.0


@pytest.mark.parametrize("game", GAMES)
def test_no_ink_comes_within_5_mm_of_a_paper_edge(token_sheet_pdfs, game):
    document = pdfium.PdfDocument(str(token_sheet_pdfs[game]))
    px = 25.4 / INK_DPI
    for n in range(len(document)):
        image = document[n].render(scale=INK_DPI / 72).to_pil().convert("L")
        box = image.point(lambda v: 255 if v < 250 else 0).getbbox()
        if box is None:
            continue
        left, top, right, bottom = box
        edges = (left * px, top * px, (image.width - right) * px, (image.height - bottom) * px)
        assert min(edges) >= PAPER_EDGE, (game, n + 1, [round(e, 2) for e in edges])


@pytest.mark.parametrize("game", GAMES)
def test_the_tokens_stand_in_the_middle_of_the_sheet(game):
    data = load_game(REPO / "data" / game, Report())
    plan = plan_for(data, data.token_sets)
    for sheet in plan.sheets:
        lows, highs = [], []
        for p in sheet:
            half = data.token_sets[p.group].size / 2 + TOKEN_BLEED
            lows.append(p.x - half)
            highs.append(p.x + half)
        assert abs(min(lows) - (plan.page_width - max(highs))) < 0.01, (game, min(lows), max(highs))


@pytest.mark.parametrize("game", GAMES)
def test_the_token_s_colour_runs_on_through_the_bleed_past_one_thin_cut_line(token_sheet_pdfs, game):
    """Round each round token, the colour 0.5 mm outside the trim is the colour 0.5 mm inside
    it: no halo, no second ring at the edge."""
    data = load_game(REPO / "data" / game, Report())
    sets = {s.id: s for s in data.token_sets}
    document = pdfium.PdfDocument(str(token_sheet_pdfs[game]))
    pages, scale = {}, 300 / 25.4
    for n, page in enumerate(read_pdf(token_sheet_pdfs[game]).pages):
        for placed in page.placements:
            if not (placed.form.startswith("token-") and placed.form.endswith("-front")):
                continue
            token_set = sets[placed.form.split("-", 1)[1].rsplit("-", 2)[0]]
            if token_set.shape != "circle":
                continue
            if n not in pages:
                pages[n] = document[n].render(scale=300 / 72).to_pil().convert("RGB")
            r = token_set.size / 2
            x, y = placed.x + r, placed.y + r
            for angle in (0.3, 1.9, 3.5, 5.1):
                inside, outside = (
                    tuple(v / 255 for v in pages[n].getpixel((
                        round((x + d * math.cos(angle)) * scale),
                        round(pages[n].height - (y + d * math.sin(angle)) * scale))))
                    for d in (r - 0.5, r + 0.5))
                assert delta_e(inside, outside) < 5, (game, token_set.id, inside, outside)


def _rings(face):
    """The centred stroked rings of a round face, each as (outer, inner) radius in mm."""
    cx, cy = face.width / 2, face.height / 2
    for e in face.elements:
        if isinstance(e, Ellipse) and e.stroke is not None and e.stroke_width and \
                abs(e.box.x + e.box.width / 2 - cx) < 0.05 and abs(e.box.y + e.box.height / 2 - cy) < 0.05:
            yield e.box.width / 2 + e.stroke_width / 2, e.box.width / 2 - e.stroke_width / 2


@pytest.mark.parametrize("game", GAMES)
def test_an_inner_ring_stands_well_inside_the_trim(game):
    """A ring either runs out over the trim into the bleed (an owner's band) or stands 1.5 mm
    inside it, so that it is never taken for the line to cut."""
    for token_set, token, face in token_faces(game):
        if token_set.shape != "circle":
            continue
        for outer, inner in _rings(face):
            if outer < face.width / 2 + TOKEN_BLEED - 1e-6:
                assert outer <= face.width / 2 - RING_IN + 1e-6, (game, token.name, outer)


def _inside_hexagon(badge, x, y) -> bool:
    corners = _polygon(badge.box, 6, math.pi / 6)
    turns = [(x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)
             for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1])]
    return all(t >= 0 for t in turns) or all(t <= 0 for t in turns)


@pytest.mark.parametrize("game", GAMES)
def test_every_text_box_lies_inside_the_innermost_ring(game):
    """Each corner of every text's box lies inside the inner edge of the innermost ring (or
    the inner hexagon), or 1.5 mm inside the trim where there is none."""
    for token_set, token, face in token_faces(game):
        cx, cy = face.width / 2, face.height / 2
        texts = [e for e in face.elements if isinstance(e, (Text, TextBox))]
        if token_set.shape == "circle":
            radius = min([inner for _, inner in _rings(face)] + [face.width / 2 - RING_IN])
            for e in texts:
                for x, y in itertools.product((e.box.x, e.box.x + e.box.width),
                                              (e.box.y, e.box.y + e.box.height)):
                    assert math.hypot(x - cx, y - cy) <= radius + 1e-6, \
                        (game, token_set.id, token.name, (x, y), radius)
        elif token_set.shape == "hexagon":
            hexagons = [e for e in face.elements if isinstance(e, Badge) and e.shape == "hexagon"]
            for e in texts:
                for x, y in itertools.product((e.box.x, e.box.x + e.box.width),
                                              (e.box.y, e.box.y + e.box.height)):
                    assert all(_inside_hexagon(h, x, y) for h in hexagons), \
                        (game, token_set.id, token.name, (x, y))


@pytest.mark.parametrize("game", GAMES)
def test_tokens_stand_in_plain_rows_with_bare_paper_between(game):
    """A set's tokens on a sheet stand in rows and columns (a straight cut parts two rows), and
    2.5 mm of bare paper parts neighbouring prints across a row and between rows."""
    data = load_game(REPO / "data" / game, Report())
    plan = plan_for(data, data.token_sets)
    for sheet in plan.sheets:
        for group in {p.group for p in sheet}:
            token_set = data.token_sets[group]
            mine = [p for p in sheet if p.group == group]
            rows: dict[float, list[float]] = {}
            for p in mine:
                rows.setdefault(round(p.y, 3), []).append(p.x)
            columns = {round(x, 3) for xs in rows.values() for x in xs}
            assert len(columns) == max(len(xs) for xs in rows.values()), (game, token_set.id)
            width = token_set.size
            height = token_set.size * (2 / math.sqrt(3) if token_set.shape == "hexagon" else 1)
            for xs in rows.values():
                xs.sort()
                assert all(b - a >= width + 2 * TOKEN_BLEED + BARE - 1e-6 for a, b in zip(xs, xs[1:]))
            ys = sorted(rows)
            reach = TOKEN_BLEED * (2 / math.sqrt(3) if token_set.shape == "hexagon" else 1)
            assert all(b - a >= height + 2 * reach + BARE - 1e-3 for a, b in zip(ys, ys[1:]))


@pytest.mark.parametrize("game", GAMES)
def test_every_condition_has_a_colour_unlike_the_others_and_the_owners(game):
    """The tokens of a set of conditions differ from each other, and from every owner's and
    piece's colour, by a Delta E of 15 or more."""
    data = load_game(REPO / "data" / game, Report())
    owners = {rgb(t.values["owner_color"]) for s in data.token_sets for t in s.tokens
              if "owner_color" in t.values}
    for token_set in data.token_sets:
        if token_set.id != "conditions":
            continue
        colours = [rgb(token.values["color"]) for token in token_set.tokens]
        for a, b in itertools.combinations(colours, 2):
            assert delta_e(a, b) >= CONDITION_DELTA_E, (game, a, b)
        fields = {rgb(e.fill) for s, _, face in token_faces(game) if s.id == "pieces"
                  for e in face.elements if isinstance(e, Rect) and e.fill is not None}
        for colour in colours:
            for other in owners | fields:
                assert delta_e(colour, other) >= CONDITION_DELTA_E, (game, colour, other)
