"""Card data from spreadsheets: .xlsx and .ods workbooks, a sheet per card type or a named one,
errors naming the sheet, row and column."""
from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from openpyxl import Workbook

from cardgen.cli import main
from cardgen.base.limits import TABLE_COLUMNS
from cardgen.load import spreadsheet_cards

HEADER = ["name", "power", "text"]
ROWS = [["First Hero", 3, "Deals **{{power}}** {damage}."], ["Second Hero", 5, "Draw a card."]]


def xlsx(path: Path, sheets: dict[str, list[list]], hidden: dict[str, str] | None = None) -> None:
    """A workbook saved by openpyxl; `hidden` gives sheets a state ("hidden" or "veryHidden")."""
    book = Workbook()
    book.remove(book.active)
    for title, rows in sheets.items():
        sheet = book.create_sheet(title)
        sheet.sheet_state = (hidden or {}).get(title, "visible")
        for row in rows:
            sheet.append(row)
    book.save(path)


def ods(path: Path, title: str, rows: list[list]) -> None:
    ods_book(path, {title: rows})


def ods_book(path: Path, sheets: dict[str, list], hidden: set[str] = frozenset()) -> None:
    """A minimal OpenDocument spreadsheet, written by hand; the last cell of each row repeats. A
    cell is a number, a text, or the XML of a <table:table-cell> as written; a hidden sheet's
    table style says table:display="false", as LibreOffice writes it."""
    def cell(value):
        if isinstance(value, (int, float)):
            return (f'<table:table-cell office:value-type="float" office:value="{value}">'
                    f"<text:p>{value}</text:p></table:table-cell>")
        if value.startswith("<table:table-cell"):
            return value
        return f'<table:table-cell office:value-type="string"><text:p>{value}</text:p></table:table-cell>'
    tables = ""
    for title, rows in sheets.items():
        body = "".join("<table:table-row>" + "".join(cell(v) for v in row)
                       + '<table:table-cell table:number-columns-repeated="3"/></table:table-row>'
                       for row in rows)
        style = "ta2" if title in hidden else "ta1"
        tables += f'<table:table table:name="{title}" table:style-name="{style}">{body}</table:table>'
    content = ('<?xml version="1.0" encoding="UTF-8"?><office:document-content '
               'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
               'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
               'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
               'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0">'
               '<office:automatic-styles>'
               '<style:style style:name="ta1" style:family="table" style:master-page-name="Default">'
               '<style:table-properties table:display="true" style:writing-mode="lr-tb"/></style:style>'
               '<style:style style:name="ta2" style:family="table" style:master-page-name="Default">'
               '<style:table-properties table:display="false" style:writing-mode="lr-tb"/></style:style>'
               '</office:automatic-styles><office:body>'
               f'<office:spreadsheet>{tables}</office:spreadsheet></office:body></office:document-content>')
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", content)


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_an_xlsx_card_file_builds(game_with, build):
    game = game_with("cards/heroes.xlsx")
    xlsx(game / "cards" / "heroes.xlsx", {"hero": [HEADER] + ROWS})
    dumped = run("dump", game)
    assert dumped.exit_code == 0, dumped.output
    assert '"power": 5' in dumped.output and "Second Hero" in dumped.output
    built = build(game, "-q")
    assert (built.out / "heroes.pdf").stat().st_size > 1000


def test_an_ods_card_file_builds(game_with):
    game = game_with("cards/heroes.ods")
    ods(game / "cards" / "heroes.ods", "Heroes", [HEADER] + ROWS)
    dumped = run("dump", game)
    assert dumped.exit_code == 0, dumped.output
    assert '"power": 3' in dumped.output and "First Hero" in dumped.output


def test_errors_name_the_sheet_row_and_column(game_with, validate):
    game = game_with("cards/heroes.xlsx#Roster")
    xlsx(game / "cards" / "heroes.xlsx", {"Notes": [["x"]],
                                          "Roster": [HEADER, ROWS[0], ["Second Hero", "five", "x"]]})
    result = validate(game)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{game / 'cards' / 'heroes.xlsx'}:3: error: type: sheet 'Roster', row 3, column B (power): "
        "expected a whole number, found text 'five'"]


@pytest.mark.parametrize("make, message", [
    (lambda p: xlsx(p, {"A": [HEADER], "B": [HEADER]}),
     "the workbook has several sheets (A, B) and none is named after the card type 'hero'"),
    (lambda p: p.write_text("name,power\n"), "not a spreadsheet cardgen reads"),
])
def test_a_workbook_that_cannot_be_read_is_one_clear_error(make, message, game_with, validate):
    game = game_with("cards/heroes.xlsx")
    make(game / "cards" / "heroes.xlsx")
    result = validate(game)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert message in result.stderr


