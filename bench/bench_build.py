"""cardgen against the reportlab floor: wall time, cards a second, peak memory and PDF size.

    python bench/bench_build.py                     # 100, 1,000 and 10,000 cards, 3 rounds
    python bench/bench_build.py --sizes 1000 --rounds 5

For each size a synthetic game is written in cardgen's own data format (bench/synthetic.py),
then these run as separate processes, interleaved and repeated, each measured from outside
(wall time, and the peak memory the kernel accounts to it):

- floor: the same cards drawn by plain reportlab (bench/floor.py);
- validate: `cardgen validate`;
- build: `cardgen build --only cards`;
- images: `cardgen export images --dpi 300` (at 100 and 1,000 cards), then, after one card is
  changed, again: the table says how many images that second export rasterised. Its
  "cards/s" is images made a second (one a distinct face, copies are one image).

The first line names the machine (its cores, processor and Python), since the numbers are
its own. The table gives each figure's median and cardgen's time as a ratio to the floor's;
below it each target is set beside what was measured. The numbers are reported, never a pass or
a fail.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synthetic import write_game  # noqa: E402  (the benchmark's own helper, beside it)

PYTHON = sys.executable
BENCH = Path(__file__).resolve().parent
TARGETS = {"build": "<= 3x floor", "validate": "<= 2x floor (10,000 cards)",
           "images": ">= 25 cards/s at 300 dpi", "memory": "< 150 MB at 10,000 cards",
           "size": "<= 2x floor", "growth": "<= 10x"}


@dataclass
class Run:
    wall: float
    peak_mb: float
    status: int


def measure(command: list[str], cwd: Path) -> Run:
    """One process, from start to finish: wall seconds and its own peak resident memory."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    return Run(time.perf_counter() - start, usage.ru_maxrss / 1024, status)


def commands(game: Path, out: Path, cards: int) -> dict[str, list[str]]:
    cardgen = [PYTHON, "-m", "cardgen"]
    found = {"floor": [PYTHON, str(BENCH / "floor.py"), str(game), str(out / "floor.pdf")],
             "validate": [*cardgen, "validate", str(game)],
             "build": [*cardgen, "build", str(game), "--out", str(out), "--only", "cards", "-q"]}
    if cards <= 1000:
        found["images"] = [*cardgen, "export", "images", str(game), "--out", str(out / "img"),
                           "--dpi", "300", "--no-cache", "-q"]
    return found


def rasterised_after_one_change(game: Path, out: Path) -> int:
    """Export with a cache, change one card, export again: how many images were made anew."""
    cache = out / "cache"
    cardgen = [PYTHON, "-m", "cardgen", "export", "images", str(game), "--out", str(out / "img2"),
               "--dpi", "300", "--cache", str(cache), "-q"]
    subprocess.run(cardgen, check=True, capture_output=True)
    before = {p.name for p in cache.glob("*.png")}
    cards = game / "cards" / "units.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("text: ", "text: Errata. ", 1),
                     encoding="utf-8")
    subprocess.run(cardgen, check=True, capture_output=True)
    return len({p.name for p in cache.glob("*.png")} - before)


@dataclass
class Sized:
    """One size's results: median wall seconds and peak MB per command, PDF bytes, and what the
    image export made."""

    cards: int
    wall: dict[str, float]
    peak: dict[str, float]
    pdf: dict[str, int]
    images: int = 0              # image files one export made (cards' faces and backs)
    again: int | None = None     # images rasterised anew after one card changed


def bench(cards: int, rounds: int) -> tuple[list[str], Sized]:
    with tempfile.TemporaryDirectory(prefix="cardgen-bench-") as tmp:
        game = write_game(cards, Path(tmp) / "game")
        out = Path(tmp) / "out"
        out.mkdir()
        todo = commands(game, out, cards)
        runs: dict[str, list[Run]] = {name: [] for name in todo}
        for _ in range(rounds):
            for name, command in todo.items():
                runs[name].append(measure(command, Path(tmp)))
        result = Sized(cards, {n: statistics.median(r.wall for r in done) for n, done in runs.items()},
                       {n: statistics.median(r.peak_mb for r in done) for n, done in runs.items()},
                       {"floor": (out / "floor.pdf").stat().st_size,
                        "build": (out / "game" / "units.pdf").stat().st_size})
        if "images" in todo:
            result.images = sum(1 for p in (out / "img").rglob("*.png")
                                if not p.name.startswith("contact-sheet"))
            result.again = rasterised_after_one_change(game, out)
    floor = result.wall["floor"]
    rows = []
    for name, done in runs.items():
        wall, peak = result.wall[name], result.peak[name]
        failed = sum(1 for r in done if r.status != 0)
        size = f"{result.pdf[name] / 1e6:7.2f}" if name in result.pdf else "       "
        ratio = f"{wall / floor:5.2f}x" if name != "floor" else "   1x "
        rate = result.images / wall if name == "images" else cards / wall
        note = f"  ({failed} run(s) failed)" if failed else ""
        rows.append(f"{cards:>6} {name:9} {wall:8.2f} {rate:9.0f} {peak:8.0f} {size} {ratio}{note}")
    return rows, result


def verdicts(results: dict[int, Sized]) -> list[str]:
    """Each target beside what was measured, and whether it was met."""
    def said(ok: bool) -> str:
        return "met" if ok else "NOT met"

    lines = []
    for cards, r in results.items():
        ratio = r.wall["build"] / r.wall["floor"]
        if cards >= 1000:
            lines.append(f"build {TARGETS['build']} at {cards:,}: {ratio:.2f}x, {said(ratio <= 3)}")
        size = r.pdf["build"] / r.pdf["floor"]
        lines.append(f"PDF size {TARGETS['size']} at {cards:,}: {size:.2f}x, {said(size <= 2)}")
        if cards >= 10_000:
            checked = r.wall["validate"] / r.wall["floor"]
            lines.append(f"validate {TARGETS['validate']}: {checked:.2f}x, {said(checked <= 2)}")
            peak = r.peak["build"]
            lines.append(f"build memory {TARGETS['memory']}: {peak:.0f} MB, {said(peak < 150)}")
        if r.again is not None:
            rate = r.images / r.wall["images"]
            lines.append(f"images {TARGETS['images']} at {cards:,} cards ({r.images} images): "
                         f"{rate:.1f}/s, {said(rate >= 25)}")
            lines.append(f"re-export after one card changed at {cards:,}: {r.again} image(s) "
                         f"rasterised, {said(r.again == 1)}")
    if 1000 in results and 10_000 in results:
        growth = results[10_000].wall["build"] / results[1000].wall["build"]
        lines.append(f"build time 1,000 -> 10,000 cards {TARGETS['growth']}: {growth:.1f}x, "
                     f"{said(growth <= 10)}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores ({platform.processor() or platform.machine()}), Python "
          f"{platform.python_version()}; medians of {args.rounds} interleaved rounds; times in seconds")
    print(f"{'cards':>6} {'command':9} {'wall s':>8} {'cards/s':>9} {'peak MB':>8} {'PDF MB':>7} {'/floor':>6}")
    results = {}
    for cards in args.sizes:
        rows, results[cards] = bench(cards, args.rounds)
        print("\n".join(rows), flush=True)
    print("\ntargets:")
    for line in verdicts(results):
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
