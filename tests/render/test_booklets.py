"""Documents read back from their PDFs: the plain pages with their contents, outline and links,
the booklet imposed in saddle-stitch order for a short-edge flip, parts made from the data that
follow it, and a document's mistakes reported at their lines."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pdfsheets import ink_in_margin
from pypdf import PdfReader

from cardgen.base.errors import Report
from cardgen.pipeline import BuildOptions, build
from cardgen.shared.saddle_stitch import booklet_sides

VALID = Path(__file__).resolve().parents[1] / "corpus" / "valid-minimal" / "data" / "game"
MM = 72 / 25.4
RULES = """# Playing

Each player draws **5** cards. A [[First Hero]] is worth {damage} damage.

## Turns

1. Draw a card.
2. Play a card.

- One bullet
- Another bullet

| Step | What |
|---|---|
| 1 | Draw |

> An example, set apart.

# Reference

## What is in the box

@components

## The cards

@cards deck=heroes columns=power

@page-break

# Long chapter

""" + "\n\n".join(f"Paragraph {n} runs on for a while so that the pages fill up with text. " * 4
                  for n in range(1, 40)) + "\n"


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("doc") / "game"
    shutil.copytree(VALID, root)
    (root / "rules.md").write_text(RULES, encoding="utf-8")
    with (root / "game.yaml").open("a", encoding="utf-8") as f:
        f.write("documents:\n  - {id: rules, title: How to play, file: rules.md}\n")
    return root


def _build(game: Path, out: Path, **options) -> dict[str, Path]:
    report = Report()
    written = build(game, BuildOptions(out_dir=out, only=("booklets",), **options), report)
    assert not report.has_errors(), [d.format() for d in report.errors]
    return {p.name: p for p in written}


@pytest.fixture(scope="module")
def built(game, tmp_path_factory):
    return {page: _build(game, tmp_path_factory.mktemp(page), page=page) for page in ("a4", "letter")}


def _numbers_left_to_right(page) -> list[int]:
    """The page numbers printed at the foot of a sheet side, read left to right."""
    found = []

    def visit(text, cm, tm, font, size):
        match = re.search(r"version 1\.0 \u00b7 (\d+)", text)
        if match:
            found.append((cm[4] + tm[4], int(match.group(1))))

    page.extract_text(visitor_text=visit)
    return [n for _, n in sorted(found)]


def test_the_plain_pages_have_a_linked_contents_and_an_outline(built):
    reader = PdfReader(built["a4"]["rules.pdf"])
    outline = [item.title for item in reader.outline if not isinstance(item, list)]
    assert outline == ["Playing", "Reference", "Long chapter"]
    contents = reader.pages[1].extract_text()
    assert re.search(r"Playing\W+3", contents) and "Turns" in contents
    links = [a.get_object() for a in reader.pages[1].get("/Annots", [])]
    assert len([a for a in links if a["/Subtype"] == "/Link"]) >= 4
    width, height = (float(v) / MM for v in reader.pages[0].mediabox[2:])
    assert (round(width), round(height)) == (210, 297)


def test_the_cover_and_the_parts_made_from_data(built):
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(built["a4"]["rules.pdf"]).pages)
    assert "Minimal Game" in text and "How to play" in text and "Version: 1.0" in text
    assert "Heroes 2 cards" in text          # the components list
    assert re.search(r"First Hero\s+3\s+Second Hero\s+5", text)


@pytest.mark.parametrize("paper, sheet, half", [("a4", (297, 210), (148, 210)),
                                                ("letter", (279.4, 215.9), (139.7, 215.9))])
def test_the_booklet_is_imposed_for_a_short_edge_flip(built, paper, sheet, half):
    plain = PdfReader(built[paper]["rules.pdf"])
    booklet = PdfReader(built[paper]["rules-booklet.pdf"])
    sides = booklet_sides(_page_count(built[paper]["rules-booklet.pdf"]))
    assert len(booklet.pages) == len(sides) and len(sides) % 2 == 0
    for page, side in zip(booklet.pages, sides):
        width, height = (float(v) / MM for v in page.mediabox[2:])
        assert width == pytest.approx(sheet[0], abs=0.1) and height == pytest.approx(sheet[1], abs=0.1)
        # the cover (page 1) prints no number; every other page shows its own at its foot
        expected = [n for n in (side.left, side.right) if n > 1]
        assert _numbers_left_to_right(page) == expected
    assert booklet.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"
    assert len(plain.pages) > 4


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_page_is_imposed_in_its_half_of_the_sheet_with_its_links(game, copy_game, paper):
    """The booklet as read page by page and as imposed: each page's footer and links where they
    are on the page, moved to its half of the sheet (centred on the sheet's height) within
    0.05 mm, and every link and outline entry zoomed to the half its page is printed on."""
    from io import BytesIO
    from cardgen.pipeline import check
    from cardgen.render.booklets import PAPER, booklet_pages

    checked = check(copy_game(game, ("game.yaml", "print:", f"print:\n  page: {paper}")), Report())
    document = checked.game.documents[0]
    _, (width, height), sheet = PAPER[paper]
    pages = PdfReader(BytesIO(booklet_pages(checked.game, checked.faces, document).pdf)).pages
    sides = PdfReader(BytesIO(booklet_pages(checked.game, checked.faces, document, sheet).pdf))
    gap_x, gap_y = (sheet[0] - 2 * width) / 2, (sheet[1] - height) / 2
    assert len(sides.pages) * 2 == len(pages)
    footers = 0
    for side, numbers in zip(sides.pages, booklet_sides(len(pages))):
        expected_links = []
        for number, left in ((numbers.left, gap_x), (numbers.right, gap_x + width)):
            [(x, y)] = _footer_at(pages[number - 1], number) or [(None, None)]
            if x is not None:
                [(at_x, at_y)] = _footer_at(side, number)
                assert at_x / MM == pytest.approx(x / MM + left, abs=0.05)
                assert at_y / MM == pytest.approx(y / MM + gap_y, abs=0.05)
                footers += 1
            expected_links += [[float(v) / MM + shift for v, shift in
                                zip(link.get_object()["/Rect"], (left, gap_y) * 2)]
                               for link in pages[number - 1].get("/Annots", ())]
        links = [link.get_object() for link in side.get("/Annots", ())]
        assert [[float(v) / MM for v in link["/Rect"]] for link in links] == \
            [pytest.approx(rect, abs=0.05) for rect in expected_links]
        for link in links:
            fit = [float(v) / MM for v in link["/Dest"][2:]]
            assert fit == pytest.approx([fit[0], gap_y, fit[0] + width, gap_y + height], abs=0.05)
            assert fit[0] == pytest.approx(gap_x, abs=0.05) or \
                fit[0] == pytest.approx(gap_x + width, abs=0.05)
    assert footers >= len(pages) - 2             # every page but the front and back covers
    assert len(sides.outline) == len(PdfReader(BytesIO(booklet_pages(
        checked.game, checked.faces, document).pdf)).outline) > 0


def _footer_at(page, number: int) -> list[tuple[float, float]]:
    """Where a page's footer with this page number starts, in points on its sheet."""
    found = []

    def visit(text, cm, tm, font, size):
        if re.search(rf"version 1\.0 \u00b7 {number}$", text.strip()):
            found.append((cm[4] + tm[4], cm[5] + tm[5]))

    page.extract_text(visitor_text=visit)
    return found


def _page_count(booklet: Path) -> int:
    """The booklet's own page count: the highest page number it prints."""
    numbers = [n for page in PdfReader(booklet).pages for n in _numbers_left_to_right(page)]
    return max(numbers)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nothing_prints_in_the_printer_margin(built, paper):
    for name in ("rules.pdf", "rules-booklet.pdf"):
        assert ink_in_margin(built[paper][name], 5.0) == [], name


def test_an_errata_to_a_card_changes_the_reference_table(game, tmp_path, copy_game):
    copy = copy_game(game, ("cards/heroes.yaml", "power: 5", "power: 7"))
    text = " ".join(p.extract_text() for p in PdfReader(_build(copy, tmp_path / "out")["rules.pdf"]).pages)
    assert re.search(r"Second Hero\s+7", text) and not re.search(r"Second Hero\s+5", text)


def test_the_errata_part_prints_each_corrected_value(game, tmp_path, copy_game):
    copy = copy_game(game)
    with (copy / "rules.md").open("a", encoding="utf-8") as f:
        f.write("\n# Errata\n\n@errata\n")
    with (copy / "game.yaml").open("a", encoding="utf-8") as f:
        f.write("errata:\n  - {card: Second Hero, field: power, was: '4', now: '5', "
                "note: The first printing's <b>typo</b>.}\n")
    reader = PdfReader(_build(copy, tmp_path / "out")["rules.pdf"])
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    assert "Card Field Was Now Why Second Hero Power 4 5 The first printing's <b>typo</b>." in text


@pytest.mark.parametrize("line, message", [
    ("See [[Third Hero]].", "document 'rules': '[[Third Hero]]' is not a glossary term, "
                            "definition or card name (did you mean 'first hero'?)"),
    ("@cards deck=heros", "@cards: no deck 'heros' (did you mean 'heroes'?); the game has: heroes"),
    ("@cards deck=heroes columns=powr", "@cards: card type 'hero' has no field 'powr' (did you mean 'power'?)"),
    ("@diagrams deck=heroes field=power", "@diagrams: field 'power' is an integer field; diagrams are "
                                          "drawn for level_formula and target_code fields"),
    ("@carsd deck=heroes", "unknown directive '@carsd' (did you mean 'cards'?); directives: @components, "
                           "@cards, @glossary, @definitions, @diagrams, @changelog, @errata, @page-break, "
                           "@quick-reference"),
    ("A {swrod} icon.", "document 'rules': unknown icon '{swrod}' (did you mean 'sword'?)"),
    ("## " + "Long " * 40, "a heading is at most 150 characters; this one is 199"),
    ("|" + " a |" * 13, "a table has at most 12 columns; this one has 13"),
    ("Said in 漢字.", "document 'rules': the booklet's fonts have no glyph for '字' (U+5B57), "
                   "'漢' (U+6F22); it would print as a box"),
])
def test_a_mistake_in_a_document_is_an_error_at_its_line(game, tmp_path, line, message, copy_game):
    copy = copy_game(game)
    text = (copy / "rules.md").read_text(encoding="utf-8").replace("2. Play a card.", f"2. Play a card.\n\n{line}")
    (copy / "rules.md").write_text(text, encoding="utf-8")
    report = Report()
    build(copy, BuildOptions(out_dir=tmp_path / "out"), report)
    [error] = report.errors
    assert error.file.endswith("rules.md") and error.message == message
    assert error.line == text.splitlines().index(line) + 1


def test_right_to_left_text_in_a_document_is_refused_at_its_line(game, tmp_path, copy_game):
    copy = copy_game(game)
    text = (copy / "rules.md").read_text(encoding="utf-8") + "\n- A word: \u05e9\u05dc\u05d5\u05dd.\n"
    (copy / "rules.md").write_text(text, encoding="utf-8")
    report = Report()
    build(copy, BuildOptions(out_dir=tmp_path / "out"), report)
    [error] = [e for e in report.errors if e.code == "right-to-left"]
    assert error.file.endswith("rules.md") and error.line == len(text.splitlines())
    assert error.message.startswith("document 'rules': right-to-left text ('\u05d5' (U+05D5), ")
    assert not (tmp_path / "out" / "game").exists()


LONG = "Words that run on across the page without a stop. " * 150


@pytest.mark.parametrize("text", [
    f"> {LONG}",                                          # a note
    f"| A | B |\n|---|---|\n| {LONG} | x |",              # a table cell
    f"| {LONG} | B |\n|---|---|\n| 1 | x |",              # a header too tall to repeat
    f"- {LONG}",                                          # a list item
])
def test_a_block_longer_than_a_page_runs_on_over_pages(game, tmp_path, text, copy_game):
    copy = copy_game(game)
    (copy / "rules.md").write_text(f"# Long\n\n{text}\n\nThe end.\n", encoding="utf-8")
    pdf = _build(copy, tmp_path / "out")["rules.pdf"]
    pages = [" ".join(p.extract_text().split()) for p in PdfReader(pdf).pages]
    assert " ".join(pages).count("Words") == 150 == " ".join(pages).count("stop.")
    assert sum("Words" in page for page in pages) >= 2
    assert "The end." in pages[-1]


def test_a_table_cell_keeps_a_term_with_its_shown_words():
    from cardgen.load.document_text import read_blocks
    [table], problems = read_blocks("| Who | Moves |\n|---|---|\n| [[Ally|Allies]] | a \\| b |\n")
    assert not problems and table.items == (("Who", "Moves"), ("[[Ally|Allies]]", "a | b"))


def test_card_text_in_a_reference_table_reads_as_the_card_prints_it(game, tmp_path, copy_game):
    copy = copy_game(game)
    text = (copy / "rules.md").read_text(encoding="utf-8")
    (copy / "rules.md").write_text(text.replace("@cards deck=heroes columns=power",
                                                "@cards deck=heroes columns=power,text"), encoding="utf-8")
    pdf = _build(copy, tmp_path / "out")["rules.pdf"]
    words = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(pdf).pages)
    assert "Deals 3" in words and "{{power}}" not in words and "**" not in words


