"""Boards read back from the PDF: a board that fits prints whole at its size; a larger one is
tiled, and its tiles, laid over each other by their overlap, join to the whole board and its
bleed; no tile prints within the printer margin; each tile says where it goes."""
from __future__ import annotations

import math
from pathlib import Path


import pytest
import yaml
from pdfsheets import ink_in_margin, read_pdf

from cardgen.base.errors import Report
from cardgen.pipeline import BuildOptions, build
from cardgen.base.model import Board, Face, Source
from cardgen.catalog import page_sizes
from cardgen.load.game import load_game
from cardgen.render.boards import INK_INSET, JOIN_LINE_WIDTH, join_marks
from cardgen.shared.packing import TOKEN_BLEED
from cardgen.shared.tiling import OVERLAP, plan_tiles

REPO = Path(__file__).resolve().parents[2]
MARGIN, BLEED, TOL = 5.0, 3.0, 0.1


def _boards(game_dir: Path, out: Path, **options) -> dict:
    report = Report()
    written = build(game_dir, BuildOptions(out_dir=out, only=("boards",), **options), report)
    assert not report.has_errors(), [d.format() for d in report.errors]
    return {p.stem: read_pdf(p) for p in written}


def _regions(pdf) -> list[tuple[float, float, float, float]]:
    """The part of the board each page shows, in board coordinates (mm from its bottom-left): its
    clip, which keeps INK_INSET inside the tile's region."""
    out = []
    for page in pdf.pages:
        [p] = [p for p in page.placements if p.form.startswith("board")]
        x0, y0, x1, y1 = p.clip
        out.append((x0 - p.x - INK_INSET, y0 - p.y - INK_INSET, x1 - p.x + INK_INSET, y1 - p.y + INK_INSET))
    return out


def _size(pdf) -> tuple[float, float]:
    x0, y0, x1, y1 = (float(v) / (72 / 25.4) for v in pdf.form("board-1")["/BBox"])
    return x1 - x0 - 2 * BLEED, y1 - y0 - 2 * BLEED


def _covers(regions, width: float, height: float) -> None:
    """The regions together cover the board and its bleed, and neighbours overlap by OVERLAP."""
    xs = sorted({round(r[0], 3) for r in regions})
    ys = sorted({round(r[1], 3) for r in regions})
    assert min(r[0] for r in regions) <= -BLEED + TOL and max(r[2] for r in regions) >= width + BLEED - TOL
    assert min(r[1] for r in regions) <= -BLEED + TOL and max(r[3] for r in regions) >= height + BLEED - TOL
    for x0, y0, x1, y1 in regions:
        right = [r for r in regions if abs(r[1] - y0) < TOL and r[0] > x0 + TOL]
        if right:
            nearest = min(right, key=lambda r: r[0])
            assert x1 - nearest[0] >= OVERLAP - TOL, "a gap or too little overlap between columns"
        below = [r for r in regions if abs(r[0] - x0) < TOL and r[1] < y0 - TOL]
        if below:
            nearest = max(below, key=lambda r: r[1])
            assert nearest[3] - y0 >= OVERLAP - TOL, "a gap or too little overlap between rows"
    assert len(regions) == len(xs) * len(ys)


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    out = {}
    for game in ("fantasy-arena-tactics", "time-line-battle-v1", "time-line-battle-v2",
                 "fantasy-line-battle"):
        out.update({(game, k): v for k, v in
                    _boards(REPO / "data" / game, tmp_path_factory.mktemp(game)).items()})
    return out


def test_a_board_that_fits_prints_whole_at_its_size(shipped):
    arena = shipped["fantasy-arena-tactics", "arena"]
    assert len(arena.pages) == 1
    assert _size(arena) == pytest.approx((184.0, 240.0), abs=TOL)
    [region] = _regions(arena)
    assert region[0] <= -BLEED + TOL and region[2] >= 184.0 + BLEED - TOL
    assert "a b c d e f" in " ".join(arena.pages[0].text.split())  # the columns are lettered


def test_a_timeline_mat_too_wide_for_a_page_is_tiled_and_its_tiles_join(shipped):
    mat = shipped["time-line-battle-v1", "timeline"]
    assert _size(mat) == pytest.approx((442.0, 178.0), abs=TOL)
    regions = _regions(mat)
    assert len(regions) == 4                          # two tiles, one mat a player
    _covers(regions[:2], 442.0, 178.0)
    assert regions[:2] == regions[2:]
    assert "tile 2 of 2" in mat.pages[1].text and "glue over tile 1" in mat.pages[1].text


