"""The shipped games' booklets typeset like a book, checked on the pages as laid out (where each
flowable went, recorded by the layout itself) and on the imposed PDFs `cardgen build` writes: a
heading is never the last thing on a page, a note or list item never runs over two pages, a
split table repeats its header with two rows or more either side, no page is less than a third
full but a part's last, the contents fill their pages, the spare pages are put to use, and every
link and outline entry leads to a page of the booklet."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.platypus import Flowable, PageBreak, Table

from cardgen.base.errors import Report
from cardgen.pipeline import BuildOptions, build, check
from cardgen.render.boards import Boards
from cardgen.render.booklet.back_cover import InTheBox, Spread, Stack
from cardgen.render.card_sheets import CardSheets
from cardgen.render.token_sheets import TokenSheets
from cardgen.render.booklet.flowables import ChapterBreak, Heading, Note, PartBreak, RichText
from cardgen.render.booklet.tables import BookTable
from cardgen.render.booklet.keeping import LEAST_ITEMS, LONG_LINES, SHORT_ITEMS, SHORT_LINES, ItemList, \
    KeptWithNext, headings, parts_of
from cardgen.render.booklet.parts import NO_VALUE, PROTOTYPE_MARK, card_reference, \
    prototype_notice, reference_table
from cardgen.render.booklet.typesetter import Typesetter
from cardgen.validate.documents import game_lookup
from cardgen.render.booklet.typesetter import CELL_PAD
from cardgen.render.booklet.template import Contents
from cardgen.render.booklets import Booklets, booklet_pages, page_styles
from cardgen.shared.saddle_stitch import padded

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())
MM = 72 / 25.4


@pytest.fixture(scope="session")
def laid_out():
    """Each game's booklet pages as typeset, and its frame: (foot, top) in points."""
    out = {}
    for name in GAMES:
        checked = check(ROOT / "data" / name, Report(), BuildOptions(only=("booklets",)))
        document = checked.game.documents[0]
        style = page_styles(checked.game, document)[1]
        frame = ((style.margin + 4.0) * MM, (style.height - style.margin) * MM)
        out[name] = (booklet_pages(checked.game, checked.faces, document), frame)
    return out


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("booklets")
    for name in GAMES:
        report = Report()
        build(ROOT / "data" / name, BuildOptions(out_dir=out, only=("booklets",)), report)
        assert not report.has_errors()
    return {name: out / name / "rules-booklet.pdf" for name in GAMES}


def _by_page(typeset) -> dict[int, list]:
    pages: dict[int, list] = {}
    for placed in typeset.placed:
        pages.setdefault(placed.page, []).append(placed)
    return pages


def _drawn(placed_list):
    return [p for p in placed_list if not getattr(p.flowable, "_ZEROSIZE", False)
            and p.top > p.bottom]


@pytest.mark.parametrize("game", GAMES)
def test_a_heading_is_never_the_last_thing_on_a_page(laid_out, game):
    typeset, _ = laid_out[game]
    for page, placed in _by_page(typeset).items():
        drawn = _drawn(placed)
        assert not drawn or not isinstance(drawn[-1].flowable, Heading), (game, page)


@pytest.mark.parametrize("game", GAMES)
def test_notes_and_list_items_are_never_split(laid_out, game):
    typeset, _ = laid_out[game]
    for placed in typeset.placed:
        for flowable in parts_of(placed.flowable):
            if isinstance(flowable, RichText) and (isinstance(flowable, Note) or flowable.bullet
                                                   or flowable.whole):
                assert not _is_piece(flowable), (game, placed.page, flowable.parsed.plain[:40])


def _is_piece(flowable: RichText) -> bool:
    """A piece of a split paragraph: its layout holds fewer lines than the text sets."""
    full = RichText(flowable.parsed, flowable.family, flowable.size, flowable.leading,
                    indent=flowable.indent)
    full.wrap(flowable._width, 1e9)
    return len(full._layout.lines) != len(flowable._layout.lines)


