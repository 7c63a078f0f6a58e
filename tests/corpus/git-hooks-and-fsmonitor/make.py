"""`cardgen diff --since` on a repository with hooks (its own and a core.hooksPath folder), an
fsmonitor, a pager and an ssh command configured: none of them runs."""
from __future__ import annotations

import shlex
from pathlib import Path

from corpus_git import commit_then_change_a_card, git, hostile


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