@pytest.mark.parametrize("key, pages", [(("time-line-battle-v1", "timeline"), 4),
                                        (("time-line-battle-v2", "timeline"), 2),
                                        (("fantasy-line-battle", "tracker"), 2),
                                        (("fantasy-arena-tactics", "arena"), 1)])
def test_each_board_takes_the_pages_it_needs(shipped, key, pages):
    """v2's mat (271 x 135 mm) and FLB's tracker print whole on a landscape A4 page, one a
    player; only v1's five columns need two tiles."""
    assert len(shipped[key].pages) == pages


@pytest.mark.parametrize("key, owners", [
    (("time-line-battle-v1", "timeline"), ("Ember Command", "Cobalt Command")),
    (("time-line-battle-v2", "timeline"), ("Crimson Army", "Azure Army")),
    (("fantasy-line-battle", "tracker"), ("Player 1", "Player 2"))])
def test_each_copy_shows_its_owner_on_the_board(shipped, key, owners):
    pdf = shipped[key]
    half = len(pdf.pages) // 2
    for number, page in enumerate(pdf.pages):
        mine, theirs = owners if number < half else owners[::-1]
        [form] = [p.form for p in page.placements if p.form.startswith("board")]
        drawn = page.form_text[form]                  # on the board itself, not its label
        assert mine in drawn and theirs not in drawn, (number, drawn)
    assert pdf.form("board-1")["/BBox"] == pdf.form("board-2")["/BBox"]


@pytest.mark.parametrize("key", [("fantasy-arena-tactics", "arena"), ("time-line-battle-v1", "timeline"),
                                 ("time-line-battle-v2", "timeline"), ("fantasy-line-battle", "tracker")])
def test_no_board_prints_within_the_printer_margin(shipped, key):
    assert ink_in_margin(shipped[key].path, MARGIN) == []


@pytest.mark.parametrize("page", ["a4", "letter", "a3"])
def test_a_large_board_tiles_in_rows_and_columns_on_every_page_size(copy_game, tmp_path, page):
    game = copy_game("valid-minimal")
    with (game / "game.yaml").open("a", encoding="utf-8") as f:
        f.write("boards:\n  - {id: map, width: 520mm, height: 430mm, face: {layout: map}}\n")
    (game / "layouts" / "map.yaml").write_text(
        "elements:\n  sea: {type: rect, bleed: true, fill: '#2f5d80'}\n"
        "  land: {type: ellipse, x: 20%, y: 20%, width: 60%, height: 60%, fill: '#5d8030'}\n",
        encoding="utf-8")
    [pdf] = _boards(game, tmp_path / "out", page=page).values()
    regions = _regions(pdf)
    assert len({round(r[0]) for r in regions}) >= 2 and len({round(r[1]) for r in regions}) >= 2
    _covers(regions, 520.0, 430.0)
    assert ink_in_margin(pdf.path, MARGIN) == []
    assert pdf.reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"


def test_tiles_are_no_larger_than_they_need_be():
    plan = plan_tiles((210.0, 297.0), MARGIN, 300.0, 150.0, BLEED)
    first, second = plan.tiles
    assert (plan.columns, plan.rows) == (2, 1)
    assert first.x + first.width - second.x == pytest.approx(OVERLAP)


def test_a_board_past_the_tile_limit_is_an_error_at_its_line(copy_game, tmp_path):
    game = copy_game("valid-minimal")
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text + "boards:\n  - {id: huge, width: 2000mm, height: 2000mm, "
                                    "face: {layout: back, values: {label: Huge, deck.color: '#333333'}}}\n", encoding="utf-8")
    report = Report()
    build(game, BuildOptions(out_dir=tmp_path / "out"), report)
    [error] = report.errors
    assert (error.line, error.code) == (len(text.splitlines()) + 2, "page-fit")
    assert error.message.startswith("a 2000 x 2000 mm board takes ")
    assert error.message.endswith(" pages; the limit is 64")


@pytest.mark.parametrize("width, page", [(371.0, (297.0, 210.0)), (300.0, (210.0, 297.0)),
                                         (184.0, (210.0, 297.0))])
