"""Whether the floor still draws what cardgen draws: for a synthetic game of CARDS cards, the
floor's PDF and `cardgen build --only cards`'s must have the same number of pages, embed the same
fonts, and render every page alike (no pixel more than LEVELS grey levels off at DPI); the images
floor must make the files `cardgen export images` makes, each of the same size.

    python bench/check_floor.py [CARDS] [--dpi 50] [--images]

Run it after changing the synthetic game, cardgen's drawing or the floor; it stops at the first
difference, saying what it is.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2
from PIL import Image, ImageChops
from pypdf import PdfReader

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
from synthetic import write_game  # noqa: E402  (the benchmark's own helper, beside it)

LEVELS = 8


def fonts(pdf: Path) -> list[str]:
    """The embedded fonts' names, without their subset tags."""
    found = set()
    for page in PdfReader(pdf).pages:
        for font in page["/Resources"]["/Font"].get_object().values():
            found.add(str(font.get_object()["/BaseFont"]).lstrip("/").split("+", 1)[-1])
    return sorted(found)


def pages_alike(floor: Path, cardgen: Path, dpi: float) -> None:
    a, b = pypdfium2.PdfDocument(floor), pypdfium2.PdfDocument(cardgen)
    assert len(a) == len(b), f"{len(a)} pages in the floor's PDF, {len(b)} in cardgen's"
    for n in range(len(a)):
        pa, pb = (d[n].render(scale=dpi / 72).to_pil().convert("L") for d in (a, b))
        off = sum(ImageChops.difference(pa, pb).histogram()[LEVELS + 1:])
        assert not off, f"page {n + 1}: {off} pixels differ"


def images_alike(floor: Path, cardgen: Path) -> None:
    names = sorted(p.name for p in floor.iterdir())
    theirs = sorted(p.name for p in cardgen.iterdir())
    assert names == theirs, f"files differ: {sorted(set(names) ^ set(theirs))[:5]}"
    for name in names:
        with Image.open(floor / name) as a, Image.open(cardgen / name) as b:
            assert a.size == b.size or name.startswith("contact-sheet"), \
                f"{name}: {a.size} from the floor, {b.size} from cardgen"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cards", type=int, nargs="?", default=100)
    parser.add_argument("--dpi", type=float, default=50)
    parser.add_argument("--images", action="store_true", help="check the images floor too")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cardgen-check-floor-") as tmp:
        game = write_game(args.cards, Path(tmp) / "game")
        out = Path(tmp) / "out"
        run = [sys.executable, "-m", "cardgen"]
        subprocess.run([*run, "build", str(game), "--out", str(out), "--only", "cards", "-q"],
                       check=True)
        subprocess.run([sys.executable, str(BENCH / "floor.py"), str(game), str(out / "floor.pdf")],
                       check=True)
        built = out / "game" / "units.pdf"
        assert fonts(out / "floor.pdf") == fonts(built), (fonts(out / "floor.pdf"), fonts(built))
        pages_alike(out / "floor.pdf", built, args.dpi)
        print(f"{args.cards} cards: the same pages and fonts ({', '.join(fonts(built))})")
        if args.images:
            subprocess.run([*run, "export", "images", str(game), "--out", str(out / "img"),
                            "--dpi", "300", "--no-cache", "-q"], check=True)
            subprocess.run([sys.executable, str(BENCH / "floor_images.py"), str(game),
                            str(out / "floor-img")], check=True)
            images_alike(out / "floor-img" / "images" / "units", out / "img" / "game" / "images" / "units")
            print(f"{args.cards} cards: the same image files, of the same sizes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
