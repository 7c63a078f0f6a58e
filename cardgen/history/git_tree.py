"""A game as it was at a git revision: the game folder's files at that revision (and the project's
shared layouts/ that the game would find), written to a temporary folder, so the old game loads
exactly as the new one does.

Only those paths are read, as git stores them (no filter or driver of the repository's runs),
one file at a time straight to disk; their number and size are known from the listing before
a byte is read, and bounded (GIT_FILES, GIT_BYTES). Links and submodules are left out, as a link
could lead outside the game.
"""
from __future__ import annotations

import os
import re
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import IO, Iterator

from cardgen.base.errors import Problem, ProblemError, Severity
from cardgen.history.git_command import RevisionError, git, git_output
from cardgen.base.limits import COMMAND_PATH_BYTES, GIT_BYTES, GIT_FILES

__all__ = ["GameTooLarge", "OldGame", "RevisionError", "game_at"]

COMMIT = re.compile(rb"[0-9a-f]{40}([0-9a-f]{24})?")
LINK, SUBMODULE = b"120000", b"160000"
CHUNK = 1024 * 1024
RECORD_HEAD = 128     # a listing's record before its path: mode, type, object name, size


class GameTooLarge(ProblemError, RevisionError):
    """The game at the revision has more files, or more bytes, than cardgen reads: a problem of
    the data (where every other RevisionError is one of usage), in `file` (REV:path) as git
    names it."""

    code = "too-large"

    def __init__(self, file: str, message: str):
        super().__init__(Problem(self.code, Severity.ERROR, (), message, file=file))


@dataclass(frozen=True)
class OldGame:
    """The game as it was at a revision, written out: `folder` its game folder, `top` the
    repository's top as written out (the project it belongs to)."""

    folder: Path
    top: Path
    revision: str

    def name(self, file: str) -> str:
        """A file's name in a message: git's REV:path for one of the files written out."""
        try:
            inside = Path(file).resolve().relative_to(self.top.resolve())
        except ValueError:
            return file
        return f"{self.revision}:{inside.as_posix()}"


@dataclass(frozen=True)
class _Entry:
    """One file or folder as `git ls-tree` lists it."""

    mode: bytes
    kind: bytes            # blob, tree or commit (a submodule)
    name: bytes            # git's object name
    size: int              # -1 for a folder or a submodule, or without --long
    path: PurePosixPath    # from the repository's top


@contextmanager
def game_at(game_dir: Path, revision: str) -> Iterator[OldGame]:
    """The game as it was at `revision` (an OldGame), for the length of the `with` block."""
    game_dir = Path(game_dir).resolve()
    if revision.startswith("-"):
        raise RevisionError(f"'{revision}' is not a revision")
    top = Path(os.fsdecode(git_output(game_dir, "rev-parse", "--show-toplevel").rstrip(b"\n")))
    if not game_dir.is_relative_to(top.resolve()):
        raise RevisionError("the game folder is not inside its repository's work tree")
    relative = PurePosixPath(game_dir.relative_to(top.resolve()).as_posix())
    commit = _commit(game_dir, revision)
    where = f"{revision}:{relative}" if relative.parts else f"{revision}:"   # as git names it
    paths = [relative, *_shared_layouts(game_dir, commit, relative, where)]
    blobs = _listed(game_dir, commit, paths, where)
    with tempfile.TemporaryDirectory(prefix="cardgen-since-") as folder:
        _write(game_dir, blobs, Path(folder), where)
        old = Path(folder).joinpath(*relative.parts)
        if not (old / "game.yaml").is_file():
            raise RevisionError(f"there is no game at '{relative}' in {revision}")
        yield OldGame(old, Path(folder), revision)


def _commit(game_dir: Path, revision: str) -> bytes:
    try:
        found = git_output(game_dir, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}")
    except RevisionError:
        raise RevisionError(f"'{revision}' is no commit of the repository") from None
    if not COMMIT.fullmatch(found.strip()):
        raise RevisionError(f"'{revision}' is no commit of the repository")
    return found.strip()