def test_a_sheet_not_in_the_workbook_is_named(game_with, validate):
    game = game_with("cards/heroes.xlsx#Heros")
    xlsx(game / "cards" / "heroes.xlsx", {"Heroes": [HEADER] + ROWS})
    assert "no sheet 'Heros'; the workbook has: Heroes" in validate(game).stderr


def test_a_workbook_that_unpacks_too_large_is_refused_unread(game_with, monkeypatch, validate):
    monkeypatch.setattr(spreadsheet_cards, "WORKBOOK_UNPACKED_BYTES", 1000)
    game = game_with("cards/heroes.ods")
    ods(game / "cards" / "heroes.ods", "Heroes", [HEADER] + ROWS * 20)
    result = validate(game)
    assert result.exit_code == 1 and "unpacks to" in result.stderr


@pytest.mark.parametrize("damage, message", [
    ('office:value-type="float" office:value="abc"', "a number cell holds no number"),
    ('table:number-columns-repeated="-5"', "repeats '-5' times: not a count"),
])
def test_a_damaged_ods_cell_is_one_clear_error(damage, message, game_with, validate):
    game = game_with("cards/heroes.ods")
    path = game / "cards" / "heroes.ods"
    ods(path, "hero", [HEADER] + ROWS)
    with zipfile.ZipFile(path) as archive:
        content = archive.read("content.xml").decode()
    content = content.replace('office:value-type="float" office:value="3"', damage, 1)
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("content.xml", content)
    result = validate(game)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert message in result.stderr


def test_two_sheets_of_one_name_are_an_error_not_a_lost_sheet(game_with, validate):
    game = game_with("cards/heroes.ods")
    path = game / "cards" / "heroes.ods"
    ods(path, "hero", [HEADER] + ROWS)
    with zipfile.ZipFile(path) as archive:
        content = archive.read("content.xml").decode()
    table = content[content.index("<table:table "):content.index("</table:table>") + 14]
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("content.xml", content.replace(table, table + table))
    assert "two sheets are named 'hero'" in validate(game).stderr



def xlsx_with_cell(path: Path, text: bytes) -> None:
    """A workbook of the two heroes whose second power cell holds `text` as written (openpyxl
    itself would refuse to write a number so large)."""
    xlsx(path, {"hero": [HEADER, ROWS[0], ["Second Hero", 7, "x"]]})
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    sheet = next(name for name in parts if name.startswith("xl/worksheets/sheet"))
    assert parts[sheet].count(b"<v>7</v>") == 1
    parts[sheet] = parts[sheet].replace(b"<v>7</v>", b"<v>" + text + b"</v>")
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_a_number_cell_too_large_for_a_float_is_out_of_range(kind, game_with, validate):
    game = game_with(f"cards/heroes.{kind}")
    if kind == "xlsx":
        xlsx_with_cell(game / "cards" / "heroes.xlsx", b"9" * 400)
    else:
        ods(game / "cards" / "heroes.ods", "hero", [HEADER, ROWS[0], ["Second Hero", int("9" * 400), "x"]])
    result = validate(game)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr.strip().endswith(
        "row 3, column B (power): expected at most 10, found 999999999999... "
        "(a number of 400 characters)"), result.stderr


def test_an_xlsx_number_past_python_digit_limit_is_out_of_range_as_in_csv(game_with, validate):
    game = game_with("cards/heroes.xlsx")
    xlsx_with_cell(game / "cards" / "heroes.xlsx", b"9" * 5000)
    result = validate(game)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr.strip().endswith(
        "row 3, column B (power): expected at most 10, found 999999999999... "
        "(a number of 5,000 characters)"), result.stderr


def test_a_sheet_column_with_values_under_a_blank_header_is_an_error(game_with, validate):
    game = game_with("cards/heroes.xlsx")
    xlsx(game / "cards" / "heroes.xlsx", {"hero": [["name", None, "power", "text"],
                                                   ["First Hero", "lost", 3, "x"]]})
    result = validate(game)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{game / 'cards' / 'heroes.xlsx'}:1: error: csv: sheet 'hero', row 1: cell B1 is blank, "
        "but column B holds values (row 2 first): expected a field name in B1, or an empty column"]


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_a_value_past_the_columns_read_is_an_error_not_lost(kind, game_with, validate):
    limit = TABLE_COLUMNS
    game = game_with(f"cards/heroes.{kind}")
    rows = [HEADER, ROWS[0] + [None] * (limit - 3) + ["lost"], ROWS[1]]
    if kind == "xlsx":
        xlsx(game / "cards" / "heroes.xlsx", {"hero": rows})
    else:
        ods(game / "cards" / "heroes.ods", "hero", [[v if v is not None else "" for v in r] for r in rows])
    result = validate(game)
    assert result.exit_code == 1
    assert result.stderr.strip().endswith(
        f"heroes.{kind}:2: error: spreadsheet: sheet 'hero', row 2, column GS: a value past the first "
        f"{limit} columns (A to GR), which are all a table is read to: move the card data to the left")