def test_tiles_lie_on_the_page_orientation_that_uses_least_paper(width, page):
    """A timeline mat takes two tiles either way: v1's wide tiles (199.5 x 166 mm) lie on a
    wide page, v2's (164 x 166 mm) on a tall one. A board that only fits upright stays upright."""
    plan = plan_tiles((210.0, 297.0), MARGIN, width, 150.0 if width > 184 else 230.0, BLEED)
    assert (plan.page_width, plan.page_height) == page
    assert len(plan.tiles) == (2 if width > 297 else 1)


def test_fewer_pages_win():
    """250 x 420 mm: upright, 2 x 2 tiles; on its side, 1 x 3. Three pages win."""
    plan = plan_tiles((210.0, 297.0), MARGIN, 250.0, 420.0, BLEED)
    assert (plan.columns, plan.rows) == (1, 3) and (plan.page_width, plan.page_height) == (297.0, 210.0)
    _covers([(t.x, t.y, t.x + t.width, t.y + t.height) for t in plan.tiles], 250.0, 420.0)


@pytest.mark.parametrize("game", ["time-line-battle-v1", "time-line-battle-v2", "fantasy-line-battle"])
def test_every_tile_s_label_names_the_game_the_board_and_its_copy(shipped, game):
    key = (game, "tracker" if game == "fantasy-line-battle" else "timeline")
    pages = shipped[key].pages
    half = len(pages) // 2
    title = "Fantasy Line Battle" if game == "fantasy-line-battle" else "Time Line Battle"
    for number, page in enumerate(pages):
        player = "Player 1" if number < half else "Player 2"
        assert title in page.text and f", {player}" in page.text, (number, page.text)


def _layout_boxes(game: str, layout: str) -> dict[str, tuple[float, float, float, float]]:
    """Each element's box (x, y, width, height in mm from the top-left) but those that fill the
    bleed."""
    raw = yaml.safe_load((REPO / "data" / game / "layouts" / f"{layout}.yaml").read_text(encoding="utf-8"))
    mm = lambda v: float(str(v).removesuffix("mm"))
    return {name: tuple(mm(e.get(k, 0)) for k in ("x", "y", "width", "height"))
            for name, e in raw["elements"].items() if not e.get("bleed")}


@pytest.mark.parametrize("game, page", [("time-line-battle-v1", "a4"), ("time-line-battle-v1", "letter"),
                                        ("time-line-battle-v2", "letter")])
def test_no_join_crosses_a_slot_a_heading_or_the_title(game, page):
    loaded = load_game(REPO / "data" / game, Report())
    [board] = loaded.boards
    plan = plan_tiles(page_sizes()[page], MARGIN, board.width, board.height, BLEED,
                      board.split_x, board.split_y)
    assert plan.columns == 2 and plan.splits_kept
    join = sum(plan.overlap_x(0)) / 2
    crossed = [name for name, (x, _, w, _) in _layout_boxes(game, "timeline-mat").items()
               if x < join < x + w]
    assert join in board.split_x and crossed == []


def test_a_board_joins_evenly_where_its_split_lines_cannot_serve():
    plan = plan_tiles((210.0, 297.0), MARGIN, 368.0, 176.0, BLEED, split_x=(20.0,))
    assert not plan.splits_kept and len(plan.tiles) == 2


@pytest.mark.parametrize("width, height, splits", [(368.0, 176.0, (219.5,)), (520.0, 430.0, ())])
def test_join_marks_lie_where_they_are_cut_away_covered_or_off_the_board(width, height, splits):
    """What shows of a tile once joined runs from the join on its left (or the board's edge) to
    the join on its right, and likewise up and down; no trim or glue mark's ink reaches into it,
    and the ticks lie outside the board and its bleed."""
    plan = plan_tiles((210.0, 297.0), MARGIN, width, height, BLEED, split_x=splits)
    board = Board("b", "b", width, height, Face("x"), Source("game.yaml", 1, ()))
    half = JOIN_LINE_WIDTH / 2
    for tile in plan.tiles:
        c, r = tile.column, tile.row
        x0 = sum(plan.overlap_x(c - 1)) / 2 if c else -math.inf
        x1 = sum(plan.overlap_x(c)) / 2 if c < plan.columns - 1 else math.inf
        y1 = sum(plan.overlap_y(r - 1)) / 2 if r else math.inf
        y0 = sum(plan.overlap_y(r)) / 2 if r < plan.rows - 1 else -math.inf
        marks = join_marks(board, plan, tile, BLEED)
        assert marks.glue or marks.trim
        for sx0, sy0, sx1, sy1 in marks.trim + marks.glue:
            left, right = min(sx0, sx1) - half, max(sx0, sx1) + half
            low, high = min(sy0, sy1) - half, max(sy0, sy1) + half
            inside = right > x0 + 1e-9 and left < x1 - 1e-9 and high > y0 + 1e-9 and low < y1 - 1e-9
            assert not inside, (tile, (sx0, sy0, sx1, sy1))
        for sx0, sy0, sx1, sy1 in marks.ticks:
            off = (min(sy0, sy1) >= height + BLEED or max(sy0, sy1) <= -BLEED or
                   min(sx0, sx1) >= width + BLEED or max(sx0, sx1) <= -BLEED)
            assert off, (tile, (sx0, sy0, sx1, sy1))