@pytest.mark.parametrize("game", GAMES)
def test_a_split_table_repeats_its_header_and_leaves_two_rows_either_side(laid_out, game):
    typeset, _ = laid_out[game]
    tables = []
    for placed in typeset.placed:
        flowable = placed.flowable
        if isinstance(flowable, KeptWithNext):
            flowable = flowable.follower
        if isinstance(flowable, BookTable):
            tables.append((placed.page, flowable))
    for (page, table), following in zip(tables, tables[1:] + [(None, None)]):
        header = table.repeatRows
        if following[1] is not None and following[0] == page + 1 and following[1].continues:
            assert len(table._cellvalues) - header >= 2, (game, page)
            assert len(following[1]._cellvalues) - header >= 2, (game, page + 1)


@pytest.mark.parametrize("game", GAMES)
def test_every_page_but_a_parts_last_is_a_third_full(laid_out, game):
    typeset, (foot, top) = laid_out[game]
    pages = _by_page(typeset)
    text_pages = max(p for p, placed in pages.items() if _drawn(placed))
    for page, placed in pages.items():
        ends_part = any(isinstance(p.flowable, PageBreak) or (isinstance(p.flowable, PartBreak)
                                                              and p.flowable.broke)
                        for p in placed)
        if page <= 2 or page >= text_pages or ends_part:
            continue                   # the cover, the contents, the end of the text
        lowest = min(p.bottom for p in _drawn(placed))
        assert (top - lowest) / (top - foot) >= 1 / 3, (game, page)


@pytest.mark.parametrize("game", GAMES)
def test_the_contents_take_one_page_at_a_legible_size(laid_out, game):
    """The contents are the tables between the cover and the first heading: on one page, set at
    7 pt or more; or, when they need two, the second is at least a third full."""
    typeset, (foot, top) = laid_out[game]
    first_heading = min(p.page for p in typeset.placed if headings(p.flowable))
    pieces = [p for p in typeset.placed
              if 1 < p.page < first_heading and isinstance(p.flowable, (Table, Contents))]
    assert pieces, game
    cells = [row[0] for p in pieces for row in getattr(p.flowable, "_table", p.flowable)._cellvalues]
    sizes = [cell[0].style.fontSize for cell in cells if hasattr(cell[0], "style")]
    assert len(sizes) > 10 and min(sizes) >= 7, (game, min(sizes))
    if len(pieces) > 1:
        last = pieces[-1]
        assert (last.top - last.bottom) / (top - foot) >= 1 / 3, (game, len(pieces))
    assert len(pieces) == 1, (game, [p.page for p in pieces])


@pytest.mark.parametrize("game", GAMES)
def test_the_spare_pages_are_notes_and_a_back_cover(laid_out, built, game):
    typeset, _ = laid_out[game]
    pages = len(PdfReader(built[game]).pages) * 2
    assert pages == padded(typeset.pages) == typeset.pages      # nothing left blank
    last = PdfReader(built[game])          # the back cover is page 1's partner: sheet 1 front left
    text = last.pages[0].extract_text()
    assert "In the box" in text or typeset.pages % 4 == 0, game


@pytest.mark.parametrize("game", GAMES)
def test_links_and_outline_lead_to_pages_of_the_booklet(built, game):
    reader = PdfReader(built[game])
    tree = {page.indirect_reference.idnum for page in reader.pages}
    links = 0
    for page in reader.pages:
        for annotation in page.get("/Annots", ()):
            annotation = annotation.get_object()
            if annotation.get("/Subtype") == "/Link":
                links += 1
                assert annotation["/Dest"][0].idnum in tree, game
                assert annotation["/Dest"][1] == "/FitR"

    def walk(items):
        count = 0
        for item in items:
            if isinstance(item, list):
                count += walk(item)
            else:
                assert item.page.idnum in tree, (game, item.title)
                count += 1
        return count

    assert links > 10 and walk(reader.outline) > 10, game
    stray = [n for n in _page_objects(reader) if n not in tree]
    assert not stray, game


def _page_objects(reader: PdfReader) -> list[int]:
    """Every object in the file whose /Type is /Page."""
    found = []
    for generation in reader.xref.values():
        for number in generation:
            obj = reader.get_object(number)
            if hasattr(obj, "get") and obj.get("/Type") == "/Page":
                found.append(number)
    return found


