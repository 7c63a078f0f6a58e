"""Card files exported from a spreadsheet as CSV: one card per row, field names in the header
row (see table_cards for how cells are read). Errors name the file, row and column.

The file is at most DATA_FILE_BYTES; its rows are read one at a time, counted as they are read
(rows and cells, empty ones included), and only rows holding a value are kept.
"""
from __future__ import annotations

import csv
import io
from pathlib import Path

from cardgen.base.errors import Report, relative_name
from cardgen.base.limits import CELL_CHARS, TABLE_COLUMNS
from cardgen.load.table_cards import Table, TableError, Work, cards_from_rows, past_the_columns
from cardgen.shared.yaml_source import read_text
from cardgen.base.model import Card, CardType


def _cut(row: list[str], number: int) -> list[str]:
    """The row's first TABLE_COLUMNS cells; a value past them is an error."""
    past = row[TABLE_COLUMNS:]
    if past and "".join(past).strip():
        column = next(n for n, cell in enumerate(past, start=TABLE_COLUMNS) if cell.strip())
        raise past_the_columns(number, column)
    return row[:TABLE_COLUMNS] if past else row


def _table(text: str) -> Table:
    """The rows holding a value, read within the limits; TableError at the first problem."""
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)   # an unclosed quote is an error
    table, work = Table(), Work()
    number = 0
    previous = csv.field_size_limit(CELL_CHARS)
    try:
        for number, row in enumerate(reader, start=1):
            work.row(number)
            work.add_cells(len(row), number)
            if any(row):
                table.add(number, _cut(row, number))
    except csv.Error as exc:
        line = reader.line_num or 1
        if "field larger than field limit" in str(exc):
            message = f"a cell is longer than {CELL_CHARS:,} characters, the most a cell may hold"
        elif "unexpected end of data" in str(exc):
            message = "a quoted cell is never closed: the file ends inside its quotes"
        else:
            message = f"not readable as CSV ({exc})"
        raise TableError(message, line) from None
    finally:
        csv.field_size_limit(previous)
    return table


def read_csv_cards(path: Path, report: Report, card_type: CardType, deck_id: str,
                   default_copies: int) -> tuple[list[Card], bool]:
    """The cards of one CSV file, and whether every row loaded."""
    text = read_text(path, report)
    if text is None:
        return [], False
    name = relative_name(path)
    try:
        table = _table(text)
    except TableError as exc:
        report.raised(exc, name, code="csv")
        return [], False
    return cards_from_rows(table, path, name, report, card_type, deck_id, default_copies)
