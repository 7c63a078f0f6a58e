"""The two heroes, each card row ending in a formatted empty cell at column XFD (the last of
16,384), and a formatted empty cell at XFD1048576, the sheet's last cell."""
from pathlib import Path

from workbooks import cell, row, xlsx


def make(root: Path) -> None:
    rows = row(1, ["name", "power", "text"])
    for number, hero in ((2, ["First Hero", 3, "Deals 3."]), (3, ["Second Hero", 5, "Draw a card."])):
        rows += row(number, hero).replace("</row>", f'<c r="XFD{number}" s="1"/></row>')
    rows += '<row r="1048576"><c r="XFD1048576" s="1"/></row>'
    xlsx(root / "data" / "game" / "cards" / "heroes.xlsx", rows)