def test_contents_too_long_for_one_page_leave_a_third_of_a_page_on_their_last():
    """Entries that do not fit at 7 pt split at their full size, the last page a third full or
    more however many entries overflow."""
    from reportlab.lib.colors import Color
    from reportlab.pdfgen.canvas import Canvas

    from cardgen.render.booklet.template import PageStyle, contents

    style = PageStyle(148.0, 210.0, 13.0, 9.0, Color(0.5, 0.2, 0.2))
    for count in (60, 62, 66, 80):
        toc = contents(style)
        toc.canv = Canvas(io.BytesIO())
        toc._lastEntries = [(1 if n % 6 else 0, f"Part {n}", n, f"k{n}") for n in range(count)]
        _, height = toc.wrap(300, toc.page)
        assert height > toc.page
        pieces = toc.split(300, toc.page)
        heights = [piece.wrap(300, toc.page)[1] for piece in pieces]
        assert len(pieces) >= 2 and max(heights) <= toc.page, count
        assert heights[-1] >= toc.page / 3, (count, heights)
        assert sum(len(p._cellvalues) for p in pieces) == len(toc._table._cellvalues)


def _in_order(typeset) -> list[tuple[int, object]]:
    """Every flowable drawn, page by page, those kept together listed one by one: (page, it)."""
    out = []
    for placed in typeset.placed:
        if placed in _drawn([placed]):
            out += [(placed.page, part) for part in parts_of(placed.flowable)]
    return out


def _starts_a_block(flowable) -> bool:
    """A table or a list item: a block a heading's intro leads into."""
    return isinstance(flowable, Table) or (isinstance(flowable, RichText) and bool(flowable.bullet))


@pytest.mark.parametrize("game", GAMES)
def test_a_heading_and_its_intro_go_with_the_block_they_introduce(laid_out, game):
    """No page ends with a heading followed by two lines of text or fewer when the next page
    starts its section's table or list."""
    flow = _in_order(laid_out[game][0])
    for (page, flowable), (next_page, following) in zip(flow, flow[1:]):
        if next_page == page or not _starts_a_block(following):
            continue
        on_page = [f for p, f in flow if p == page]
        last_heading = max((i for i, f in enumerate(on_page) if isinstance(f, Heading)),
                           default=None)
        if last_heading is None:
            continue
        after = on_page[last_heading + 1:]
        lines = sum(len(f._layout.lines) for f in after if isinstance(f, RichText))
        stranded = all(type(f) is RichText and not f.bullet for f in after) and lines <= 2
        assert not stranded, (game, page, on_page[last_heading].plain)


def _back_cover(typeset) -> Spread | None:
    covers = [p for p in typeset.placed if isinstance(p.flowable, Spread)]
    assert all(p.page == typeset.pages for p in covers)
    return covers[0].flowable if covers else None


@pytest.mark.parametrize("game", GAMES)
def test_the_back_cover_counts_the_box_kind_by_kind(laid_out, built, game):
    """The back cover's panel says how many cards, tokens and boards are in the box, one line
    each and no details (those are the rules' components table); the imposed sheet prints it."""
    typeset, _ = laid_out[game]
    cover = _back_cover(typeset)
    if cover is None:
        assert typeset.pages == padded(typeset.pages), game     # the text fills the last sheet
        return
    (panel,) = [b for b in cover.blocks if isinstance(b, InTheBox)]
    checked = check(ROOT / "data" / game, Report(), BuildOptions(only=("booklets",)))
    cards = sum(deck.card_count for deck in checked.game.decks)
    assert (cards, "cards") in panel.counts, game
    assert len(panel.counts) == len({*panel.counts}) <= 3
    text = " ".join(PdfReader(built[game]).pages[0].extract_text().split())
    for count, noun in panel.counts:
        assert f"{count} {noun}" in text, (game, noun)


def _tables(typeset) -> list[tuple[int, BookTable]]:
    """Every table laid out, piece by piece: (page, piece)."""
    out = []
    for page, flowable in _in_order(typeset):
        if isinstance(flowable, BookTable):
            out.append((page, flowable))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_no_cell_runs_into_the_next_column(laid_out, game):
    """Every line of every cell, as the table set it, is no wider than its column less the
    cell's padding."""
    tables = _tables(laid_out[game][0])
    assert tables, game
    for page, table in tables:
        for row in table._cellvalues:
            for (cell,), width in zip(row, table._colWidths):
                for line in cell._layout.lines:
                    assert line.width <= width - 2 * CELL_PAD + 0.01, \
                        (game, page, cell.parsed.plain, line.width, width)


