"""The `cardgen` command: parses options, calls the library, turns diagnostics into exit codes."""
from __future__ import annotations

import gc
import json
import math
import re
import sys
import traceback
from pathlib import Path

import click

from cardgen.cli.cache import cache
from cardgen.cli.export import export
from cardgen.cli.history import diff, errata, publish
from cardgen.cli.shared import (DUPLEX, FORMAT, GAME_DIRS, OUT, PAGE, api, emit, emit_json,
                                output_stream_full, run_with_progress, writable_path)

_NUMBER = r"\s*[-+]?(\d+\.?\d*(e[-+]?\d+)?|\.\d+(e[-+]?\d+)?|nan|inf|infinity)\s*"
_PLAIN_NUMBERS = re.compile(f"{_NUMBER},{_NUMBER}", re.ASCII | re.IGNORECASE)


def _offset(value: str | None):
    if value is None:
        return None
    low, high = api.OFFSET_MM
    try:
        if len(value) > 64 or not _PLAIN_NUMBERS.fullmatch(value):   # float() takes '1_0' too
            raise ValueError(value)
        x, y = (float(part) for part in value.split(","))
    except ValueError:
        raise click.BadParameter(f"expected 'X,Y' in mm, e.g. '0.5,-1', found "
                                 f"'{api.printable(value)[:40]}'") from None
    if not all(math.isfinite(v) and low <= v <= high for v in (x, y)):
        raise click.BadParameter(f"expected each of X and Y from {low:g} to {high:g} mm, found "
                                 f"'{api.printable(value)[:40]}'")
    return (x, y)


class _KindNames(click.Choice):
    """The output kinds' names, read when the command runs: an installed kind's among them, and
    an extension that cannot be loaded reported then, never as cardgen starts."""

    def __init__(self):
        super().__init__(())

    @property
    def choices(self) -> list[str]:
        return sorted(api.OUTPUT_KINDS)

    @choices.setter
    def choices(self, value) -> None:
        if value:          # click.Choice sets its choices when it is made: none are given here
            raise TypeError("the choices are the output kinds' names")


EXIT_INTERNAL = 3   # a fault in cardgen itself, never in the data (1) or the command line (2)


