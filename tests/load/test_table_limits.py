"""Every limit on reading card tables (CSV, .xlsx, .ods), at the limit (read) and one past it
(one clear error naming the file and, where it can, the sheet, row and column). The limits are
made small here; the corpus holds the full-size cases."""
from __future__ import annotations

import datetime
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from openpyxl import Workbook

import workbooks
from cardgen.cli import main
from cardgen.load import csv_cards, ods_sheets, table_cards, xlsx_sheets, xml_parts

HEADER = ["name", "power", "text"]
HEROES = [["First Hero", 3, "Deals 3."], ["Second Hero", 5, "Draw a card."]]


def validate(game: Path):
    result = CliRunner().invoke(main, ["validate", str(game)])
    assert "Traceback" not in result.output
    return result.exit_code, result.stderr.strip()


def csv_game(game_with, text: str) -> Path:
    game = game_with("cards/heroes.csv")
    (game / "cards" / "heroes.csv").write_text(text, encoding="utf-8")
    return game


def xlsx_game(game_with, rows: list[list], **parts) -> Path:
    game = game_with("cards/heroes.xlsx")
    sheet = "".join(workbooks.row(n, values) for n, values in enumerate(rows, start=1))
    workbooks.xlsx(game / "cards" / "heroes.xlsx", sheet, **parts)
    return game


def ods_game(game_with, rows: str) -> Path:
    game = game_with("cards/heroes.ods")
    workbooks.ods(game / "cards" / "heroes.ods", rows)
    return game


CSV = "name,power,text\nFirst Hero,3,Deals 3.\nSecond Hero,5,Draw a card.\n"


def limit(monkeypatch, name: str, value: int, *modules) -> None:
    for module in modules:
        monkeypatch.setattr(module, name, value)


# rows of cards ------------------------------------------------------------------------------------

@pytest.mark.parametrize("cards, exit_code", [(2, 0), (3, 1)])
def test_rows_of_cards_empty_rows_not_counted(cards, exit_code, game_with, monkeypatch):
    limit(monkeypatch, "TABLE_ROWS", 2, table_cards)
    third = "Third Hero,1,x\n" if cards == 3 else ""
    code, err = validate(csv_game(game_with, CSV + ",,\n" * 50 + third))
    assert code == exit_code
    if exit_code:
        assert err.endswith("heroes.csv:54: error: csv: row 54: more than 2 rows of cards: split "
                            "them into several files")


@pytest.mark.parametrize("repeat, exit_code", [(1, 0), (2, 1)])
def test_a_repeated_ods_row_counts_as_its_copies(repeat, exit_code, game_with, monkeypatch):
    limit(monkeypatch, "TABLE_ROWS", 2, table_cards)
    rows = workbooks.ods_row(HEADER) + workbooks.ods_row(HEROES[0])
    rows += workbooks.ods_row(HEROES[1], repeat=repeat)
    code, err = validate(ods_game(game_with, rows))
    assert code == exit_code
    if exit_code:           # the copies share the name, which is an error of its own when read
        assert err.endswith("heroes.ods:4: error: spreadsheet: sheet 'hero', row 4: more than 2 rows "
                            "of cards: split them into several files")


# rows and cells read, empty ones included ---------------------------------------------------------

@pytest.mark.parametrize("empty, exit_code", [(2, 0), (3, 1)])
def test_rows_read_count_empty_rows(empty, exit_code, game_with, monkeypatch):
    limit(monkeypatch, "TABLE_ROWS_READ", 5, table_cards)
    code, err = validate(csv_game(game_with, CSV + "\n" * empty))
    assert code == exit_code
    if exit_code:
        assert "heroes.csv:6: error: csv: row 6: more than 5 rows, empty ones included" in err


@pytest.mark.parametrize("kind", ["csv", "xlsx", "ods"])
@pytest.mark.parametrize("cells, exit_code", [(9, 0), (8, 1)])
def test_cells_read_count_empty_cells(kind, cells, exit_code, game_with, monkeypatch):
    limit(monkeypatch, "TABLE_CELLS", cells, table_cards, xlsx_sheets)
    rows = [HEADER] + HEROES            # nine cells
    if kind == "csv":
        game = csv_game(game_with, CSV)
    elif kind == "xlsx":
        game = xlsx_game(game_with, rows)
    else:
        game = ods_game(game_with, "".join(workbooks.ods_row(r) for r in rows))
    code, err = validate(game)
    assert code == exit_code
    if exit_code:
        assert ":3: error:" in err and "row 3: more than 8 cells, empty ones included" in err


