"""SVG pictures: drawn as vector paths (no image in the PDF), scaled into their box keeping their
proportions, shown on card images, and refused, never opened further, where a drawing reaches
outside itself or asks for too much."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import fp_str

from cardgen.base.errors import Report
from cardgen.drawing import svg_pictures
from cardgen.pipeline import BuildOptions, build
from cardgen.shared.colors import to_cmyk
from cardgen.shared.schema import Invalid

SWORD = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <defs><path id="blade" d="M256 32 L296 320 L216 320 Z"/></defs>
  <use href="#blade" fill="#3a3a3a"/>
  <rect x="176" y="320" width="160" height="32" rx="8" fill="#8a5a2b"/>
  <rect x="240" y="352" width="32" height="96" fill="#8a5a2b"/>
  <circle cx="256" cy="464" r="24" fill="#c9a227"/>
</svg>
"""
HILT_RGB = ".541176 .352941 .168627 rg"      # #8a5a2b as the PDF sets it
OPEN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ' \
       'viewBox="0 0 10 10">'


@pytest.fixture
def sword_game(copy_game) -> Path:
    """The minimal game whose first hero's art (an `image` field) is an SVG icon."""
    root = copy_game("valid-minimal", ("cards/heroes.yaml", "art: art/hero.png",
                                       "art: icons/sword.svg"))
    (root / "icons").mkdir()
    (root / "icons" / "sword.svg").write_text(SWORD, encoding="utf-8")
    return root


def _forms(pdf: Path) -> list:
    """Every form XObject the pages reach, and every image, as (subtype, object)."""
    found, seen = [], set()
    stack = [page["/Resources"] for page in PdfReader(pdf).pages]
    while stack:
        for ref in stack.pop().get("/XObject", {}).values():
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            obj = ref.get_object()
            found.append((obj["/Subtype"], obj))
            stack.append(obj.get("/Resources", {}))
    return found


def _built(game: Path, out: Path, **options) -> Path:
    report = Report()
    written = build(game, BuildOptions(out_dir=out, **options), report)
    assert not report.has_errors(), [d.format() for d in report.errors]
    return written[0]


def test_an_svg_picture_is_drawn_as_paths_not_as_an_image(sword_game, tmp_path):
    xobjects = _forms(_built(sword_game, tmp_path / "out"))
    assert not [obj for kind, obj in xobjects if kind == "/Image"]
    contents = [obj.get_data().decode("latin-1") for kind, obj in xobjects if kind == "/Form"]
    [drawing] = [text for text in contents if HILT_RGB in text]
    assert " m\n" in drawing and " l\n" in drawing and " c\n" in drawing   # moves, lines, curves
    # the 512 x 512 drawing fitted into its 51.5 x 27 mm box keeps its square: 27 x 27 mm
    boxes = [[float(v) for v in obj["/BBox"]] for kind, obj in xobjects
             if kind == "/Form" and HILT_RGB in obj.get_data().decode("latin-1")]
    assert boxes == [pytest.approx([0, 0, 27 / 25.4 * 72, 27 / 25.4 * 72], abs=0.01)]


def test_an_svg_picture_is_in_cmyk_on_cmyk_sheets(sword_game, tmp_path):
    xobjects = _forms(_built(sword_game, tmp_path / "out", cmyk=True))
    drawing = "".join(obj.get_data().decode("latin-1") for kind, obj in xobjects if kind == "/Form")
    hilt = to_cmyk(HexColor("#8a5a2b"))                 # by the formula every colour takes
    assert f"{fp_str(hilt.cyan, hilt.magenta, hilt.yellow, hilt.black)} k" in drawing
    assert HILT_RGB not in drawing


def test_card_images_show_the_svg_picture(sword_game, tmp_path):
    _built(sword_game, tmp_path / "out", only=("images",))
    [front] = (tmp_path / "out").rglob("1-first-hero.png")
    colours = Image.open(front).convert("RGB").getcolors(1 << 20)
    hilt = sum(n for n, (r, g, b) in colours if abs(r - 0x8a) + abs(g - 0x5a) + abs(b - 0x2b) < 12)
    assert hilt > 100


