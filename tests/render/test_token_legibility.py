"""Tokens a player can cut and read: 2.5 mm of bare paper between neighbours' prints and 4.5 mm
between cut lines, a cut line that shows on the token's own colour, a broad owner's ring on every owned piece
in colours unlike any other token colour of the game, an icon clear of the number under it, a marker
with nothing under its name centred, and no sheet left nearly empty while the sets would fit on fewer."""
from __future__ import annotations

import math
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pdfsheets import read_pdf

from cardgen.base.errors import Report
from cardgen.drawing.elements.picture import Icon
from cardgen.drawing.elements.shapes import Ellipse, Rect
from cardgen.drawing.elements.text import Text
from cardgen.load.game import load_game
from cardgen.render.token_sheets import plan_for
from cardgen.resolve.resolve import resolve_game
from cardgen.shared.colour_vision import contrast, delta_e, rgb
from cardgen.shared.packing import TOKEN_BLEED
from cardgen.shared.token_shapes import footprint, polygon

from token_faces import token_faces

REPO = Path(__file__).resolve().parents[2]
GAMES = sorted(p.name for p in (REPO / "data").iterdir() if (p / "game.yaml").is_file())
CUT_GAP = 4.5          # mm between two tokens' cut lines
WHITE = 2.45           # mm of bare paper at least between two tokens' prints
OWNER_RING = 1.2       # mm: an owner's ring at least this broad
OWNER_DELTA_E = 20.0
DPI = 300


def _fronts(pdf):
    """(page index, set id, centre x, centre y) of every front, in mm."""
    out = []
    for n, page in enumerate(pdf.pages):
        for p in page.placements:
            if p.form.startswith("token-") and p.form.endswith("-front"):
                set_id = p.form.split("-", 1)[1].rsplit("-", 2)[0]
                x0, y0, x1, y1 = (float(v) / (72 / 25.4) for v in pdf.form(p.form)["/BBox"])
                out.append((n, set_id, p.x + (x1 - x0) / 2 - TOKEN_BLEED,
                            p.y + (y1 - y0) / 2 - TOKEN_BLEED))
    return out


def _grown(token_set, x, y, grow):
    if token_set.shape == "circle":
        r = token_set.size / 2 + grow
        return [(x + r * math.cos(a * math.pi / 24), y + r * math.sin(a * math.pi / 24))
                for a in range(48)]
    shape = "square" if token_set.shape == "rounded" else token_set.shape
    return polygon(shape, x, y, token_set.size, grow, token_set.points)


def _apart(a, b) -> bool:
    for poly in (a, b):
        for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
            nx, ny = y1 - y0, x0 - x1
            pa, pb = [nx * x + ny * y for x, y in a], [nx * x + ny * y for x, y in b]
            if max(pa) <= min(pb) + 1e-9 or max(pb) <= min(pa) + 1e-9:
                return True
    return False


@pytest.mark.parametrize("game", GAMES)
def test_cut_lines_stand_4_5_mm_apart_with_bare_paper_between_prints(token_sheet_pdfs, game):
    data = load_game(REPO / "data" / game, Report())
    sets = {s.id: s for s in data.token_sets}
    fronts = _fronts(read_pdf(token_sheet_pdfs[game]))
    for grow in (CUT_GAP / 2 - 0.02, TOKEN_BLEED + WHITE / 2):
        for i, (n, a, ax, ay) in enumerate(fronts):
            for m, b, bx, by in fronts[i + 1:]:
                if m == n and math.hypot(ax - bx, ay - by) < 60:
                    assert _apart(_grown(sets[a], ax, ay, grow), _grown(sets[b], bx, by, grow)), \
                        (game, n, a, (ax, ay), b, (bx, by), grow)


def _pixel(image, x_mm, y_mm):
    scale = DPI / 25.4
    return tuple(v / 255 for v in image.getpixel((round(x_mm * scale),
                                                  round(image.height - y_mm * scale)))[:3])


@pytest.mark.parametrize("game", GAMES)
def test_the_cut_line_shows_on_the_token_s_own_colour(token_sheet_pdfs, game):
    """Round each round token, the cut line holds a pixel that stands out 3:1 from the colour
    just inside it, dark token or light."""
    data = load_game(REPO / "data" / game, Report())
    sets = {s.id: s for s in data.token_sets}
    document = pdfium.PdfDocument(str(token_sheet_pdfs[game]))
    pages = {}
    for n, set_id, x, y in _fronts(read_pdf(token_sheet_pdfs[game])):
        token_set = sets[set_id]
        if token_set.shape != "circle":
            continue
        if n not in pages:
            pages[n] = document[n].render(scale=DPI / 72).to_pil().convert("RGB")
        r = token_set.size / 2
        for angle in (0.3, 1.9, 3.5, 5.1):
            own = _pixel(pages[n], x + (r + 0.6) * math.cos(angle), y + (r + 0.6) * math.sin(angle))
            line = [_pixel(pages[n], x + (r + d / 10) * math.cos(angle),
                           y + (r + d / 20) * math.sin(angle)) for d in range(-8, 9)]
            assert max(contrast(own, p) for p in line) >= 3.0, (game, set_id, x, y, own)