def test_empty_cells_past_the_columns_read_are_no_problem(game_with, validate):
    game = game_with("cards/heroes.xlsx")
    limit = TABLE_COLUMNS
    xlsx(game / "cards" / "heroes.xlsx", {"hero": [HEADER, ROWS[0] + [None] * limit + [""], ROWS[1]]})
    assert validate(game).exit_code == 0


def test_a_stray_cell_past_the_header_names_its_column(game_with, validate):
    game = game_with("cards/heroes.xlsx")
    xlsx(game / "cards" / "heroes.xlsx", {"hero": [HEADER, ROWS[0], ROWS[1] + [None, "oops"]]})
    result = validate(game)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{game / 'cards' / 'heroes.xlsx'}:3: error: csv: sheet 'hero', row 3: row has a value in "
        "column E, beyond the 3 columns the header names"]


# as designers save them: hidden sheets, formulas, dates, line breaks --------------------------------

@pytest.mark.parametrize("state", ["hidden", "veryHidden"])
def test_hidden_xlsx_sheets_are_skipped(state, game_with):
    game = game_with("cards/heroes.xlsx")
    xlsx(game / "cards" / "heroes.xlsx", {"Lookup": [["x"]], "Roster": [HEADER] + ROWS,
                                          "Old": [["y"]]}, hidden={"Lookup": state, "Old": state})
    dumped = run("dump", game)
    assert dumped.exit_code == 0, dumped.output
    assert "Second Hero" in dumped.output


def test_a_hidden_ods_sheet_is_skipped(game_with):
    game = game_with("cards/heroes.ods")
    ods_book(game / "cards" / "heroes.ods", {"Lookup": [["x"]], "Roster": [HEADER] + ROWS},
             hidden={"Lookup"})
    dumped = run("dump", game)
    assert dumped.exit_code == 0, dumped.output
    assert "Second Hero" in dumped.output


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_several_visible_sheets_still_need_one_named_and_only_they_are_listed(kind, game_with,
                                                                               validate):
    game = game_with(f"cards/heroes.{kind}")
    sheets = {"Lookup": [["x"]], "Roster": [HEADER] + ROWS, "Spare": [HEADER] + ROWS}
    if kind == "xlsx":
        xlsx(game / "cards" / "heroes.xlsx", sheets, hidden={"Lookup": "hidden"})
    else:
        ods_book(game / "cards" / "heroes.ods", sheets, hidden={"Lookup"})
    result = validate(game)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{game / 'cards' / f'heroes.{kind}'}: error: spreadsheet: the workbook has several "
        "visible sheets (Roster, Spare) and none is named after the card type 'hero': name one "
        "as 'hero' or write the file as '<file>#<sheet>'"]


def test_a_hidden_sheet_is_read_when_named(game_with):
    game = game_with("cards/heroes.xlsx#Roster")
    xlsx(game / "cards" / "heroes.xlsx", {"Notes": [["x"]], "Roster": [HEADER] + ROWS},
         hidden={"Roster": "hidden"})
    dumped = run("dump", game)
    assert dumped.exit_code == 0, dumped.output
    assert "Second Hero" in dumped.output


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_a_formula_saved_without_its_value_is_an_error_naming_the_cell(kind, game_with, validate):
    game = game_with(f"cards/heroes.{kind}")
    path = game / "cards" / f"heroes.{kind}"
    rows = [HEADER + ["symbol"], ROWS[0] + ["moon"], ROWS[1] + ["=A2"]]
    if kind == "xlsx":
        xlsx(path, {"hero": rows})     # openpyxl saves the formula and no value
    else:
        rows[2][3] = '<table:table-cell table:formula="of:=[.A2]"/>'
        ods(path, "hero", rows)
    result = validate(game)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{path}:3: error: spreadsheet: sheet 'hero', row 3: cell D3 (column 'symbol'): a formula "
        "saved without its value (as a script writes one; a spreadsheet program saves both): "
        "open and save the file in a spreadsheet program so it stores the value"]


@pytest.mark.parametrize("cell, symbol", [
    (b'<c r="D3" t="str"><f>""</f><v></v></c>', "star"),         # a text formula showing "": empty
    (b'<c r="D3" t="str"><f>A2</f><v>Second Hero</v></c>', "Second Hero"),
    (b'<c r="D3"><f>1+1</f><v>2</v></c>', "2")])
