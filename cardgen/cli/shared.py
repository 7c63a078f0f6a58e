"""What every `cardgen` command shares: the game folders it takes, how problems are printed,
and the progress bar of a long build."""
from __future__ import annotations

import errno
import gc
import json
import math
import sys
from pathlib import Path

import click


class _Library:
    """cardgen.api, imported the first time a command uses it: `cardgen --help`, a command's
    help and a usage error never load the library (nor reportlab and the rest with it).

    What importing it makes (modules, classes, tables) lives until the command ends: no
    collection walks it while it is imported, and once imported it is out of the garbage
    collector's reach (with the command's high threshold the first collection would walk it
    all, mid-command)."""

    def __getattr__(self, name: str):
        if "cardgen.api" not in sys.modules and gc.isenabled():
            gc.disable()
            try:
                from cardgen import api   # noqa: F401
            finally:
                gc.freeze()
                gc.enable()
        from cardgen import api as library
        return getattr(library, name)


api = _Library()


def _games_or_data(ctx, param, value):
    """No game named means every game under data/; with no data/ either, there is nothing to do."""
    if not value and not api.discover(value):
        raise click.UsageError(f"no game folder given, and no game under '{api.DATA_DIR}/' here")
    return value


GAME_DIRS = click.argument("game_dirs", nargs=-1, callback=_games_or_data,
                           type=click.Path(exists=True, file_okay=False, path_type=Path))


def emit(report: api.Report, strict: bool, notes: bool = False) -> int:
    """Print every diagnostic to stderr, and with `notes` the notes of what was done (a deck's
    one text size); the exit status is 1 if any is an error (or a warning, with strict)."""
    for diagnostic in report.sorted():
        click.echo(diagnostic.format(), err=True)
    if notes:
        for note in sorted(report.notes, key=lambda d: (d.file, d.line or 0, d.message)):
            click.echo(note.format(), err=True)
    return 1 if report.has_errors(strict) else 0


def emit_json(report: api.Report, strict: bool, **result) -> int:
    """The command's result and its problems as one JSON object on stdout, for tools."""
    click.echo(json.dumps({**result, "problems": [d.as_dict() for d in report.sorted()],
                           "notes": [d.as_dict() for d in report.notes]},
                          indent=2, ensure_ascii=False))
    return 1 if report.has_errors(strict) else 0


def writable_path(ctx, param, value):
    """A path cardgen may write to: no NUL byte, no name longer than a file system allows."""
    if value is None:
        return value
    text = str(value)
    if "\x00" in text:
        raise click.BadParameter("a path cannot contain a NUL character")
    if len(text.encode("utf-8", "surrogateescape")) > api.COMMAND_PATH_BYTES:
        raise click.BadParameter(f"the path is longer than {api.COMMAND_PATH_BYTES:,} bytes")
    if any(len(part.encode("utf-8", "surrogateescape")) > api.NAME_BYTES
           for part in Path(text).parts):
        raise click.BadParameter(f"a name in the path is longer than {api.NAME_BYTES} bytes")
    return value


class FiniteFloatRange(click.FloatRange):
    """A number from `min` to `max`: never nan, which click's FloatRange lets through (it is
    neither below nor above any bound), nor an infinity."""

    def convert(self, value, param, ctx):
        number = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"expected a number from {self.min:g} to {self.max:g}, found "
                      f"'{api.printable(str(value))[:40]}'", param, ctx)
        return super().convert(number, param, ctx)


OUT = click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
                   default=Path("output"), show_default=True, callback=writable_path,
                   help="Folder the games are built into.")
PAGE = click.option("--page", type=click.Choice(["a4", "letter", "a3"]),
                    help="Paper size (default: the game's).")
DUPLEX = click.option("--duplex", type=click.Choice(["long", "short", "fold", "none"]),
                      help="Backs: long- or short-edge flip, gutterfold, or none (default: the game's).")
def _json_wins(ctx, param, value):
    """`--json` and `--format json` are one choice, whichever order click reads them in."""
    if param.name == "as_json":
        ctx.meta["cardgen.json"] = value
        if value and "fmt" in ctx.params:
            ctx.params["fmt"] = "json"
        return value
    return "json" if ctx.meta.get("cardgen.json") else value


def FORMAT(command):
    """`--format text|json`, and `--json` for short (as `cardgen export` spells it)."""
    command = click.option("--json", "as_json", is_flag=True, expose_value=False,
                           callback=_json_wins, help="The same as --format json.")(command)
    return click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                        show_default=True, callback=_json_wins,
                        help="text: readable lines (problems on stderr); json: one object on "
                             "stdout.")(command)


def run_with_progress(label: str, game_dirs, options, show: bool):
    """Build the games, with a progress bar on a terminal; (report, files written)."""
    if show and sys.stderr.isatty():
        with click.progressbar(length=api.count_cards(game_dirs), label=label,
                               file=sys.stderr) as bar:
            return api.build_games(game_dirs, options, bar.update)
    return api.build_games(game_dirs, options)


def output_stream_full(exc: BaseException) -> bool:
    """Printing to a standard output on a full disk (`> /dev/full`): a full disk, naming no
    file, as cardgen's own file writes always name theirs."""
    return (isinstance(exc, OSError) and exc.filename is None
            and exc.errno in (errno.ENOSPC, errno.EDQUOT))
