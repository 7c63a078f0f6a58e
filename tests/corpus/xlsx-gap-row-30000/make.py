"""22 heroes, then a formatted empty row at row 30,000: the gap is not rows of cards."""
from pathlib import Path

from workbooks import row, xlsx


def make(root: Path) -> None:
    rows = row(1, ["name", "power", "text"])
    rows += "".join(row(n, [f"Hero {n - 1}", (n - 1) % 11, "Draw a card."]) for n in range(2, 24))
    rows += '<row r="30000" s="1" customFormat="1"><c r="A30000" s="1"/></row>'
    xlsx(root / "data" / "game" / "cards" / "heroes.xlsx", rows)