def test_a_target_diagram_is_drawn_by_the_cards_own_grid(tmp_path):
    from cardgen.render.booklet.parts import DIAGRAM_MM, _card_element
    from cardgen_extensions.target_grid import TargetGrid
    from cardgen.pipeline import check

    report = Report()
    checked = check(Path(__file__).resolve().parents[2] / "data" / "fantasy-arena-tactics", report)
    faces = next(f for f in checked.faces.decks if f.deck.id == "characters")
    card = faces.deck.cards[0]
    own = next(e for e in faces.fronts[card.id].elements if isinstance(e, TargetGrid))
    drawn = _card_element(faces, card.id, TargetGrid)
    assert (drawn.fill, drawn.line, drawn.cells) == (own.fill, own.line, own.cells)
    assert (drawn.box.width, drawn.box.height) == (DIAGRAM_MM, DIAGRAM_MM)


@pytest.mark.parametrize("where, text", [
    ("glossary", "glossary:\n  Hero: A card with a {bogus} on it.\n"),
    ("definition", "definitions:\n  Burning:\n    kind: condition\n    text: Takes {bogus} damage.\n"),
    ("changelog", 'changelog:\n  - {version: "1.0", changes: ["A {bogus} change."]}\n'),
])
def test_a_text_the_booklet_quotes_is_checked_like_card_text(game, copy_game, tmp_path,
                                                            where, text):
    copy = copy_game(game)
    with (copy / "game.yaml").open("a", encoding="utf-8") as f:
        f.write(text)
    report = Report()
    build(copy, BuildOptions(out_dir=tmp_path / "out"), report)
    errors = [e for e in report.errors if e.code == "markup"]
    assert len(errors) == 1 and "unknown icon '{bogus}'" in errors[0].message
    assert errors[0].file.endswith("game.yaml") and errors[0].line is not None


