"""`cardgen diff` and `cardgen errata`: what changed in a game since a git revision (or between
two folders), and sheets of only the cards to print again; `cardgen publish`: the values a game
was published with, kept so that validation reports any changed without an erratum."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from cardgen.cli.shared import DUPLEX, FORMAT, GAME_DIRS, OUT, PAGE, api, emit, emit_json

FOLDERS = click.argument("folders", nargs=-1, required=True,
                         type=click.Path(exists=True, file_okay=False, path_type=Path))
SINCE = click.option("--since", metavar="REF",
                     help="A git revision of the game's data (HEAD~1, a tag, a commit).")


def _sides(folders: tuple[Path, ...], since: str | None) -> tuple[Path, Path | None]:
    """(the game as it is, the old folder or None) from GAME_DIR --since REF or OLD_DIR NEW_DIR."""
    if since is not None and len(folders) == 1:
        return folders[0], None
    if since is None and len(folders) == 2:
        return folders[1], folders[0]
    raise click.UsageError("give GAME_DIR --since REF (a git revision), or OLD_DIR NEW_DIR")


@click.command()
@FOLDERS
@SINCE
@FORMAT
def diff(folders, since, fmt):
    """Which cards were added, removed or changed, and each field from what to what.

    A layout, font or picture change that changes how a card looks counts as a change to that
    card. The version stamp is left out, so a new version number alone changes nothing.

    \b
    Examples:
      cardgen diff data/my-game --since HEAD~1
      cardgen diff old/my-game data/my-game --format json
    """
    game_dir, old_dir = _sides(folders, since)
    try:
        report, change = api.diff(game_dir, since, old_dir)
    except api.RevisionError as exc:
        raise click.UsageError(f"--since {api.printable(since)}: "
                               f"{api.printable(str(exc))}") from None
    if fmt == "json":
        sys.exit(emit_json(report, False, diff=change.as_dict() if change else None))
    status = emit(report, False)
    if change is not None:
        click.echo("\n".join(api.printable(line) for line in change.lines()))
    sys.exit(status)


@click.command()
@FOLDERS
@SINCE
@OUT
@PAGE
@DUPLEX
@click.option("--images", is_flag=True, help="Also an image of each card to print again.")
@FORMAT
def errata(folders, since, out_dir, page, duplex, images, fmt):
    """Sheets of only the cards added or changed, after a page listing every change.

    \b
    Examples:
      cardgen errata data/my-game --since v1.0
      cardgen errata data/my-game --since HEAD~3 --images
    """
    game_dir, old_dir = _sides(folders, since)
    options = api.BuildOptions(out_dir, page, duplex)
    try:
        report, written = api.errata(game_dir, options, since, old_dir, images)
    except api.RevisionError as exc:
        raise click.UsageError(f"--since {api.printable(since)}: "
                               f"{api.printable(str(exc))}") from None
    if fmt == "json":
        sys.exit(emit_json(report, False, written=[str(p) for p in written]))
    status = emit(report, False)
    for path in written:
        click.echo(f"wrote {api.printable(path)}")
    if not written and not report.has_errors():
        click.echo(f"nothing changed since {api.printable(since or str(folders[0]))}: "
                   "nothing to reprint")
    sys.exit(status)


@click.command()
@GAME_DIRS
@FORMAT
def publish(game_dirs, fmt):
    """Write each game's published edition (default: every game under data/) to published.yaml
    in its folder: every value it prints, as it is now.

    From then on `cardgen validate` reports a printed value that differs from the published one
    without an erratum in game.yaml saying what it was and what it is now. Publish again when a
    new edition is published: it replaces the one before.

    \b
    Examples:
      cardgen publish data/my-game
      cardgen publish                  every game under data/
    """
    report, written = api.publish(game_dirs)
    if fmt == "json":
        sys.exit(emit_json(report, False, written=[str(p) for p in written]))
    status = emit(report, False)
    for path in written:
        click.echo(f"wrote {api.printable(path)}")
    sys.exit(status)
