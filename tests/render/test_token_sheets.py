"""Token sheets read back from the PDF: every token printed, at its size to 0.1 mm, none
overlapping another or the printer margin, every back behind its own front (or beside it, to
fold over), and the counts the rules fix kept as rules."""
from __future__ import annotations

import itertools
import math
import shutil
from pathlib import Path

import pytest
from pdfsheets import ink_in_margin, read_pdf

from cardgen.base.errors import Report
from cardgen.load.game import load_game
from cardgen.shared.packing import (FOOTER_ROOM, PRINT_INSET, TOKEN_BLEED, WHITE_GAP, Item,
                                    plan_token_sheets, reach)
from cardgen.shared.token_shapes import footprint, polygon
from cardgen.pipeline import BuildOptions, build

REPO = Path(__file__).resolve().parents[2]
GAMES = sorted(p.name for p in (REPO / "data").iterdir() if (p / "game.yaml").is_file())
VALID = REPO / "tests" / "corpus" / "valid-minimal" / "data" / "game"
MARGIN = 5.0
TOL = 0.1

SHAPES_GAME = """
token_sets:
  - id: coins
    shape: circle
    size: 18mm
    face: {layout: token, values: {color: "#7a2e2e"}}
    back: {layout: token, values: {color: "#2e4f7a"}}
    tokens:
      - {name: Coin, copies: 7}
  - id: tiles
    shape: square
    size: 22mm
    crop_ticks: true
    face: {layout: token, values: {color: "#2f5d50"}}
    tokens:
      - {name: Tile, copies: 5}
  - id: hexes
    shape: hexagon
    size: 24mm
    face: {layout: token, values: {color: "#5b4a2f"}}
    back: {layout: token, values: {color: "#222222"}}
    tokens:
      - {name: Hex, copies: 6}
  - id: chits
    shape: rounded
    size: 20mm
    face: {layout: token, values: {color: "#444466"}}
    tokens:
      - {name: Chit, copies: 3, back: {layout: token, values: {color: "#664444"}}}
  - id: arrows
    shape: path
    points: [[0, 0], [30, 0], [30, 10], [12, 20], [0, 10]]
    face: {layout: token, values: {color: "#335533"}}
    back: {layout: token, values: {color: "#553333"}}
    tokens:
      - {name: Arrow, copies: 4}
"""
TOKEN_LAYOUT = """elements:
  field: {type: rect, bleed: true, fill: "{{color}}"}
  name: {type: text, text: "**{{name}}**", x: 10%, y: 35%, width: 80%, height: 30%, size: 9, color: white, align: center}
"""


def _build(game_dir: Path, out: Path, **options):
    report = Report()
    written = build(game_dir, BuildOptions(out_dir=out, only=("tokens",), **options), report)
    assert not report.has_errors(), [d.format() for d in report.errors]
    [pdf] = written
    assert pdf.name == "tokens.pdf"
    return read_pdf(pdf)


