"""rules.md: 4,700 lines of `@cards deck=heroes`, each a table of the deck."""
from pathlib import Path


def make(root: Path) -> None:
    (root / "data" / "game" / "rules.md").write_text("@cards deck=heroes\n" * 4700, encoding="utf-8")
