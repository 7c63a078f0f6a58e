"""Card files exported from a spreadsheet: one card per row, field names in the header row.

Cells are typed like YAML scalars (12 is a number, true a yes/no), an empty cell is an absent
field, and a list field takes items separated by ';'. Errors name the file, row and column.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from cardgen.errors import Report, relative_name
from cardgen.load.cards import read_card
from cardgen.load.schema import At
from cardgen.load.yaml_source import Document, read_text
from cardgen.model import Card, CardType


def column_letter(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


@dataclass(frozen=True)
class RowAt(At):
    """An At whose children are cells: 'row 4, column C (health)'."""

    row: int = 0
    columns: tuple = ()

    def child(self, key) -> At:
        if key in self.columns:
            cell = f"row {self.row}, column {column_letter(self.columns.index(key))} ({key})"
        else:
            cell = f"row {self.row}, {key}"
        self.doc.lines.setdefault((cell,), self.line)
        return At(self.doc, (cell,), self.report)


def _cell(text: str, decl_type: str | None):
    text = text.strip()
    if decl_type == "prototype" and text.lower() in ("true", "false"):
        return text.lower() == "true"
    if decl_type in ("list", "references", "prototype"):
        return [item.strip() for item in text.split(";") if item.strip()]
    if decl_type in ("text", "choice", "image"):
        return text
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def _rows(text: str, name: str, report: Report) -> list[list[str]] | None:
    """Every row, or None (with an error naming the line) when the file is not readable CSV."""
    reader = csv.reader(io.StringIO(text, newline=""))
    rows = []
    try:
        for row in reader:
            rows.append(row)
    except csv.Error as exc:
        line = reader.line_num or 1
        if "field larger than field limit" in str(exc):
            message = (f"a cell is longer than {csv.field_size_limit():,} characters, the most a "
                       "cell may hold")
        else:
            message = f"not readable as CSV ({exc})"
        report.error(name, line, (f"row {line}",), message, code="csv")
        return None
    return rows


def _unique_header(header: tuple, name: str, report: Report) -> bool:
    """A column named twice is an error, as a key given twice is in YAML."""
    seen: dict[str, int] = {}
    ok = True
    for index, column in enumerate(header):
        if column and column in seen:
            report.error(name, 1, ("row 1",), f"column '{column}' is named twice, in column "
                         f"{column_letter(seen[column])} and column {column_letter(index)}",
                         code="csv")
            ok = False
        seen.setdefault(column, index)
    return ok


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
    if not rows:
        report.error(name, None, (), "CSV file is empty: expected a header row of field names",
                     code="empty")
        return [], False
    header = tuple(h.strip() for h in rows[0])
    if not _unique_header(header, name, report):
        return [], False
    types = {d.name: d.type for d in card_type.fields}
    doc = Document(path, name, None, {(): 1})
    cards, complete = [], True
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header):
            report.error(name, number, (f"row {number}",), f"row has {len(row)} cells but the header "
                         f"names {len(header)} columns", code="csv")
            complete = False
            continue
        item = {key: _cell(cell, types.get(key, key)) for key, cell in zip(header, row) if cell.strip()}
        doc.lines[(f"row {number}",)] = number
        at = RowAt(doc, (f"row {number}",), report, row=number, columns=header)
        card = read_card(item, at, card_type, deck_id, default_copies)
        if card is not None:
            cards.append(card)
        complete = complete and card is not None
    return cards, complete
