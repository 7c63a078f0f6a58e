"""`cardgen diff --since` in a repository holding 640 MB of files outside the game folder:
only the game's own files are read, so it works under the 512 MB memory cap."""
from __future__ import annotations

from pathlib import Path

from corpus_git import commit_then_change_a_card, git


BIG = 16 * 1024 * 1024
COPIES = 40


def make(root: Path) -> None:
    commit_then_change_a_card(root)
    zeros = git(root, "-c", "core.compression=1", "hash-object", "-w", "--stdin", stdin=bytes(BIG))
    files = "".join(f"100644 {zeros}\tvideo/take-{i}.bin\n" for i in range(COPIES))
    git(root, "update-index", "--index-info", stdin=files.encode())   # 640 MB, one object
    git(root, "commit", "-qm", "the videos")
