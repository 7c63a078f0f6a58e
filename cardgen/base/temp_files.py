"""The temporary files cardgen writes beside the files it makes: one name pattern of its own, and
the rule for removing those a killed process left behind.

A temporary file is named `.cardgen-tmp-<process id>-<32 hex digits>.part`, a name no one would
give a file of their own: cardgen never touches any other name (a designer's `.cardgen-notes.md`,
the image cache's folder `.cardgen-cache/`), and never a folder.

A process removes its own temporary files as soon as it is done with them. One that another
process left (it was killed) is removed only when that is sure to be safe: a regular file named
in the pattern, whose process is no longer running, last written over `STALE_AFTER_S` ago. The
age is needed because the process check can be wrong: a build in another container, or on
another machine writing to a shared folder, runs under a process id this one cannot see, and no
build spends an hour between writing a temporary file and putting it in place. (A process id
reused by a new process only keeps a dead build's file longer: harmless.)
"""
from __future__ import annotations

import os
import re
import stat
import time
import uuid
from pathlib import Path

STALE_AFTER_S = 3600
_NAME = re.compile(r"\.cardgen-tmp-([1-9][0-9]{0,9})-[0-9a-f]{32}\.part")


def temp_path(folder: Path) -> Path:
    """A new temporary file's path in `folder`, of this process."""
    return Path(folder) / f".cardgen-tmp-{os.getpid()}-{uuid.uuid4().hex}.part"


def is_temp_name(name: str) -> bool:
    return _NAME.fullmatch(name) is not None


def create_temp(folder: Path) -> tuple[int, Path]:
    """A new temporary file in `folder`, open for writing: (descriptor, path). Created only if
    nothing has that name, so never a link or another process's file."""
    path = temp_path(folder)
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644), path


def remove_stale_temps(folder: Path) -> None:
    """The temporary files in `folder` of processes that were killed (see the module's rule)."""
    try:
        entries = list(os.scandir(folder))
    except OSError:                    # no folder (yet), or one that cannot be read: none to remove
        return
    now = time.time()
    for entry in entries:
        match = _NAME.fullmatch(entry.name)
        if match is None or int(match.group(1)) == os.getpid():
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if (stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_AFTER_S
                    and not _running(int(match.group(1)))):
                os.unlink(entry.path)
        except OSError:                # gone already, or not ours to remove: leave it
            continue


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):     # OverflowError: no process has so large an id
        return False
    except PermissionError:                          # another user's process
        return True
    return True
