"""OpenDocument spreadsheets (.ods) read as a stream, within the limits.

content.xml holds every sheet; it is read once, each sheet's rows into a Table. A run of
repeated cells or rows (table:number-columns-repeated, table:number-rows-repeated) is counted,
never expanded: an empty run costs one cell or row however long it says it is, and a run that
holds a value is laid out only as far as the columns and rows of cards a table may have.

A sheet whose table style says `table:display="false"` is hidden. A cell's text reads as it
shows: paragraphs and line breaks as "\n", <text:tab/> as a tab, <text:s text:c="3"/> as three
spaces, and any other run of white space in the XML as one space (as ODF says). A date or time
cell is a DateCell; a formula saved without its value is an error.
"""
from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass, field

from cardgen.base.limits import CELL_CHARS, TABLE_COLUMNS
from cardgen.load.table_cards import DateCell, Table, TableError, Work, past_the_columns
from cardgen.load.xml_parts import PartReader, XmlPartError, entries
from cardgen.shared.yaml_source import plain_number

_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0 "     # attributes as expat names them
_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0 "
_STYLE = "urn:oasis:names:tc:opendocument:xmlns:style:1.0 "
_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0 "
_NUMBERS = ("float", "percentage", "currency")
_ROW_GROUPS = ("table-header-rows", "table-rows", "table-row-group")
_VALUES = {"float": "value", "percentage": "value", "currency": "value", "boolean": "boolean-value",
           "date": "date-value", "time": "time-value"}
_WHITE_SPACE = re.compile(r"[ \t\r\n]+")
# within a paragraph, the elements that stand for white space, as the text they show
_SPACES = {"line-break": "\n", "tab": "\t", "s": " "}


@dataclass
class OdsWorkbook:
    """An .ods file's sheets by name, and the names of those hidden."""

    tables: dict[str, Table]
    hidden: set[str] = field(default_factory=set)


def _repeat(attrs: dict, attribute: str, row: int | None, place: str) -> int:
    text = attrs.get(_TABLE + attribute, "1")
    if not text.isdigit() or len(text) > 12 or int(text) < 1:
        raise TableError(f"a cell or row repeats '{text[:20]}' times: not a count", row,
                         place=place)
    return int(text)


