"""The one check every file cardgen opens goes through: it must lie inside its root folder.

A game's files (game.yaml, card files, layouts, pictures) stay inside the game's folder, shared
layouts inside the project's `layouts/`, with symlinks resolved, so a game folder from a stranger
can never make cardgen read, or echo in a message, a file from elsewhere on the machine.
"""
from __future__ import annotations

import os
from pathlib import Path, PurePosixPath

from cardgen.shared.schema import Invalid
from cardgen.base.limits import NAME_BYTES, PATH_CHARS



def check_reference(reference: str) -> str:
    """A path as the data writes it, '/'-separated and relative; Invalid if it cannot be one."""
    text = str(reference)
    if "\x00" in text:
        raise Invalid("a path cannot contain a NUL character", code="path")
    if len(text) > PATH_CHARS:
        raise Invalid(f"path is {len(text):,} characters long; the limit is {PATH_CHARS:,}",
                      code="path")
    text = text.replace("\\", "/")
    for part in text.split("/"):
        if len(part.encode("utf-8", "surrogatepass")) > NAME_BYTES:
            raise Invalid(f"a name in path '{text[:40]}...' is longer than {NAME_BYTES} bytes",
                          code="path")
    if PurePosixPath(text).is_absolute() or (len(text) > 1 and text[1] == ":"):
        raise Invalid(f"expected a path relative to the game folder, found absolute path "
                      f"'{reference}'", code="path")
    return text


def confined_path(root: Path, reference: str) -> Path:
    """Resolve `reference` (relative, '/'-separated) below `root`, symlinks followed, or raise
    Invalid. The file itself need not exist; if it does not, no later step will open it."""
    text = check_reference(reference)
    pure = PurePosixPath(text)
    try:
        base = Path(root).resolve()
        target = (base / Path(*pure.parts)).resolve() if pure.parts else base
    except (OSError, RuntimeError, ValueError) as exc:   # a symlink loop, say
        raise Invalid(f"path '{reference}' cannot be followed ({_reason(exc)})", code="path") from None
    if target != base and base not in target.parents:
        raise Invalid(f"path '{reference}' leads outside the game folder", code="path")
    return target


def is_file(path: Path) -> bool:
    """Whether `path` is a regular file, with over-long names and the like counting as 'no'."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _reason(exc: Exception) -> str:
    if isinstance(exc, OSError) and exc.errno is not None:
        return os.strerror(exc.errno).lower()
    return "a link that loops" if isinstance(exc, RuntimeError) else str(exc)