@pytest.fixture(scope="module")
def shapes_game(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("shapes") / "game"
    shutil.copytree(VALID, root)
    with (root / "game.yaml").open("a", encoding="utf-8") as f:
        f.write(SHAPES_GAME)
    (root / "layouts" / "token.yaml").write_text(TOKEN_LAYOUT, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    return {game: _build(REPO / "data" / game, tmp_path_factory.mktemp(game)) for game in GAMES}


@pytest.fixture(scope="module")
def shapes(shapes_game, tmp_path_factory):
    return {mode: _build(shapes_game, tmp_path_factory.mktemp(mode), duplex=mode)
            for mode in ("long", "short", "fold", "none")}


def _tokens(pdf, side: str = ""):
    """(page index, set id, token index, side, centre x, centre y) of every token placed."""
    out = []
    for n, page in enumerate(pdf.pages):
        for p in page.placements:
            if not p.form.startswith("token-"):
                continue
            _, rest = p.form.split("-", 1)
            set_id, index, face = rest.rsplit("-", 2)
            x0, y0, x1, y1 = (float(v) / (72 / 25.4) for v in pdf.form(p.form)["/BBox"])
            width, height = x1 - x0 - 2 * TOKEN_BLEED, y1 - y0 - 2 * TOKEN_BLEED
            if not side or face == side:
                out.append((n, set_id, int(index), face, p.x + width / 2, p.y + height / 2, width, height))
    return out


def test_the_rules_counts_are_printed(shipped):
    fronts = [t for t in _tokens(shipped["dragon-line-deluxe"], "front")]
    assert sum(t[1] == "activation" for t in fronts) == 16
    assert sum(t[1] == "damage" for t in fronts) == 40
    assert sum(t[1] == "activation" and t[2] in (0, 2) for t in fronts) == 8   # 4 stars a player
    assert sum(t[1] == "activation" for t in _tokens(shipped["dragon-line-deluxe"], "back")) == 16


@pytest.mark.parametrize("game", GAMES)
def test_every_game_prints_every_token_at_its_size(shipped, game):
    data = load_game(REPO / "data" / game, Report())
    assert data.token_sets, f"{game} has no tokens"
    fronts = _tokens(shipped[game], "front")
    for token_set in data.token_sets:
        placed = [t for t in fronts if t[1] == token_set.id]
        assert len(placed) == token_set.count, token_set.id
        width, height = footprint(token_set.shape, token_set.size, token_set.points)
        for t in placed:
            assert t[6] == pytest.approx(width, abs=TOL) and t[7] == pytest.approx(height, abs=TOL)
        per_token = {i: sum(t[2] == i for t in placed) for i in range(len(token_set.tokens))}
        assert per_token == {i: token.copies for i, token in enumerate(token_set.tokens)}


def _region(game, token, mirror: str = ""):
    """A token's printed region (outline and bleed) as a convex polygon (a circle as a 48-gon)."""
    _, set_id, _, _, x, y, width, height = token
    token_set = next(s for s in game.token_sets if s.id == set_id)
    if token_set.shape == "circle":
        r = width / 2 + TOKEN_BLEED
        return [(x + r * math.cos(a * math.pi / 24), y + r * math.sin(a * math.pi / 24)) for a in range(48)]
    shape = "square" if token_set.shape == "rounded" else token_set.shape   # the box round it
    return polygon(shape, x, y, token_set.size, TOKEN_BLEED, token_set.points)


def _apart(a, b) -> bool:
    """Two convex polygons touch at most (a separating axis exists, with 0.05 mm to spare)."""
    for poly in (a, b):
        for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
            nx, ny = y1 - y0, x0 - x1
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            length = math.hypot(nx, ny)
            if max(pa) <= min(pb) + 0.05 * length or max(pb) <= min(pa) + 0.05 * length:
                return True
    return False


def _check_apart_and_inside(pdf, game):
    for n, page in enumerate(pdf.pages):
        regions = [_region(game, t) for t in _tokens(pdf) if t[0] == n and t[3] == "front"]
        for region in regions:
            assert all(MARGIN - TOL <= x <= page.width - MARGIN + TOL and
                       MARGIN - TOL <= y <= page.height - MARGIN + TOL for x, y in region)
        for a, b in itertools.combinations(regions, 2):
            assert _apart(a, b), f"page {n + 1}: two tokens overlap"


@pytest.mark.parametrize("game", GAMES)
def test_tokens_never_overlap_each_other_or_the_margin(shipped, game):
    _check_apart_and_inside(shipped[game], load_game(REPO / "data" / game, Report()))
    assert ink_in_margin(shipped[game].path, MARGIN) == []


@pytest.mark.parametrize("mode", ["long", "short", "fold", "none"])
def test_every_shape_packs_apart_and_inside(shapes, shapes_game, mode):
    game = load_game(shapes_game, Report())
    pdf = shapes[mode]
    _check_apart_and_inside(pdf, game)
    assert ink_in_margin(pdf.path, MARGIN) == []
    fronts = _tokens(pdf, "front")
    assert {s.id: sum(t[1] == s.id for t in fronts) for s in game.token_sets} == \
        {s.id: s.count for s in game.token_sets}


@pytest.mark.parametrize("mode", ["long", "short"])
def test_every_back_is_behind_its_own_front(shapes, mode):
    pdf = shapes[mode]
    fronts, backs = _tokens(pdf, "front"), _tokens(pdf, "back")
    assert len(backs) == 7 + 6 + 3 + 4                 # coins, hexes, chits, arrows: two-sided
    for n, set_id, index, _, x, y, *_ in backs:
        page = pdf.pages[n]
        mx, my = (page.width - x, y) if mode == "long" else (x, page.height - y)
        match = [f for f in fronts if f[0] == n - 1 and abs(f[4] - mx) <= TOL and abs(f[5] - my) <= TOL]
        assert [(f[1], f[2]) for f in match] == [(set_id, index)], (set_id, index)
    hint = "/DuplexFlipLongEdge" if mode == "long" else "/DuplexFlipShortEdge"
    assert pdf.reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == hint


@pytest.mark.parametrize("mode", ["long", "short", "fold", "none"])
def test_every_footer_stands_clear_of_every_token(shapes, mode):
    """The footer takes the band the packing keeps free below the fronts: on backs printed for a
    short-edge flip, which turns that band to the top, it goes to the top."""
    pdf = shapes[mode]
    for page in pdf.pages:
        tokens = [t for t in _tokens(pdf) if pdf.pages[t[0]] is page]
        [(x, y)] = page.text_origins                   # the footer, one line of it
        for *_, cx, cy, width, height in tokens:
            assert y + 2.5 < cy - height / 2 - TOKEN_BLEED or y > cy + height / 2 + TOKEN_BLEED, \
                (mode, cx, cy)


def test_fold_over_backs_stand_beside_their_fronts_on_one_sheet(shapes):
    pdf = shapes["fold"]
    fronts, backs = _tokens(pdf, "front"), _tokens(pdf, "back")
    assert len(backs) == 20 and len(pdf.pages) == len({t[0] for t in fronts})
    for n, set_id, index, _, x, y, width, _ in backs:
        front = [f for f in fronts if f[:3] == (n, set_id, index) and abs(f[4] + width - x) <= TOL
                 and abs(f[5] - y) <= TOL]
        assert front, f"{set_id} {index}: no front beside its back"
    assert pdf.reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"


@pytest.mark.parametrize("mode", ["long", "short"])
def test_a_sheet_of_one_sided_tokens_gets_a_blank_back(shapes_game, tmp_path, mode, copy_game):
    """Printed duplex, the file is fronts and backs in turn; a sheet whose tokens are all
    one-sided still has a back page, left blank, so the next fronts land on a sheet of their own."""
    game = copy_game(shapes_game,
                     ("game.yaml", "{name: Tile, copies: 5}", "{name: Tile, copies: 200}"))
    pdf = _build(game, tmp_path / "out", duplex=mode)
    fronts, backs = _tokens(pdf, "front"), _tokens(pdf, "back")
    assert len(pdf.pages) % 2 == 0 and len(pdf.pages) >= 4
    assert {t[0] % 2 for t in fronts} == {0} and {t[0] % 2 for t in backs} == {1}
    blank = [n for n in range(1, len(pdf.pages), 2) if not any(t[0] == n for t in backs)]
    assert blank, "no sheet of one-sided tokens alone"
    for n in blank:
        assert any(t[0] == n - 1 and t[1] == "tiles" for t in fronts)
        assert "blank back" in pdf.pages[n].text


def test_a_set_that_folds_prints_its_backs_beside_it_while_the_rest_flip(shapes_game, copy_game,
                                                                           tmp_path):
    game = copy_game(shapes_game,
                     ("game.yaml", "  - id: hexes\n", "  - id: hexes\n    backs: fold\n"))
    pdf = _build(game, tmp_path / "out", duplex="long")
    fronts, backs = _tokens(pdf, "front"), _tokens(pdf, "back")
    hexes = [b for b in backs if b[1] == "hexes"]
    assert len(hexes) == 6
    for n, _, index, _, x, y, width, _ in hexes:          # on the fronts' page, beside its front
        assert [f for f in fronts if f[:3] == (n, "hexes", index) and abs(f[4] + width - x) <= TOL
                and abs(f[5] - y) <= TOL]
    for n, set_id, index, _, x, y, *_ in [b for b in backs if b[1] != "hexes"]:
        page = pdf.pages[n]                               # the others: behind, long-edge flip
        assert [f for f in fronts if f[0] == n - 1 and f[1:3] == (set_id, index)
                and abs(f[4] - (page.width - x)) <= TOL and abs(f[5] - y) <= TOL]
    assert pdf.reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"


def test_fronts_only_prints_no_backs(shapes):
    assert _tokens(shapes["none"], "back") == []


def test_crop_ticks_mark_the_cuts_outside_the_bleed(shapes):
    pdf = shapes["none"]
    tiles = [t for t in _tokens(pdf, "front") if t[1] == "tiles"]
    for n, _, _, _, x, y, width, height in tiles:
        strokes = pdf.pages[n].strokes
        for cut_x in (x - width / 2, x + width / 2):   # each vertical cut, above and below
            ticks = [s for s in strokes if abs(s[0] - cut_x) < 0.05 and abs(s[2] - cut_x) < 0.05
                     and min(s[1], s[3]) >= y + height / 2 + TOKEN_BLEED]
            assert ticks and all(abs(s[3] - s[1]) >= 2.9 for s in ticks)


def test_packing_spends_no_sheet_on_a_few_tokens():
    """Sets follow each other down a sheet: a set of 16 and one of 40 fit one A4 sheet."""
    plan = plan_token_sheets((210.0, 297.0), (MARGIN,) * 4, [(Item("circle", 20.0), 16),
                                                      (Item("circle", 16.0), 40)])
    assert len(plan.sheets) == 1 and len(plan.sheets[0]) == 56


def test_tokens_on_one_sheet_stand_in_the_middle_of_its_room_top_to_bottom():
    """Two rows of 22 mm markers on A4: as much paper above them as below, down to the footer."""
    item = Item("circle", 22.0)
    plan = plan_token_sheets((210.0, 297.0), (MARGIN,) * 4, [(item, 12)])
    [sheet] = plan.sheets
    reach_y = item.height / 2 + item.reach_y
    room_top, room_floor = 297.0 - MARGIN - PRINT_INSET, MARGIN + PRINT_INSET + FOOTER_ROOM
    above = room_top - max(p.y + reach_y for p in sheet)
    below = min(p.y - reach_y for p in sheet) - room_floor
    assert above > 50.0 and abs(above - below) < 1e-6, (above, below)


def test_rows_on_one_sheet_spread_down_it_at_most_half_a_token_further_apart():
    """Rows of one sheet spread down it as tokens spread across it: every row the same extra
    distance further apart, no more than half the tallest token's height, the rest above and below."""
    item = Item("circle", 22.0)
    for count in (18, 56):                          # 3 rows: capped; 8 rows: as far as room allows
        [sheet] = plan_token_sheets((210.0, 297.0), (MARGIN,) * 4, [(item, count)]).sheets
        rows = sorted({round(p.y, 6) for p in sheet}, reverse=True)
        extras = [a - b - item.pitch[1] for a, b in zip(rows, rows[1:])]
        assert max(extras) - min(extras) < 1e-6 and 0.0 < extras[0] <= item.height / 2 + 1e-6
        reach_y = item.height / 2 + item.reach_y
        room_top, room_floor = 297.0 - MARGIN - PRINT_INSET, MARGIN + PRINT_INSET + FOOTER_ROOM
        above, below = room_top - rows[0] - reach_y, rows[-1] - reach_y - room_floor
        assert abs(above - below) < 1e-3 and below >= -1e-6, (count, above, below)
        capped = abs(extras[0] - item.height / 2) < 1e-6
        assert capped == (count == 18) and (capped or abs(below) < 1e-3)


def test_a_set_that_fits_beside_the_block_above_goes_there_and_clear_of_it():
    coin, hexagon, chip = Item("circle", 20.0), Item("hexagon", 34.0), Item("circle", 12.0)
    plan = plan_token_sheets((210.0, 297.0), (MARGIN,) * 4, [(coin, 4), (hexagon, 1), (chip, 3)])
    [sheet] = plan.sheets
    coins = [p for p in sheet if p.group == 0]
    [hex_token] = [p for p in sheet if p.group == 1]
    reach_x = TOKEN_BLEED                                  # print past the outline, each side
    assert hex_token.x - 17.0 - reach_x >= max(p.x for p in coins) + 10.0 + reach_x + WHITE_GAP - 1e-6
    hex_top = hex_token.y + hexagon.height / 2 + hexagon.reach_y
    assert hex_top <= max(p.y for p in coins) + 10.0 + reach_x + 1e-6     # level with their top
    later = [p for p in sheet if p.group == 2]        # the next few: on beside the hexagon
    assert len(later) == 3 and all(p.x - 6.0 - reach_x >= hex_token.x + 17.0 + reach_x - 1e-6
                                   for p in later)
    assert all(p.x + 6.0 + reach_x <= 210.0 - MARGIN + 1e-6 for p in later)


def test_each_kind_and_each_owner_gets_rows_of_its_own():
    """Two kinds of 10 at 7 a row: two rows of 5 each, not 7 and 3 with the next kind after."""
    labels = [(None, "Dying")] * 10 + [(None, "Stunned")] * 10
    plan = plan_token_sheets((210.0, 297.0), (MARGIN,) * 4, [(Item("circle", 22.0), labels)])
    rows: dict[float, set] = {}
    for p in plan.sheets[0]:
        rows.setdefault(round(p.y, 3), set()).add(labels[p.number][1])
    assert all(len(kinds) == 1 for kinds in rows.values()) and len(rows) == 4


@pytest.mark.parametrize("shape", ["circle", "hexagon"])
def test_tokens_too_wide_to_offset_their_rows_stack_without_touching(shape):
    item = Item(shape, 115.0)
    plan = plan_token_sheets((210.0, 297.0), (20.0,) * 4, [(item, 2)])
    [first, second] = plan.sheets[0] if len(plan.sheets) == 1 else (plan.sheets[0][0], plan.sheets[1][0])
    assert first.x == second.x and (len(plan.sheets) == 2 or
                                    first.y - second.y >= item.height + 2 * item.reach_y - 1e-6)


def test_wrong_counts_are_rule_errors_at_their_line(tmp_path, copy_game):
    game = copy_game("dragon-line-deluxe",
                     ("game.yaml", "{name: Damage, copies: 40,", "{name: Damage, copies: 39,"),
                     published=False)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    report = Report()
    build(game, BuildOptions(out_dir=tmp_path / "out"), report)
    [error] = report.errors
    line = next(i for i, l in enumerate(text.splitlines(), start=1) if "total: {equals: 40}" in l)
    assert (error.line, error.code) == (line, "deck-total")
    assert error.message == "token set 'damage' has 39 tokens to print; the rules need exactly 40"


@pytest.mark.parametrize("mode, offset", [("long", (2.0, -1.5)), ("short", (-1.0, 2.0))])
def test_backs_move_by_the_back_offset_and_stay_out_of_the_margin(shapes_game, tmp_path, mode, offset):
    pdf = _build(shapes_game, tmp_path, duplex=mode, back_offset=offset)
    fronts, backs = _tokens(pdf, "front"), _tokens(pdf, "back")
    assert backs
    for n, set_id, index, _, x, y, *_ in backs:
        page = pdf.pages[n]
        fx, fy = (page.width - x + offset[0], y - offset[1]) if mode == "long" else \
            (x - offset[0], page.height - y + offset[1])
        assert any(f[:3] == (n - 1, set_id, index) and abs(f[4] - fx) <= TOL and abs(f[5] - fy) <= TOL
                   for f in fronts), (set_id, index)
    assert ink_in_margin(pdf.path, MARGIN, dpi=100) == []


def test_tokens_showing_one_picture_put_it_in_the_pdf_once(tmp_path, copy_game):
    game = copy_game("valid-minimal")
    with (game / "game.yaml").open("a", encoding="utf-8") as f:
        f.write("token_sets:\n  - id: art\n    size: 20mm\n    face: {layout: pictured}\n"
                "    tokens: [{name: One}, {name: Two, copies: 3}]\n")
    (game / "layouts" / "pictured.yaml").write_text(
        "elements:\n  art: {type: image, src: art/hero.png, fit: fit}\n", encoding="utf-8")
    pdf = _build(game, tmp_path / "out")
    assert len(_tokens(pdf, "front")) == 4
    images = [obj for obj in pdf.reader.pages[0]["/Resources"]["/XObject"].values()
              if obj.get_object()["/Subtype"] == "/Form"]
    assert images


PLAN_CASES = {
    "three sizes": [(Item("circle", 16.0), 40), (Item("circle", 19.0), 16), (Item("circle", 20.0), 16),
                    (Item("circle", 20.0), 20), (Item("circle", 23.0), 8), (Item("hexagon", 34.0), 1)],
    "blocks side by side": [(Item("circle", 30.0), 24),
                            (Item("circle", 30.0), [("P1", "Decoy"), ("P1", "Hound"), ("P2", "Decoy"),
                                                    ("P2", "Hound")]),
                            (Item("circle", 12.0), [("P1", "Hit")] * 5 + [("P2", "Hit")] * 5),
                            (Item("hexagon", 24.0), 28)],
    "pairs and ticks": [(Item("circle", 18.0, paired=True), 9), (Item("square", 22.0, ticks=True), 13),
                        (Item("rounded", 20.0), 3)],
}


def _print_box(item: Item, p) -> tuple[float, float, float, float]:
    """A placed token's print (its pair's, with its ticks), x0, y0, x1, y1."""
    x0 = p.x - item.width / 2
    return (x0 - reach(item.ticks), p.y - item.height / 2 - item.reach_y,
            x0 + item.span + reach(item.ticks), p.y + item.height / 2 + item.reach_y)


@pytest.mark.parametrize("case", sorted(PLAN_CASES))
def test_a_plan_keeps_every_print_apart_inside_the_margin_and_above_the_footer(case):
    groups = PLAN_CASES[case]
    plan = plan_token_sheets((210.0, 297.0), (MARGIN,) * 4, groups)
    assert sum(len(sheet) for sheet in plan.sheets) == sum(
        n if isinstance(n, int) else len(n) for _, n in groups)
    for sheet in plan.sheets:
        boxes = [_print_box(groups[p.group][0], p) for p in sheet]
        for x0, y0, x1, y1 in boxes:
            assert x0 >= MARGIN - 1e-6 and x1 <= 210.0 - MARGIN + 1e-6
            assert y0 >= MARGIN + FOOTER_ROOM - 1e-6 and y1 <= 297.0 - MARGIN + 1e-6
        for a, b in itertools.combinations(boxes, 2):     # the boxes hold circles and hexagons
            apart = max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])
            assert apart >= WHITE_GAP - 1e-6, (case, a, b)


