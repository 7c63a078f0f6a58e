"""Card files that are spreadsheets: Excel (.xlsx) or OpenDocument (.ods) workbooks.

A deck names `cards/heroes.xlsx` (the sheet named after the card type, or the workbook's only
visible sheet: hidden ones are skipped) or `cards/heroes.xlsx#Heroes` (that sheet, hidden or
not). Each sheet is a table read as table_cards reads a CSV file; messages name the sheet, row
and column. A workbook is a zip archive, so its parts are size-checked before anything is
unpacked; its XML is then read as a stream, counted as it goes (xlsx_sheets, ods_sheets).
"""
from __future__ import annotations

import zipfile
from pathlib import Path

from typing import TYPE_CHECKING

from cardgen.base.errors import ProblemError, Report, relative_name
from cardgen.base.limits import WORKBOOK_BYTES, WORKBOOK_UNPACKED_BYTES
from cardgen.base.model import Card, CardType

# the readers of tables and workbooks are imported when a deck names a spreadsheet
if TYPE_CHECKING:
    from cardgen.load.table_cards import Table

SPREADSHEETS = (".xlsx", ".ods")


class SheetError(ProblemError):
    code = "spreadsheet"


def split_reference(reference: str) -> tuple[str, str | None]:
    """'cards/heroes.xlsx#Heroes' -> ('cards/heroes.xlsx', 'Heroes')."""
    file, _, sheet = str(reference).partition("#")
    return file, (sheet or None)


def read_spreadsheet_cards(path: Path, sheet: str | None, report: Report, card_type: CardType,
                           deck_id: str, default_copies: int) -> tuple[list[Card], bool]:
    from cardgen.load.table_cards import TableError, cards_from_rows
    from cardgen.load.xml_parts import XmlPartError
    name = relative_name(path)
    kind = "an Excel workbook" if path.suffix.lower() == ".xlsx" else "an OpenDocument spreadsheet"
    try:
        _check_archive(path)
        with zipfile.ZipFile(path) as archive:
            table = _read_table(archive, path.suffix.lower(), sheet, card_type)
    except SheetError as exc:
        report.raised(exc, name)
        return [], False
    except XmlPartError as exc:
        report.raised(exc, name, message=f"not readable as {kind}: {exc}")
        return [], False
    except TableError as exc:
        report.raised(exc, name, code="spreadsheet")
        return [], False
    except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError, RuntimeError) as exc:
        # a part that does not unpack: damaged, encrypted, or packed in a way zip cannot undo
        report.error(name, None, (), f"not readable as {kind}: a part of the archive does not "
                     f"unpack ({type(exc).__name__})", code="spreadsheet")
        return [], False
    return cards_from_rows(table, path, name, report, card_type, deck_id, default_copies)


def _read_table(archive: zipfile.ZipFile, suffix: str, wanted: str | None,
                card_type: CardType) -> Table:
    from cardgen.load.ods_sheets import read_ods
    from cardgen.load.xlsx_sheets import XlsxWorkbook
    if suffix == ".xlsx":
        workbook = XlsxWorkbook(archive)
        return workbook.table(_choose(list(workbook.sheets), workbook.hidden, wanted, card_type))
    workbook = read_ods(archive)
    return workbook.tables[_choose(list(workbook.tables), workbook.hidden, wanted, card_type)]


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


def _choose(sheets: list[str], hidden: set[str], wanted: str | None, card_type: CardType) -> str:
    """The sheet named, or else the one named after the card type (a visible one before a hidden
    one), or else the only visible one."""
    if wanted is not None:
        if wanted not in sheets:
            listed = ", ".join(f"{title} (hidden)" if title in hidden else title for title in sheets)
            raise SheetError(f"no sheet '{wanted}'; the workbook has: {listed}")
        return wanted
    visible = [title for title in sheets if title not in hidden]
    shown_last = sorted(sheets, key=lambda title: title not in hidden)
    by_name = {title.casefold(): title for title in shown_last}
    for candidate in (card_type.id, card_type.name):
        if candidate.casefold() in by_name:
            return by_name[candidate.casefold()]
    if len(visible) == 1:
        return visible[0]
    if not sheets:
        raise SheetError("the workbook has no sheet")
    if not visible:
        raise SheetError(f"every sheet of the workbook is hidden ({', '.join(sheets)}): write the "
                         "file as '<file>#<sheet>'")
    several = "several visible sheets" if len(visible) < len(sheets) else "several sheets"
    raise SheetError(f"the workbook has {several} ({', '.join(visible)}) and none is named "
                     f"after the card type '{card_type.id}': name one as "
                     f"'{card_type.id}' or write the file as '<file>#<sheet>'")
