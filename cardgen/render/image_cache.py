"""The image cache's folder: where it is, what in it is the cache's own, and how large it may grow.

By default the cache is the `images` folder of cardgen's folder in the user's cache folder
(platformdirs: ~/.cache/cardgen on Linux, ~/Library/Caches/cardgen on macOS, the local app data
folder on Windows), or of the folder the environment variable CARDGEN_CACHE_DIR names; `--cache
DIR` names another. An entry is an image named by the hash of what it is made from, or its
thumbnail, each with the SHA-256 of its bytes beside it (raster.py writes them). Only files named
so are ever removed, never anything else a folder holds (a folder named as the cache by mistake
keeps all its own files), and never a folder.

Past IMAGE_CACHE_BYTES, the entries used longest ago are removed once a build has written new
ones; an entry is marked used (its files' access times set to now) each time a build takes it,
so the order does not depend on whether the disk keeps access times by itself. An entry used in
the last hour is never removed: the build that made or took it (another output kind of the same
build, or another process such as `cardgen serve`) may have yet to copy it into place. An entry
is an image and its digest file together: a lone file of such a name is not the cache's.
"""
from __future__ import annotations

import os
import re
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from cardgen.base.limits import IMAGE_CACHE_BYTES
from cardgen.base.temp_files import remove_stale_temps

ENV_FOLDER = "CARDGEN_CACHE_DIR"
THUMBNAILS = "thumbnails"     # the cache's folder of small copies, for contact sheets
DIGEST = ".sha256"            # the file beside each entry holding its bytes' SHA-256
IN_USE_SECONDS = 3600         # an entry used this recently may be waiting to be copied into place
_IMAGE = re.compile(r"[0-9a-f]{64}\.(?:png|jpg|webp)")
_THUMBNAIL = re.compile(r"[0-9a-f]{64}-[0-9]{1,5}-[0-9]{1,5}-r2\.png")


def default_folder() -> Path:
    """The cache folder when none is named: `images` in CARDGEN_CACHE_DIR, or in the user's
    cache folder for cardgen."""
    named = os.environ.get(ENV_FOLDER)
    if named:
        return Path(named) / "images"
    import platformdirs        # only when a cache is used
    return Path(platformdirs.user_cache_dir("cardgen", appauthor=False)) / "images"


def is_entry_name(name: str, in_thumbnails: bool = False) -> bool:
    """Whether a file of that name (in the cache folder, or in its thumbnails folder) is one the
    cache itself writes: an image, a thumbnail, or the digest beside one."""
    pattern = _THUMBNAIL if in_thumbnails else _IMAGE
    return pattern.fullmatch(name.removesuffix(DIGEST)) is not None


@dataclass(frozen=True)
class Entry:
    """An image (or thumbnail) of the cache with its digest file: its files that exist, their
    bytes together, and when it was last used (the newest of their times)."""

    files: tuple[Path, ...]
    size: int
    used: float


def entries(folder: Path) -> list[Entry]:
    """The cache's entries in `folder`, used longest ago first (then by name, so the same
    folder is always read in the same order). Regular files only: a link named as an entry is
    left alone."""
    found: dict[Path, list[tuple[Path, os.stat_result]]] = {}
    for where, thumbnails in ((Path(folder), False), (Path(folder) / THUMBNAILS, True)):
        if where.is_symlink():        # a link named as the cache's folder leads elsewhere
            continue
        try:
            listed = list(os.scandir(where))
        except OSError:               # no folder, or one that cannot be read: nothing of ours
            continue
        for item in listed:
            if not is_entry_name(item.name, thumbnails):
                continue
            try:
                info = item.stat(follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode):
                image = where / item.name.removesuffix(DIGEST)
                found.setdefault(image, []).append((Path(item.path), info))
    made = [Entry(tuple(path for path, _ in sorted(files)), sum(info.st_size for _, info in files),
                  max(max(info.st_mtime, info.st_atime) for _, info in files))
            for files in found.values() if len(files) == 2]   # an image and its digest, both
    return sorted(made, key=lambda entry: (entry.used, entry.files[0].name))


def size(folder: Path) -> int:
    return sum(entry.size for entry in entries(folder))


def mark_used(image: Path) -> None:
    """An entry was taken: it is now the newest. Its files' access times are set to now, their
    modification times kept (when they were written); a folder that cannot be written keeps
    them as they were."""
    now = time.time_ns()
    for path in (image, image.with_name(image.name + DIGEST)):
        try:
            os.utime(path, ns=(now, os.stat(path, follow_symlinks=False).st_mtime_ns))
        except OSError:
            pass


def trim(folder: Path, keep: Iterable[Path] = (), cap: int | None = None) -> list[Path]:
    """Remove the entries used longest ago until the cache in `folder` is at most `cap` bytes
    (None: IMAGE_CACHE_BYTES); an entry with a file in `keep` is never removed (the cache may
    stay past the cap for them). The files removed."""
    cap = IMAGE_CACHE_BYTES if cap is None else cap
    kept = {Path(path) for path in keep}
    found = entries(folder)
    total = sum(entry.size for entry in found)
    recent = time.time() - IN_USE_SECONDS
    removed = []
    for entry in found:
        if total <= cap:
            break
        if kept.intersection(entry.files) or entry.used > recent:
            continue
        gone = True
        for path in entry.files:
            try:
                path.unlink()
                removed.append(path)
            except FileNotFoundError:   # another build removed it first
                pass
            except OSError:
                gone = False
        if gone:
            total -= entry.size
    return removed


def clear(folder: Path) -> tuple[int, int]:
    """Every entry in `folder` removed, with the temporary files of builds that were killed, and
    the thumbnails folder if nothing else is left in it: (entries removed, their bytes)."""
    removed = bytes_removed = 0
    for entry in entries(folder):
        try:
            for path in entry.files:
                path.unlink(missing_ok=True)
        except OSError:               # not ours to remove after all: left as it is
            continue
        removed, bytes_removed = removed + 1, bytes_removed + entry.size
    for where in (Path(folder), Path(folder) / THUMBNAILS):
        remove_stale_temps(where)
    try:
        (Path(folder) / THUMBNAILS).rmdir()   # only if empty
    except OSError:
        pass
    return removed, bytes_removed
