"""Excel workbooks (.xlsx) read as a stream, within the limits, without a spreadsheet library.

Only what cards need is read: the sheet names and which are hidden (workbook.xml and its
relationships), the shared strings, which cell styles are dates (styles.xml), and the one sheet
chosen, up to the end of its cell data. Every cell, row, shared string and character is counted
as it is read; empty cells are never stored, so a reference far to the right (`r="XFD1"`) costs
nothing.

A cell reads as its saved value: a number, a yes/no, a text, a date as a DateCell (its text
"2024-01-02 00:00:00"). A formula saved without its value (as a script writes one: <f> and no
<v>) is an error, not an empty cell: what it would show is not in the file.
"""
from __future__ import annotations

import datetime
import posixpath
import re
import zipfile

from cardgen.base.limits import (CELL_CHARS, SHARED_STRING_CHARS, SHARED_STRINGS, SHEET_COLUMNS,
                            TABLE_CELLS, TABLE_COLUMNS)
from cardgen.load.table_cards import (DateCell, Table, TableError, Work, column_letter,
                                      past_the_columns)
from cardgen.load.xml_parts import Finished, PartReader, XmlPartError, entries
from cardgen.shared.yaml_source import plain_number

_REFERENCE = re.compile(r"([A-Z]{1,3})[0-9]{1,7}")
_ROW_NUMBER = re.compile(r"[0-9]{1,7}")
# the number formats Excel builds in that show dates and times, and durations among them
_DATE_FORMATS = {*range(14, 23), 45, 46, 47}
_DURATION_FORMATS = {46}
_QUOTED_OR_BRACKETED = re.compile(r'".*?"|\[(?!hh?\]|mm?\]|ss?\])[^\]]*\]')
_DURATION = re.compile(r"\[hh?\](:mm(:ss(\.0*)?)?)?|\[mm?\](:ss(\.0*)?)?|\[ss?\](\.0*)?", re.I)
_EPOCHS = {False: datetime.datetime(1899, 12, 30), True: datetime.datetime(1904, 1, 1)}


def _column(letters: str) -> int:
    index = 0
    for letter in letters:
        index = index * 26 + ord(letter) - 64
    return index - 1


class _Relations(PartReader):
    """A .rels part: each relationship's id, type (its last word) and target."""

    def __init__(self):
        super().__init__()
        self.targets: dict[str, tuple[str, str]] = {}

    def start(self, name, attrs):
        if name == "Relationship":
            kind = attrs.get("Type", "").rpartition("/")[2]
            self.targets[attrs.get("Id", "")] = (kind, attrs.get("Target", ""))
            entries(len(self.targets), "relationships")


class _WorkbookPart(PartReader):
    def __init__(self):
        super().__init__()
        self.sheets: list[tuple[str, str]] = []      # (name, relationship id)
        self.hidden: set[str] = set()
        self.dates_from_1904 = False

    def start(self, name, attrs):
        if name == "sheet":
            relation = next((v for k, v in attrs.items() if k.endswith(" id")), "")
            self.sheets.append((attrs.get("name", ""), relation))
            if attrs.get("state") in ("hidden", "veryHidden"):
                self.hidden.add(attrs.get("name", ""))
            entries(len(self.sheets), "sheets")
        elif name == "workbookPr":
            self.dates_from_1904 = attrs.get("date1904", "") in ("1", "true")
        elif name == "sheets" and self.sheets:
            raise Finished


class _SharedStrings(PartReader):
    """The shared-string table: each <si>'s text (its runs, not its phonetic guides)."""

    def __init__(self):
        super().__init__()
        self.strings: list[str] = []
        self.chars = 0
        self._parts: list[str] | None = None
        self._length = 0
        self._reading = False
        self._phonetic = 0

    def start(self, name, attrs):
        if name == "si":
            if len(self.strings) >= SHARED_STRINGS:
                raise XmlPartError(f"more than {SHARED_STRINGS:,} shared strings: not a workbook "
                                   "of cards cardgen reads")
            self._parts, self._length = [], 0
        elif name == "rPh":
            self._phonetic += 1
        elif name == "t" and self._parts is not None and not self._phonetic:
            self._reading = True

    def end(self, name):
        if name == "si" and self._parts is not None:
            self.strings.append("".join(self._parts))
            self._parts = None
        elif name == "rPh":
            self._phonetic -= 1
        elif name == "t":
            self._reading = False

    def text(self, data):
        if self._reading:
            self._length += len(data)
            self.chars += len(data)
            if self._length > CELL_CHARS:
                raise XmlPartError(f"shared string {len(self.strings) + 1:,} is longer than "
                                   f"{CELL_CHARS:,} characters, the most a cell may hold")
            if self.chars > SHARED_STRING_CHARS:
                raise XmlPartError(f"the shared strings hold more than {SHARED_STRING_CHARS:,} "
                                   "characters in all: not a workbook of cards cardgen reads")
            self._parts.append(data)