def test_every_block_of_a_shelf_reaches_as_far_right_as_the_widest():
    """Rows of three sizes no longer end ragged: each block is spread to the width of the room
    (up to a limit), a short row centred under the others as near as their columns allow."""
    groups = PLAN_CASES["three sizes"][:4]
    plan = plan_token_sheets((210.0, 297.0), (MARGIN,) * 4, groups)
    for sheet in plan.sheets:
        for group in {p.group for p in sheet}:
            boxes = [_print_box(groups[group][0], p) for p in sheet if p.group == group]
            left, right = min(b[0] for b in boxes), max(b[2] for b in boxes)
            assert left - MARGIN == pytest.approx(210.0 - MARGIN - right, abs=0.6)
            assert right >= 210.0 - MARGIN - 1.0, group
    vp = sorted((p for sheet in plan.sheets for p in sheet if p.group == 3), key=lambda p: -p.y)
    rows = [sorted(p.x for p in vp if p.y == y) for y in sorted({p.y for p in vp}, reverse=True)]
    assert [len(r) for r in rows] == [7, 7, 6] and rows[2] == rows[0][:6]   # in the columns above
    dice = plan_token_sheets((210.0, 297.0), (MARGIN,) * 4, [(Item("circle", 18.0),
                                                                  [("P1", "Die")] * 8 + [("P2", "Die")] * 6)])
    [low] = {p.y for p in dice.sheets[0] if p.number >= 8}
    above = sorted(p.x for p in dice.sheets[0] if p.number < 8)
    assert sorted(p.x for p in dice.sheets[0] if p.y == low) == above[1:7]    # centred under them


def test_tokens_that_need_two_sheets_fill_them_about_equally():
    """About an A4 sheet and a half of tokens: not one full sheet and a near-empty overflow."""
    groups = PLAN_CASES["three sizes"]
    plan = plan_token_sheets((210.0, 297.0), (MARGIN,) * 4, groups)
    assert len(plan.sheets) == 2
    depths = [297.0 - MARGIN - min(_print_box(groups[p.group][0], p)[1] for p in sheet)
              for sheet in plan.sheets]
    assert min(depths) >= 0.6 * max(depths), depths


def test_a_block_of_several_rows_goes_beside_the_block_above_where_it_fits():
    groups = PLAN_CASES["blocks side by side"][:3]
    plan = plan_token_sheets((210.0, 297.0), (MARGIN,) * 4, groups)
    assert len(plan.sheets) == 1
    summons = [p for sheet in plan.sheets for p in sheet if p.group == 1]
    markers = [p for sheet in plan.sheets for p in sheet if p.group == 2]
    assert len({p.y for p in markers}) == 2 and min(p.x for p in markers) > max(p.x for p in summons)
    assert max(p.y for p in markers) == pytest.approx(max(p.y for p in summons) + 9.0)  # tops level