class _Group(click.Group):
    """Ctrl-C ends a command with a message, never a traceback; outputs are written atomically,
    so whatever was built before is still there. An installed extension cardgen cannot use, or
    an unexpected exception, is a one-line report and exit status 3 (with --debug, the traceback
    too); a standard output on a full disk is left to the entry point."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("interrupted: nothing was left half-written; earlier output is unchanged",
                       err=True)
            sys.exit(130)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit):
            raise
        except api.ExtensionError as exc:
            if ctx.params.get("debug"):
                traceback.print_exc()
            click.echo(api.printable(f"error: an installed extension is broken: {exc}"), err=True)
            sys.exit(EXIT_INTERNAL)
        except Exception as exc:   # the last resort: anything that escaped every check
            if output_stream_full(exc):
                raise
            if ctx.params.get("debug"):
                traceback.print_exc()
            problem = api.printable(f"{type(exc).__name__}: {exc}")[:300]
            click.echo(f"internal error: {problem}; please report"
                       + ("" if ctx.params.get("debug") else " (run with --debug for details)"),
                       err=True)
            sys.exit(EXIT_INTERNAL)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cardgen")
@click.option("--debug", is_flag=True, help="On an internal error, print the whole traceback.")
def main(debug):
    """Print-and-play cards from game data: validate it, then build printable sheets.

    \b
    Examples:
      cardgen new my-game                 start a game to edit
      cardgen validate my-game            check it against its own rules
      cardgen build my-game --page letter print it
    """
    # a build makes many small objects that live until it ends; collecting them as often as
    # Python does by default costs a fifth of a large build's time and frees nothing
    gc.set_threshold(50_000, 20, 20)


@main.command()
@GAME_DIRS
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option("--notes", is_flag=True,
              help="Also print notes of what was done: text set at one smaller size across a "
                   "deck, and the cards that needed it.")
@FORMAT
def validate(game_dirs, strict, notes, fmt):
    """Check games (default: every folder under data/) and report every problem.

    \b
    Examples:
      cardgen validate                      every game under data/
      cardgen validate data/my-game --strict
      cardgen validate data/my-game --notes       and which cards set a deck's text smaller
      cardgen validate data/my-game --format json > problems.json
    """
    report = api.validate(game_dirs, strict)
    games = len(api.discover(game_dirs))
    if fmt == "json":
        sys.exit(emit_json(report, strict, games=games))
    status = emit(report, strict, notes)
    if not report.diagnostics:
        click.echo(f"ok: {games} game(s), no problems")
    sys.exit(status)


@main.command()
@GAME_DIRS
@OUT
@PAGE
@DUPLEX
@click.option("--back-offset", help="Shift back pages by X,Y mm, as measured on the calibration page.")
@click.option("--pack/--no-pack", default=None,
              help="Decks of one card size share sheets in one PDF (default: the game's).")
@click.option("--only", type=_KindNames(), multiple=True,
              help="Build only these outputs (repeat for several; default: every output a plain "
                   "build makes: cards, tokens, boards, booklets).")
@click.option("--cmyk/--rgb", default=None,
              help="Write every colour as DeviceCMYK, for print shops (default: the game's).")
@click.option("--ink-saver", is_flag=True,
              help="Card backs and bleeds drawn light for a home printer, on the same geometry.")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no list of files written.")
@click.option("--watch", is_flag=True,
              help="After building, rebuild a game each time one of its files is saved (Ctrl-C stops).")
@FORMAT
def build(game_dirs, out_dir, page, duplex, back_offset, pack, only, cmyk, ink_saver, strict, quiet,
          watch, fmt):
    """Build printable PDFs for games (default: every folder under data/).

    \b
    Examples:
      cardgen build                                  every game, into output/
      cardgen build data/my-game --page letter --duplex short
      cardgen build data/my-game --back-offset 0.5,-1 --out prints
    """
    options = api.BuildOptions(out_dir, page, duplex, _offset(back_offset), strict, pack, cmyk,
                           tuple(only), kinds={"cards": {"ink_saver": True}} if ink_saver else {})
    if watch:
        _watch(game_dirs, options, quiet)
    report, written = run_with_progress("Building", game_dirs, options,
                                        show=not quiet and fmt == "text")
    if fmt == "json":
        sys.exit(emit_json(report, strict, written=[str(path) for path in written]))
    status = emit(report, strict)
    if status == 0 and not quiet:
        for path in written:
            click.echo(f"wrote {api.printable(path)}")
        if not written:
            asked = f" of --only {', '.join(only)}" if only else ""
            click.echo(f"nothing to write: the game has nothing{asked} to print", err=True)
    sys.exit(status)


@main.command("list")
@GAME_DIRS
@FORMAT
def list_games(game_dirs, fmt):
    """List games, their decks and card counts.

    \b
    Examples:
      cardgen list
      cardgen list data/my-game --format json
    """
    report, games = api.list_games(game_dirs)
    if fmt == "json":
        sys.exit(emit_json(report, False, games=[game.as_dict() for game in games]))
    for game in games:
        click.echo(f"{api.printable(game.folder)}: {game.title} (version {game.version})")
        for deck in game.decks:
            click.echo(f"  {deck.id}: {deck.name}, {deck.unique_cards} different cards, "
                       f"{deck.cards} to print, {deck.size}")
    sys.exit(emit(report, False))


@main.command()
@click.argument("game_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
def dump(game_dir):
    """Print a game's resolved cards as JSON (problems go to stderr).

    \b
    Example:
      cardgen dump data/my-game > cards.json
    """
    report, data = api.dump(game_dir)
    status = emit(report, False)
    if data is not None and status == 0:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    sys.exit(status)


@main.command()
@click.argument("game_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--type", "type_id", help="Card type (default: the game's first).")
@click.option("--kind", type=click.Choice(["cards", "game", "layout"]),
              help="Which file's schema: a card file (the default), game.yaml, or a layout; "
                   "--type and --kind are alternatives.")
@click.option("--write", is_flag=True,
              help="Write every schema to GAME_DIR/schemas/ and point the game's YAML files at them.")
def schema(game_dir, type_id, kind, write):
    """Print the JSON Schema of a game's files, for editors that check YAML as you type.

    \b
    Examples:
      cardgen schema data/my-game --type hero > hero.schema.json
      cardgen schema data/my-game --kind layout
      cardgen schema data/my-game --write
    """
    if type_id is not None and kind is not None:
        raise click.UsageError("give --type (a card type's schema) or --kind (a kind of file), "
                               "not both")
    if write:
        report, written = api.write_schemas(game_dir)
        for path in written:
            click.echo(f"wrote {api.printable(api.relative_name(path))}")
        sys.exit(emit(report, False))
    if kind in ("game", "layout"):
        report, result = api.file_schema(kind, game_dir)
        status = emit(report, False)
        if result is not None and status == 0:
            click.echo(json.dumps(result, indent=2, ensure_ascii=False))
        sys.exit(status)
    known = api.card_type_ids(game_dir)
    if type_id is not None and known is not None and type_id not in known:
        raise click.BadParameter(f"no card type '{api.printable(type_id)}'; the game has: "
                                 f"{', '.join(known) or 'none'}", param_hint="'--type'")
    report, result = api.card_schema(game_dir, type_id)
    status = emit(report, False)
    if result is not None and status == 0:
        click.echo(json.dumps(result, indent=2, ensure_ascii=False))
    sys.exit(status)


@main.command()
@click.argument("game_dir", type=click.Path(path_type=Path))
@click.option("--title", help="The game's title (default: from the folder name).")
def new(game_dir, title):
    """Start a new game: a small valid game folder to edit.

    \b
    Example:
      cardgen new data/potion-market --title "Potion Market"
    """
    try:
        written = api.new_game(game_dir, title)
    except api.ScaffoldError as exc:
        raise click.UsageError(str(exc)) from None
    for path in written:
        click.echo(f"wrote {path}")
    click.echo(f"next: cardgen validate {game_dir} && cardgen build {game_dir}")


@main.command()
@click.option("--out", "out_file", type=click.Path(dir_okay=False, path_type=Path),
              default=Path("output/calibration.pdf"), show_default=True, callback=writable_path)
@click.option("--page", type=click.Choice(["a4", "letter", "a3"]), default="a4", show_default=True)
@click.option("--duplex", type=click.Choice(["long", "short"]), default="long", show_default=True)
def calibrate(out_file, page, duplex):
    """Write a two-sided page that measures how far your printer shifts the back side.

    \b
    Example:
      cardgen calibrate --page letter --duplex short
    """
    try:
        api.calibrate(out_file, page, duplex)
    except api.OutputError as exc:
        report = api.Report()
        report.raised(exc, out_file, message=f"cannot write the calibration sheet: {exc.reason}")
        sys.exit(emit(report, False))
    click.echo(f"wrote {out_file}: print it double-sided, hold it to the light, and read the "
               "offset where the front cross meets the back scales")



def _watch(game_dirs, options: api.BuildOptions, quiet: bool) -> None:
    """Build, then rebuild on every save until Ctrl-C; problems shown, the last good files kept."""
    def show(report, written, games):
        emit(report, options.strict)
        if not quiet:
            names = ", ".join(api.printable(g.name) for g in games)
            state = "failed: the last good files are kept" if report.has_errors(options.strict) \
                else f"wrote {len(written)} file(s)"
            click.echo(f"built {names}: {state}; watching for changes (Ctrl-C stops)")

    try:
        api.watch(game_dirs, options, show)
    except KeyboardInterrupt:
        click.echo("stopped watching", err=True)
    sys.exit(0)


@main.command()
@click.argument("game_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--port", type=click.IntRange(1, 65535), default=None,
              help="Port to listen on, on 127.0.0.1 (default: a free one).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a web browser.")
@click.option("--cache", type=click.Path(file_okay=False, path_type=Path), callback=writable_path,
              help="Folder of images already made, shared with export (default: cardgen's "
                   "images folder in the user's cache folder, or in $CARDGEN_CACHE_DIR).")
def serve(game_dir, port, open_browser, cache):
    """Show a game in a web page, drawn again each time one of its files is saved.

    Every card face and back, token, board and rules page, the game's problems, and a clicked
    card's values and the file and line it was written at. Only this computer can see the page
    (it listens on 127.0.0.1); Ctrl-C stops it.

    \b
    Example:
      cardgen serve data/my-game --open
    """
    def shown_now(state: dict) -> None:
        for problem in state["problems"]:
            click.echo(problem["text"], err=True)
        done = "shown" if state["ok"] else "has errors: the page keeps the last good images"
        click.echo(f"{api.printable(state['title'])} {done}; watching for changes (Ctrl-C stops)")

    try:
        api.serve(game_dir, port or 0, cache, lambda url: click.echo(f"serving {url}"),
                  shown_now, open_browser)
    except api.ServeError as exc:
        raise click.UsageError(api.printable(str(exc))) from None
    except KeyboardInterrupt:
        click.echo("stopped serving", err=True)
    sys.exit(0)


main.add_command(export)
main.add_command(cache)
main.add_command(diff)
main.add_command(errata)
main.add_command(publish)
