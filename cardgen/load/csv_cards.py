"""Card files exported from a spreadsheet as CSV: one card per row, field names in the header
row (see table_cards for how cells are read). Errors name the file, row and column.
"""
from __future__ import annotations

import csv
import io
from pathlib import Path

from cardgen.errors import Report, relative_name
from cardgen.load.table_cards import cards_from_rows
from cardgen.yaml_source import read_text
from cardgen.model import Card, CardType


def _rows(text: str, name: str, report: Report) -> list[list[str]] | None:
    """Every row, or None (with an error naming the line) when the file is not readable CSV."""
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)   # an unclosed quote is an error
    rows = []
    try:
        for row in reader:
            rows.append(row)
    except csv.Error as exc:
        line = reader.line_num or 1
        if "field larger than field limit" in str(exc):
            message = (f"a cell is longer than {csv.field_size_limit():,} characters, the most a "
                       "cell may hold")
        elif "unexpected end of data" in str(exc):
            message = "a quoted cell is never closed: the file ends inside its quotes"
        else:
            message = f"not readable as CSV ({exc})"
        report.error(name, line, (f"row {line}",), message, code="csv")
        return None
    return rows


def read_csv_cards(path: Path, report: Report, card_type: CardType, deck_id: str,
                   default_copies: int) -> tuple[list[Card], bool]:
    """The cards of one CSV file, and whether every row loaded."""
    text = read_text(path, report)
    if text is None:
        return [], False
    name = relative_name(path)
    rows = _rows(text, name, report)
    if rows is None:
        return [], False
    return cards_from_rows(rows, path, name, report, card_type, deck_id, default_copies)
