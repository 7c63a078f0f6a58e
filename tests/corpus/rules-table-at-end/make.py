"""rules.md: a heading, then a table of 100,000 rows that runs to the end of the text."""
from pathlib import Path


def make(root: Path) -> None:
    rows = "| a |\n" * 100_000
    (root / "data" / "game" / "rules.md").write_text("# Rules\n\n" + rows, encoding="utf-8")
