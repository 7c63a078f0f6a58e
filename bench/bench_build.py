"""cardgen against its floors: CPU time, wall time and peak memory, each command its own process.

    python bench/bench_build.py                          # every row, 3 rounds
    python bench/bench_build.py --sizes 1000 --rounds 5
    python bench/bench_build.py --only build floor       # some rows only

For each size (100, 1,000 and 10,000 cards) a synthetic game is written in cardgen's own data
format (bench/synthetic.py), then these run, interleaved and repeated:

- floor: the same card sheets drawn with plain reportlab, as efficiently as it allows
  (bench/floor.py: its PDF pages are cardgen's, pixel for pixel);
- build: `cardgen build --only cards`;
- validate: `cardgen validate`;
- images: `cardgen export images --dpi 300 --no-cache` (at 100 and 1,000 cards);
- images-floor: the same image files made from the floor's sheets with pypdfium2 and Pillow
  (bench/floor_images.py, drawing the sheets included).

And, once: booklets, `cardgen build data/<game> --only booklets` of every shipped game (whole
commands: interpreter start, imports, loading and resolving included; their CPU summed);
booklet-render, the same booklets' render alone (bench/booklet_render.py: each game loaded and
resolved first, in a process of its own, then the CPU of rendering the booklets kind taken, the
typesetter's first import included; the sum of each game's median), which the booklets' target
is set on; validate-small, `cardgen validate` of the smallest shipped game; preview, a one-card
save in `cardgen serve` on a 100-card game until the page is told (bench/bench_serve.py's
measure).

Each process is measured from outside: its CPU (user + system, its worker processes included)
and its peak resident memory from the kernel's accounting (os.wait4), and its wall time. The
table gives medians; below it each target is set beside what was measured. The first line names
the machine, since the numbers are its own. Nothing here passes or fails.
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

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
from synthetic import write_game  # noqa: E402  (the benchmark's own helpers, beside it)

PYTHON = sys.executable
DATA = BENCH.parent / "data"
CARDGEN = [PYTHON, "-m", "cardgen"]
SIZED = ("floor", "build", "validate", "images", "images-floor")
ONCE = ("booklets", "booklet-render", "validate-small", "preview")
IMAGES_UP_TO = 1000          # images are made of the smaller games only: 10,000 take minutes


@dataclass(frozen=True)
class Run:
    cpu: float
    wall: float
    peak_mb: float
    status: int


def measure(command: list[str], cwd: Path) -> Run:
    """One process from start to finish: its CPU (and its children's), wall and peak memory."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    return Run(usage.ru_utime + usage.ru_stime, time.perf_counter() - start,
               usage.ru_maxrss / 1024, status)


@dataclass(frozen=True)
class Row:
    """A command's medians over the rounds, and how many of its runs failed."""

    cpu: float
    wall: float
    peak_mb: float
    failed: int

    @classmethod
    def of(cls, runs: list[Run]) -> "Row":
        median = statistics.median
        return cls(median(r.cpu for r in runs), median(r.wall for r in runs),
                   median(r.peak_mb for r in runs), sum(1 for r in runs if r.status))


def rounds_of(commands: dict[str, list[list[str]]], rounds: int, cwd: Path) -> dict[str, Row]:
    """Every command, round after round, interleaved; a row of several commands (the booklets of
    every game) is their sum in each round."""
    runs: dict[str, list[Run]] = {name: [] for name in commands}
    for _ in range(rounds):
        for name, parts in commands.items():
            done = [measure(part, cwd) for part in parts]
            runs[name].append(Run(sum(r.cpu for r in done), sum(r.wall for r in done),
                                  max(r.peak_mb for r in done), max(r.status for r in done)))
    return {name: Row.of(done) for name, done in runs.items()}


def sized_commands(game: Path, out: Path, cards: int, only: set[str]) -> dict[str, list[list[str]]]:
    found = {"floor": [PYTHON, str(BENCH / "floor.py"), str(game), str(out / "floor.pdf")],
             "build": [*CARDGEN, "build", str(game), "--out", str(out), "--only", "cards", "-q"],
             "validate": [*CARDGEN, "validate", str(game)]}
    if cards <= IMAGES_UP_TO:
        found["images"] = [*CARDGEN, "export", "images", str(game), "--out", str(out / "img"),
                           "--dpi", "300", "--no-cache", "-q"]
        found["images-floor"] = [PYTHON, str(BENCH / "floor_images.py"), str(game),
                                 str(out / "floor-img")]
    return {name: [command] for name, command in found.items() if name in only}


def bench_size(cards: int, rounds: int, only: set[str]) -> tuple[dict[str, Row], dict[str, int]]:
    """One size's rows, and the PDF bytes of the floor and the build."""
    with tempfile.TemporaryDirectory(prefix="cardgen-bench-") as tmp:
        game = write_game(cards, Path(tmp) / "game")
        out = Path(tmp) / "out"
        out.mkdir()
        rows = rounds_of(sized_commands(game, out, cards, only), rounds, Path(tmp))
        made = {"floor": out / "floor.pdf", "build": out / "game" / "units.pdf"}
        return rows, {name: path.stat().st_size for name, path in made.items() if path.exists()}


def shipped_games() -> list[Path]:
    return sorted(p for p in DATA.iterdir() if (p / "game.yaml").is_file())