def _shared_layouts(game_dir: Path, commit: bytes, relative: PurePosixPath,
                    where: str) -> list[PurePosixPath]:
    """The project's layouts/ the game would use at the commit (load.game.layout_dirs): the
    nearest folder named layouts/ beside the game folder or one of the folders above it."""
    candidates = [parent / "layouts" for parent in relative.parents]
    if not candidates:
        return []
    with git(game_dir, "ls-tree", "-z", "--full-tree", commit.decode(), "--",
             *map(str, candidates)) as process:
        folders = {entry.path for entry in _entries(process.stdout, where) if entry.kind == b"tree"}
    return [path for path in candidates if path in folders][:1]


def _listed(game_dir: Path, commit: bytes, paths: list[PurePosixPath], where: str) -> list[_Entry]:
    """The files below `paths` at the commit, their sizes told by git before any is read."""
    blobs, total = [], 0
    with git(game_dir, "ls-tree", "-r", "-z", "--long", "--full-tree", commit.decode(), "--",
             *map(str, paths)) as process:
        for count, entry in enumerate(_entries(process.stdout, where), 1):
            if count > GIT_FILES:
                raise GameTooLarge(where, f"more than {GIT_FILES:,} files at this revision; the "
                                          f"limit is {GIT_FILES:,}")
            if entry.kind != b"blob" or entry.mode in (LINK, SUBMODULE) or not _inside(entry.path):
                continue
            total += entry.size
            if total > GIT_BYTES:
                raise _too_many_bytes(where, total)
            blobs.append(entry)
    return blobs


def _entries(stream: IO[bytes], where: str) -> Iterator[_Entry]:
    """Each record of `ls-tree -z [--long]`, read as it comes."""
    pending = b""
    while chunk := stream.read(CHUNK):
        *records, pending = (pending + chunk).split(b"\0")
        if len(pending) > RECORD_HEAD + COMMAND_PATH_BYTES:
            raise GameTooLarge(where, f"a path at this revision is longer than "
                                      f"{COMMAND_PATH_BYTES:,} bytes")
        for record in records:
            head, _, path = record.partition(b"\t")
            mode, kind, name, *size = head.split()
            yield _Entry(mode, kind, name, int(size[0]) if size and size[0].isdigit() else -1,
                         PurePosixPath(os.fsdecode(path)))
    if pending:
        raise EOFError


def _inside(path: PurePosixPath) -> bool:
    """Whether a path as git lists it stays inside the folder it is written to (a crafted tree may
    name '..')."""
    return not path.is_absolute() and not {"", ".", ".."} & set(path.parts)


def _write(game_dir: Path, blobs: list[_Entry], folder: Path, where: str) -> None:
    """Each blob's bytes, as git stores them, to its path below `folder`, a piece at a time."""
    with git(game_dir, "cat-file", "--batch", stdin=True) as process:
        for blob in blobs:
            process.stdin.write(blob.name + b"\n")
            process.stdin.flush()
            head = process.stdout.readline(RECORD_HEAD).split()
            if not head:
                raise EOFError
            if head[1:] == [b"missing"]:
                raise RevisionError(f"{blob.path} is missing from the repository's objects (a "
                                    "partial clone's files are never fetched for cardgen)")
            if head[1:] != [b"blob", str(blob.size).encode()]:
                raise RevisionError(f"git did not give the file {blob.path} as listed")
            _copy(process.stdout, blob, folder)
            if process.stdout.read(1) != b"\n":
                raise EOFError


def _copy(stream: IO[bytes], blob: _Entry, folder: Path) -> None:
    target = folder.joinpath(*blob.path.parts)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("xb") as out:      # never through a link, never over another file
            left = blob.size
            while left:
                piece = stream.read(min(left, CHUNK))
                if not piece:
                    raise EOFError
                out.write(piece)
                left -= len(piece)
    except OSError as exc:
        raise RevisionError(f"cannot write {blob.path} to a temporary folder: "
                            f"{exc.strerror or exc}") from None


def _too_many_bytes(where: str, total: int) -> GameTooLarge:
    return GameTooLarge(where, f"the files at this revision come to {total:,} bytes or more; "
                               f"the limit is {GIT_BYTES:,}")