class _Styles(PartReader):
    """Which cell styles (indexes into cellXfs) show numbers as dates, and which as durations."""

    def __init__(self):
        super().__init__()
        self.formats: dict[int, str] = {}
        self.dates: set[int] = set()
        self.durations: set[int] = set()
        self._styles = -1           # the index of the last cell style read; -1 outside cellXfs
        self._in_cell_styles = False

    def start(self, name, attrs):
        if name == "numFmt":
            number = attrs.get("numFmtId", "")
            if number.isdigit() and len(number) < 6:
                self.formats[int(number)] = attrs.get("formatCode", "")[:1000]
                entries(len(self.formats), "number formats")
        elif name == "cellXfs":
            self._in_cell_styles = True
        elif name == "xf" and self._in_cell_styles:
            self._styles += 1
            entries(self._styles + 1, "cell styles")
            number = attrs.get("numFmtId", "0")
            number = int(number) if number.isdigit() and len(number) < 6 else 0
            code = self.formats.get(number)
            if code is not None and _is_date(code):
                self.dates.add(self._styles)
                if _DURATION.search(code.split(";")[0]):
                    self.durations.add(self._styles)
            elif code is None and number in _DATE_FORMATS:
                self.dates.add(self._styles)
                if number in _DURATION_FORMATS:
                    self.durations.add(self._styles)

    def end(self, name):
        if name == "cellXfs":
            raise Finished


def _is_date(code: str) -> bool:
    """Whether a number format shows a date or time: as Excel and openpyxl tell."""
    code = _QUOTED_OR_BRACKETED.sub("", code.split(";")[0])
    return re.search(r"(?<![_\\])[dmhysDMHYS]", code) is not None


def _date_cell(serial: float, from_1904: bool, duration: bool) -> DateCell:
    """A date cell's serial number as the text of its date, time or duration."""
    try:
        if duration:
            text = str(datetime.timedelta(milliseconds=round(serial * 86_400_000)))
            return DateCell(text, text, "duration")
        day, fraction = divmod(serial, 1)
        time = datetime.timedelta(milliseconds=round(fraction * 86_400_000))
        if 0 <= serial < 1 and time.days == 0:
            text = str((datetime.datetime.min + time).time())
            return DateCell(text, text, "time")
        if 0 < serial < 60 and not from_1904:   # Excel counts a 29 February 1900 that never was
            day += 1
        text = str(_EPOCHS[from_1904] + datetime.timedelta(days=day) + time)
        return DateCell(text, text.removesuffix(" 00:00:00"))
    except (OverflowError, ValueError):
        return DateCell("#VALUE!", f"{serial:g}, past the dates a spreadsheet shows")


class _Sheet(PartReader):
    """One sheet's cells, up to the end of its <sheetData>, into a Table."""

    def __init__(self, place: str, strings: list[str], styles: _Styles, from_1904: bool):
        super().__init__()
        self.table, self.work, self.place = Table(place), Work(), place
        self.strings, self.styles, self.from_1904 = strings, styles, from_1904
        self.row = 0                # the row being read, or the last one
        self.cells: list | None = None
        self.column = -1
        self.kind = self.style = None
        self.formula = False        # the cell holds a formula (<f>)
        self.parts: list[str] | None = None
        self.length = 0
        self.reading = False
        self.phonetic = 0

    def damaged(self, what: str, column: int | None = None) -> TableError:
        return TableError(f"a damaged cell: {what}", self.row, column, self.place)

    def start(self, name, attrs):
        if name == "c":
            if self.cells is None:
                return
            self.work.add_cells(1, self.row, self.place)
            reference = attrs.get("r")
            if reference is None:
                self.column += 1
                if self.column >= SHEET_COLUMNS:
                    raise self.damaged(f"a cell past column {column_letter(SHEET_COLUMNS - 1)}, "
                                       "the last a sheet has", self.column)
            else:
                match = _REFERENCE.fullmatch(reference)
                column = _column(match.group(1)) if match else SHEET_COLUMNS
                if column >= SHEET_COLUMNS:
                    raise self.damaged(f"'{reference[:20]}' is not a cell reference")
                self.column = column
            self.kind, self.style = attrs.get("t", "n"), attrs.get("s")
            self.parts, self.length, self.formula = [], 0, False
        elif name == "f":
            self.formula = self.parts is not None
        elif name == "v" or (name == "t" and self.kind == "inlineStr" and not self.phonetic):
            self.reading = self.parts is not None
        elif name == "row":
            number = attrs.get("r")
            if number is None:
                number = self.row + 1
            elif _ROW_NUMBER.fullmatch(number) and int(number) > self.row:
                number = int(number)
            else:
                raise TableError(f"a damaged row: '{number[:20]}' is not a row number after "
                                 f"row {self.row}", self.row or None, place=self.place)
            self.row, self.cells, self.column = number, [], -1
            self.work.row(number, self.place)
        elif name == "rPh":
            self.phonetic += 1

    def text(self, data):
        if self.reading:
            self.length += len(data)
            if self.length > CELL_CHARS:
                raise TableError(f"a cell is longer than {CELL_CHARS:,} characters, the most a "
                                 "cell may hold", self.row, self.column, self.place)
            self.parts.append(data)

    def end(self, name):
        if name == "c":
            parts, self.parts = self.parts, None
            if self.formula and not parts and self.kind not in ("str", "inlineStr"):
                raise self.unsaved_formula()
            if not parts:
                return                # an empty cell, or one whose value is empty
            value = self.value("".join(parts))
            if value is None or value == "":
                return
            if self.column >= TABLE_COLUMNS:
                raise past_the_columns(self.row, self.column, self.place)
            if self.column >= len(self.cells):
                self.cells += [None] * (self.column + 1 - len(self.cells))
            self.cells[self.column] = value
        elif name in ("v", "t"):
            self.reading = False
        elif name == "row":
            if self.cells:
                self.table.add(self.row, self.cells)
            self.cells = None
        elif name == "rPh":
            self.phonetic -= 1
        elif name == "sheetData":
            raise Finished

    def unsaved_formula(self) -> TableError:
        """A formula whose value was never saved (a text formula's empty <v> is its empty text)."""
        return TableError(f"{self.table.cell_name(self.row, self.column)}: a formula saved without "
                          "its value (as a script writes one; a spreadsheet program saves both): "
                          "open and save the file in a spreadsheet program so it stores the value",
                          self.row, place=self.place)

    def value(self, text: str):
        kind = self.kind
        if kind == "inlineStr" or kind == "str" or kind == "e":
            return text
        if not text:
            if self.formula:
                raise self.unsaved_formula()
            return None
        if kind == "s":
            if not text.isdigit() or int(text) >= len(self.strings):
                raise self.damaged(f"shared string '{text[:20]}' is not in the workbook", self.column)
            return self.strings[int(text)]
        if kind == "b":
            if text not in ("0", "1"):
                raise self.damaged(f"'{text[:20]}' is not a yes/no value", self.column)
            return text == "1"
        if kind == "d":
            text = text.replace("T", " ").removesuffix("Z")
            return DateCell(text, text.removesuffix(" 00:00:00"))
        number = plain_number(text.strip())
        if number is None:
            raise self.damaged("a number cell holds no number", self.column)
        if number in (float("inf"), float("-inf")):
            return text.strip()       # its digits, quoted as written by the range check
        style = int(self.style) if self.style and self.style.isdigit() and len(self.style) < 9 else 0
        if style in self.styles.dates:
            return _date_cell(number, self.from_1904, style in self.styles.durations)
        return number