@pytest.mark.parametrize("body, words", [
    ('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>' + OPEN + '<path d="M0 0h1"/></svg>',
     "line 1: a DOCTYPE is not read"),
    (OPEN + '\n<use xlink:href="../secret.svg#a"/></svg>', "line 2: <use> refers to something outside"),
    (OPEN + '<use href="https://example.org/x.svg#a"/></svg>', "<use> refers to something outside"),
    (OPEN + '<image href="data:image/png;base64,AAAA" width="1" height="1"/></svg>',
     "an <image> (a picture inside the drawing) is not drawn"),
    (OPEN + '<text x="1" y="1">Hi</text></svg>', "text is not drawn: convert it to paths"),
    (OPEN + '<rect width="5" height="5" fill="url(secret.svg#g)"/></svg>',
     "<rect>'s fill refers to something outside the drawing with url()"),
    (OPEN + '<style>@import "secret.css";</style></svg>', "a style refers to something outside"),
    (OPEN + '<g id="a"><use href="#a"/></g></svg>', "a <use> repeats an element that holds it"),
    ('<html><body/></html>', "is not an SVG drawing (its root element is <html>)"),
    (OPEN + '<path d="M0 0"></svg>', "is not a well-formed SVG file (line 1:"),
    ('', "is not a well-formed SVG file"),
])
def test_a_hostile_or_broken_svg_is_refused_with_its_line(tmp_path, body, words):
    (tmp_path / "secret.svg").write_text("SECRET", encoding="utf-8")
    path = tmp_path / "game" / "icon.svg"
    path.parent.mkdir()
    path.write_text(body, encoding="utf-8")
    with pytest.raises(Invalid) as caught:
        svg_pictures.inspect_svg(path, "icons/icon.svg")
    assert caught.value.problem.code == "svg" and words in str(caught.value), str(caught.value)
    assert str(caught.value).startswith("picture 'icons/icon.svg'")
    assert "SECRET" not in str(caught.value) and "passwd" not in str(caught.value)


def test_uses_of_uses_count_what_they_draw(tmp_path):
    """Ten groups, each drawing the one before ten times: 10^10 elements from 30 lines."""
    groups = "".join(f'<g id="g{n}">' + f'<use href="#g{n - 1}"/>' * 10 + "</g>" for n in range(1, 11))
    path = tmp_path / "bomb.svg"
    path.write_text(OPEN + '<defs><path id="g0" d="M0 0h1"/>' + groups + '</defs></svg>',
                    encoding="utf-8")
    with pytest.raises(Invalid, match="draws more than 10,000 elements"):
        svg_pictures.inspect_svg(path, "bomb.svg")


def test_internal_references_and_a_crop_in_the_drawings_px_are_drawn(tmp_path):
    path = tmp_path / "icon.svg"
    path.write_text(OPEN + '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/>'
                    '<stop offset="1" stop-color="blue"/></linearGradient></defs>'
                    '<rect id="r" width="10" height="10" fill="url(#g)"/>'
                    '<use xlink:href="#r" x="2"/></svg>', encoding="utf-8")
    info = svg_pictures.inspect_svg(path, "icon.svg")
    assert (info.width, info.height, info.format) == (10, 10, "SVG")


def test_an_svg_icons_credit_prints_in_the_rules_booklet(sword_game, tmp_path):
    credit = "Sword icon: A. Artist, CC BY 3.0"
    (sword_game / "rules.md").write_text("# How to play\n\nDraw a card.\n", encoding="utf-8")
    with (sword_game / "game.yaml").open("a", encoding="utf-8") as f:
        f.write(f'credits:\n  - "{credit}"\n'
                "documents:\n  - {id: rules, title: How to play, file: rules.md}\n")
    report = Report()
    written = build(sword_game, BuildOptions(out_dir=tmp_path / "out",
                                             only=("cards", "booklets")), report)
    assert not report.has_errors(), [d.format() for d in report.errors]
    [booklet] = [p for p in written if p.name.endswith("booklet.pdf")]
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(booklet).pages)
    assert credit in text
