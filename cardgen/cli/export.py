"""`cardgen export`: a command for every output kind that declares one (card images, Tabletop
Simulator decks, and any an installed extension adds), made from the options the kind declares,
with the game folders, --out, --quiet and --json every export takes."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from cardgen.cli.shared import (GAME_DIRS, FiniteFloatRange, api, emit, emit_json,
                                run_with_progress, writable_path)

OUT = click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
                   default=Path("output"), show_default=True, callback=writable_path,
                   help="Folder the games' files go into (<out>/<game>/...).")
QUIET = click.option("--quiet", "-q", is_flag=True, help="No progress bar and no list of files.")
JSON_HELP = "The files written and the problems as one JSON object on stdout"


class _KindCommands(click.Group):
    """The commands of the output kinds that declare one, made when first asked for: an
    installed kind's command is there too, and an extension that cannot be loaded is reported
    as the command runs, never as cardgen starts."""

    _made: dict = {}

    @property
    def commands(self) -> dict[str, click.Command]:
        kinds = tuple((name, kind) for name, kind in api.OUTPUT_KINDS.items()
                      if kind.EXPORT is not None)
        if kinds not in self._made:
            self._made = {kinds: {name: export_command(kind) for name, kind in kinds}}
        return self._made[kinds]

    @commands.setter
    def commands(self, value) -> None:
        if value:          # click.Group sets its commands when it is made: none are given here
            raise TypeError("the export commands are made from the output kinds")


@click.group(cls=_KindCommands)
def export():
    """Export card images, print-service files and Tabletop Simulator decks.

    \b
    Examples:
      cardgen export images data/my-game --dpi 300
      cardgen export tts data/my-game
    """


def export_command(kind) -> click.Command:
    """`cardgen export <kind>`: the kind's declared export options, with the shared ones."""
    declared = [option for option in kind.OPTIONS if option.export]

    def run(game_dirs, out_dir, quiet, as_json, **values):
        ctx = click.get_current_context()
        named = {name for name in values
                 if ctx.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT}
        try:
            options = api.export_options(kind.name, out_dir, values, named)
        except api.OptionConflict as exc:
            raise click.UsageError(str(exc)) from None
        report, written = run_with_progress("Exporting", game_dirs, options,
                                            show=not quiet and not as_json)
        _finish(report, written, quiet, as_json)

    own_format = next((o for o in declared if o.name == "format"), None)
    note = f" (here --format is the {own_format.help.rstrip('.').lower()})" if own_format else ""
    json = click.option("--json", "as_json", is_flag=True, help=f"{JSON_HELP}{note}.")
    for decorator in reversed([GAME_DIRS, OUT, *map(_click_option, declared), QUIET, json]):
        run = decorator(run)
    return click.command(kind.name, help=_help(kind.EXPORT))(run)


def _help(command) -> str:
    examples = "\n".join(f"  {example}" for example in command.examples)
    heading = "Example:" if len(command.examples) == 1 else "Examples:"
    return f"{command.help}\n\n\b\n{heading}\n{examples}"


def _click_option(option):
    """A declared option as click reads it from the command line."""
    of = option.type
    if isinstance(of, api.Flag):
        flags = f"{option.flag}/--no-{option.flag[2:]}" if of.paired else option.flag
        return click.option(flags, option.name, is_flag=True, default=bool(option.default),
                            show_default=of.paired, help=option.help)
    if isinstance(of, api.Folder):
        return click.option(option.flag, option.name, default=option.default,
                            type=click.Path(file_okay=False, path_type=Path),
                            callback=writable_path, help=option.help)
    if isinstance(of, api.WebAddress):
        return click.option(option.flag, option.name, default=option.default, metavar="URL",
                            callback=_web_address, help=option.help)
    if isinstance(of, api.Number):
        read = (click.IntRange(int(of.low), int(of.high)) if of.whole
                else FiniteFloatRange(of.low, of.high))
    else:
        read = click.Choice(of.values)
    return click.option(option.flag, option.name, type=read, default=option.default,
                        show_default=option.default is not None, help=option.help)


def _web_address(ctx, param, value):
    if value is None:
        return value
    try:
        return api.web_address(value)
    except ValueError as exc:
        raise click.BadParameter(f"{exc}; found '{api.printable(value)[:80]}'") from None


def _finish(report, written, quiet: bool, as_json: bool) -> None:
    if as_json:
        sys.exit(emit_json(report, False, written=[str(path) for path in written]))
    status = emit(report, False)
    if status == 0 and not quiet:
        click.echo(f"wrote {len(written)} file(s)")
        for path in written[:50]:
            click.echo(f"wrote {api.printable(path)}")
    sys.exit(status)