def test_a_run_of_empty_cells_is_no_work(game_with, monkeypatch):
    limit(monkeypatch, "TABLE_CELLS", 12, table_cards)
    empty = '<table:table-cell table:number-columns-repeated="1000000000"/>'
    rows = "".join(workbooks.ods_row(r).replace("</table:table-row>", empty + "</table:table-row>")
                   for r in [HEADER] + HEROES)
    assert validate(ods_game(game_with, rows))[0] == 0


# columns ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["csv", "xlsx", "ods"])
@pytest.mark.parametrize("extra, exit_code", [(0, 0), (1, 1)])
def test_a_value_past_the_columns(kind, extra, exit_code, game_with, monkeypatch):
    limit(monkeypatch, "TABLE_COLUMNS", 3, table_cards, csv_cards, xlsx_sheets, ods_sheets)
    rows = [HEADER, HEROES[0] + ["lost"] * extra, HEROES[1] + [None, None]]
    if kind == "csv":
        game = csv_game(game_with, "\n".join(",".join(str(v or "") for v in r) for r in rows))
    elif kind == "xlsx":
        game = xlsx_game(game_with, rows)
    else:
        game = ods_game(game_with, "".join(workbooks.ods_row(r) for r in rows))
    code, err = validate(game)
    assert code == exit_code
    if exit_code:
        assert err.endswith("row 2, column D: a value past the first 3 columns (A to C), which are "
                            "all a table is read to: move the card data to the left")


@pytest.mark.parametrize("column, exit_code", [("XFD", 0), ("XFE", 1)])
def test_an_xlsx_cell_past_column_xfd_is_damaged(column, exit_code, game_with):
    game = xlsx_game(game_with, [HEADER] + HEROES)
    sheet = "".join(workbooks.row(n, r) for n, r in enumerate([HEADER] + HEROES, start=1))
    sheet = sheet.replace("</row>", f'<c r="{column}1" s="1"/></row>', 1)
    workbooks.xlsx(game / "cards" / "heroes.xlsx", sheet)
    code, err = validate(game)
    assert code == exit_code
    if exit_code:
        assert err.endswith("sheet 'hero', row 1: a damaged cell: 'XFE1' is not a cell reference")


# characters in a cell -----------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["csv", "xlsx", "xlsx-shared", "ods", "ods-spaces"])
@pytest.mark.parametrize("length, exit_code", [(12, 0), (13, 1)])
def test_characters_in_a_cell(kind, length, exit_code, game_with, monkeypatch):
    limit(monkeypatch, "CELL_CHARS", 12, csv_cards, xlsx_sheets, ods_sheets)
    text = "x" * length
    rows = [HEADER, HEROES[0], ["Second Hero", 5, text]]
    if kind == "csv":
        game = csv_game(game_with, CSV.replace("Draw a card.", text))
    elif kind == "xlsx":
        game = xlsx_game(game_with, rows)
    elif kind == "xlsx-shared":
        game = xlsx_game(game_with, [HEADER, HEROES[0], ["Second Hero", 5]],
                         shared_strings=f"<si><t>{text}</t></si>")
        sheet = "".join(workbooks.row(n, r) for n, r in enumerate(rows[:2], start=1))
        sheet += '<row r="3">' + workbooks.cell("A", 3, "Second Hero") + '<c r="B3"><v>5</v></c>' \
            '<c r="C3" t="s"><v>0</v></c></row>'
        workbooks.xlsx(game / "cards" / "heroes.xlsx", sheet, shared_strings=f"<si><t>{text}</t></si>")
    elif kind == "ods":
        game = ods_game(game_with, "".join(workbooks.ods_row(r) for r in rows))
    else:                           # a run of spaces is counted before it is written out
        written = "".join(workbooks.ods_row(r) for r in rows)
        assert written.count(f"<text:p>{text}</text:p>") == 1
        game = ods_game(game_with, written.replace(
            f"<text:p>{text}</text:p>", f'<text:p>x<text:s text:c="{length - 1}"/></text:p>'))
    code, err = validate(game)
    assert code == exit_code, err
    if exit_code:
        assert "a cell is longer than 12 characters" in err or \
            "shared string 1 is longer than 12 characters" in err


# shared strings -----------------------------------------------------------------------------------

def shared_game(game_with, strings: list[str]) -> Path:
    """The heroes, their names as shared strings 0 and 1, after which come `strings`, unused."""
    game = game_with("cards/heroes.xlsx")
    table = "".join(f"<si><t>{s}</t></si>" for s in ["First Hero", "Second Hero"] + strings)
    sheet = workbooks.row(1, HEADER)
    for n, (power, text) in enumerate([(3, "Deals 3."), (5, "Draw a card.")], start=2):
        sheet += (f'<row r="{n}"><c r="A{n}" t="s"><v>{n - 2}</v></c>' + workbooks.cell("B", n, power)
                  + workbooks.cell("C", n, text) + "</row>")
    workbooks.xlsx(game / "cards" / "heroes.xlsx", sheet, shared_strings=table)
    return game