def _broken(cell) -> bool:
    return len(cell._layout.lines) > 1


def _whole_tables(typeset) -> list[tuple[int, list]]:
    """Every table laid out as one: the body rows of its pieces on following pages joined under
    its header row. (first page, [header, *rows])."""
    out: list[tuple[int, list]] = []
    last_page = None
    for page, table in _tables(typeset):
        rows = table._cellvalues
        header = table.repeatRows or 0
        if out and table.continues and last_page == page - 1:
            out[-1][1].extend(rows[header:])
        else:
            out.append((page, list(rows)))
        last_page = page
    return out


def _text(line) -> str:
    return "".join(piece.text for piece in line.pieces).replace(" ", "").replace("\u00a0", "")


@pytest.mark.parametrize("game", GAMES)
def test_short_values_and_names_are_never_broken(laid_out, game):
    """A measurement ("63.5 x 88.9 mm", held by no-break spaces) stays on one line, and so does
    every value of a column of short values and a card's name, when the table has a column of
    longer text to take the rest."""
    for page, rows in _whole_tables(laid_out[game][0]):
        for row in rows[1:]:
            for (cell,) in row:
                for group in re.findall(r"\S*\u00a0\S*(?:\u00a0\S*)*", cell.parsed.plain):
                    held = group.replace("\u00a0", "")
                    assert any(held in _text(line) for line in cell._layout.lines), \
                        (game, page, group)
        columns = list(zip(*rows[1:]))
        widths = [max(len(c[0].parsed.plain) for c in column) for column in columns]
        for n, column in enumerate(columns):
            if max(widths) > 40 and widths[n] <= 22 and widths[n] < max(widths):
                assert not any(_broken(c) for (c,) in column), (game, page, n)


@pytest.mark.parametrize("game", GAMES)
def test_reference_tables_print_a_dash_for_no_value_and_no_empty_column(laid_out, game):
    dashes = 0
    for page, rows in _whole_tables(laid_out[game][0]):
        for n in range(len(rows[0])):
            values = [row[n][0].parsed.plain.strip() for row in rows[1:]]
            assert not all(v in ("", NO_VALUE) for v in values), (game, page, n)
            if NO_VALUE in values:
                dashes += 1
                assert "" not in values, (game, page, n)
    assert dashes or game != "fantasy-line-battle"      # its Spells leave Amount empty


@pytest.mark.parametrize("game", GAMES)
def test_a_short_table_is_never_split(laid_out, game):
    """A table under a third of a page, or of SHORT_ROWS body rows or fewer under half a page,
    moves whole to the next page rather than split."""
    typeset, (foot, top) = laid_out[game]
    pieces = _tables(typeset)
    for (page, table), (next_page, following) in zip(pieces, pieces[1:]):
        header = table.repeatRows or 0
        if next_page == page + 1 and following.continues:
            rows = len(table._cellvalues) + len(following._cellvalues) - 2 * header
            height = table._height + following._height - sum(following._rowHeights[:header])
            assert height >= following.page / 3, (game, page, height)
            assert rows > BookTable.SHORT_ROWS or height >= following.page / 2, (game, page, rows)


@pytest.mark.parametrize("game", GAMES)
def test_no_line_alone_tops_a_page(laid_out, game):
    """A page's first text is never a one-line paragraph that closes its section."""
    flow = _in_order(laid_out[game][0])
    for (page, flowable), (next_page, following) in zip(flow, flow[1:]):
        if next_page != page and type(following) is RichText and not following.bullet:
            position = flow.index((next_page, following))
            after = flow[position + 1][1] if position + 1 < len(flow) else None
            if after is None or isinstance(after, Heading):
                assert len(following._layout.lines) > 1, (game, next_page, following.parsed.plain)


