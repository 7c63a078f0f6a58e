"""`cardgen diff --since` on a partial clone whose card file is missing from the revision: git
may not fetch it (no transport, no ssh command runs), so the revision cannot be read."""
from __future__ import annotations

import shlex
from pathlib import Path

from corpus_git import commit_then_change_a_card, git, hostile


def script(path: Path, root: Path) -> str:
    """An executable file running hostile(root); its path, quoted for a shell."""
    path.write_text(f"#!/bin/sh\n{hostile(root)}\n", encoding="utf-8")
    path.chmod(0o755)
    return shlex.quote(str(path))


def make(root: Path) -> None:
    commit_then_change_a_card(root)
    blob = git(root, "rev-parse", "HEAD:data/game/cards/heroes.yaml")
    (root / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    program = script(root / "program.sh", root)
    for key, value in (("core.repositoryformatversion", "1"), ("extensions.partialClone", "origin"),
                       ("remote.origin.url", "ssh://example.com/game.git"),
                       ("remote.origin.promisor", "true"), ("core.sshCommand", program)):
        git(root, "config", key, value)
