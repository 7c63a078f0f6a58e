"""The two heroes, each card row ending in a run of 16,381 empty cells, then a run of a million
empty rows of 16,384 cells each, as LibreOffice writes a formatted sheet: counted, not laid out."""
from pathlib import Path

from workbooks import ods, ods_row

EMPTY_CELLS = '<table:table-cell table:number-columns-repeated="16381"/>'


def make(root: Path) -> None:
    rows = ods_row(["name", "power", "text"])
    for hero in (["First Hero", 3, "Deals 3."], ["Second Hero", 5, "Draw a card."]):
        rows += ods_row(hero).replace("</table:table-row>", EMPTY_CELLS + "</table:table-row>")
    rows += ('<table:table-row table:number-rows-repeated="1048573"><table:table-cell '
             'table:number-columns-repeated="16384"/></table:table-row>')
    ods(root / "data" / "game" / "cards" / "heroes.ods", rows)
