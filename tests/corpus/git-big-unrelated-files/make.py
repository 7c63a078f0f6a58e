"""`cardgen diff --since` in a repository holding 640 MB of files outside the game folder:
only the game's own files are read, so it works under the 512 MB memory cap."""
from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

IDENTITY = {"GIT_AUTHOR_NAME": "Designer", "GIT_AUTHOR_EMAIL": "designer@example.com",
            "GIT_COMMITTER_NAME": "Designer", "GIT_COMMITTER_EMAIL": "designer@example.com"}


def git(root: Path, *args: str, stdin: bytes | None = None) -> str:
    done = subprocess.run(["git", "-c", "core.hooksPath=/dev/null", *args], cwd=root, input=stdin,
                          env={**os.environ, **IDENTITY}, capture_output=True, check=True)
    return done.stdout.decode().strip()


def commit_then_change_a_card(root: Path) -> None:
    """The game committed to a new repository, then a card's text changed in the work tree."""
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "the game")
    cards = root / "data" / "game" / "cards" / "heroes.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("Draw a card.", "Draw two cards."), encoding="utf-8")


def hostile(root: Path) -> str:
    """A shell command that would leave hacked.txt in the case folder, then pass its input on."""
    return f"touch {shlex.quote(str(root / 'hacked.txt'))}; cat"


BIG = 16 * 1024 * 1024
COPIES = 40


def make(root: Path) -> None:
    commit_then_change_a_card(root)
    zeros = git(root, "-c", "core.compression=1", "hash-object", "-w", "--stdin", stdin=bytes(BIG))
    files = "".join(f"100644 {zeros}\tvideo/take-{i}.bin\n" for i in range(COPIES))
    git(root, "update-index", "--index-info", stdin=files.encode())   # 640 MB, one object
    git(root, "commit", "-qm", "the videos")
