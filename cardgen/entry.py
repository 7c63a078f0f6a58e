"""The `cardgen` command's first step, before the libraries it uses are imported: a fault of
the environment it runs in is a sentence, never a traceback. A working folder that was deleted,
or a HOME where a settings file cannot be read, is exit status 2 (reportlab trips on both as it
is imported: it asks for the working folder, and reads settings files from the import path and
from HOME); a standard output on a full disk is exit status 1."""
from __future__ import annotations

import os
import sys
import tempfile

from cardgen.base.errors import printable

EXIT_USAGE = 2      # as click's usage errors: the command cannot run as it was started
EXIT_DATA = 1       # as a problem in the data: what was asked for could not be done
_AGAIN = "change to a folder that exists and run cardgen again"


def main() -> None:
    problem = working_folder_problem() or temp_folder_problem()
    if problem is None:
        _import_path_without_working_folder()
        try:
            import reportlab            # noqa: F401 - reads its settings files now, not mid-command
            from cardgen.cli import main as cli
        except OSError as exc:
            problem = _unreadable_at_start(exc)
    if problem is not None:
        print(f"error: {problem}", file=sys.stderr)
        sys.exit(EXIT_USAGE)
    try:
        cli()
    except OSError as exc:
        from cardgen.cli.shared import output_stream_full
        if not output_stream_full(exc):
            raise
        try:                      # what is left in stdout's buffer goes nowhere at exit
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, AttributeError, ValueError):
            pass
        print("error: cannot print the command's output: the disk is full", file=sys.stderr)
        sys.exit(EXIT_DATA)


def working_folder_problem() -> str | None:
    """Why the working folder cannot be used, or None."""
    try:
        os.getcwd()
    except FileNotFoundError:
        return f"the working folder {_working_folder()}no longer exists (it was deleted): {_AGAIN}"
    except OSError as exc:
        return f"the working folder {_working_folder()}cannot be used ({exc.strerror}): {_AGAIN}"
    return None


def temp_folder_problem() -> str | None:
    """Why no folder for temporary files can be used (TMPDIR, /tmp, /var/tmp ... all unwritable),
    or None: builds stage their files there."""
    try:
        tempfile.gettempdir()
    except OSError as exc:
        return (f"no folder for temporary files can be used ({exc}): set TMPDIR to a folder "
                "you can write to")
    return None


def _working_folder() -> str:
    """The working folder's last known path, quoted, with a space after it; or nothing."""
    try:
        path = os.readlink("/proc/self/cwd").removesuffix(" (deleted)")
    except OSError:
        return ""
    return f"'{printable(path)}' "


def _import_path_without_working_folder() -> None:
    """`python -m` puts the working folder on the import path, where reportlab would import a
    game's file as its own settings (reportlab_settings.py, reportlab_mods.py) and run it: it is
    taken off, unless cardgen itself is imported from there (a checkout of its source)."""
    here = os.getcwd()
    if os.path.dirname(os.path.dirname(os.path.abspath(__file__))) != here:
        sys.path[:] = [entry for entry in sys.path if os.path.abspath(entry or ".") != here]


def _unreadable_at_start(exc: OSError) -> str:
    """A file a library reads as it is imported (reportlab: ~/.reportlab_mods) that cannot be
    read for a reason the library does not expect: HOME a file, say."""
    name = os.fsdecode(exc.filename) if exc.filename is not None else "a file"
    problem = f"cardgen cannot start: reading '{printable(name)}' failed ({exc.strerror or exc})"
    home = os.environ.get("HOME", "")
    if home and name.startswith(home.rstrip("/") + "/"):
        problem += (f"; it is read from HOME, which is '{printable(home)}': set HOME to your home "
                    "folder, or unset it")
    return problem
