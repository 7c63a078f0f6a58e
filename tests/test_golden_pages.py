"""Golden pages: every page of each shipped game's token sheets, boards and rules (rules.pdf and
rules-booklet.pdf), as `cardgen build --only tokens --only boards --only booklets` writes them,
rasterised by pdfium and compared with a stored picture, tests/golden/pages/<game>/<file>-p<N>.png.

Pages are drawn at 40 dpi in 256 grey levels. A page matches its golden picture when it has the
same size in pixels and NO pixel's grey level differs by more than 4 levels (of 255); the number
of pages of each file, and the set of files, must match too. The tolerance is that tight on
purpose: at 40 dpi a character of a 6.5 pt footer is a few pixels, and changing an 'e' into an
'o' changes only two or three of them by 5 to 20 levels, so a looser rule (a share of the pixels
allowed to differ, or a mean difference) would let a footer or a moved crop mark through. The
4 levels absorb rounding in the rasteriser, not a different one: the pictures belong to the
pdfium recorded in tests/golden/pages/renderer.txt, and a failure says when another is in use.

When pages change on purpose, rewrite the pictures with CARDGEN_REFRESH_GOLDEN=1 and look at
them before committing. Nothing is ever written without that flag: a missing picture fails.
"""
from __future__ import annotations

import io
import os
import re
import shutil
from functools import lru_cache
from pathlib import Path

import pypdfium2
import pypdfium2.version
import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops
from pypdf import PdfReader, PdfWriter

import cardgen.render.boards as boards
from cardgen.cli import main
from cardgen.base.units import mm_to_pt

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "pages"
REFRESH = "CARDGEN_REFRESH_GOLDEN"
DPI = 40
LEVELS = 4                 # the most a pixel's grey level may differ from the golden picture's
OUTPUTS = ("tokens", "boards", "booklets")
GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())
PICTURE_NAME = re.compile(r"(?P<stem>.+)-p(?P<page>\d+)\.png")
RENDERER = f"pypdfium2 {pypdfium2.version.PYPDFIUM_INFO}, pdfium {pypdfium2.version.PDFIUM_INFO}"


def build(game_dir: Path, out: Path, only=OUTPUTS) -> Path:
    """The game's token sheets, boards and booklets, built by the command line into `out`."""
    args = ["build", str(game_dir), "--out", str(out), "--quiet"]
    for name in only:
        args += ["--only", name]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return out / game_dir.name


def render(pdf: Path | bytes) -> list[Image.Image]:
    document = pypdfium2.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        return [document[number].render(scale=DPI / 72, draw_annots=False).to_pil().convert("L")
                for number in range(len(document))]
    finally:
        document.close()


@lru_cache(maxsize=None)
def rendered(pdf: Path) -> tuple[Image.Image, ...]:
    """The pages of a PDF that does not change during the session (a reference build)."""
    return tuple(render(pdf))


def difference(expected: Image.Image, actual: Image.Image) -> str | None:
    """What is wrong with `actual` (None: it matches), where on the page, in mm from the top left."""
    if expected.size != actual.size:
        return f"{actual.width}x{actual.height} px, expected {expected.width}x{expected.height}"
    delta = ImageChops.difference(expected, actual)
    beyond = delta.point(lambda level: 255 if level > LEVELS else 0)
    box = beyond.getbbox()
    if box is None:
        return None
    count = beyond.histogram()[255]
    x0, y0, x1, y1 = (round(v * 25.4 / DPI) for v in box)
    return (f"{count} px differ by more than {LEVELS} grey levels (at most "
            f"{delta.getextrema()[1]}), within x {x0}-{x1} mm, y {y0}-{y1} mm")


def compare(pdf: Path | bytes, pictures: list[Image.Image], name: str) -> list[str]:
    """Problems of the PDF's pages against `pictures`, one line each."""
    pages = render(pdf)
    problems = []
    if len(pages) != len(pictures):
        problems.append(f"{name}: {len(pages)} pages, expected {len(pictures)}")
    for number, (page, picture) in enumerate(zip(pages, pictures), start=1):
        problem = difference(picture, page)
        if problem:
            problems.append(f"{name} page {number}: {problem}")
    return problems


def golden_pictures(folder: Path) -> dict[str, list[Image.Image]]:
    """The stored pictures of one game: the PDF's stem to its pages, in order."""
    found: dict[str, dict[int, Path]] = {}
    for path in folder.glob("*.png"):
        match = PICTURE_NAME.fullmatch(path.name)
        assert match, f"{path}: not named <file>-p<N>.png"
        found.setdefault(match["stem"], {})[int(match["page"])] = path
    pictures = {}
    for stem, pages in found.items():
        assert sorted(pages) == list(range(1, len(pages) + 1)), f"{folder}/{stem}: pages missing"
        pictures[stem] = [_load(pages[number]) for number in sorted(pages)]
    return pictures


def _load(path: Path) -> Image.Image:
    with Image.open(path) as image:
        return image.convert("L")