def test_a_tracker_cell_holds_a_marker_with_its_bleed():
    loaded = load_game(REPO / "data" / "fantasy-line-battle", Report())
    [markers] = [s for s in loaded.token_sets if s.id == "tracker-markers"]
    needed = markers.size + 2 * TOKEN_BLEED
    cells = {n: b for n, b in _layout_boxes("fantasy-line-battle", "tracker").items()
             if "_ones_" in n or "_tens_" in n}
    assert len(cells) == 4 * 15
    for name, (x, y, w, h) in cells.items():
        assert min(w, h) >= needed, name
        others = [b for n, b in cells.items() if n != name]
        assert not any(x < ox + ow and ox < x + w and y < oy + oh and oy < y + h
                       for ox, oy, ow, oh in others), name


def test_the_tracker_says_how_the_tens_add_once():
    boxes = _layout_boxes("fantasy-line-battle", "tracker")
    raw = (REPO / "data" / "fantasy-line-battle" / "layouts" / "tracker.yaml").read_text(encoding="utf-8")
    assert raw.count("make **27**") == 1 and "how" in boxes


@pytest.mark.parametrize("spec, message", [
    ("copies: 2, copy_values: [{player: A}]", "1 sets of copy values for 2 copies"),
    ("split_x: [400mm]", "a split at 400 mm is not inside the board's width of 300 mm")])
def test_copy_values_and_splits_are_checked_at_their_line(copy_game, tmp_path, spec, message):
    game = copy_game("valid-minimal")
    with (game / "game.yaml").open("a", encoding="utf-8") as f:
        f.write("boards:\n  - {id: mat, width: 300mm, height: 150mm, %s, "
                "face: {layout: back, values: {label: Mat, deck.color: '#333333'}}}\n" % spec)
    report = Report()
    build(game, BuildOptions(out_dir=tmp_path / "out"), report)
    assert [e.message for e in report.errors if message in e.message], [d.format() for d in report.errors]


GAMES = ("fantasy-arena-tactics", "time-line-battle-v1", "time-line-battle-v2", "fantasy-line-battle")


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_no_ink_within_the_printer_margin_on_any_board_page(tmp_path, page):
    """Rasterised at 150 dpi, every board page's ink lies 5 mm or more from each paper edge."""
    import pypdfium2
    px = 25.4 / 150
    for game in GAMES:
        report = Report()
        written = build(REPO / "data" / game, BuildOptions(out_dir=tmp_path / game, only=("boards",),
                                                            page=page), report)
        for path in written:
            document = pypdfium2.PdfDocument(str(path))
            for number in range(len(document)):
                image = document[number].render(scale=150 / 72).to_pil().convert("L")
                x0, y0, x1, y1 = image.point(lambda v: 255 if v < 250 else 0).getbbox()
                width, height = image.size
                assert min(x0, y0, width - x1, height - y1) * px >= MARGIN, (game, path.name, number + 1)


def test_v1_mat_tiles_are_even_and_centred_on_their_pages(shipped):
    mat = shipped["time-line-battle-v1", "timeline"]
    widths = [r[2] - r[0] for r in _regions(mat)[:2]]
    assert max(widths) <= min(widths) * 1.15
    for page in mat.pages[:2]:
        [p] = [p for p in page.placements if p.form.startswith("board")]
        x0, _, x1, _ = p.clip
        assert x0 - 0.0 == pytest.approx(page.width - x1, abs=0.2)


