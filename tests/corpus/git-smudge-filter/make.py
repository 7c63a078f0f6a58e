"""`cardgen diff --since` on a repository whose .git/config names a smudge, clean and process
filter for every file: the files are read as git stores them, and no filter runs."""
from __future__ import annotations

from pathlib import Path

from corpus_git import commit_then_change_a_card, git, hostile


def make(root: Path) -> None:
    (root / ".gitattributes").write_text("* filter=hostile\n", encoding="utf-8")
    commit_then_change_a_card(root)
    for key in ("filter.hostile.smudge", "filter.hostile.clean", "filter.hostile.process"):
        git(root, "config", key, hostile(root))
    git(root, "config", "filter.hostile.required", "true")
