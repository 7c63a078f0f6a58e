"""Card data as a table (a CSV file or a spreadsheet's sheet): one card per row, field names in
the header row. Errors name the row and the column ('row 4, column C (health)'), and the sheet.

Text cells are typed like YAML scalars (12 is a number, true a yes/no), unless the field's type
reads them as the text written (see FieldType.table_cell); a spreadsheet's own numbers and yes/no
cells keep their type; a spreadsheet's date cell (DateCell) is its date as text for a field read as
text, and an error for any other; an empty cell is an absent field; a list field takes items
separated by ';'.

Reading is bounded while it goes (see cardgen/base/limits.py): rows and cells read, empty ones
included, count as work; only rows that hold a value are kept, and only they count as rows of
cards.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cardgen.base.errors import Problem, ProblemError, Report, Severity
from cardgen.fields import field_type
from cardgen.load.cards import read_card
from cardgen.base.model import Card, CardType
from cardgen.shared.schema import At
from cardgen.shared.yaml_source import Document, plain_number, printed_text
from cardgen.base.limits import TABLE_CELLS, TABLE_COLUMNS, TABLE_ROWS, TABLE_ROWS_READ


def column_letter(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


@dataclass(frozen=True)
class RowAt(At):
    """An At whose children are cells: "sheet 'Heroes', row 4, column C (health)"."""

    row: int = 0
    columns: tuple = ()
    place: str = ""        # "sheet 'Heroes', " for a spreadsheet, "" for CSV
    written: dict = None   # the text of each cell read as a number, for messages to quote

    def child(self, key) -> At:
        if key in self.columns:
            cell = f"{self.place}row {self.row}, column {column_letter(self.columns.index(key))} ({key})"
        else:
            cell = f"{self.place}row {self.row}, {key}"
        self.doc.lines.setdefault((cell,), self.line)
        if self.written and key in self.written:
            self.doc.raw[(cell,)] = self.written[key]
        return At(self.doc, (cell,), self.report)


def cell_value(value, reading: str):
    """A cell read as `reading` says: "value", "text" or "list" (a field type's `table_cell`),
    or "prototype" (the prototype column: true, false, or a list of field names)."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        integral = isinstance(value, int) or value.is_integer()
        if reading != "value":
            text = str(int(value)) if integral else str(value)
            return text if reading == "text" else [text]
        return int(value) if integral and abs(value) < 1e15 else value
    text = str(value).strip()
    if reading == "prototype" and text.lower() in ("true", "false"):
        return text.lower() == "true"
    if reading in ("list", "prototype"):
        return [item.strip() for item in text.split(";") if item.strip()]
    if reading == "text":
        return text
    number = plain_number(text)         # numbers as YAML writes them: ASCII digits, no '_'
    if number is not None:
        return number
    return {"true": True, "false": False}.get(text.lower(), text)


class DateCell(str):
    """A spreadsheet cell formatted as a date, a time or a duration: its text as a text field
    reads it ("2024-01-02 00:00:00"), `shown` as a message quotes it ("2024-01-02"), and `kind`
    (date, time or duration)."""

    shown: str
    kind: str

    def __new__(cls, text: str, shown: str, kind: str = "date"):
        cell = super().__new__(cls, text)
        cell.shown, cell.kind = shown, kind
        return cell


class TableError(ProblemError):
    """A table that cannot be read: past a limit, or damaged. `row` and `column` (from 0) place
    it when they are known; `place` names the sheet ("sheet 'Heroes', "). The reader reports it
    under its own code: csv or spreadsheet."""

    def __init__(self, message: str, row: int | None = None, column: int | None = None,
                 place: str = ""):
        super().__init__(Problem(self.code, Severity.ERROR, _where(row, column, place), message,
                                 line=row))


def _where(row: int | None, column: int | None, place: str) -> tuple:
    """The key path a table's problem names: "sheet 'Heroes', row 4, column C"."""
    if row is None:
        return (place.removesuffix(", "),) if place else ()
    column_name = "" if column is None else f", column {column_letter(column)}"
    return (f"{place}row {row}{column_name}",)


@dataclass
class Work:
    """What reading one table file has cost so far, counted as it is read."""

    rows: int = 0
    cells: int = 0

    def row(self, number: int, place: str = "") -> None:
        self.rows += 1
        if self.rows > TABLE_ROWS_READ:
            raise TableError(f"more than {TABLE_ROWS_READ:,} rows, empty ones included: split the "
                             "cards into several files, or delete the empty rows", number,
                             place=place)

    def add_cells(self, count: int, number: int, place: str = "") -> None:
        self.cells += count
        if self.cells > TABLE_CELLS:
            raise TableError(f"more than {TABLE_CELLS:,} cells, empty ones included: split the "
                             "cards into several files, or delete the empty cells", number,
                             place=place)


@dataclass
class Table:
    """The rows of one table that hold a value, as read: (row number, cells), the header row
    (row 1) among them; at most TABLE_COLUMNS cells a row."""

    place: str = ""
    rows: list = field(default_factory=list)
    cards: int = 0

    def add(self, number: int, cells: list, repeat: int = 1) -> None:
        """Row `number` (and, for a repeated row, the `repeat` - 1 rows after it)."""
        if all(_blank(cell) for cell in cells):
            return
        cards = repeat - (number == 1)
        if self.cards + cards > TABLE_ROWS:
            raise TableError(f"more than {TABLE_ROWS:,} rows of cards: split them into several "
                             "files", number + max(0, TABLE_ROWS - self.cards), place=self.place)
        self.cards += cards
        self.rows += [(number + n, cells) for n in range(repeat)]

    def cell_name(self, number: int, column: int) -> str:
        """"cell C3 (column 'damage')": the header's name for the column once row 1 is read."""
        name = f"cell {column_letter(column)}{number}"
        if number > 1 and self.rows and self.rows[0][0] == 1:
            header = self.rows[0][1]
            if column < len(header) and not _blank(header[column]):
                name += f" (column '{str(header[column]).strip()[:40]}')"
        return name


def past_the_columns(number: int, column: int, place: str = "") -> TableError:
    """A value past the columns cardgen reads would be lost without a word: an error instead."""
    return TableError(f"a value past the first {TABLE_COLUMNS} columns (A to "
                      f"{column_letter(TABLE_COLUMNS - 1)}), which are all a table is read to: "
                      "move the card data to the left", number, column, place)


def _lines(text: str) -> str:
    """A cell's line breaks as one '\\n' each, whichever system wrote them."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _blank(value) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def unique_header(header: tuple, name: str, report: Report, place: str = "") -> bool:
    """A column named twice is an error, as a key given twice is in YAML."""
    seen: dict[str, int] = {}
    ok = True
    for index, column in enumerate(header):
        if column and column in seen:
            report.error(name, 1, (f"{place}row 1",), f"column '{column}' is named twice, in "
                         f"column {column_letter(seen[column])} and column {column_letter(index)}",
                         code="csv")
            ok = False
        seen.setdefault(column, index)
    return ok


def named_columns(header: tuple, rows: list[tuple[int, list]], name: str, report: Report,
                  place: str = "") -> bool:
    """A column with a blank header cell must be empty: its values would be dropped unread."""
    ok = True
    for index, column in enumerate(header):
        if column:
            continue
        filled = next((number for number, row in rows
                       if index < len(row) and not _blank(row[index])), None)
        if filled is not None:
            letter = column_letter(index)
            report.error(name, 1, (f"{place}row 1",), f"cell {letter}1 is blank, but column "
                         f"{letter} holds values (row {filled} first): expected a field name in "
                         f"{letter}1, or an empty column", code="csv")
            ok = False
    return ok


def dates_read(header: tuple, row: list, readings: dict, at: RowAt) -> bool:
    """A date cell is read only by a field that reads text: any other would take the date's text
    (or, once the format is gone, the day count it hides) for a value."""
    ok = True
    for index, (key, cell) in enumerate(zip(header, row)):
        reading = readings.get(key, "value")
        if key and isinstance(cell, DateCell) and reading != "text":
            advice = "a number" if reading == "value" else "text"
            at.child(key).error(f"cell {column_letter(index)}{at.row} is formatted as a "
                                f"{cell.kind} ({cell.shown}); format the column as {advice}",
                                code="type")
            ok = False
    return ok


def cards_from_rows(table: Table, path: Path, name: str, report: Report, card_type: CardType,
                    deck_id: str, default_copies: int) -> tuple[list[Card], bool]:
    """The cards of a table's rows (row 1 is the header), and whether every row loaded."""
    place, rows = table.place, table.rows
    what = f"{place}the table" if place else "the file"
    if not rows:
        report.error(name, None, (), f"{what} is empty: expected a header row of field names",
                     code="empty")
        return [], False
    first, cells = rows[0]
    header = tuple("" if _blank(h) else printed_text(str(h)).strip() for h in cells) if first == 1 else ()
    body = rows[1:] if first == 1 else rows
    unique = unique_header(header, name, report, place)
    if not (named_columns(header, body, name, report, place) and unique):
        return [], False
    readings = {"prototype": "prototype",
                **{d.name: field_type(d.type).table_cell for d in card_type.fields}}
    doc = Document(path, name, None, {(): 1})
    cards, complete = [], True
    for number, row in body:
        here = f"{place}row {number}"
        doc.lines[(here,)] = number
        stray = next((n for n, cell in enumerate(row[len(header):], start=len(header))
                      if not _blank(cell)), None)
        if stray is not None:
            report.error(name, number, (here,), f"row has a value in column {column_letter(stray)}, "
                         f"beyond the {len(header)} columns the header names", code="csv")
            complete = False
            continue
        if not dates_read(header, row, readings, RowAt(doc, (here,), report, row=number,
                                                       columns=header, place=place)):
            complete = False
            continue
        try:
            texts = {key: printed_text(_lines(cell)) if isinstance(cell, str) else cell
                     for key, cell in zip(header, row) if key and not _blank(cell)}
        except ValueError as exc:       # a control character in a cell
            report.error(name, number, (here,), str(exc), code="encoding")
            complete = False
            continue
        item = {key: cell_value(cell, readings.get(key, "value")) for key, cell in texts.items()}
        written = {key: texts[key].strip() for key, value in item.items()
                   if isinstance(texts[key], str) and isinstance(value, (int, float))
                   and not isinstance(value, bool)}
        at = RowAt(doc, (here,), report, row=number, columns=header, place=place, written=written)
        card = read_card(item, at, card_type, deck_id, default_copies)
        if card is not None:
            cards.append(card)
        complete = complete and card is not None
    if complete and not cards:
        report.error(name, 1, (f"{place}row 1",), f"{what} has a header row but no cards",
                     code="empty")
        complete = False
    return cards, complete
