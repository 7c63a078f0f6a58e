"""The booklets' render alone: the CPU of drawing each shipped game's documents, summed.

    python bench/booklet_render.py                # every shipped game, median of 5 rounds
    python bench/booklet_render.py --rounds 9

Each game is measured in a process of its own, as `cardgen build` would draw it: the game is
loaded, validated and resolved first, then the CPU time (time.process_time) of rendering the
booklets kind is taken, the first import of the typesetter (reportlab's platypus) included, as a
build pays it. Interpreter start, imports before the render, loading and resolving are left out:
`bench_build.py`'s "booklets" row times the whole commands. The last line is the sum over the
games of each one's median. The numbers are reported, never a pass or a fail.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"


def render_seconds(game_dir: Path) -> float:
    """The CPU seconds of rendering one game's booklets, in this process."""
    from cardgen import pipeline
    from cardgen.base.errors import Report

    options = pipeline.BuildOptions(only=("booklets",))
    checked = pipeline.check(game_dir, Report(), options, keep_frozen=True)   # as a build does
    if checked is None:
        raise SystemExit(f"{game_dir} does not build")
    start = time.process_time()
    pipeline.render(checked, lambda done: None)
    return time.process_time() - start


def measured(game_dir: Path) -> float:
    """One game's render seconds, measured in a fresh process."""
    out = subprocess.run([sys.executable, __file__, "--game", str(game_dir)], check=True,
                         capture_output=True, text=True).stdout
    return float(out)


def shipped_games() -> list[Path]:
    return sorted(p for p in DATA.iterdir() if (p / "game.yaml").is_file())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--game", type=Path, help=argparse.SUPPRESS)   # one game, this process
    args = parser.parse_args()
    if args.game is not None:
        print(f"{render_seconds(args.game):.4f}")
        return 0
    games = shipped_games()
    runs: dict[Path, list[float]] = {game: [] for game in games}
    for _ in range(args.rounds):                   # interleaved: each round every game once
        for game in games:
            runs[game].append(measured(game))
    total = 0.0
    for game, seconds in runs.items():
        median = statistics.median(seconds)
        total += median
        print(f"{game.name:28} {median:6.3f}")
    print(f"{'sum':28} {total:6.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
