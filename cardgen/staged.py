"""A file's content that is already written to disk: an image in the cache, say. An output hands
one to the write step instead of bytes, so many large files never sit in memory at once."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class StagedFile:
    """A file's content, written to `path` already; `keep` is whatever must live as long as the
    file is wanted (a scratch folder that is removed once nothing refers to it)."""

    path: Path
    keep: object = field(default=None, compare=False, repr=False)

    def read(self) -> bytes:
        return Path(self.path).read_bytes()
