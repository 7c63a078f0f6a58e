"""What the git corpus cases share: a repository made of the case folder, the game committed and
then one card changed, and a command that would leave a mark if git ever ran it."""
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