def _slots(game: str) -> dict[str, tuple[float, float, float, float]]:
    """The boxes a timeline mat holds its cards in: its Day columns."""
    return {n: b for n, b in _layout_boxes(game, "timeline-mat").items()
            if n.startswith("day_") and n.endswith(("_panel", "_slot"))}


@pytest.mark.parametrize("game", ["time-line-battle-v1", "time-line-battle-v2"])
def test_a_join_keeps_3_mm_from_every_slot_box_or_runs_along_a_line_two_share(game):
    """A join clear of the slots, or on the side line two neighbouring slots share, where the
    seam hides in the printed line."""
    board = load_game(REPO / "data" / game, Report()).boards[0]
    boxes = _slots(game)
    assert len(boxes) in (4, 5)
    for x in board.split_x:
        shared = (any(abs(bx + bw - x) < 1e-6 for bx, _, bw, _ in boxes.values())
                  and any(abs(bx - x) < 1e-6 for bx, *_ in boxes.values()))
        for name, (bx, by, bw, bh) in boxes.items():
            assert shared or x <= bx - 3.0 or x >= bx + bw + 3.0, (name, x)


@pytest.mark.parametrize("game", ["time-line-battle-v1", "time-line-battle-v2"])
def test_the_timeline_mats_columns_stand_evenly(game):
    """The same space between every two neighbouring Day columns, the tiles' join included."""
    boxes = sorted(_slots(game).values())
    gaps = {round(b[0] - (a[0] + a[2]), 3) for a, b in zip(boxes, boxes[1:])}
    assert len(gaps) == 1, gaps


@pytest.mark.parametrize("game", ["time-line-battle-v1", "time-line-battle-v2"])
def test_a_slot_holds_a_hand_cut_card_with_room_to_spare(game):
    """Inside its border line, each Day column is a poker card wide and 3 mm more."""
    raw = yaml.safe_load((REPO / "data" / game / "layouts" / "timeline-mat.yaml").read_text(encoding="utf-8"))
    for name, (x, y, w, h) in _slots(game).items():
        stroke = float(str(raw["elements"][name]["stroke_width"]).removesuffix("mm"))
        assert w - stroke >= 63.5 + 3.0, name


@pytest.mark.parametrize("game, card, band", [("time-line-battle-v1", "card", ("name", "kind", "title_rule")),
                                              ("time-line-battle-v2", "character", ("name", "order_badge"))])
def test_a_later_card_leaves_the_title_band_of_the_card_under_it_showing(game, card, band):
    """The ticks that mark a later card's top edge lie below the whole title band of the card
    under it, as its layout draws it: a two-line name stays readable."""
    raw = yaml.safe_load((REPO / "data" / game / "layouts" / f"{card}.yaml").read_text(encoding="utf-8"))
    mm = lambda v: float(str(v).removesuffix("mm"))
    title_bottom = max(mm(raw["elements"][n]["y"]) + mm(raw["elements"][n].get("height", 0))
                       + mm(raw["elements"][n].get("stroke_width", 0)) / 2 for n in band)
    boxes = _layout_boxes(game, "timeline-mat")
    first = min(y for n, (_, y, _, _) in boxes.items() if n.endswith("first_top"))
    ticks = sorted({y for n, (_, y, _, _) in boxes.items()
                    if n.startswith("day_") and ("notch" in n or "tick" in n)})
    assert ticks
    for upper, lower in zip([first] + ticks, ticks):
        assert lower - upper >= title_bottom, (upper, lower, title_bottom)


def test_the_arena_shows_each_player_s_placement_zone(shipped):
    boxes = _layout_boxes("fantasy-arena-tactics", "arena")
    grid = boxes["tiles"]
    near, far = boxes["near_zone"], boxes["far_zone"]
    assert far[1] == grid[1] and near[1] + near[3] == grid[1] + grid[3]
    assert far[3] == near[3] == grid[3] / 2
    text = " ".join(shipped["fantasy-arena-tactics", "arena"].pages[0].text.split())
    assert "P1's side (gold pieces): rows 1-3" in text
    assert "P2'sside(indigopieces):rows4-6" in text.replace(" ", "")   # turned to face that player
    assert "Hits scored by P1 (gold)" in text