def test_the_cover_prints_the_description_and_players_as_written(game, tmp_path, copy_game):
    copy = copy_game(game)
    text = (copy / "game.yaml").read_text(encoding="utf-8")
    (copy / "game.yaml").write_text(text.replace("version: \"1.0\"\n", "version: \"1.0\"\nplayers: \"2 {x}\"\n"
                                                 "description: A *star* and {braces}.\n"), encoding="utf-8")
    pdf = _build(copy, tmp_path / "out")["rules.pdf"]
    cover = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    assert "A *star* and {braces}." in cover and "2 {x}" in cover


def test_a_diagram_of_a_field_no_card_fills_is_left_out(tmp_path):
    from dataclasses import replace

    from cardgen.fields import field_type
    from cardgen.render.booklet.parts import _drawn_values
    from cardgen.render.booklet.template import PageStyle
    from cardgen.render.booklet.typesetter import Typesetter
    from cardgen.pipeline import check
    from reportlab.lib.colors import black

    report = Report()
    checked = check(Path(__file__).resolve().parents[2] / "data" / "fantasy-arena-tactics", report)
    deck = next(d for d in checked.game.decks if d.id == "characters")
    ts = Typesetter(PageStyle(148, 210, 13, 9, black), lambda key: key)
    diagram = field_type("target_code").diagram
    assert _drawn_values(deck, None, "target", diagram, ts)
    assert _drawn_values(replace(deck, cards=()), None, "target", diagram, ts) == []


