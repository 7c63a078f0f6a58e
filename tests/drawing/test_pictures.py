"""Pictures on cards: each decoded and scaled once per build, drawn no larger than a printer
can show, and in CMYK when the sheet is."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from cardgen.base.errors import Report
from cardgen.pipeline import BuildOptions, build
from cardgen.drawing import pictures
from cardgen.drawing.elements import picture

CARDS = 30


@pytest.fixture
def game_with_one_big_picture(copy_game) -> Path:
    """The minimal game with many cards showing one picture far larger than they need."""
    root = copy_game("valid-minimal")
    Image.new("RGB", (3000, 2000), (200, 40, 40)).save(root / "art" / "big.jpg", quality=85)
    cards = "cards:\n" + "".join(f"  - name: Hero {i}\n    power: 1\n    text: Card {i}.\n"
                                 f"    art: art/big.jpg\n" for i in range(CARDS))
    (root / "cards" / "heroes.yaml").write_text(cards, encoding="utf-8")
    return root


def counting(monkeypatch, module, name):
    calls = []
    real = getattr(module, name)

    def wrapper(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)
    monkeypatch.setattr(module, name, wrapper)
    return calls


def _images(pdf) -> list:
    """Every image XObject the PDF's pages reach, through the forms that draw them, once each."""
    found, seen = [], set()
    stack = [page["/Resources"] for page in PdfReader(pdf).pages]
    while stack:
        for ref in stack.pop().get("/XObject", {}).values():
            obj = ref.get_object()
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            if obj["/Subtype"] == "/Image":
                found.append(obj)
            else:
                stack.append(obj.get("/Resources", {}))
    return found


def test_one_picture_on_many_faces_is_decoded_and_scaled_once(game_with_one_big_picture,
                                                               tmp_path, monkeypatch):
    inspected = counting(monkeypatch, picture, "inspect_image")
    prepared = counting(monkeypatch, pictures, "prepare")
    report = Report()
    written = build(game_with_one_big_picture, BuildOptions(out_dir=tmp_path / "out"),
                    report)
    assert not report.has_errors(), [d.format() for d in report.errors]
    assert len(inspected) == 1 and len(prepared) == 1
    images = [obj["/Width"] for obj in _images(written[0])]
    # the 51.5 mm box needs at most 1217 px at 600 dpi: the 3000 px picture is scaled down
    assert images and max(images) <= 1217
    assert len(images) == 1                  # one image in the PDF, however many faces show it


def test_pictures_are_cmyk_on_cmyk_sheets(game_with_one_big_picture, tmp_path):
    report = Report()
    written = build(game_with_one_big_picture, BuildOptions(out_dir=tmp_path / "out",
                                                             cmyk=True), report)
    assert not report.has_errors()
    spaces = {obj["/ColorSpace"] for obj in _images(written[0])}
    assert spaces == {"/DeviceCMYK"}


def test_the_cmyk_formula_matches_the_one_for_colours():
    from cardgen.shared.colors import to_cmyk as colour_to_cmyk
    from reportlab.lib.colors import Color
    rgb = (47, 93, 80)
    pixel = pictures.to_cmyk(Image.new("RGB", (1, 1), rgb)).getpixel((0, 0))
    colour = colour_to_cmyk(Color(*(v / 255 for v in rgb)))
    expected = [round(v * 255) for v in (colour.cyan, colour.magenta, colour.yellow, colour.black)]
    assert all(abs(a - b) <= 1 for a, b in zip(pixel, expected)), (pixel, expected)


def test_a_phone_photo_is_drawn_the_way_up_it_was_taken(tmp_path):
    from cardgen.drawing.images import inspect_image
    photo = Image.new("RGB", (40, 20), "red")
    exif = photo.getexif()
    exif[0x0112] = 6                     # "turn 90 degrees clockwise to view"
    path = tmp_path / "photo.jpg"
    photo.save(path, exif=exif)
    info = inspect_image(path)
    assert (info.width, info.height) == (20, 40)
    drawn = pictures.prepare(info, None, 20, 40, False)
    assert drawn.size == (20, 40)
