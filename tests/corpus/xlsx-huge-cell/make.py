"""The two heroes, the second's text a cell of 20 million characters (37 KB packed)."""
from pathlib import Path

from workbooks import row, xlsx


def make(root: Path) -> None:
    rows = row(1, ["name", "power", "text"]) + row(2, ["First Hero", 3, "Deals 3."])
    xlsx(root / "data" / "game" / "cards" / "heroes.xlsx",
         [rows.encode(), b'<row r="3"><c r="A3" t="inlineStr"><is><t>Second Hero</t></is></c>'
          b'<c r="B3"><v>5</v></c><c r="C3" t="inlineStr"><is><t>',
          *[b"x" * 1_000_000] * 20, b"</t></is></c></row>"])
