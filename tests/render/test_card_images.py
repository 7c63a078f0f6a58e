"""Card images read back: pixel sizes for each dpi and print service, an image that matches its
card as the sheet prints it, Tabletop Simulator sheets within TTS's limits, one-card-a-page PDFs
with their boxes, and a cache that rasterises only what changed."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfsheets import read_pdf
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from cardgen.cli import main
from cardgen.base.errors import Report
from cardgen.render.tts import MAX_COLUMNS, MAX_ROWS, MAX_SIDE, PER_SHEET, card_pixels, grid
from cardgen.render.raster import FORMATS, pixels
from cardgen.pipeline import BuildOptions, build

REPO = Path(__file__).resolve().parents[2]
TLB2 = REPO / "data" / "time-line-battle-v2"
VALID = REPO / "tests" / "corpus" / "valid-minimal" / "data" / "game"


def _export(game: Path, out: Path, only=("images",), **options) -> dict[str, Path]:
    report = Report()
    written = build(game, BuildOptions(out_dir=out, only=only, kinds={only[0]: options}), report)
    assert not report.has_errors(), [d.format() for d in report.errors]
    return {p.relative_to(out / game.name).as_posix(): p for p in written}


def _size(path: Path) -> tuple[int, int]:
    with Image.open(path) as image:
        return image.size


@pytest.fixture(scope="module")
def tlb2_150(tmp_path_factory):
    return _export(TLB2, tmp_path_factory.mktemp("img"), dpi=150)


def test_every_face_is_named_in_deck_order_and_says_the_card(tlb2_150):
    names = sorted(n for n in tlb2_150 if n.startswith("images/player-1/") and n[16:18].isdigit())
    assert names[6] == "images/player-1/07-deflector.png" and len(names) == 22
    assert "images/player-1/back.png" in tlb2_150 and "images/player-2/back.png" in tlb2_150
    assert "images/tokens/damage/1-damage-1.png" in tlb2_150
    assert "images/player-1/contact-sheet.png" in tlb2_150


@pytest.mark.parametrize("dpi, bleed, size", [(150, True, (410, 560)), (300, True, (821, 1121)),
                                              (300, False, (750, 1050)), (72, False, (180, 252))])
def test_an_image_is_the_card_size_at_its_dpi(tmp_path, dpi, bleed, size):
    files = _export(VALID, tmp_path, dpi=dpi, bleed=bleed)
    assert _size(files["images/heroes/1-first-hero.png"]) == size
    assert _size(files["images/heroes/back.png"]) == size


@pytest.mark.parametrize("preset, size", [("mpc", (822, 1122)), ("tgc", (825, 1125))])
def test_a_print_services_preset_gives_its_pixel_size(tmp_path, preset, size):
    result = CliRunner().invoke(main, ["export", "images", str(VALID), "--out", str(tmp_path),
                                       "--preset", preset, "--no-cache", "-q"])
    assert result.exit_code == 0, result.output
    for name in ("1-first-hero.png", "2-second-hero.png", "back.png"):
        assert _size(tmp_path / "game" / "images" / "heroes" / name) == size


def test_a_pdf_service_gets_one_card_a_page_with_its_trim_and_bleed_boxes(tmp_path):
    result = CliRunner().invoke(main, ["export", "images", str(VALID), "--out", str(tmp_path),
                                       "--preset", "drivethru", "-q"])
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "game" / "card-pdfs" / "heroes.pdf")
    assert len(reader.pages) == 4                        # two cards, each front then back
    for page in reader.pages:
        width, height = (float(v) / 72 for v in page.mediabox[2:])
        assert (width, height) == pytest.approx((2.75, 3.75), abs=0.001)
        assert [float(v) / 72 for v in page.trimbox] == pytest.approx([0.125, 0.125, 2.625, 3.625], abs=0.001)
        assert [float(v) for v in page.bleedbox] == [float(v) for v in page.mediabox]


def test_an_image_matches_its_card_on_the_printed_sheet(tmp_path):
    """The card as the sheet PDF prints it, rendered at the same dpi, against its image."""
    import pypdfium2

    dpi = 200
    image = Image.open(_export(VALID, tmp_path / "img", dpi=dpi, bleed=False)[
        "images/heroes/1-first-hero.png"]).convert("RGB")
    report = Report()
    [sheet] = build(VALID, BuildOptions(out_dir=tmp_path / "pdf", only=("cards",), duplex="none"), report)
    placement = next(p for p in read_pdf(sheet).pages[0].placements if p.form == "card0")
    page = pypdfium2.PdfDocument(str(sheet))[0]
    rendered = page.render(scale=dpi / 72).to_pil().convert("RGB")
    px = dpi / 25.4
    top = rendered.height - (placement.y + 88.9) * px
    box = (round(placement.x * px), round(top), round(placement.x * px) + image.width,
           round(top) + image.height)
    crop = rendered.crop(box)
    difference = ImageStat.Stat(ImageChops.difference(crop, image)).mean
    assert max(difference) < 4.0, difference          # of 255: anti-aliasing at sub-pixel offsets
    assert max(ImageStat.Stat(ImageChops.difference(crop, image.transpose(Image.FLIP_LEFT_RIGHT))).mean) > 10


def test_tts_sheets_stay_within_its_limits_and_say_their_numbers(tmp_path):
    files = _export(TLB2, tmp_path, only=("tts",))
    manifest = json.loads(files["tts/manifest.json"].read_text(encoding="utf-8"))
    decks = {d["deck"]: d for d in manifest["decks"]}
    assert decks["player-1"]["sheets"] == [{"face": "tts/player-1-sheet-1.jpg",
                                             "back": "tts/player-1-back.jpg", "width": 10,
                                             "height": 3, "number": 22}]
    for deck in decks.values():
        for sheet in deck["sheets"]:
            with Image.open(tmp_path / "time-line-battle-v2" / sheet["face"]) as image:
                assert image.mode == "RGB" and max(image.size) <= MAX_SIDE
                w, h = deck["card_pixels"]
                assert image.size == (sheet["width"] * w, sheet["height"] * h)
            assert sheet["width"] <= MAX_COLUMNS and sheet["height"] <= MAX_ROWS
            assert sheet["number"] < sheet["width"] * sheet["height"]     # the hidden slot
        assert _size(tmp_path / "time-line-battle-v2" / deck["back"]) == tuple(deck["card_pixels"])
    assert "width 10, height 3, number 22" in files["tts/how-to-import.txt"].read_text()


@pytest.mark.parametrize("count, expected", [(1, (2, 2)), (9, (10, 1 + 1)), (22, (10, 3)),
                                             (69, (10, 7))])
def test_a_tts_grid_holds_its_cards_and_the_hidden_one(count, expected):
    assert grid(count) == expected and PER_SHEET == 69


def test_a_full_tts_sheet_of_poker_cards_fits_4096_pixels():
    width, height = card_pixels(63.5, 88.9)
    assert width * MAX_COLUMNS <= MAX_SIDE and height * MAX_ROWS <= MAX_SIDE
    assert abs(width / height - 63.5 / 88.9) < 0.005


def _cached(cache: Path) -> dict[str, int]:
    """The cache's images (one a face, and a thumbnail a front) with their times; each has its
    SHA-256 beside it."""
    found = {p.relative_to(cache).as_posix(): p.stat().st_mtime_ns
             for p in cache.rglob("*") if p.is_file() and p.suffix != ".sha256"}
    assert {f"{n}.sha256" for n in found} == {p.relative_to(cache).as_posix()
                                              for p in cache.rglob("*.sha256")}
    return found


def test_a_second_export_rasterises_only_the_card_that_changed(tmp_path, copy_game):
    game = copy_game("valid-minimal")
    cache = tmp_path / "cache"
    first = _export(game, tmp_path / "a", dpi=100, cache=cache)
    made = _cached(cache)
    assert len([n for n in made if "/" not in n]) == 3          # two fronts and the back
    assert len([n for n in made if n.startswith("thumbnails/")]) == 2     # the fronts'
    _export(game, tmp_path / "b", dpi=100, cache=cache)
    assert _cached(cache) == made                                          # nothing new
    cards = (game / "cards" / "heroes.yaml").read_text(encoding="utf-8")
    (game / "cards" / "heroes.yaml").write_text(cards.replace("power: 5", "power: 6"), encoding="utf-8")
    second = _export(game, tmp_path / "c", dpi=100, cache=cache)
    new = set(_cached(cache)) - set(made)
    assert len(new) == 2 and len([n for n in new if "/" not in n]) == 1    # an image, a thumbnail
    assert second["images/heroes/2-second-hero.png"].read_bytes() != \
        first["images/heroes/2-second-hero.png"].read_bytes()
    assert second["images/heroes/1-first-hero.png"].read_bytes() == \
        first["images/heroes/1-first-hero.png"].read_bytes()
    assert second["images/heroes/contact-sheet.png"].read_bytes() != \
        first["images/heroes/contact-sheet.png"].read_bytes()


def test_images_are_the_same_bytes_on_every_export(tmp_path):
    a = _export(VALID, tmp_path / "a", dpi=90)
    b = _export(VALID, tmp_path / "b", dpi=90)
    assert {n: p.read_bytes() for n, p in a.items()} == {n: p.read_bytes() for n, p in b.items()}


def test_images_made_on_several_cores_are_those_made_on_one(tmp_path):
    from cardgen.render.images import face_images
    from cardgen.render.raster import rasterise_faces
    from cardgen.pipeline import check

    checked = check(TLB2, Report())
    wanted = list(face_images(checked.game, checked.faces,
                              BuildOptions().for_kind("images")).values())[:12]

    def made(workers: int) -> list[tuple[bytes, bytes | None]]:
        def read(data):
            return None if data is None else data if isinstance(data, bytes) else data.read()
        return [(read(m.image), read(m.thumbnail))
                for m in rasterise_faces(wanted, None, workers=workers)]

    one, two = made(1), made(2)
    assert one == two and len(one) == 12
    assert sum(thumb is not None for _, thumb in one) >= 1        # fronts come with thumbnails


def test_an_image_too_large_to_make_is_an_error_naming_its_deck(tmp_path, copy_game):
    game = copy_game("valid-minimal")
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("size: poker", "size: {width: 300, height: 400}"),
                                    encoding="utf-8")
    report = Report()
    written = build(game, BuildOptions(out_dir=tmp_path / "out", only=("images",),
                                       kinds={"images": {"dpi": 1200}}), report)
    assert written == [] and not (tmp_path / "out" / "game").exists()
    found = [d for d in report.errors if d.code == "image-size"]
    assert len(found) == 1 and found[0].file.endswith("game.yaml") and found[0].line
    assert "deck 'heroes'" in found[0].message and "lower --dpi" in found[0].message
    report = Report()
    build(game, BuildOptions(out_dir=tmp_path / "out", only=("images",),
                             kinds={"images": {"dpi": 36}}), report)
    assert not [d for d in report.errors if d.code == "image-size"]


def test_a_pdf_service_file_takes_cards_with_art_and_a_card_called_back(tmp_path, copy_game):
    game = copy_game("valid-minimal")
    cards = (game / "cards" / "heroes.yaml").read_text(encoding="utf-8")
    cards = cards.replace("    text: \"Draw a card.\"", "    text: \"Draw a card.\"\n    art: art/hero.png")
    cards += "  - name: Back\n    power: 1\n    text: A card called Back.\n    art: art/hero.png\n"
    (game / "cards" / "heroes.yaml").write_text(cards, encoding="utf-8")
    files = _export(game, tmp_path / "out", only=("card-pdfs",))
    reader = PdfReader(files["card-pdfs/heroes.pdf"])
    assert len(reader.pages) == 6
    assert "A card called Back" in reader.pages[4].extract_text()


@pytest.mark.parametrize("fmt", ["png", "jpg"])
def test_a_damaged_cache_is_made_again_and_never_published(tmp_path, fmt):
    cache = tmp_path / "cache"
    first = _export(VALID, tmp_path / "a", dpi=60, cache=cache, format=fmt)
    images = sorted(cache.glob(f"*.{fmt}"))
    thumbs = sorted(cache.glob("thumbnails/*.png"))
    outside = tmp_path / "secret.txt"
    outside.write_text("not for the output", encoding="utf-8")
    images[0].unlink()
    images[0].symlink_to(outside)                         # a link leading out of the cache
    images[1].write_bytes(images[1].read_bytes()[:-2])    # cut short by two bytes
    Image.new("RGB", (5, 5)).save(images[2], format=FORMATS[fmt])   # whole, but the wrong picture
    thumbs[0].write_bytes(b"%!PS-Adobe-3.0 EPSF-3.0\n")   # not a PNG at all
    second = _export(VALID, tmp_path / "b", dpi=60, cache=cache, format=fmt)
    assert {n: p.read_bytes() for n, p in second.items()} == \
        {n: p.read_bytes() for n, p in first.items()}
    assert not images[0].is_symlink() and outside.read_text(encoding="utf-8") == "not for the output"


def test_a_checked_file_that_changes_before_it_is_copied_fails_the_write(tmp_path):
    from cardgen.base.staged import StagedFile
    from cardgen.write import OutputError, write_files

    made = tmp_path / "made.png"
    made.write_bytes(b"the image as made")
    staged = StagedFile(made, hashlib.sha256(b"the image as made").hexdigest())
    made.write_bytes(b"something else")
    with pytest.raises(OutputError):
        write_files(tmp_path / "out", {"a.png": staged})
    made.unlink()
    made.symlink_to(tmp_path / "elsewhere.png")
    (tmp_path / "elsewhere.png").write_bytes(b"the image as made")
    with pytest.raises(OutputError):
        write_files(tmp_path / "out", {"a.png": staged})
    assert not (tmp_path / "out" / "a.png").exists()


def test_a_cache_that_is_a_file_only_makes_the_export_slower(tmp_path):
    (tmp_path / "cache").write_text("in the way", encoding="utf-8")
    written = _export(VALID, tmp_path / "out", dpi=60, cache=tmp_path / "cache")
    assert _size(written["images/heroes/1-first-hero.png"]) == (pixels(69.5, 60), pixels(94.9, 60))


def test_a_large_deck_gets_numbered_contact_sheets_of_60_cards(tmp_path, copy_game):
    game = copy_game("valid-minimal")
    cards = "cards:\n" + "".join(f"  - {{name: Hero {n}, power: {n % 9}, text: Hit.}}\n"
                                 for n in range(1, 62))
    (game / "cards" / "heroes.yaml").write_text(cards, encoding="utf-8")
    written = _export(game, tmp_path / "out", dpi=36)
    sheets = sorted(n for n in written if "contact-sheet" in n)
    assert sheets == ["images/heroes/contact-sheet-1.png", "images/heroes/contact-sheet-2.png"]
    full, rest = (_size(written[n]) for n in sheets)
    assert full[0] > rest[0] and full[1] > 5 * rest[1]        # 10 rows of 6; one card
