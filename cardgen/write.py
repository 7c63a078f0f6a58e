"""Write stage: a build's files replace their previous versions all together, or none of them do.

Every new file is first written whole to a temporary file beside its target (on Linux an unnamed
O_TMPFILE that gets a name only when complete, so even a killed build leaves nothing
half-written); only then are they put in place one by one, each previous version kept until all
are in, and put back if any fails. A folder made for the files is removed again, if still empty,
when they cannot be written. Temporary files are named as `temp_files` says, and a build removes
another's only by that module's rule, so never a file another running build is still writing,
and never anything of the user's.

A file's content may be given as a StagedFile, a file already written elsewhere (an image in the
cache, say): it is copied into its temporary file like any other, so a build of many images
never holds them all in memory and still replaces the previous build all or none.
"""
from __future__ import annotations

import errno
import os
import stat
from itertools import takewhile
from pathlib import Path

from cardgen.base.errors import ProblemError
from cardgen.base.staged import StagedFile
from cardgen.base.temp_files import create_temp, remove_stale_temps, temp_path


class OutputError(ProblemError):
    """A file cannot be written; `path` is the file or folder at fault, `reason` says why."""

    code = "output"

    def __init__(self, path: Path, reason: str):
        super().__init__(reason)
        self.path = Path(path)

    @property
    def reason(self) -> str:
        return self.problem.message


def _reason(exc: OSError, path: Path) -> str:
    if exc.errno == errno.ENOSPC:
        return "the disk is full"
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "no permission to write there"
    if exc.errno == errno.EISDIR:
        return "a folder is in the way"
    if exc.errno == errno.ENAMETOOLONG:
        return "the path or a name in it is too long"
    blocked = next((p for p in [path, *path.parents] if _is_file_in_the_way(p)), None)
    if exc.errno in (errno.ENOTDIR, errno.EEXIST) and blocked is not None:
        return f"'{blocked}' is a file, not a folder"
    return exc.strerror or str(exc)


def _is_file_in_the_way(path: Path) -> bool:
    try:
        return path.exists() and not path.is_dir()
    except OSError:                   # a name too long, a loop of links: nothing to point at
        return False


_SPECIAL = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
            (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))


def check_replaceable(target: Path) -> None:
    """Only a regular file, or nothing, is ever replaced: a folder, pipe, socket or device in a
    target's place (or at the end of a link there) is an OutputError, and is left as it is."""
    try:
        mode = os.stat(target).st_mode          # a link counts as what it leads to
    except FileNotFoundError:
        return
    except OSError as exc:
        raise OutputError(target, _reason(exc, target)) from None
    if stat.S_ISREG(mode):
        return
    what = next((name for test, name in _SPECIAL if test(mode)), "not a regular file")
    if stat.S_ISDIR(mode):
        raise OutputError(target, "a folder is in the way of this file")
    raise OutputError(target, f"it is {what}, not a regular file: cardgen only replaces files, "
                      "so it is left as it is")


def write_files(folder: Path, files: dict[str, bytes | StagedFile]) -> list[Path]:
    """Replace `folder/name` with each `data`, all or none; raise OutputError naming the path.
    A name may hold '/': its folders below `folder` are made as needed."""
    folder = Path(folder)
    targets = [folder / name for name in files]
    made: list[Path] = []
    try:
        for parent in dict.fromkeys([folder, *(t.parent for t in targets)]):
            _make_folder(parent, made)
        for target in targets:
            check_replaceable(target)
        for parent in dict.fromkeys(t.parent for t in targets):
            remove_stale_temps(parent)
        _write_all_or_none(targets, list(files.values()))
    except BaseException:
        for path in reversed(made):      # innermost first; a folder something is in stays
            try:
                os.rmdir(path)
            except OSError:
                pass
        raise
    return targets


def _make_folder(folder: Path, made: list[Path]) -> None:
    """`folder` and every missing folder above it; those this call made are added to `made`."""
    missing = list(takewhile(lambda p: not os.path.isdir(p), [folder, *folder.parents]))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(folder, _reason(exc, folder)) from None
    finally:
        made.extend(p for p in reversed(missing) if os.path.isdir(p))


def _write_all_or_none(targets: list[Path], contents: list[bytes | StagedFile]) -> None:
    temps: list[Path] = []
    try:
        for target, data in zip(targets, contents):
            content = _content(data)
            try:
                temps.append(_write_temp(target.parent, content))
            except OSError as exc:
                raise OutputError(target, _reason(exc, target)) from None
        _put_in_place(list(zip(temps, targets)))
    finally:
        for temp in temps:
            temp.unlink(missing_ok=True)


def _content(data: bytes | StagedFile) -> bytes:
    if not isinstance(data, StagedFile):
        return data
    try:
        return data.read()
    except OSError as exc:
        raise OutputError(data.path, f"cannot read it ({exc.strerror or exc})") from None


def _put_in_place(moves: list[tuple[Path, Path]]) -> None:
    """Rename each temp onto its target; if one fails, every target goes back to what it was."""
    done: list[tuple[Path, Path | None]] = []          # target, the backup of its old version
    try:
        for temp, target in moves:
            backup = temp_path(target.parent)
            try:
                os.link(target, backup)
            except FileNotFoundError:     # no previous version (or another build just moved it)
                backup = None
            try:
                os.replace(temp, target)
            except OSError:
                if backup is not None:
                    backup.unlink(missing_ok=True)
                raise
            done.append((target, backup))
    except OSError as exc:
        for target, backup in reversed(done):
            if backup is not None:
                os.replace(backup, target)
            else:
                target.unlink(missing_ok=True)
        failed = moves[len(done)][1]
        raise OutputError(failed, _reason(exc, failed)) from None
    except BaseException:
        for target, backup in reversed(done):
            if backup is not None:
                os.replace(backup, target)
            else:
                target.unlink(missing_ok=True)
        raise
    for _, backup in done:
        if backup is not None:
            backup.unlink(missing_ok=True)


def write_atomic(path: Path, data: bytes) -> None:
    """One file, replaced whole or not at all (OutputError when it cannot be written)."""
    path = Path(path)
    write_files(path.parent, {path.name: data})


def _write_temp(folder: Path, data: bytes) -> Path:
    """`data` complete in a named temporary file of this process in `folder`."""
    temp = temp_path(folder)
    try:
        fd = os.open(folder, os.O_TMPFILE | os.O_WRONLY, 0o644)
    except (AttributeError, OSError):
        return _write_named(folder, data)
    try:
        _write_all(fd, data)
        os.link(f"/proc/self/fd/{fd}", temp, follow_symlinks=True)
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EACCES, errno.EROFS):
            raise
        return _write_named(folder, data)        # no /proc, say: a named temporary file
    finally:
        os.close(fd)
    return temp


def _write_named(folder: Path, data: bytes) -> Path:
    fd, temp = create_temp(folder)
    try:
        try:
            _write_all(fd, data)
        finally:
            os.close(fd)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return temp


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.fsync(fd)
