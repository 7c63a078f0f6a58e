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


def inspect_image(path: Path, shown: str | None = None) -> ImageInfo:
    """Read a picture's header and check it; raise Invalid with the reason when it cannot be used.
    `shown` is the picture's name as the data wrote it, for messages."""
    shown = shown or path.name
    try:
        size = path.stat().st_size
    except OSError:
        raise Invalid(f"picture '{shown}' not found") from None
    if size == 0:
        raise Invalid(f"picture '{shown}' is an empty (0-byte) file")
    if size > MAX_FILE_BYTES:
        raise Invalid(f"picture '{shown}' is {size:,} bytes; the limit is {MAX_FILE_BYTES:,}")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                width, height, mode = image.width, image.height, image.mode
                if width * height > MAX_PIXELS:
                    raise Invalid(f"picture '{shown}' is {width} x {height} pixels; the limit is "
                                  f"{MAX_PIXELS:,} pixels")
                image.verify()
    except Invalid:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise Invalid(f"picture '{shown}' claims a huge size (a decompression bomb?)") from None
    except UnidentifiedImageError:
        raise Invalid(f"picture '{shown}' is not in a picture format cardgen reads "
                      "(PNG, JPEG, GIF, WebP, TIFF ...)") from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise Invalid(f"picture '{shown}' is damaged and cannot be read ({exc})") from None
    return ImageInfo(path, width, height, mode)
