"""`cardgen diff --since` on a repository whose .git/config names an external diff program,
for every file and for a diff driver: cardgen compares the files itself, and neither runs."""
from __future__ import annotations

from pathlib import Path

from corpus_git import commit_then_change_a_card, git, hostile


def make(root: Path) -> None:
    (root / ".gitattributes").write_text("* diff=hostile\n", encoding="utf-8")
    commit_then_change_a_card(root)
    git(root, "config", "diff.external", hostile(root))
    git(root, "config", "diff.hostile.command", hostile(root))
