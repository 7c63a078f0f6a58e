"""Picture files from game data: recognised by their content, opened only as an allowed raster
format, and decoded whole (within size limits) before anything draws them.

Pillow can open formats that call an outside program (EPS runs Ghostscript), so a file is
opened only if its first bytes say it is one of ALLOWED, and Pillow is told to try that format
alone: a PostScript file named `.png` is refused, never handed to a plugin.
"""
from __future__ import annotations

import stat
import warnings
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from PIL import Image

from cardgen.shared.schema import Invalid
from cardgen.base.limits import PICTURE_BYTES, PICTURE_PIXELS

ALLOWED = ("PNG", "JPEG", "WEBP", "GIF", "TIFF", "BMP")
SVG = "SVG"                 # a drawing, read by svg_pictures from a file named .svg, never by Pillow
_SIGNATURES = (
    (b"\x89PNG\r\n\x1a\n", "PNG"), (b"\xff\xd8\xff", "JPEG"), (b"GIF87a", "GIF"),
    (b"GIF89a", "GIF"), (b"II*\x00", "TIFF"), (b"MM\x00*", "TIFF"), (b"BM", "BMP"),
)
_REFUSED = (    # what a refused file is, for the message
    (b"%!PS", "an EPS (PostScript) file"), (b"\xc5\xd0\xd3\xc6", "an EPS (PostScript) file"),
    (b"%PDF", "a PDF file"), (b"<svg", "an SVG drawing"), (b"<?xml", "an XML file (SVG?)"),
    (b"\x00\x00\x00\x0cjP", "a JPEG 2000 file"), (b"8BPS", "a Photoshop file"),
)


@dataclass(frozen=True)
class ImageInfo:
    path: Path
    width: int
    height: int
    mode: str
    format: str = "PNG"


def picture_format(head: bytes) -> str | None:
    """The allowed raster format the file's first bytes announce, or None."""
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "WEBP"
    return next((fmt for magic, fmt in _SIGNATURES if head.startswith(magic)), None)


def _what(head: bytes) -> str:
    found = next((what for magic, what in _REFUSED if head.lstrip().startswith(magic)), None)
    return found or "not a picture format cardgen reads"


@contextmanager
def opened_picture(path: Path, fmt: str) -> Iterator[Image.Image]:
    """Open a file already known to be `fmt`, letting Pillow try that format and no other, for
    the `with` block to decode. Every Pillow call on a picture runs inside one: the warnings
    Pillow gives about a damaged file ("Corrupt EXIF data" ...) never reach the terminal (whether
    the picture decodes is what counts), save the decompression bomb warning, raised as an error."""
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("ignore")
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        with Image.open(path, formats=[fmt]) as image:
            yield image


def inspect_image(path: Path, shown: str | None = None) -> ImageInfo:
    """Check a picture and decode it whole; raise Invalid with the reason when it cannot be used.
    `shown` is the picture's name as the data wrote it, for messages (its content never is)."""
    shown = shown or path.name
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):      # a pipe or a device would block or never end
            raise Invalid(f"picture '{shown}' is not an ordinary file")
        size = status.st_size
        with path.open("rb") as handle:
            head = handle.read(16)
    except OSError:
        raise Invalid(f"picture '{shown}' not found") from None
    if size == 0:
        raise Invalid(f"picture '{shown}' is an empty (0-byte) file")
    if size > PICTURE_BYTES:
        raise Invalid(f"picture '{shown}' is {size:,} bytes; the limit is {PICTURE_BYTES:,}")
    fmt = picture_format(head)
    if fmt is None:
        what = _what(head)
        raise Invalid(f"picture '{shown}' is {what}" + ("" if what.startswith("not") else
                      ", not a picture format cardgen reads") + " (PNG, JPEG, WebP, GIF, TIFF, BMP; SVG "
                      "from a file named .svg)")
    try:
        with opened_picture(path, fmt) as image:
            width, height, mode = image.width, image.height, image.mode
            if width * height > PICTURE_PIXELS:
                raise Invalid(f"picture '{shown}' is {width} x {height} pixels; the limit is "
                              f"{PICTURE_PIXELS:,} pixels")
            image.load()       # the whole picture: a truncated or damaged one fails here
            if _turned(image):  # a camera's sideways picture: its stored size is turned too
                width, height = height, width
    except Invalid:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise Invalid(f"picture '{shown}' claims a huge size (a decompression bomb?)") from None
    except Exception:   # Pillow's decoders raise many kinds: all mean the file is damaged
        raise Invalid(f"picture '{shown}' is a damaged {fmt} file and cannot be read (it ends "
                      "early, or its data is corrupt)") from None
    return ImageInfo(path, width, height, mode, fmt)


def _turned(image: Image.Image) -> bool:
    """Whether the picture's EXIF orientation turns it a quarter (phone photos often do)."""
    try:
        return image.getexif().get(0x0112) in (5, 6, 7, 8)
    except Exception:         # unreadable EXIF: the picture is drawn as stored
        return False
