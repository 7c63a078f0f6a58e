"""Workbooks written part by part with zipfile, for tests that need what no spreadsheet program
writes (a cell at column XFD, millions of unused shared strings, a run of a million repeated
rows): each part is XML given as text, or as an iterable of byte pieces for one too large to
build in memory. Compressed, so a huge part is a small file made in a moment."""
from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Iterable
from xml.sax.saxutils import escape

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
DOC_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
ODS_NAMESPACES = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
                  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
                  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')


def _write(archive: zipfile.ZipFile, name: str, data) -> None:
    if isinstance(data, str):
        archive.writestr(name, data)
        return
    with archive.open(name, "w", force_zip64=True) as part:
        for piece in data:
            part.write(piece)


def cell(column: str, row: int, value) -> str:
    """An inline cell: a number, or a text written in the cell itself."""
    if isinstance(value, (int, float)):
        return f'<c r="{column}{row}"><v>{value}</v></c>'
    return f'<c r="{column}{row}" t="inlineStr"><is><t>{escape(str(value))}</t></is></c>'


def row(number: int, values: list) -> str:
    cells = "".join(cell(chr(65 + n), number, v) for n, v in enumerate(values) if v is not None)
    return f'<row r="{number}">{cells}</row>'


def xlsx(path: Path, sheet_rows: str | Iterable[bytes], title: str = "hero",
         shared_strings: str | Iterable[bytes] | None = None) -> None:
    """A one-sheet workbook; `sheet_rows` is what goes inside <sheetData>."""
    if isinstance(sheet_rows, str):
        sheet_rows = [sheet_rows.encode()]
    sheet = [f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}"><sheetData>'.encode(),
             *sheet_rows, b"</sheetData></worksheet>"]
    strings = ('<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/'
               '2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
               if shared_strings is not None else "")
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        _write(archive, "[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.'
               'openxmlformats.org/package/2006/content-types"/>')
        _write(archive, "_rels/.rels", f'<Relationships xmlns="{RELS}"><Relationship Id="rId1" '
               f'Type="{DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>')
        _write(archive, "xl/workbook.xml", f'<workbook xmlns="{MAIN}" xmlns:r="{DOC_RELS}"><sheets>'
               f'<sheet name="{title}" sheetId="1" r:id="rId1"/></sheets></workbook>')
        _write(archive, "xl/_rels/workbook.xml.rels", f'<Relationships xmlns="{RELS}">'
               f'<Relationship Id="rId1" Type="{DOC_RELS}/worksheet" '
               f'Target="worksheets/sheet1.xml"/>{strings}</Relationships>')
        _write(archive, "xl/worksheets/sheet1.xml", sheet)
        if shared_strings is not None:
            if isinstance(shared_strings, str):
                shared_strings = [shared_strings.encode()]
            _write(archive, "xl/sharedStrings.xml",
                   [f'<sst xmlns="{MAIN}">'.encode(), *shared_strings, b"</sst>"])


def ods_row(values: list, repeat: int = 1) -> str:
    def one(value):
        if value is None:
            return "<table:table-cell/>"
        if isinstance(value, (int, float)):
            return (f'<table:table-cell office:value-type="float" office:value="{value}">'
                    f"<text:p>{value}</text:p></table:table-cell>")
        return f"<table:table-cell><text:p>{escape(str(value))}</text:p></table:table-cell>"
    repeated = f' table:number-rows-repeated="{repeat}"' if repeat > 1 else ""
    return f"<table:table-row{repeated}>{''.join(one(v) for v in values)}</table:table-row>"


def ods(path: Path, rows: str, title: str = "hero") -> None:
    """A one-sheet OpenDocument spreadsheet; `rows` is what goes inside <table:table>."""
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ODS_NAMESPACES}>'
               f'<office:body><office:spreadsheet><table:table table:name="{title}">{rows}'
               "</table:table></office:spreadsheet></office:body></office:document-content>")
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", content)