def smallest_game() -> Path:
    """The shipped game of the fewest bytes of data."""
    return min(shipped_games(), key=lambda g: sum(f.stat().st_size for f in g.rglob("*") if f.is_file()))


def bench_once(rounds: int, only: set[str]) -> dict[str, Row]:
    with tempfile.TemporaryDirectory(prefix="cardgen-bench-") as tmp:
        commands = {
            "booklets": [[*CARDGEN, "build", str(g), "--only", "booklets", "--out",
                          str(Path(tmp) / g.name), "-q"] for g in shipped_games()],
            "validate-small": [[*CARDGEN, "validate", str(smallest_game())]]}
        return rounds_of({n: c for n, c in commands.items() if n in only}, rounds, Path(tmp))


def booklet_render(rounds: int) -> float:
    """The shipped games' booklets rendered alone, each game's median CPU seconds, summed."""
    out = subprocess.run([PYTHON, str(BENCH / "booklet_render.py"), "--rounds", str(rounds)],
                         check=True, capture_output=True, text=True).stdout
    return float(out.split()[-1])


def preview(rounds: int) -> float:
    """The median seconds from a one-card save to `cardgen serve` telling its page, 100 cards."""
    from bench_serve import served

    with tempfile.TemporaryDirectory(prefix="cardgen-bench-serve-") as folder:
        game = write_game(100, Path(folder) / "game")
        timings = served(game, Path(folder) / "cache", rounds)
    return statistics.median(told for told, _ in timings)


def table_row(label: str, name: str, row: Row, pdf: int | None = None,
              against: Row | None = None) -> str:
    size = f"{pdf / 1e6:7.2f}" if pdf is not None else " " * 7
    ratio = f"{row.cpu / against.cpu:6.2f}x" if against is not None else " " * 7
    note = f"  ({row.failed} run(s) failed)" if row.failed else ""
    return (f"{label:>6} {name:14} {row.cpu:8.2f} {row.wall:8.2f} {row.peak_mb:8.0f} {size} "
            f"{ratio}{note}")


FLOOR_OF = {"build": "floor", "validate": "floor", "images": "images-floor"}


def targets(sized: dict[int, dict[str, Row]], once: dict[str, Row], render_s: float | None,
            preview_s: float | None) -> list[str]:
    """Each target beside what was measured."""
    def said(ok: bool) -> str:
        return "met" if ok else "NOT met"

    lines = []
    for cards, rows in sized.items():
        if cards >= 1000 and {"build", "floor"} <= rows.keys():
            ratio = rows["build"].cpu / rows["floor"].cpu
            lines.append(f"build CPU <= 2.5x floor at {cards:,} cards: {ratio:.2f}x, {said(ratio <= 2.5)}")
        if cards >= 10_000 and "build" in rows:
            peak = rows["build"].peak_mb
            lines.append(f"build peak memory < 150 MB at {cards:,} cards: {peak:.0f} MB, {said(peak < 150)}")
        if {"images", "images-floor"} <= rows.keys():
            ratio = rows["images"].cpu / rows["images-floor"].cpu
            lines.append(f"images CPU <= 1.5x images floor at {cards:,} cards: {ratio:.2f}x, "
                         f"{said(ratio <= 1.5)}")
    if render_s is not None:
        lines.append(f"five shipped booklets' render < 1.0 s CPU: {render_s:.2f} s, "
                     f"{said(render_s < 1.0)}")
    if "validate-small" in once:
        cpu = once["validate-small"].cpu
        lines.append(f"validate of {smallest_game().name} < 0.4 s CPU: {cpu:.2f} s, {said(cpu < 0.4)}")
    if preview_s is not None:
        lines.append(f"preview update (one card saved, 100 cards) < 1 s: {preview_s:.2f} s, "
                     f"{said(preview_s < 1.0)}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", nargs="+", choices=SIZED + ONCE, default=list(SIZED + ONCE),
                        metavar="ROW", help=f"the rows to run, of: {', '.join(SIZED + ONCE)}")
    args = parser.parse_args()
    only = set(args.only)
    print(f"{os.cpu_count()} cores ({platform.processor() or platform.machine()}), Python "
          f"{platform.python_version()}; medians of {args.rounds} interleaved rounds; seconds")
    print(f"{'cards':>6} {'command':14} {'CPU s':>8} {'wall s':>8} {'peak MB':>8} {'PDF MB':>7} "
          f"{'/floor':>7}")
    sized = {}
    if only & set(SIZED):
        for cards in args.sizes:
            rows, pdf = bench_size(cards, args.rounds, only)
            sized[cards] = rows
            for name, row in rows.items():
                print(table_row(f"{cards:,}", name, row, pdf.get(name), rows.get(FLOOR_OF.get(name))),
                      flush=True)
    once = bench_once(args.rounds, only) if only & {"booklets", "validate-small"} else {}
    for name, row in once.items():
        print(table_row("", name, row), flush=True)
    render_s = None
    if "booklet-render" in only:
        render_s = booklet_render(max(args.rounds, 5))
        print(f"{'':>6} {'booklet-render':14} {render_s:8.2f}   (render alone, summed medians)",
              flush=True)
    preview_s = None
    if "preview" in only:
        preview_s = preview(max(args.rounds, 5))
        print(f"{'':>6} {'preview':14} {'':>8} {preview_s:8.2f}   (save -> page told, median)",
              flush=True)
    print("\ntargets:")
    for line in targets(sized, once, render_s, preview_s):
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