class XlsxWorkbook:
    """The sheets of an .xlsx archive by name; each read (within the limits) only when asked."""

    def __init__(self, archive: zipfile.ZipFile):
        self.archive = archive
        self.parts = set(archive.namelist())
        self.elements = 0
        root = self._relations("_rels/.rels")
        book = next((target for kind, target in root.values() if kind == "officeDocument"),
                    "xl/workbook.xml")
        self.book = self._part("", book)
        if self.book not in self.parts:
            raise XmlPartError("not an Excel workbook: it has no workbook part")
        workbook = self._read(_WorkbookPart(), self.book)
        self.from_1904 = workbook.dates_from_1904
        folder = posixpath.dirname(self.book)
        related = self._relations(posixpath.join(folder, "_rels",
                                                 posixpath.basename(self.book) + ".rels"))
        self.strings_part = self._of_kind(related, "sharedStrings", folder)
        self.styles_part = self._of_kind(related, "styles", folder)
        self.sheets: dict[str, str] = {}
        self.hidden = workbook.hidden
        for title, relation in workbook.sheets:
            kind, target = related.get(relation, ("", ""))
            if kind != "worksheet":
                continue                # a chart sheet holds no cells
            if title in self.sheets:
                raise XmlPartError(f"two sheets are named '{title}'")
            self.sheets[title] = self._part(folder, target)

    def table(self, title: str) -> Table:
        strings = self._read(_SharedStrings(), self.strings_part).strings if self.strings_part else []
        styles = self._read(_Styles(), self.styles_part) if self.styles_part else _Styles()
        sheet = _Sheet(f"sheet '{title}', ", strings, styles, self.from_1904)
        if self.sheets[title] not in self.parts:
            raise XmlPartError(f"sheet '{title}' is missing from the workbook")
        return self._read(sheet, self.sheets[title]).table

    def _read(self, reader: PartReader, part: str):
        reader.elements = self.elements
        reader.read(self.archive, part)
        self.elements = reader.elements
        return reader

    def _relations(self, part: str) -> dict[str, tuple[str, str]]:
        return self._read(_Relations(), part).targets if part in self.parts else {}

    def _of_kind(self, related: dict, kind: str, folder: str) -> str | None:
        part = next((self._part(folder, target) for k, target in related.values() if k == kind), None)
        return part if part in self.parts else None

    @staticmethod
    def _part(folder: str, target: str) -> str:
        """A relationship's target as a name in the archive: from the root if it starts with /."""
        if target.startswith("/"):
            return posixpath.normpath(target.lstrip("/"))
        return posixpath.normpath(posixpath.join(folder, target))
