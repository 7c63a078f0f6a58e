"""Pictures: only allowed raster formats are opened, checked by content; every one is decoded
whole when the game is validated."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from cardgen.drawing import images
from cardgen.drawing.images import ALLOWED, inspect_image
from cardgen.schema import Invalid

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
    monkeypatch.setattr(images, "open_picture", never)
    monkeypatch.setattr(Image, "open", never)
    path = tmp_path / "art.png"          # the name says PNG; the content decides
    path.write_bytes(content)
    with pytest.raises(Invalid) as caught:
        inspect_image(path, "art/art.png")
    assert str(caught.value).startswith(f"picture 'art/art.png' {what}")
    assert "(PNG, JPEG, WebP, GIF, TIFF, BMP)" in str(caught.value)


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
