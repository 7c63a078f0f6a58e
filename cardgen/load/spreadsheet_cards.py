"""Card files that are spreadsheets: Excel (.xlsx) or OpenDocument (.ods) workbooks.

A deck names `cards/heroes.xlsx` (the sheet named after the card type, or the workbook's only
sheet) or `cards/heroes.xlsx#Heroes` (that sheet). Each sheet is a table read as table_cards
reads a CSV file; messages name the sheet, row and column. A workbook is a zip archive, so its
parts are size-checked before anything is unpacked.
"""
from __future__ import annotations

import zipfile
from pathlib import Path

from cardgen.errors import Report, relative_name
from cardgen.load.table_cards import cards_from_rows
from cardgen.model import Card, CardType
from cardgen.yaml_source import plain_number
from cardgen.limits import NUMBER_MAGNITUDE, TABLE_COLUMNS, TABLE_ROWS, WORKBOOK_BYTES, WORKBOOK_UNPACKED_BYTES

SPREADSHEETS = (".xlsx", ".ods")
_ODS = {"table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
        "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
        "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0"}


class SheetError(Exception):
    pass


def split_reference(reference: str) -> tuple[str, str | None]:
    """'cards/heroes.xlsx#Heroes' -> ('cards/heroes.xlsx', 'Heroes')."""
    file, _, sheet = str(reference).partition("#")
    return file, (sheet or None)


def read_spreadsheet_cards(path: Path, sheet: str | None, report: Report, card_type: CardType,
                           deck_id: str, default_copies: int) -> tuple[list[Card], bool]:
    name = relative_name(path)
    try:
        _check_archive(path)
        sheets = _read_xlsx(path) if path.suffix.lower() == ".xlsx" else _read_ods(path)
        title = _choose(sheets, sheet, card_type)
    except SheetError as exc:
        report.error(name, None, (), str(exc), code="spreadsheet")
        return [], False
    return cards_from_rows(sheets[title], path, name, report, card_type, deck_id,
                           default_copies, place=f"sheet '{title}', ")


def _check_archive(path: Path) -> None:
    size = path.stat().st_size
    if size > WORKBOOK_BYTES:
        raise SheetError(f"file is {size:,} bytes; the limit is {WORKBOOK_BYTES:,}")
    try:
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError):
        raise SheetError("not a spreadsheet cardgen reads: an .xlsx or .ods file is a zip "
                         "archive, and this one is not (or it is damaged)") from None
    if unpacked > WORKBOOK_UNPACKED_BYTES:
        raise SheetError(f"unpacks to {unpacked:,} bytes; the limit is {WORKBOOK_UNPACKED_BYTES:,}")


def _choose(sheets: dict[str, list], wanted: str | None, card_type: CardType) -> str:
    if wanted is not None:
        if wanted not in sheets:
            raise SheetError(f"no sheet '{wanted}'; the workbook has: {', '.join(sheets)}")
        return wanted
    by_name = {title.casefold(): title for title in sheets}
    for candidate in (card_type.id, card_type.name):
        if candidate.casefold() in by_name:
            return by_name[candidate.casefold()]
    if len(sheets) == 1:
        return next(iter(sheets))
    if not sheets:
        raise SheetError("the workbook has no sheet")
    raise SheetError(f"the workbook has several sheets ({', '.join(sheets)}) and none is named "
                     f"after the card type '{card_type.id}': name one as "
                     f"'{card_type.id}' or write the file as '<file>#<sheet>'")


def _rows_limited(rows, title: str) -> list[list]:
    out = []
    for row in rows:
        if len(out) > TABLE_ROWS + 1:
            break
        _nothing_past_the_columns(row[TABLE_COLUMNS:], len(out) + 1, title)
        out.append(list(row[:TABLE_COLUMNS]))
    return out


def _nothing_past_the_columns(cells, row: int, title: str) -> None:
    """A value past the columns cardgen reads would be lost without a word: an error instead."""
    for n, value in enumerate(cells, start=TABLE_COLUMNS + 1):
        if value not in (None, ""):
            raise SheetError(f"sheet '{title}', row {row}, column {n} holds a value; a sheet is "
                             f"read to its first "
                             f"{TABLE_COLUMNS} columns: move the card data to the left")


