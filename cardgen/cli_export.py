"""`cardgen export`: card images, print-service files and Tabletop Simulator sheets, made from the
same drawing as the PDFs."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from cardgen.cli_shared import (GAME_DIRS, FiniteFloatRange, emit, emit_json, run_with_progress,
                                writable_path)
from cardgen.api import FORMATS, PRESETS, BuildOptions, ImageSettings, printable

OUT = click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
                   default=Path("output"), show_default=True, callback=writable_path,
                   help="Folder the games' files go into (<out>/<game>/...).")
CACHE = click.option("--cache", type=click.Path(file_okay=False, path_type=Path), callback=writable_path,
                     help="Folder of images already made, reused when a card has not changed "
                          "(default: <out>/.cardgen-cache; --no-cache for none).")
NO_CACHE = click.option("--no-cache", is_flag=True, help="Rasterise every image again.")
QUIET = click.option("--quiet", "-q", is_flag=True, help="No progress bar and no list of files.")
JSON = click.option("--json", "as_json", is_flag=True,
                    help="The files written and the problems as one JSON object on stdout.")


@click.group()
def export():
    """Export card images, print-service files and Tabletop Simulator decks.

    \b
    Examples:
      cardgen export images data/my-game --dpi 300
      cardgen export tts data/my-game
    """


def _settings(out_dir: Path, dpi: float, fmt: str, bleed: bool, cache, no_cache) -> ImageSettings:
    folder = None if no_cache else (cache or out_dir / ".cardgen-cache")
    return ImageSettings(dpi, fmt, bleed, folder)


def _finish(report, written, quiet: bool, as_json: bool) -> None:
    if as_json:
        sys.exit(emit_json(report, False, written=[str(path) for path in written]))
    status = emit(report, False)
    if status == 0 and not quiet:
        click.echo(f"wrote {len(written)} file(s)")
        for path in written[:50]:
            click.echo(f"wrote {printable(path)}")
    sys.exit(status)


@export.command()
@GAME_DIRS
@OUT
@click.option("--dpi", type=FiniteFloatRange(36, 1200), default=300, show_default=True,
              help="Resolution of the images.")
@click.option("--bleed/--no-bleed", default=True, show_default=True,
              help="Keep the bleed round each card, or the trim only.")
@click.option("--format", "image_format", type=click.Choice(sorted(FORMATS)), default="png",
              show_default=True, help="Image file format.")
@click.option("--preset", type=click.Choice(sorted(PRESETS)),
              help="A print service's files: "
                   + "; ".join(f"{k}: {p.service}" for k, p in PRESETS.items()) + ".")
@CACHE
@NO_CACHE
@QUIET
@click.option("--json", "as_json", is_flag=True,
              help="The files written and the problems as one JSON object on stdout "
                   "(--format names the image format here).")
def images(game_dirs, out_dir, dpi, bleed, image_format, preset, cache, no_cache, quiet, as_json):
    """An image of every card face, back and token, and a contact sheet a deck.

    \b
    Examples:
      cardgen export images data/my-game --dpi 150
      cardgen export images data/my-game --preset mpc --out for-mpc
      cardgen export images data/my-game --preset drivethru
    """
    bleed_mm, only = None, ("images",)
    if preset is not None:
        ctx = click.get_current_context()
        given = [f"--{name.replace('image_', '')}" for name in ("dpi", "bleed", "image_format")
                 if ctx.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT]
        if given:
            raise click.UsageError(f"--preset {preset} sets the dpi, bleed and format its service "
                                   f"asks for: leave out {', '.join(given)}")
        chosen = PRESETS[preset]
        dpi, bleed, bleed_mm, only = chosen.dpi, True, chosen.bleed, (chosen.output,)
        image_format = chosen.format if chosen.format in FORMATS else image_format
    options = BuildOptions(out_dir, only=only, bleed=bleed_mm,
                           images=_settings(out_dir, dpi, image_format, bleed, cache, no_cache))
    report, written = run_with_progress("Exporting", game_dirs, options,
                                        show=not quiet and not as_json)
    _finish(report, written, quiet, as_json)


@export.command()
@GAME_DIRS
@OUT
@CACHE
@NO_CACHE
@QUIET
@JSON
def tts(game_dirs, out_dir, cache, no_cache, quiet, as_json):
    """Tabletop Simulator deck sheets, backs, and the numbers for TTS's import dialog.

    \b
    Example:
      cardgen export tts data/my-game --out tts-decks
    """
    options = BuildOptions(out_dir, only=("tts",),
                           images=_settings(out_dir, 300, "png", False, cache, no_cache))
    report, written = run_with_progress("Exporting", game_dirs, options,
                                        show=not quiet and not as_json)
    _finish(report, written, quiet, as_json)
