"""Pictures: only allowed raster formats are opened, checked by content; every one is decoded
whole when the game is validated."""
from __future__ import annotations

import io
import warnings

import pytest
from PIL import Image

from cardgen.drawing import images
from cardgen.drawing.images import ALLOWED, inspect_image
from cardgen.shared.schema import Invalid

EPS = b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nnewpath 0 0 moveto 10 10 lineto stroke\n"


def picture_bytes(fmt: str, size=(40, 30), mode="RGB") -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, "red").save(out, format=fmt)
    return out.getvalue()


@pytest.mark.parametrize("fmt", ALLOWED)
def test_every_allowed_format_is_read_whole(fmt, tmp_path):
    path = tmp_path / f"art.{fmt.lower()}"
    path.write_bytes(picture_bytes(fmt))
    info = inspect_image(path, "art")
    assert (info.width, info.height, info.format) == (40, 30, fmt)


@pytest.mark.parametrize("content, what", [
    (EPS, "is an EPS (PostScript) file"), (b"%PDF-1.4\n%...", "is a PDF file"),
    (b'<svg xmlns="http://www.w3.org/2000/svg"/>', "is an SVG drawing"),
    (b"just some words", "is not a picture format cardgen reads")])
def test_other_content_is_refused_before_any_decoder_sees_it(content, what, tmp_path, monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("a refused file was handed to Pillow")
    monkeypatch.setattr(images, "opened_picture", never)
    monkeypatch.setattr(Image, "open", never)
    path = tmp_path / "art.png"          # the name says PNG; the content decides
    path.write_bytes(content)
    with pytest.raises(Invalid) as caught:
        inspect_image(path, "art/art.png")
    assert str(caught.value).startswith(f"picture 'art/art.png' {what}")
    assert "(PNG, JPEG, WebP, GIF, TIFF, BMP; SVG from a file named .svg)" in str(caught.value)


def test_pillow_is_told_to_try_only_the_announced_format(tmp_path, monkeypatch):
    seen = []
    real_open = Image.open

    def spy(fp, mode="r", formats=None):
        seen.append(formats)
        return real_open(fp, mode, formats)
    monkeypatch.setattr(Image, "open", spy)
    path = tmp_path / "art.png"
    path.write_bytes(picture_bytes("PNG"))
    inspect_image(path)
    assert seen == [["PNG"]]


def test_a_truncated_picture_is_caught_by_a_whole_decode(tmp_path):
    data = picture_bytes("PNG", size=(400, 300))
    path = tmp_path / "art.png"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(Invalid, match=r"picture 'art.png' is a damaged PNG file and cannot be read \(it ends early"):
        inspect_image(path)


def test_pillow_warnings_about_a_damaged_file_never_reach_the_terminal(tmp_path):
    path = tmp_path / "art.png"
    path.write_bytes(b"II*\x00%!PS-Adobe-3.0 EPSF")     # a TIFF header, then PostScript
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        with pytest.raises(Invalid, match="picture 'art.png' is a damaged TIFF file"):
            inspect_image(path)
    assert [str(w.message) for w in seen] == []


def test_every_decode_of_a_picture_keeps_pillow_warnings_in(tmp_path, monkeypatch):
    """Drawing decodes a picture again: a warning Pillow gives there is kept in too."""
    from cardgen.drawing.pictures import prepare
    real_open = Image.open

    def warns(*args, **kwargs):
        warnings.warn("Corrupt EXIF data", UserWarning)
        return real_open(*args, **kwargs)
    path = tmp_path / "art.png"
    path.write_bytes(picture_bytes("PNG"))
    monkeypatch.setattr(Image, "open", warns)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        info = inspect_image(path)
        picture = prepare(info, None, 10, 10, cmyk=False)
    assert picture.size == (40, 30)
    assert [str(w.message) for w in seen] == []