def _read_xlsx(path: Path) -> dict[str, list]:
    from openpyxl import load_workbook
    try:
        workbook = load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:        # openpyxl raises many kinds for a damaged workbook
        raise SheetError(f"not readable as an Excel workbook ({type(exc).__name__})") from None
    sheets = {}
    try:
        for ws in workbook.worksheets:
            ws.reset_dimensions()   # read every row there is, not what the file claims there is
            sheets[ws.title] = _rows_limited(ws.iter_rows(values_only=True), ws.title)
    except SheetError:
        raise
    except ValueError as exc:       # a number cell too long for Python to convert
        if "digits" not in str(exc):
            raise SheetError(f"not readable as an Excel workbook: a cell of sheet '{ws.title}' "
                             f"is damaged ({type(exc).__name__})") from None
        raise SheetError(f"a number cell of sheet '{ws.title}' holds more than 4,300 digits: "
                         f"expected a number from {-NUMBER_MAGNITUDE:,} to {NUMBER_MAGNITUDE:,}") from None
    except Exception as exc:        # a damaged cell shows only when its row is read
        raise SheetError(f"not readable as an Excel workbook: a cell of sheet '{ws.title}' is "
                         f"damaged ({type(exc).__name__})") from None
    finally:
        workbook.close()
    return sheets


def _read_ods(path: Path) -> dict[str, list]:
    from defusedxml import ElementTree
    try:
        with zipfile.ZipFile(path) as archive:
            content = archive.read("content.xml")
        root = ElementTree.fromstring(content)
    except KeyError:
        raise SheetError("not an OpenDocument spreadsheet: it has no content.xml") from None
    except Exception as exc:        # malformed XML, entities refused by defusedxml ...
        raise SheetError(f"not readable as an OpenDocument spreadsheet ({type(exc).__name__})") from None
    sheets = {}
    try:
        for table in _sheets_of(root):
            title = table.get(f"{{{_ODS['table']}}}name", f"Sheet{len(sheets) + 1}")
            if title in sheets:
                raise SheetError(f"two sheets are named '{title}'")
            sheets[title] = _rows_limited(_ods_rows(table, title), title)
    except SheetError:
        raise
    except Exception as exc:        # a damaged cell shows only when its row is read
        raise SheetError(f"not readable as an OpenDocument spreadsheet: a cell is damaged "
                         f"({type(exc).__name__})") from None
    if not sheets:
        raise SheetError("the spreadsheet has no sheet")
    return sheets


def _sheets_of(root):
    """The spreadsheet's sheets: the tables of its body, not tables nested in their cells."""
    office, table = _ODS["office"], _ODS["table"]
    for body in root.iter(f"{{{office}}}spreadsheet"):
        yield from body.findall(f"{{{table}}}table")


def _repeat(element, attribute: str) -> int:
    text = element.get(f"{{{_ODS['table']}}}{attribute}", "1")
    if not text.isdigit() or int(text) < 1:
        raise SheetError(f"a cell or row repeats '{text}' times: not a count")
    return int(text)


def _rows_of(table):
    """A table's own rows, in order, through row groups and header rows but not nested tables."""
    t = _ODS["table"]
    for child in table:
        if child.tag == f"{{{t}}}table-row":
            yield child
        elif child.tag in (f"{{{t}}}table-header-rows", f"{{{t}}}table-rows",
                           f"{{{t}}}table-row-group"):
            yield from _rows_of(child)


def _ods_rows(table, title: str):
    """The rows of an ODS table, repeated rows and cells expanded (within the limits)."""
    for number, row in enumerate(_rows_of(table), start=1):
        cells = []
        for cell in row:
            if not cell.tag.endswith("table-cell") and not cell.tag.endswith("covered-table-cell"):
                continue
            value = _ods_value(cell)
            if len(cells) >= TABLE_COLUMNS:
                _nothing_past_the_columns([value], number, title)
                continue
            repeat = min(_repeat(cell, "number-columns-repeated"), TABLE_COLUMNS - len(cells))
            cells += [value] * repeat
        while cells and cells[-1] is None:
            cells.pop()
        repeat = _repeat(row, "number-rows-repeated")
        for _ in range(min(repeat, TABLE_ROWS + 2) if cells else 1):
            yield cells


def _ods_value(cell):
    office = _ODS["office"]
    kind = cell.get(f"{{{office}}}value-type")
    if kind in ("float", "percentage", "currency"):
        number = plain_number(cell.get(f"{{{office}}}value", "").strip())  # too large: infinity
        if number is None:
            raise SheetError("a number cell holds no number")
        if isinstance(number, float) and number.is_integer() and abs(number) < 1e15:
            return int(number)
        return number
    if kind == "boolean":
        return cell.get(f"{{{office}}}boolean-value") == "true"
    paragraphs = ["".join(p.itertext()) for p in cell.iter(f"{{{_ODS['text']}}}p")]
    return "\n".join(paragraphs) if paragraphs else None
