"""A file's content that is already written to disk: an image in the cache, say. An output hands
one to the write step instead of bytes, so many large files never sit in memory at once."""
from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class StagedFile:
    """A file's content, written to `path` already, and the SHA-256 it was checked to have;
    `keep` is whatever must live as long as the file is wanted (a scratch folder that is
    removed once nothing refers to it)."""

    path: Path
    sha256: str | None = None
    keep: object = field(default=None, compare=False, repr=False)

    def read(self) -> bytes:
        """The content; OSError if the file is now a link, or no longer what was checked."""
        descriptor = os.open(self.path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(descriptor, "rb") as file:
            data = file.read()
        if self.sha256 is not None and hashlib.sha256(data).hexdigest() != self.sha256:
            raise OSError(f"{self.path} changed after it was made")
        return data
