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
  changed, again: the table says how many images that second export rasterised.

The table gives each figure's median and cardgen's time as a ratio to the floor's, beside the
targets; the numbers are reported, never a pass or a fail.
"""
from __future__ import annotations

import argparse
import os
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
           "size": "<= 2x floor"}


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
    before = set(os.listdir(cache))
    cards = game / "cards" / "units.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("text: ", "text: Errata. ", 1),
                     encoding="utf-8")
    subprocess.run(cardgen, check=True, capture_output=True)
    return len(set(os.listdir(cache)) - before)


def bench(cards: int, rounds: int) -> list[str]:
    with tempfile.TemporaryDirectory(prefix="cardgen-bench-") as tmp:
        game = write_game(cards, Path(tmp) / "game")
        out = Path(tmp) / "out"
        out.mkdir()
        todo = commands(game, out, cards)
        runs: dict[str, list[Run]] = {name: [] for name in todo}
        for _ in range(rounds):
            for name, command in todo.items():
                runs[name].append(measure(command, Path(tmp)))
        sizes = {"floor": (out / "floor.pdf").stat().st_size,
                 "build": (out / "game" / "units.pdf").stat().st_size}
        again = rasterised_after_one_change(game, out) if "images" in todo else None
    floor = statistics.median(r.wall for r in runs["floor"])
    rows = []
    for name, done in runs.items():
        wall = statistics.median(r.wall for r in done)
        peak = statistics.median(r.peak_mb for r in done)
        failed = sum(1 for r in done if r.status != 0)
        size = f"{sizes[name] / 1e6:7.2f}" if name in sizes else "       "
        ratio = f"{wall / floor:5.2f}x" if name != "floor" else "   1x "
        note = f"  ({failed} run(s) failed)" if failed else ""
        rows.append(f"{cards:>6} {name:9} {wall:8.2f} {cards / wall:9.0f} {peak:8.0f} {size} {ratio}{note}")
    if again is not None:
        rows.append(f"{cards:>6} {'re-export':9} after one card changed: {again} image(s) rasterised")
    rows.append(f"{cards:>6} {'pdf size':9} cardgen / floor = {sizes['build'] / sizes['floor']:.2f}")
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; medians of {args.rounds} interleaved rounds; times in seconds")
    print(f"{'cards':>6} {'command':9} {'wall s':>8} {'cards/s':>9} {'peak MB':>8} {'PDF MB':>7} {'/floor':>6}")
    for cards in args.sizes:
        for row in bench(cards, args.rounds):
            print(row, flush=True)
    print("targets: " + "; ".join(f"{k} {v}" for k, v in TARGETS.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