@pytest.mark.parametrize("title, message", [
    ("Rules {{x}} *beta", None),                                          # printed as written
    ("Rules \u231b", "document 'rules' title: the booklet's fonts have no glyph for '\u231b' "
                     "(U+231B); it would print as a box"),
])
def test_a_document_title_is_checked_as_the_cover_prints_it(game, copy_game, tmp_path,
                                                            title, message):
    copy = copy_game(game)
    text = (copy / "game.yaml").read_text(encoding="utf-8")
    (copy / "game.yaml").write_text(text.replace("title: How to play", f'title: "{title}"'),
                                    encoding="utf-8")
    report = Report()
    written = build(copy, BuildOptions(out_dir=tmp_path / "out", only=("booklets",)), report)
    assert [d.message for d in report.sorted()] == ([message] if message else [])
    if message is None:
        assert title in " ".join(PdfReader(next(p for p in written if p.name == "rules.pdf"))
                                 .pages[0].extract_text().split())


def test_a_title_too_long_for_the_page_footer_is_reported_by_validate(game, copy_game):
    from cardgen.pipeline import check

    title = "Minimal Game " * 13
    report = Report()
    check(copy_game(game, ("game.yaml", "title: Minimal Game", f'title: "{title}"')), report,
          BuildOptions(only=("booklets",)))
    [room] = [d for d in report.sorted() if d.code == "footer-room"]
    assert "page footer of document 'rules' has no room" in room.message
    assert room.file.endswith("game.yaml")


