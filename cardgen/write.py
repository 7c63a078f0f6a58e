"""Write stage: files replace their previous version only once complete.

On Linux the data goes to an unnamed file (O_TMPFILE) that gets a name only when it is whole, so
even a killed build leaves no half-written file behind; elsewhere a named temporary file is used
(and removed on any error, and by the next build if the process was killed).
"""
from __future__ import annotations

import os
import tempfile
import uuid
from pathlib import Path

TEMP_PREFIX = ".cardgen-"


def write_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that a reader (or a crash) sees the old file or the new, never half."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not _write_unnamed(path, data):
        _write_named(path, data)


def _write_unnamed(path: Path, data: bytes) -> bool:
    try:
        fd = os.open(path.parent, os.O_TMPFILE | os.O_WRONLY, 0o644)
    except (AttributeError, OSError):
        return False
    temp = path.parent / f"{TEMP_PREFIX}{uuid.uuid4().hex}.tmp"
    try:
        _write_all(fd, data)
        os.link(f"/proc/self/fd/{fd}", temp, follow_symlinks=True)
    except OSError:
        return False       # no /proc, say: fall back to a named temporary file
    finally:
        os.close(fd)
    try:
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return True


def _write_named(path: Path, data: bytes) -> None:
    fd, temp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=".tmp", dir=path.parent)
    try:
        try:
            _write_all(fd, data)
        finally:
            os.close(fd)
        os.chmod(temp, 0o644)  # mkstemp makes 0600; outputs are ordinary shareable files
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.fsync(fd)


def remove_stale_temps(folder: Path) -> None:
    """Temp files a killed build left behind (they are never the output itself)."""
    if folder.is_dir():
        for leftover in folder.glob(f"{TEMP_PREFIX}*.tmp"):
            leftover.unlink(missing_ok=True)
