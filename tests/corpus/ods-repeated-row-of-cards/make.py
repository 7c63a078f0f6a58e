"""The two heroes, the second's row repeated a million times (table:number-rows-repeated):
past the rows of cards a sheet may hold, refused before the copies are made."""
from pathlib import Path

from workbooks import ods, ods_row


def make(root: Path) -> None:
    rows = ods_row(["name", "power", "text"]) + ods_row(["First Hero", 3, "Deals 3."])
    rows += ods_row(["Second Hero", 5, "Draw a card."], repeat=1_000_000)
    ods(root / "data" / "game" / "cards" / "heroes.ods", rows)
