"""Git run on a repository that may come from a stranger: nothing its configuration names runs.

A game folder may arrive with its `.git` inside, and `.git/config` may name programs: filters,
diff and textconv drivers, hooks, an fsmonitor, a pager, the transports of a partial clone's
lazy fetch. cardgen runs only commands that read objects as they are stored (rev-parse, ls-tree,
cat-file without --filters or --textconv), and runs them with every setting that could start a
program overridden on the command line, which wins over the repository's own configuration.
"""
from __future__ import annotations

import os
import subprocess
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Iterator

from cardgen.base.limits import GIT_SECONDS

OVERRIDES = (
    "core.fsmonitor=false",           # a program, or a daemon, run when the index is read
    "core.hooksPath=/dev/null",       # hooks
    "core.pager=cat",
    "diff.external=",
    "credential.helper=",
    "protocol.allow=never",           # a partial clone's lazy fetch: no transport, ssh or helper
    "safe.bareRepository=explicit",   # a bare repository hidden in the game folder is not used
    "gc.auto=0",
    "maintenance.auto=false",
)

# set for every run; the caller's own GIT_* variables (GIT_DIR, GIT_EXTERNAL_DIFF ...) are dropped,
# so git reads the repository the game folder is in, and nothing else
ENVIRONMENT = {
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_TERMINAL_PROMPT": "0",
    "GIT_OPTIONAL_LOCKS": "0",
    "GIT_NO_LAZY_FETCH": "1",
    "GIT_LITERAL_PATHSPECS": "1",      # a folder named '*' or ':(top)' is that folder
    "GIT_PAGER": "cat",
}


class RevisionError(Exception):
    """The revision cannot be read: not a git repository, an unknown revision, no git."""


def _command(folder: Path, args: tuple[str, ...]) -> list[str]:
    overrides = [part for setting in OVERRIDES for part in ("-c", setting)]
    return ["git", "--no-pager", *overrides, "-C", str(folder), *args]


def _environment() -> dict[str, str]:
    kept = {name: value for name, value in os.environ.items() if not name.startswith("GIT_")}
    return {**kept, **ENVIRONMENT}


@contextmanager
def git(folder: Path, *args: str, stdin: bool = False) -> Iterator[subprocess.Popen]:
    """A git command run in `folder`, its output read as it comes (its input a pipe when
    `stdin`), killed once it has run GIT_SECONDS. Leaving the block ends it. RevisionError when
    git failed, took too long, or its output ended early (EOFError, or a broken pipe, inside the
    block)."""
    with tempfile.TemporaryFile() as errors:
        try:
            process = subprocess.Popen(_command(folder, args), env=_environment(),
                                       stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                                       stdout=subprocess.PIPE, stderr=errors)
        except FileNotFoundError:
            raise RevisionError("git is not installed, and --since needs it") from None
        expired = threading.Event()
        timer = threading.Timer(GIT_SECONDS, lambda: (expired.set(), process.kill()))
        timer.start()
        try:
            yield process
            _close(process.stdin)
            process.wait()
        except (EOFError, BrokenPipeError):
            process.kill()
            process.wait()
            _raise_failure(process, errors, args, expired)
            raise RevisionError(f"git {args[0]} stopped before the end of its output") from None
        finally:
            timer.cancel()
            if process.poll() is None:     # the caller stopped early: git is not needed any more
                process.kill()
                process.wait()
            _close(process.stdin)
            _close(process.stdout)
        _raise_failure(process, errors, args, expired)


def git_output(folder: Path, *args: str) -> bytes:
    """The whole output of a git command whose output is small (rev-parse)."""
    with git(folder, *args) as process:
        return process.stdout.read()


def _raise_failure(process: subprocess.Popen, errors: IO[bytes], args: tuple[str, ...],
                   expired: threading.Event) -> None:
    if expired.is_set():
        raise RevisionError(f"git took longer than {GIT_SECONDS} s")
    if process.returncode != 0:
        errors.seek(0)
        message = errors.read(4096).decode("utf-8", "replace").strip().splitlines()
        raise RevisionError(message[-1] if message else f"git {args[0]} failed")


def _close(stream: IO[bytes] | None) -> None:
    if stream is not None:
        try:
            stream.close()
        except OSError:      # a broken pipe, on flushing what git no longer reads
            pass
