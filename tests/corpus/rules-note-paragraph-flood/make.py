"""rules.md: a note of 70,000 short paragraphs, each `> a` then `>`."""
from pathlib import Path


def make(root: Path) -> None:
    (root / "data" / "game" / "rules.md").write_text("# Rules\n\n" + "> a\n>\n" * 70_000,
                                                     encoding="utf-8")