def test_a_formula_saved_with_its_value_reads_as_its_value(cell, symbol, game_with):
    game = game_with("cards/heroes.xlsx")
    path = game / "cards" / "heroes.xlsx"
    xlsx(path, {"hero": [HEADER + ["symbol"], ROWS[0] + ["moon"], ROWS[1] + ["PLACE"]]})
    rewrite(path, lambda part: part.replace(
        b'<c r="D3" t="inlineStr"><is><t>PLACE</t></is></c>', cell))
    dumped = run("dump", game)
    assert dumped.exit_code == 0, dumped.output
    assert f'"symbol": "{symbol}"' in dumped.output


def test_a_calculated_ods_formula_reads_as_its_value(game_with):
    game = game_with("cards/heroes.ods")
    ods(game / "cards" / "heroes.ods", "hero", [HEADER, ROWS[0], [
        "Second Hero", '<table:table-cell table:formula="of:=2+2" office:value-type="float" '
        'office:value="4"><text:p>4</text:p></table:table-cell>', "x"]])
    dumped = run("dump", game)
    assert dumped.exit_code == 0, dumped.output
    assert '"power": 4' in dumped.output


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_a_date_cell_for_a_number_field_says_it_is_a_date(kind, game_with, validate):
    game = game_with(f"cards/heroes.{kind}")
    path = game / "cards" / f"heroes.{kind}"
    if kind == "xlsx":
        xlsx(path, {"hero": [HEADER] + ROWS})
        rewrite(path, lambda part: part.replace(b'<c r="B3" t="n">', b'<c r="B3" s="1" t="n">')
                .replace(b"<cellXfs", b'<numFmts count="1"><numFmt numFmtId="164" formatCode='
                         b'"yyyy-mm-dd"/></numFmts><cellXfs')
                .replace(b'<cellXfs count="1">', b'<cellXfs count="2">')
                .replace(b"</cellXfs>", b'<xf numFmtId="164" applyNumberFormat="1"/></cellXfs>'))
        shown = "1900-01-05"                # day 5 of Excel's count
    else:
        ods(path, "hero", [HEADER, ROWS[0], [
            "Second Hero", '<table:table-cell office:value-type="date" office:date-value='
            '"1900-01-05"><text:p>05/01/00</text:p></table:table-cell>', "x"]])
        shown = "1900-01-05"
    result = validate(game)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{path}:3: error: type: sheet 'hero', row 3, column B (power): cell B3 is formatted as "
        f"a date ({shown}); format the column as a number"]


def test_an_ods_date_cell_for_a_text_field_reads_as_it_shows(game_with):
    game = game_with("cards/heroes.ods")
    ods(game / "cards" / "heroes.ods", "hero", [HEADER, ROWS[0], [
        "Second Hero", 5, '<table:table-cell office:value-type="date" office:date-value='
        '"2024-01-02"><text:p>02/01/24</text:p></table:table-cell>']])
    dumped = run("dump", game)
    assert dumped.exit_code == 0, dumped.output
    assert '"text": "02/01/24"' in dumped.output


def test_ods_text_reads_as_it_shows(game_with):
    game = game_with("cards/heroes.ods")
    text = ('<table:table-cell office:value-type="string"><text:p>first <text:span>line'
            '</text:span></text:p><text:p>second<text:line-break/>third</text:p>'
            '<text:p>a<text:tab/>b<text:s text:c="3"/>c   d\n e </text:p></table:table-cell>')
    ods(game / "cards" / "heroes.ods", "hero", [HEADER, ROWS[0], ["Second Hero", 5, text]])
    dumped = run("dump", game)
    assert dumped.exit_code == 0, dumped.output
    assert '"text": "first line\\nsecond\\nthird\\na\\tb   c d e"' in dumped.output


def rewrite(path: Path, change) -> None:
    """The workbook with `change` made to each of its parts (bytes to bytes)."""
    with zipfile.ZipFile(path) as archive:
        parts = {name: change(archive.read(name)) for name in archive.namelist()}
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


@pytest.mark.parametrize("reference, message", [
    ("cards/heroes.xlsx", "every sheet of the workbook is hidden (Notes, Roster): write the file "
                          "as '<file>#<sheet>'"),
    ("cards/heroes.xlsx#Heros", "no sheet 'Heros'; the workbook has: Notes (hidden), Roster (hidden)"),
])
def test_a_workbook_of_hidden_sheets_says_which_are_hidden(reference, message, game_with,
                                                           validate):
    game = game_with(reference)
    path = game / "cards" / "heroes.xlsx"
    xlsx(path, {"Notes": [["x"]], "Roster": [HEADER] + ROWS}, hidden={"Notes": "hidden"})
    # openpyxl saves no workbook without a visible sheet; a script or another program may
    rewrite(path, lambda part: part.replace(b'state="visible"', b'state="veryHidden"'))
    result = validate(game)
    assert result.exit_code == 1
    assert result.stderr.strip().endswith(message), result.stderr