def write_pictures(pdfs: list[Path], folder: Path) -> None:
    """The golden pictures of one game, replacing every old one."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for pdf in pdfs:
        for number, page in enumerate(render(pdf), start=1):
            page.save(folder / f"{pdf.stem}-p{number}.png", optimize=True)
    (folder.parent / "renderer.txt").write_text(RENDERER + "\n", encoding="utf-8")


def check_game(built: Path, folder: Path) -> list[str]:
    """Problems of a game's built PDFs against its golden pictures in `folder`."""
    pdfs = {path.stem: path for path in built.glob("*.pdf")}
    pictures = golden_pictures(folder) if folder.is_dir() else {}
    problems = [f"{stem}.pdf was built but has no golden pictures"
                for stem in sorted(pdfs.keys() - pictures.keys())]
    problems += [f"{stem}.pdf has golden pictures but was not built"
                 for stem in sorted(pictures.keys() - pdfs.keys())]
    for stem in sorted(pdfs.keys() & pictures.keys()):
        problems += compare(pdfs[stem], pictures[stem], f"{stem}.pdf")
    return problems


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """A game's build (folder of PDFs) by name: once per test process, on first use."""
    builds: dict[str, Path] = {}

    def get(game: str) -> Path:
        if game not in builds:
            builds[game] = build(ROOT / "data" / game, tmp_path_factory.mktemp(f"pages-{game}"))
        return builds[game]
    return get


@pytest.mark.parametrize("game", GAMES)
def test_pages_look_as_recorded(game, built):
    folder = GOLDEN / game
    if os.environ.get(REFRESH):
        write_pictures(sorted(built(game).glob("*.pdf")), folder)
        pytest.skip(f"{folder.relative_to(ROOT)} rewritten ({REFRESH} is set): look at the pictures")
    problems = check_game(built(game), folder)
    if problems:
        recorded = GOLDEN / "renderer.txt"
        recorded = recorded.read_text(encoding="utf-8").strip() if recorded.exists() else "unknown"
        if recorded != RENDERER:
            problems.append(f"the pictures were drawn by {recorded}; this is {RENDERER}")
        problems.append(f"if the change is meant, rewrite the pictures with {REFRESH}=1 and look "
                        "at them before committing")
    assert not problems, "\n".join(problems)


def test_every_golden_folder_is_a_shipped_game():
    folders = sorted(p.name for p in GOLDEN.iterdir() if p.is_dir())
    assert folders == GAMES, f"{GOLDEN}: folders of games not shipped (remove them)"


# the comparison catches small changes: each test perturbs a build and compares it with the
# unperturbed build of the same game

SAMPLE = "fantasy-arena-tactics"


@pytest.mark.parametrize("version", ["0.1-prototypo", "0.1-prototyge", "0.2-prototype"])
def test_one_character_of_the_footer_changed_fails_every_page(version, built, copy_game, edit,
                                                             tmp_path):
    game = copy_game(SAMPLE)
    # the game's version, not its changelog's
    edit(game / "game.yaml", '\nversion: "0.1-prototype"', f'\nversion: "{version}"')
    changed = build(game, tmp_path / "out")
    for pdf in sorted(built(SAMPLE).glob("*.pdf")):
        expected = rendered(pdf)
        problems = compare(changed / pdf.name, expected, pdf.name)
        assert len(problems) == len(expected), (pdf.name, problems)


def test_crop_marks_moved_one_mm_fail(built, tmp_path, monkeypatch):
    crop_marks = boards._crop_marks

    def moved(canvas, board, bleed):
        canvas.saveState()
        canvas.translate(mm_to_pt(1.0), 0)
        crop_marks(canvas, board, bleed)
        canvas.restoreState()

    monkeypatch.setattr(boards, "_crop_marks", moved)
    changed = build(ROOT / "data" / SAMPLE, tmp_path, only=("boards", "tokens"))
    assert compare(changed / "arena.pdf", rendered(built(SAMPLE) / "arena.pdf"), "arena.pdf")
    assert compare(changed / "tokens.pdf", rendered(built(SAMPLE) / "tokens.pdf"),
                   "tokens.pdf") == []


def test_a_page_more_or_less_fails(built):
    pdf = built(SAMPLE) / "rules.pdf"
    pictures = rendered(pdf)
    shorter = PdfWriter()
    for page in PdfReader(pdf).pages[:-1]:
        shorter.add_page(page)
    buffer = io.BytesIO()
    shorter.write(buffer)
    assert compare(buffer.getvalue(), pictures, "rules.pdf") == [
        f"rules.pdf: {len(pictures) - 1} pages, expected {len(pictures)}"]
    assert compare(pdf, pictures[:-1], "rules.pdf") == [
        f"rules.pdf: {len(pictures)} pages, expected {len(pictures) - 1}"]
    assert compare(pdf, pictures, "rules.pdf") == []


def test_a_faint_dot_passes_and_a_darker_one_fails(built):
    picture = rendered(built(SAMPLE) / "tokens.pdf")[0]
    faint, dark = picture.copy(), picture.copy()
    x, y = 1, 1                                                  # white: the page's margin
    assert picture.getpixel((x, y)) == 255
    faint.putpixel((x, y), 255 - LEVELS)
    dark.putpixel((x, y), 255 - LEVELS - 1)
    assert difference(picture, faint) is None
    assert difference(picture, dark).startswith("1 px differ by more than 4 grey levels")


def test_missing_pictures_fail_and_are_not_written(built, tmp_path, monkeypatch):
    monkeypatch.delenv(REFRESH, raising=False)
    folder = tmp_path / "golden" / SAMPLE
    problems = check_game(built(SAMPLE), folder)
    assert "arena.pdf was built but has no golden pictures" in problems
    assert not folder.exists()
    write_pictures(sorted(built(SAMPLE).glob("*.pdf")), folder)
    assert check_game(built(SAMPLE), folder) == []
    (folder / "arena-p1.png").rename(folder / "gone-p1.png")
    assert check_game(built(SAMPLE), folder) == [
        "arena.pdf was built but has no golden pictures",
        "gone.pdf has golden pictures but was not built"]