@pytest.mark.parametrize("game", GAMES)
def test_every_owned_piece_wears_a_broad_ring_of_its_owner_s_colour(game):
    for token_set, token, face in token_faces(game):
        if "owner_color" not in token.values:
            continue
        owner = rgb(token.values["owner_color"])
        rings = [e for e in face.elements if getattr(e, "stroke", None) is not None
                 and e.stroke != "none" and delta_e(rgb(e.stroke), owner) < 1
                 and e.stroke_width >= OWNER_RING]
        rings += [e for e in face.elements if isinstance(e, Rect) and e.fill is not None   # a band
                  and delta_e(rgb(e.fill), owner) < 1 and e.box.x < 0 and e.box.y < 0]     # to the bleed
        assert rings, (game, token_set.id, token.name)


@pytest.mark.parametrize("game", GAMES)
def test_owner_colours_are_unlike_every_other_token_colour(game):
    """Owners differ from every field colour of the game's tokens (a class, a suit, a marker)
    by a visible Delta E, and from each other in greyscale too."""
    owners, fields = set(), set()
    for _, token, face in token_faces(game):
        if "owner_color" in token.values:
            owners.add(rgb(token.values["owner_color"]))
        fields |= {rgb(e.fill) for e in face.elements if isinstance(e, (Rect, Ellipse))
                   and e.fill is not None and e.box.width * e.box.height
                   >= 0.5 * face.width * face.height}
    fields -= owners
    for owner in owners:
        for other in fields:
            assert delta_e(owner, other) >= OWNER_DELTA_E, (game, owner, other)
    if len(owners) == 2:
        a, b = owners
        assert contrast(a, b) >= 2.0, (game, "owners alike in greyscale")


@pytest.mark.parametrize("game", GAMES)
def test_an_icon_stands_under_its_number_with_clear_space(game):
    """An icon over a "1" reads as the dot of an "i": a number's icon goes under it, 4% of the
    token's height clear of it (on the shared token layout; a game's own layout places its own)."""
    for token_set, token, face in token_faces(game):
        icons = [e for e, name in zip(face.elements, face.names) if isinstance(e, Icon)
                 and name.startswith("icon_under")]
        numbers = [e for e, name in zip(face.elements, face.names) if isinstance(e, Text)
                   and name.startswith("value")]
        for icon in icons:
            for number in numbers:
                assert number.box.y + number.box.height + 0.04 * face.height <= icon.box.y + 1e-6, \
                    (game, token.name)


@pytest.mark.parametrize("game", GAMES)
def test_a_marker_with_nothing_under_its_name_stands_in_the_middle(game):
    """A condition with no caption and no owner's mark leaves no empty half: its icon and name,
    top to bottom, are centred on the token to 5% of its height."""
    for token_set, token, face in token_faces(game):
        if (token_set.face.layout != "common/marker" or token.values.get("owner_mark")
                or {**token_set.face.values, **token.values}.get("caption")):
            continue
        drawn = [e for e, name in zip(face.elements, face.names)
                 if name.startswith(("icon", "name"))]
        top = min(e.box.y for e in drawn)
        bottom = max(e.box.y + e.box.height for e in drawn)
        assert abs((top + bottom) / 2 - face.height / 2) <= 0.05 * face.height, (game, token.name)


@pytest.mark.parametrize("game", GAMES)
def test_no_sheet_is_left_nearly_empty_while_the_sets_fit_on_fewer(game):
    """Tokens that need several sheets fill each at least 40% and about as full as the others
    (none a near-empty overflow), and a set is printed on one sheet or, when letting it go on
    from one sheet's foot to the next sheet's top saves a sheet (or it is taller than a sheet),
    on sheets one after another."""
    data = load_game(REPO / "data" / game, Report())
    plan = plan_for(data, data.token_sets)
    room = (plan.page_width - 10) * (plan.page_height - 14)
    areas = []
    for sheet in plan.sheets:
        area = 0.0
        for placed in sheet:
            width, height = footprint(data.token_sets[placed.group].shape,
                                      data.token_sets[placed.group].size,
                                      data.token_sets[placed.group].points)
            area += (width + CUT_GAP) * (height + CUT_GAP)
        areas.append(area)
    if len(areas) > 1:
        assert min(areas) >= 0.4 * room and min(areas) >= 0.6 * max(areas), (game, areas)
    for group, token_set in enumerate(data.token_sets):
        on = {n for n, sheet in enumerate(plan.sheets) if any(p.group == group for p in sheet)}
        assert on == set(range(min(on), max(on) + 1)), (game, token_set.id, on)


@pytest.mark.parametrize("game", GAMES)
def test_a_set_s_shrinking_text_takes_one_size_on_its_tokens(game):
    data = load_game(REPO / "data" / game, Report())
    faces = resolve_game(data, Report())
    for token_set in data.token_sets:
        sizes: dict[tuple, set] = {}
        for index, token in enumerate(token_set.tokens):
            for side in ("front", "back"):
                face = faces.tokens.get((token_set.id, index, side))
                if face is None:
                    continue
                for name, element in zip(face.names, face.elements):
                    if (size := element.fitted_size()) is not None:
                        sizes.setdefault((side, name), set()).add(round(size, 1))
        # an outlier (a text needing under 85% of the others' size) may keep its own
        for key, found in sizes.items():
            shared = {s for s in found if s >= 0.85 * max(found)}
            assert len(shared) == 1, (token_set.id, key, sorted(found))
