"""Write stage: files replace their previous version only once complete (temp file, fsync, rename)."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

TEMP_PREFIX = ".cardgen-"


def write_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that a reader (or a crash) sees the old file or the new, never half."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, 0o644)  # mkstemp makes 0600; outputs are ordinary shareable files
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def remove_stale_temps(folder: Path) -> None:
    """Temp files a killed build left behind (they are never the output itself)."""
    if folder.is_dir():
        for leftover in folder.glob(f"{TEMP_PREFIX}*.tmp"):
            leftover.unlink(missing_ok=True)
