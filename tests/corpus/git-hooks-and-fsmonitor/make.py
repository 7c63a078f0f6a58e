"""`cardgen diff --since` on a repository with hooks (its own and a core.hooksPath folder), an
fsmonitor, a pager and an ssh command configured: none of them runs."""
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


def script(path: Path, root: Path) -> str:
    """An executable file running hostile(root); its path, quoted for a shell."""
    path.write_text(f"#!/bin/sh\n{hostile(root)}\n", encoding="utf-8")
    path.chmod(0o755)
    return shlex.quote(str(path))


HOOKS = ("pre-commit", "post-checkout", "post-index-change", "reference-transaction",
         "pre-auto-gc", "fsmonitor-watchman", "post-rewrite")


def make(root: Path) -> None:
    commit_then_change_a_card(root)
    (root / "hooks").mkdir()
    for hook in HOOKS:
        script(root / ".git" / "hooks" / hook, root)
        script(root / "hooks" / hook, root)
    program = script(root / "program.sh", root)
    for key, value in (("core.hooksPath", str(root / "hooks")), ("core.fsmonitor", program),
                       ("core.pager", program), ("pager.rev-parse", program),
                       ("pager.ls-tree", program), ("pager.cat-file", program),
                       ("core.sshCommand", program), ("credential.helper", f"!{program}"),
                       ("gc.auto", "1")):
        git(root, "config", key, value)