@pytest.mark.parametrize("game", GAMES)
def test_the_back_cover_says_how_to_print_in_each_kinds_words_and_not_the_front_covers(laid_out,
                                                                                        game):
    """The printing guide names the paper, then says what each output kind says of its own
    files (so it cannot contradict them), at 7.5 pt or more; it does not repeat the description
    the front cover gives."""
    typeset, _ = laid_out[game]
    cover = _back_cover(typeset)
    if cover is None:
        return
    checked = check(ROOT / "data" / game, Report(), BuildOptions(only=("booklets",)))
    back = " ".join(PdfReader(io.BytesIO(typeset.pdf)).pages[-1].extract_text().split())
    front = " ".join(checked.game.description.split())
    assert "Printing this kit" in back and "rules-booklet.pdf" in back, game
    assert front[:60] not in back, game
    for kind in (CardSheets, TokenSheets, Boards, Booklets):
        said = kind().assembly(checked.game)
        assert said is None or " ".join(said.replace("**", "").split()) in back, (game, kind)
    for deck in checked.game.decks:
        assert deck.id in back or checked.game.print.pack, (game, deck.id)
    (guide,) = [b for b in cover.blocks if isinstance(b, Stack)]
    assert min(step.size for step in guide.flowables) >= 7.5, game


def test_each_kind_says_how_its_own_files_are_cut():
    """Tokens are cut along their outline, cards along the crop marks, and a board in pieces is
    glued, as its own tiles say."""
    checked = check(ROOT / "data" / "time-line-battle-v1", Report(), BuildOptions(only=("booklets",)))
    game = checked.game
    assert "outline" in TokenSheets().assembly(game) and "crop" not in TokenSheets().assembly(game)
    assert "crop marks" in CardSheets().assembly(game)
    assert "glue" in Boards().assembly(game) and "tape" not in Boards().assembly(game)


