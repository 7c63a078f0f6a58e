"""The two heroes, the second's text a run of a billion spaces (<text:s text:c="1000000000"/>):
counted as the cell is read, refused before the spaces are written out."""
from pathlib import Path

from workbooks import ods, ods_row


def make(root: Path) -> None:
    rows = ods_row(["name", "power", "text"]) + ods_row(["First Hero", 3, "Deals 3."])
    rows += ods_row(["Second Hero", 5, "SPACES"]).replace(
        "SPACES", 'Draw<text:s text:c="1000000000"/>a card.')
    ods(root / "data" / "game" / "cards" / "heroes.ods", rows)
