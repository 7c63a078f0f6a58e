"""A game as it was at a git revision: the repository's files at that revision, unpacked into a
temporary folder, so the old game loads exactly as the new one does (its layouts included)."""
from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from cardgen.limits import GIT_SECONDS

MAX_ARCHIVE_BYTES = 512 * 1024 * 1024


class RevisionError(Exception):
    """The revision cannot be read: not a git repository, an unknown revision, no git."""


def _git(folder: Path, *args: str) -> bytes:
    try:
        done = subprocess.run(["git", "-C", str(folder), *args], capture_output=True,
                              timeout=GIT_SECONDS, check=False)
    except FileNotFoundError:
        raise RevisionError("git is not installed, and --since needs it") from None
    except subprocess.TimeoutExpired:
        raise RevisionError(f"git took longer than {GIT_SECONDS} s") from None
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise RevisionError(message[-1] if message else f"git {args[0]} failed")
    return done.stdout


@dataclass(frozen=True)
class OldGame:
    """The game as it was at a revision, unpacked: `folder` its game folder, `top` the
    repository's top (the project it belongs to)."""

    folder: Path
    top: Path
    revision: str

    def name(self, file: str) -> str:
        """A file's name in a message: git's REV:path for one of the unpacked files."""
        try:
            inside = Path(file).resolve().relative_to(self.top.resolve())
        except ValueError:
            return file
        return f"{self.revision}:{inside.as_posix()}"


@contextmanager
def game_at(game_dir: Path, revision: str):
    """The game as it was at `revision` (an OldGame), for the length of the `with` block."""
    game_dir = Path(game_dir).resolve()
    if revision.startswith("-"):
        raise RevisionError(f"'{revision}' is not a revision")
    top = Path(_git(game_dir, "rev-parse", "--show-toplevel").decode().strip())
    commit = _git(top, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}").decode().strip()
    relative = game_dir.relative_to(top)
    data = _git(top, "archive", "--format=tar", commit)
    if len(data) > MAX_ARCHIVE_BYTES:
        raise RevisionError(f"the repository at {revision} is larger than {MAX_ARCHIVE_BYTES:,} bytes")
    with tempfile.TemporaryDirectory(prefix="cardgen-since-") as folder:
        _unpack(data, Path(folder))
        old = Path(folder) / relative
        if not (old / "game.yaml").is_file():
            raise RevisionError(f"there is no game at '{relative.as_posix()}' in {revision}")
        yield OldGame(old, Path(folder), revision)


def _unpack(data: bytes, folder: Path) -> None:
    """A git archive's files and folders only, each inside `folder` (no links, no paths out)."""
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        for member in archive.getmembers():
            name = PurePosixPath(member.name)
            if name.is_absolute() or ".." in name.parts:
                continue
            target = folder.joinpath(*name.parts)
            if member.isdir():
                target.mkdir(parents=True, exist_ok=True)
            elif member.isfile():
                target.parent.mkdir(parents=True, exist_ok=True)
                source = archive.extractfile(member)
                target.write_bytes(source.read() if source is not None else b"")
