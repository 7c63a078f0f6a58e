"""`cardgen serve`: how long a one-card save takes to reach the page, on a 100-card game.

    python bench/bench_serve.py                 # 100 cards, 5 edits
    python bench/bench_serve.py --cards 300 --rounds 9

A synthetic game (bench/synthetic.py) is served by `cardgen serve` as a separate process, its
first render waited for; then, each round, one card's power is saved anew and the time is taken
from the save to the page's event stream announcing the new render, and to /state.json showing
it (what the page does next). Also measured, in this process: the render alone after a one-card
save (the rest is the file watcher's debounce and the event's trip). The numbers are reported,
never a pass or a fail.
"""
from __future__ import annotations

import argparse
import http.client
import json
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synthetic import write_game  # noqa: E402  (the benchmark's own helper, beside it)


def next_event(stream) -> None:
    """Read the event stream up to its next `data:` line."""
    while not stream.readline().startswith(b"data:"):
        pass


def save_one_card(cards: Path, round_: int) -> None:
    text = cards.read_text(encoding="utf-8")
    old = text.split("power: ", 1)[1].split("\n", 1)[0]
    cards.write_text(text.replace(f"power: {old}\n", f"power: {round_ % 20}\n", 1), encoding="utf-8")


def served(game: Path, cache: Path, rounds: int) -> list[tuple[float, float]]:
    """(seconds to the event, seconds to the state) for each one-card save."""
    process = subprocess.Popen([sys.executable, "-m", "cardgen", "serve", str(game), "--cache",
                                str(cache)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               text=True)
    try:
        port = int(process.stdout.readline().rstrip("/\n").rsplit(":", 1)[1])
        process.stdout.readline()                         # the first render is shown
        events = http.client.HTTPConnection("127.0.0.1", port)
        events.request("GET", "/events")
        stream = events.getresponse()
        next_event(stream)                                # the render now shown
        timings = []
        for n in range(rounds):
            time.sleep(0.5)
            start = time.perf_counter()
            save_one_card(game / "cards" / "units.yaml", n)
            next_event(stream)
            evented = time.perf_counter() - start
            state = http.client.HTTPConnection("127.0.0.1", port)
            state.request("GET", "/state.json")
            json.loads(state.getresponse().read())
            timings.append((evented, time.perf_counter() - start))
        return timings
    finally:
        process.terminate()
        process.wait(20)


def rendered(game: Path, cache: Path, rounds: int) -> list[float]:
    from cardgen.serve.preview import Previewer

    previewer = Previewer(game, cache)
    previewer.render()
    timings = []
    for n in range(rounds):
        save_one_card(game / "cards" / "units.yaml", n + 7)
        start = time.perf_counter()
        previewer.render()
        timings.append(time.perf_counter() - start)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cardgen-bench-serve-") as folder:
        game = write_game(args.cards, Path(folder) / "game")
        timings = served(game, Path(folder) / "cache", args.rounds)
        render = rendered(game, Path(folder) / "cache", args.rounds)
    median = statistics.median
    print(f"{args.cards} cards, one card saved, median of {args.rounds} "
          f"({platform.processor() or platform.machine()}, {platform.python_version()}):")
    print(f"  save -> page told      {median(t for t, _ in timings):.3f} s")
    print(f"  save -> state fetched  {median(t for _, t in timings):.3f} s")
    print(f"  render alone           {median(render):.3f} s")


if __name__ == "__main__":
    main()
