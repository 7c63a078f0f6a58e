"""22 heroes, then a million rows of only commas (3 MB), as a spreadsheet exports empty
formatted rows: they are not rows of cards."""
from pathlib import Path


def make(root: Path) -> None:
    cards = "".join(f"Hero {n},{n % 11},Draw a card.\n" for n in range(1, 23))
    (root / "data" / "game" / "cards").mkdir(exist_ok=True)
    (root / "data" / "game" / "cards" / "heroes.csv").write_text(
        "name,power,text\n" + cards + ",,\n" * 1_000_000, encoding="utf-8")
