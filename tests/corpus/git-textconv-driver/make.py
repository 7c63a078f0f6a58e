"""`cardgen diff --since` on a repository whose .git/config names a textconv driver for the
game's YAML files: files are compared by cardgen, and no driver runs."""
from __future__ import annotations

from pathlib import Path

from corpus_git import commit_then_change_a_card, git, hostile


def make(root: Path) -> None:
    (root / ".gitattributes").write_text("*.yaml diff=hostile\n*.png diff=hostile\n",
                                         encoding="utf-8")
    commit_then_change_a_card(root)
    git(root, "config", "diff.hostile.textconv", hostile(root))
    git(root, "config", "diff.hostile.cachetextconv", "true")
