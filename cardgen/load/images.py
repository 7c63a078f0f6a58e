"""Picture files from game data: opened safely, with size limits, before anything draws them."""
from __future__ import annotations

import warnings
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from cardgen.load.schema import Invalid

MAX_PIXELS = 60_000_000      # a 300 dpi A3 sheet is ~17.4 MP; anything far beyond is refused
MAX_FILE_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class ImageInfo:
    path: Path
    width: int
    height: int
    mode: str


def inspect_image(path: Path) -> ImageInfo:
    """Read a picture's header and check it; raise Invalid with the reason when it cannot be used."""
    try:
        size = path.stat().st_size
    except OSError:
        raise Invalid(f"picture '{path.name}' not found") from None
    if size == 0:
        raise Invalid(f"picture '{path.name}' is an empty (0-byte) file")
    if size > MAX_FILE_BYTES:
        raise Invalid(f"picture '{path.name}' is {size:,} bytes; the limit is {MAX_FILE_BYTES:,}")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                width, height, mode = image.width, image.height, image.mode
                if width * height > MAX_PIXELS:
                    raise Invalid(f"picture '{path.name}' is {width} x {height} pixels; the limit is "
                                  f"{MAX_PIXELS:,} pixels")
                image.verify()
    except Invalid:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise Invalid(f"picture '{path.name}' claims a huge size (a decompression bomb?)") from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise Invalid(f"picture '{path.name}' cannot be read as an image ({exc.__class__.__name__})") \
            from None
    return ImageInfo(path, width, height, mode)