@pytest.mark.parametrize("count, exit_code", [(4, 0), (5, 1)])
def test_shared_strings_counted(count, exit_code, game_with, monkeypatch):
    limit(monkeypatch, "SHARED_STRINGS", 4, xlsx_sheets)
    code, err = validate(shared_game(game_with, ["unused"] * (count - 2)))
    assert code == exit_code
    if exit_code:
        assert err.endswith("heroes.xlsx: error: spreadsheet: not readable as an Excel workbook: "
                            "more than 4 shared strings: not a workbook of cards cardgen reads")


@pytest.mark.parametrize("chars, exit_code", [(30, 0), (29, 1)])
def test_shared_string_characters_counted(chars, exit_code, game_with, monkeypatch):
    limit(monkeypatch, "SHARED_STRING_CHARS", chars, xlsx_sheets)
    code, err = validate(shared_game(game_with, ["x" * 9]))     # 10 + 11 + 9 characters
    assert code == exit_code
    if exit_code:
        assert f"the shared strings hold more than {chars} characters in all" in err


# the XML itself -----------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_xml_elements_counted(kind, game_with, monkeypatch):
    rows = [HEADER] + HEROES
    game = (xlsx_game(game_with, rows) if kind == "xlsx"
            else ods_game(game_with, "".join(workbooks.ods_row(r) for r in rows)))
    counted = []
    read = xml_parts.PartReader.read
    monkeypatch.setattr(xml_parts.PartReader, "read",
                        lambda self, *a: (read(self, *a), counted.append(self.elements)))
    assert validate(game)[0] == 0
    elements = counted[-1]          # every part read, the sheet last
    limit(monkeypatch, "WORKBOOK_ELEMENTS", elements, xml_parts)
    assert validate(game)[0] == 0
    limit(monkeypatch, "WORKBOOK_ELEMENTS", elements - 1, xml_parts)
    code, err = validate(game)
    assert code == 1 and err.endswith(f"more than {elements - 1:,} XML elements: not a workbook "
                                      "of cards cardgen reads")


@pytest.mark.parametrize("sheets, exit_code", [(1, 0), (2, 1)])
def test_workbook_entries_counted(sheets, exit_code, game_with, monkeypatch):
    limit(monkeypatch, "WORKBOOK_ENTRIES", 1, xml_parts)
    rows = "".join(workbooks.ods_row(r) for r in [HEADER] + HEROES)
    game = ods_game(game_with, rows)
    if sheets == 2:
        workbooks.ods(game / "cards" / "heroes.ods",
                      rows + '</table:table><table:table table:name="notes">', title="hero")
    code, err = validate(game)
    assert code == exit_code
    if exit_code:
        assert err.endswith("more than 1 sheets: not a workbook of cards cardgen reads")


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_a_doctype_is_refused_unread(kind, game_with):
    """Entities (a billion laughs, a file read from outside) are declared in a DOCTYPE."""
    doctype = ('<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">'
               '<!ENTITY secret SYSTEM "file:///etc/passwd">]>')
    rows = [HEADER] + HEROES
    if kind == "xlsx":
        game, part = xlsx_game(game_with, rows), "xl/worksheets/sheet1.xml"
    else:
        game, part = ods_game(game_with, "".join(workbooks.ods_row(r) for r in rows)), "content.xml"
    path = next((game / "cards").glob("heroes.*s*"))
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name).decode() for name in archive.namelist()}
    parts[part] = parts[part].replace("?>", "?>" + doctype, 1).replace("Deals 3.", "&b;&secret;")
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    code, err = validate(game)
    assert code == 1 and "the XML declares a DOCTYPE" in err and "root:" not in err


# what a cell reads as -----------------------------------------------------------------------------

def test_a_date_for_a_text_field_reads_as_its_text(game_with):
    game = game_with("cards/heroes.xlsx")
    book = Workbook()
    sheet = book.active
    sheet.title = "hero"
    for row in (HEADER, ["First Hero", 3, datetime.datetime(2024, 1, 2)], ["Second Hero", 5, "x"]):
        sheet.append(row)
    book.save(game / "cards" / "heroes.xlsx")
    result = CliRunner().invoke(main, ["dump", str(game)])
    assert result.exit_code == 0, result.output
    assert '"text": "2024-01-02 00:00:00"' in result.output