@pytest.mark.parametrize("words", [3, 9])        # one line; on the booklet's pages, two
def test_when_validate_passes_every_page_carries_its_footer(game, tmp_path, words, copy_game):
    title = ("Minimal Game " * words).strip()
    report = Report()
    written = build(copy_game(game, ("game.yaml", "title: Minimal Game", f'title: "{title}"')),
                    BuildOptions(out_dir=tmp_path / "out", only=("booklets",)), report)
    assert [d.code for d in report.sorted()] == []
    files = {p.name: p for p in written}
    plain = PdfReader(files["rules.pdf"]).pages
    for number, page in enumerate(plain[1:], start=2):
        text = page.extract_text()
        assert f"version 1.0 \u00b7 {number}" in text and title[:40] in " ".join(text.split())
    booklet = PdfReader(files["rules-booklet.pdf"]).pages
    pages = max(n for page in booklet for n in _numbers_left_to_right(page))
    sides = booklet_sides(pages)
    assert [_numbers_left_to_right(page) for page in booklet] == \
        [[n for n in (side.left, side.right) if n > 1] for side in sides]


@pytest.mark.parametrize("line, warned", [
    ("Play as the table above says.", True),            # its section, Turns, holds a table...
    ("The steps below say how.", False),
    ("Read the example below.", False),                # ...and a list and an example after it
    ("See the list above.", False),
])
def test_a_pointer_to_nothing_in_its_section_is_a_warning(game, tmp_path, line, warned,
                                                          copy_game):
    """"The table above" is a pointer a reader can follow only within its section: one that
    names what the section does not hold there is a warning at its line."""
    copy = copy_game(game)
    text = (copy / "rules.md").read_text(encoding="utf-8")
    at = "## Turns\n\n" if "above" not in line or "table" in line else "> An example, set apart.\n\n"
    (copy / "rules.md").write_text(text.replace(at, f"{at}{line}\n\n", 1), encoding="utf-8")
    report = Report()
    build(copy, BuildOptions(out_dir=tmp_path / "out", only=("booklets",)), report)
    pointers = [w for w in report.warnings if w.code == "document-pointer"]
    assert bool(pointers) == warned, [w.message for w in pointers]
    if warned:
        assert pointers[0].file.endswith("rules.md") and "'table above'" in pointers[0].message


def test_platypus_is_imported_with_its_web_address_pattern_compiled_only_when_used():
    # a fresh interpreter: this one may have imported platypus already
    import subprocess
    import sys

    probe = ("import re; compile_ = re.compile; import cardgen.render.booklet.platypus; "
             "import reportlab.platypus.paragraph as p; "
             "print(re.compile is compile_, type(p.uri_pat).__name__, "
             "type(p._hy_letters_pat).__name__, bool(p.uri_pat.match('https://example.com/a')), "
             "p.uri_pat.match('not an address'))")
    shown = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                           check=True).stdout.split()
    assert shown == ["True", "_CompiledWhenUsed", "Pattern", "True", "None"]