class _Content(PartReader):
    """The sheets of content.xml: the tables of office:spreadsheet, not tables within a cell."""

    def __init__(self):
        super().__init__()
        self.tables: dict[str, Table] = {}
        self.hidden: set[str] = set()
        self.hidden_styles: set[str] = set()    # table styles that hide their sheet
        self.styles = 0
        self.style: str | None = None           # the table style being read
        self.work = Work()
        self.table: Table | None = None
        self.in_spreadsheet = False
        self.groups = 0             # row groups open in the table
        self.row = 0                # the last row number of the table read
        self.repeat = 1
        self.cells: list | None = None
        self.column = 0             # the column the next cell starts at
        self.cell: dict | None = None
        self.paragraphs: list[list[str]] | None = None
        self.length = 0
        self.inside = 0             # elements open inside the cell
        self.paragraph_depth = 0    # > 0 inside a text:p of the cell
        self.after_space = True     # the paragraph so far is empty, or ends in a raw space
        self.note_depth = 0         # > 0 inside a comment on the cell (not its value)

    @property
    def place(self) -> str:
        return self.table.place if self.table else ""

    def start(self, name, attrs):
        if self.cell is not None:
            self.inside += 1
            if name == "annotation" or self.note_depth:
                self.note_depth += 1
            elif name == "p" and not self.paragraph_depth:
                self.paragraphs.append([])
                self.paragraph_depth, self.after_space = self.inside, True
            elif name in _SPACES and self.paragraph_depth:
                self._space(name, attrs)
            return
        if name in ("table-cell", "covered-table-cell") and self.cells is not None:
            self.work.add_cells(1, self.row + 1, self.place)
            self.cell, self.paragraphs, self.length, self.inside = attrs, [], 0, 0
        elif name == "table-row" and self.table is not None and self.cells is None:
            self.repeat = _repeat(attrs, "number-rows-repeated", self.row + 1, self.place)
            self.cells, self.column = [], 0
            self.work.row(self.row + 1, self.place)
        elif name in _ROW_GROUPS and self.table is not None:
            self.groups += 1
        elif name == "table" and self.in_spreadsheet and self.table is None:
            title = attrs.get(_TABLE + "name", f"Sheet{len(self.tables) + 1}")
            if title in self.tables:
                raise XmlPartError(f"two sheets are named '{title}'")
            entries(len(self.tables) + 1, "sheets")
            self.table = self.tables[title] = Table(f"sheet '{title}', ")
            self.row = 0
            if attrs.get(_TABLE + "style-name") in self.hidden_styles:
                self.hidden.add(title)
        elif name == "spreadsheet":
            self.in_spreadsheet = True
        elif name == "style" and attrs.get(_STYLE + "family") == "table":
            self.style = attrs.get(_STYLE + "name")
            self.styles += 1
            entries(self.styles, "table styles")
        elif name == "table-properties" and self.style is not None:
            if attrs.get(_TABLE + "display") == "false":
                self.hidden_styles.add(self.style)

    def text(self, data):
        if self.paragraph_depth and not self.note_depth:
            self._count(len(data))
            data = _WHITE_SPACE.sub(" ", data)
            if self.after_space:
                data = data.lstrip(" ")
            if data:
                self.paragraphs[-1].append(data)
                self.after_space = data.endswith(" ")

    def _space(self, name: str, attrs: dict):
        """<text:s text:c="3"/>, <text:tab/> or <text:line-break/>: counted, then written out."""
        count = attrs.get(_TEXT + "c", "1") if name == "s" else "1"
        if not count.isdigit() or len(count) > 12:
            raise TableError(f"a damaged cell: a run of '{count[:20]}' spaces", self.row + 1,
                             self.column, self.place)
        self._count(int(count))
        self.paragraphs[-1].append(_SPACES[name] * int(count))
        self.after_space = False

    def _count(self, characters: int):
        self.length += characters
        if self.length > CELL_CHARS:
            raise TableError(f"a cell is longer than {CELL_CHARS:,} characters, the most a "
                             "cell may hold", self.row + 1, self.column, self.place)

    def end(self, name):
        if self.cell is not None:
            if self.inside == 0:
                self._end_cell()
                return
            if self.note_depth:
                self.note_depth -= 1
            elif self.inside == self.paragraph_depth:
                self.paragraph_depth = 0
                if self.after_space and self.paragraphs[-1]:    # a raw space ending it: unshown
                    self.paragraphs[-1][-1] = self.paragraphs[-1][-1].removesuffix(" ")
            self.inside -= 1
        elif name == "table-row" and self.cells is not None:
            if self.cells:
                self.table.add(self.row + 1, self.cells, self.repeat)
            self.row += self.repeat
            self.cells = None
        elif name in _ROW_GROUPS and self.groups:
            self.groups -= 1
        elif name == "table" and self.table is not None and not self.groups:
            self.table = None
        elif name == "spreadsheet":
            self.in_spreadsheet = False
        elif name == "style":
            self.style = None

    def _end_cell(self):
        attrs, self.cell = self.cell, None
        repeat = _repeat(attrs, "number-columns-repeated", self.row + 1, self.place)
        value = self._value(attrs)
        first, self.column = self.column, self.column + repeat
        if value is None or value == "":
            return
        if self.column > TABLE_COLUMNS:
            raise past_the_columns(self.row + 1, max(first, TABLE_COLUMNS), self.place)
        self.cells += [None] * (first - len(self.cells)) + [value] * repeat

    def _value(self, attrs: dict):
        kind = attrs.get(_OFFICE + "value-type")
        if _TABLE + "formula" in attrs and (
                _OFFICE + _VALUES[kind] not in attrs if kind in _VALUES else
                kind is None and not self.paragraphs):
            raise TableError(f"{self.table.cell_name(self.row + 1, self.column)}: a formula saved "
                             "without its value (as a script writes one; a spreadsheet program "
                             "saves both): open and save the file in a spreadsheet program so it "
                             "stores the value", self.row + 1, place=self.place)
        if kind in _NUMBERS:
            written = attrs.get(_OFFICE + "value", "").strip()
            number = plain_number(written)
            if number is None:
                raise TableError("a number cell holds no number", self.row + 1, self.column,
                                 self.place)
            if number in (float("inf"), float("-inf")):
                return written        # its digits, quoted as written by the range check
            if isinstance(number, float) and number.is_integer() and abs(number) < 1e15:
                return int(number)
            return number
        if kind == "boolean":
            return attrs.get(_OFFICE + "boolean-value") == "true"
        text = "\n".join("".join(paragraph) for paragraph in self.paragraphs) or None
        if kind in ("date", "time"):
            value = attrs.get(_OFFICE + _VALUES[kind], "")[:40]
            shown = value.replace("T", " ").removesuffix(" 00:00:00") if kind == "date" else text
            return DateCell(text or value, shown or value, kind)
        return text


def read_ods(archive: zipfile.ZipFile) -> OdsWorkbook:
    """Every sheet of an .ods archive, read within the limits."""
    if "content.xml" not in archive.namelist():
        raise XmlPartError("not an OpenDocument spreadsheet: it has no content.xml")
    content = _Content()
    content.read(archive, "content.xml")
    if not content.tables:
        raise XmlPartError("the spreadsheet has no sheet")
    return OdsWorkbook(content.tables, content.hidden)