def test_the_contents_leaders_line_up(laid_out):
    """Every dot of every leader on the contents page stands on one grid: the dots of the
    entries line up down the page."""
    import pypdfium2

    typeset, _ = laid_out["fantasy-line-battle"]
    page = pypdfium2.PdfDocument(typeset.pdf)[1]
    text = page.get_textpage()
    boxes = [box for box in (text.get_charbox(i) for i in range(text.count_chars())
                             if text.get_text_range(i, 1) == ".")
             if box[1] > 20 * MM]                               # not the footer's
    assert len(boxes) > 100
    xs = [box[0] for box in boxes]
    rows: dict[float, list[float]] = {}
    for left, bottom, _, _ in boxes:
        rows.setdefault(round(bottom), []).append(left)
    steps = sorted(b - a for row in rows.values() for a, b in zip(sorted(row), sorted(row)[1:]))
    pitch = steps[len(steps) // 2]
    assert steps[-1] - steps[0] < 0.1, (steps[0], steps[-1])
    origin = min(xs)
    assert all(abs((x - origin) / pitch - round((x - origin) / pitch)) < 0.05 for x in xs)


def test_an_emblem_prints_in_its_cards_colour(laid_out):
    """The suit table's emblems are drawn in the colours the cards draw them in, not black."""
    from cardgen.render.booklets import icon_colors

    checked = check(ROOT / "data" / "dragon-line-deluxe", Report(), BuildOptions(only=("booklets",)))
    colors = icon_colors(checked.faces)
    assert {"spirit", "flame"} <= set(colors), colors
    assert len({c.hexval() for c in colors.values()}) > 2


@pytest.mark.parametrize("game", GAMES)
def test_the_prototype_notice_is_at_the_back_not_on_the_opening_pages(laid_out, game):
    """What is a stand-in is said in "About this edition", after the rules and before the
    versions, never on the cover, the contents or the first pages of the rules."""
    typeset, _ = laid_out[game]
    checked = check(ROOT / "data" / game, Report(), BuildOptions(only=("booklets",)))
    pages = [" ".join(page.extract_text().split())
             for page in PdfReader(io.BytesIO(typeset.pdf)).pages]
    said = "made before every value of the published game was known"
    assert not any(said in text for text in pages[:4]), game
    if prototype_notice(checked.game):
        at = [n for n, text in enumerate(pages) if said in text]
        assert at and at[0] >= 4, game
        titles = [h.plain for _, f in _in_order(typeset) for h in headings(f) if h.level == 1]
        assert titles.index("About this edition") == titles.index("Versions") - 1, game


@pytest.mark.parametrize("game", GAMES)
def test_a_stand_in_note_is_said_at_most_once_a_part(laid_out, game):
    """The note under a table of stand-ins is said under its part's first such table only."""
    typeset, _ = laid_out[game]
    said: list[list[str]] = [[]]
    for _, flowable in _in_order(typeset):
        if any(h.level == 1 for h in headings(flowable)):
            said.append([])
        if isinstance(flowable, RichText) and getattr(flowable, "said_once", None):
            said[-1].append(flowable.said_once)
    assert all(len(part) == len(set(part)) for part in said), game


def test_a_table_of_stand_ins_says_so_under_it_and_not_in_its_headings():
    """A reference table every value of which is a stand-in has no dagger in its header row, and
    a note under it instead; a table with some real values marks its stand-in columns."""
    checked = check(ROOT / "data" / "fantasy-line-battle", Report(), BuildOptions(only=("booklets",)))
    game = checked.game
    document = game.documents[0]
    ts = Typesetter(page_styles(game, document)[1], game_lookup(game), {})
    seen = set()
    for block in document.blocks:
        if block.kind != "directive" or block.text != "cards":
            continue
        out = card_reference(game, block, ts)
        if not isinstance(out[0], Table):
            continue                    # a list of names: no values
        header = [cell[0].parsed.plain for cell in out[0]._cellvalues[0]]
        note = getattr(out[1], "said_once", "") if len(out) > 1 else ""
        stand_ins = note.startswith("Every value in this table is a stand-in")
        assert not (stand_ins and any(PROTOTYPE_MARK in text for text in header)), block.args
        seen.add(stand_ins)
    assert True in seen


def test_a_column_of_mostly_stand_ins_is_marked_once_and_names_the_published_cards():
    """Fantasy Arena: Tactics has one published character among its stand-ins: its tables print
    no dagger cell by cell, and say under them whose values are the published ones."""
    checked = check(ROOT / "data" / "fantasy-arena-tactics", Report(), BuildOptions(only=("booklets",)))
    game = checked.game
    tables = [reference_table(game, block) for block in game.documents[0].blocks
              if block.kind == "directive" and block.text == "cards"]
    (characters,) = [t for t in tables if t.header[1:2] == ["Epithet"]]
    assert not any(PROTOTYPE_MARK in text for row in characters.cells for text in row)
    assert "except Fae's" in characters.note
    for table in tables:
        cells = sum(PROTOTYPE_MARK in text for row in table.cells for text in row)
        assert cells * 2 <= len(table.cells) * (len(table.header) - 1), table.header


@pytest.mark.parametrize("game", GAMES)
def test_the_dagger_is_explained_only_where_one_is_printed(laid_out, game):
    """"About this edition" and the text say what a dagger means only when the booklet prints
    one in its tables, glossary or definitions, and the notice speaks of a dagger after a
    column's heading, or after a value, only where a table prints one there."""
    typeset, _ = laid_out[game]
    checked = check(ROOT / "data" / game, Report(), BuildOptions(only=("booklets",)))
    notice = prototype_notice(checked.game) or ""
    text = " ".join(" ".join(page.extract_text().split())
                    for page in PdfReader(io.BytesIO(typeset.pdf)).pages)
    explaining = re.compile(rf"marked {PROTOTYPE_MARK}|\({PROTOTYPE_MARK}\)|a {PROTOTYPE_MARK} after")
    printed = PROTOTYPE_MARK in explaining.sub("", text)     # a dagger that marks something
    assert printed or PROTOTYPE_MARK not in text, game
    tables = [reference_table(checked.game, b) for b in checked.game.documents[0].blocks
              if b.kind == "directive" and b.text == "cards"]
    if "after a column's heading" in notice:
        assert any(t.marked_headings for t in tables), game
    if "after a value" in notice:
        assert any(t.marked_values for t in tables), game


def test_a_reference_table_drops_a_column_with_one_value_or_none():
    """Fantasy Arena: Tactics' player aids give an example on one card of two: the column goes,
    and the names alone print as a list."""
    checked = check(ROOT / "data" / "fantasy-arena-tactics", Report(), BuildOptions(only=("booklets",)))
    game = checked.game
    (aids,) = [b for b in game.documents[0].blocks
               if b.kind == "directive" and b.text == "cards" and b.args["deck"] == "aids"]
    assert reference_table(game, aids).header == ["Card"]


@pytest.mark.parametrize("game", ["time-line-battle-v1", "time-line-battle-v2"])
def test_the_quick_reference_is_the_texts_own_summary_printed_once(laid_out, game):
    """The section the text marks @quick-reference is printed once: on a spare page of the
    booklet when it has one besides the back cover, else in the text; never pointing "above" or
    "below", and listed in the contents."""
    typeset, _ = laid_out[game]
    pages = [" ".join(page.extract_text().split())
             for page in PdfReader(io.BytesIO(typeset.pdf)).pages]
    (contents,) = [text for text in pages if text.startswith("Contents") or " Contents " in
                   text[:80]]
    at = [n for n, text in enumerate(pages) if "Quick reference" in text and text != contents]
    assert len(at) == 1, game
    assert "Quick reference" in contents and f" {at[0] + 1} " in f" {contents} "
    said = pages[at[0]][pages[at[0]].index("Quick reference"):]
    assert not re.search(r"\b(above|below)\b", said), said
    assert "A Timeline" in said and "A Day" in said
    text_ends = max(n for n, text in enumerate(pages) if "Versions" in text and text != contents)
    assert at[0] > text_ends, (game, at, text_ends)      # past the text, where players find it


def _first_and_last(typeset) -> list[tuple[Flowable, Flowable]]:
    """Each page turn: the last flowable drawn on a page, and the first on the next (those kept
    together as one: the containers themselves)."""
    pages = _by_page(typeset)
    turns = []
    for page in sorted(pages):
        if page + 1 in pages:
            before, after = _drawn(pages[page]), _drawn(pages[page + 1])
            if before and after:
                turns.append((before[-1].flowable, after[0].flowable))
    return turns


@pytest.mark.parametrize("game", GAMES)
def test_a_short_list_is_never_split_and_a_long_one_leaves_two_items_a_side(laid_out, game):
    typeset, _ = laid_out[game]
    for before, after in _first_and_last(typeset):
        head = [p for p in _nested(before) if isinstance(p, ItemList)]
        tail = [p for p in _nested(after) if isinstance(p, ItemList)]
        if head and tail and tail[0].piece and head[-1].piece:
            first, rest = head[-1], tail[0]
            assert len(first.items) >= LEAST_ITEMS and len(rest.items) >= LEAST_ITEMS, game
            lines = sum(len(i._layout.lines) for i in (*first.items, *rest.items))
            assert len(first.items) + len(rest.items) > SHORT_ITEMS or lines > LONG_LINES, game
            assert lines > SHORT_LINES, game


def _nested(flowable) -> list:
    """A flowable and everything it keeps together, containers too."""
    inner = getattr(flowable, "parts", None)
    return [flowable, *(p for each in inner for p in _nested(each))] if inner else [flowable]


@pytest.mark.parametrize("game", GAMES)
def test_an_example_and_a_numbered_list_start_on_the_page_of_their_lead_in(laid_out, game):
    """An example box, or the first item of a numbered list, never tops a page when the
    paragraph that leads into it ends the page before."""
    flow = _in_order(laid_out[game][0])
    for (page, flowable), (next_page, following) in zip(flow, flow[1:]):
        starts = isinstance(following, Note) or (type(following) is RichText
                                                 and following.bullet == "1.")
        lead = type(flowable) is RichText and not flowable.bullet and not flowable.whole
        assert next_page == page or not (starts and lead), (game, next_page,
                                                            following.parsed.plain[:40])


@pytest.mark.parametrize("game", GAMES)
def test_a_chapter_breaks_the_page_only_when_it_does_not_fit(laid_out, game):
    """A chapter or a part that starts a new page would not have fitted whole in the room left
    on the page before."""
    typeset, (foot, _) = laid_out[game]
    for placed in typeset.placed:
        if isinstance(placed.flowable, ChapterBreak) and placed.flowable.broke:
            game_data = check(ROOT / "data" / game, Report(), BuildOptions(only=("booklets",))).game
            style = page_styles(game_data, game_data.documents[0])[1]
            width = (style.width - 2 * style.margin) * MM
            need = sum(f.wrap(width, 1e9)[1] for f in placed.flowable.chapter)
            assert need > placed.bottom - foot, (game, placed.page)


@pytest.mark.parametrize("game", GAMES)
def test_a_continued_tables_repeated_header_says_so(laid_out, game):
    for page, table in _tables(laid_out[game][0]):
        if table.continues and table.repeatRows:
            header = " ".join(cell[0].parsed.plain for cell in table._cellvalues[0])
            assert "(continued)" in header or "(cont.)" in header, (game, page)


@pytest.mark.parametrize("game", GAMES)
def test_a_tables_part_before_a_page_turn_is_three_rows_and_a_fifth_of_a_page(laid_out, game):
    typeset, (foot, top) = laid_out[game]
    pieces = _tables(typeset)
    for (page, table), (next_page, following) in zip(pieces, pieces[1:]):
        if next_page == page + 1 and following.continues and not table.continues:
            assert len(table._cellvalues) - (table.repeatRows or 0) >= 3, (game, page)
            assert table._height >= (top - foot) / 5 - 1, (game, page)


def test_the_cover_labels_are_set_alike(laid_out):
    typeset, _ = laid_out["time-line-battle-v1"]
    cover = " ".join(PdfReader(io.BytesIO(typeset.pdf)).pages[0].extract_text().split())
    assert "Players: 2" in cover and "Version: 1.0" in cover and "Game design: " in cover


def test_an_icon_prints_in_the_colour_the_cards_print_it(laid_out):
    """Time Line Battle v1's cards set the heart inline in red and the star in the text's ink:
    the booklet does the same."""
    from cardgen.render.booklets import icon_colors

    checked = check(ROOT / "data" / "time-line-battle-v1", Report(), BuildOptions(only=("booklets",)))
    colors = icon_colors(checked.faces)
    red, green, blue = colors["heart"].rgb()
    assert red > 0.5 and green < 0.3 and blue < 0.3, colors["heart"]
    assert max(colors["star"].rgb()) < 0.3, colors["star"]


@pytest.mark.parametrize("game", GAMES)
def test_the_booklet_states_rulings_and_does_not_comment_on_the_published_rules(laid_out, game):
    """Where the kit decides what the published rules leave open, the booklet states the rule
    (a "Kit ruling" where needed), never a remark that the rules do not say."""
    typeset, _ = laid_out[game]
    text = " ".join(" ".join(page.extract_text().split())
                    for page in PdfReader(io.BytesIO(typeset.pdf)).pages)
    remark = re.search(r"rules (do not|don't) say|rules give no|rules leave|left to the players"
                       r"|rules know no", text)
    assert remark is None, (game, remark and text[remark.start() - 60:remark.end() + 60])


def test_a_booklet_fills_its_chapters_onto_sixteen_pages_where_it_can():
    """Fantasy Arena: Tactics' chapters run on under the one before where they fit, so its
    rules take 16 pages, not 20 with pages for notes."""
    checked = check(ROOT / "data" / "fantasy-arena-tactics", Report(),
                    BuildOptions(only=("booklets",)))
    assert booklet_pages(checked.game, checked.faces, checked.game.documents[0]).pages == 16


def test_a_line_that_leads_into_a_table_is_on_the_page_the_table_starts(laid_out):
    """Dragon Line Deluxe's "Each card shows:" leads into a table that keeps its closing line:
    the three stay together, the lead-in never left at a page's foot."""
    typeset, _ = laid_out["dragon-line-deluxe"]
    pages = [" ".join(page.extract_text().split())
             for page in PdfReader(io.BytesIO(typeset.pdf)).pages]
    lead = next(n for n, text in enumerate(pages) if "Each card shows:" in text)
    assert "On the card" in pages[lead].split("Each card shows:")[1]


def test_a_booklet_with_no_page_past_its_text_prints_the_printing_guide_under_it(laid_out):
    typeset, _ = laid_out["dragon-line-deluxe"]
    last = " ".join(PdfReader(io.BytesIO(typeset.pdf)).pages[-1].extract_text().split())
    assert typeset.past_text == 0
    assert "Versions" in last and "In the box" in last and "Printing this kit" in last
