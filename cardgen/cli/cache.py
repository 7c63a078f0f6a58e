"""`cardgen cache`: the image cache's folder and size, and emptying it."""
from __future__ import annotations

from pathlib import Path

import click

from cardgen.cli.shared import api, writable_path

CACHE = click.option("--cache", "folder", type=click.Path(file_okay=False, path_type=Path),
                     callback=writable_path,
                     help="The cache folder, when it is not the default one (export's and "
                          "serve's --cache).")


@click.group()
def cache():
    """The image cache: card images already made, kept between builds.

    By default it is cardgen's images folder in the user's cache folder, or in the folder the
    environment variable CARDGEN_CACHE_DIR names. Past its size limit, the images used longest
    ago are removed as new ones are made.
    """


@cache.command()
@CACHE
def info(folder):
    """Where the image cache is, and how large.

    \b
    Example:
      cardgen cache info
    """
    found = api.image_cache_info(folder)
    click.echo(f"image cache: {api.printable(str(found.folder))}")
    click.echo(f"{found.images} image(s), {_mib(found.size)} of at most {_mib(found.cap)}")


@cache.command()
@CACHE
def clear(folder):
    """Remove every image of the cache (with the temporary files of builds that were killed), and
    nothing else its folder holds.

    \b
    Example:
      cardgen cache clear
    """
    removed = api.clear_image_cache(folder)
    click.echo(f"removed {removed.images} image(s), {_mib(removed.size)}, from "
               f"{api.printable(str(removed.folder))}")


def _mib(size: int) -> str:
    return f"{size / 2**20:,.1f} MiB"
