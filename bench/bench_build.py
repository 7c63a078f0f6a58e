"""Speed and memory of a build, against targets. Run: python bench/bench_build.py [--cards N]

A synthetic game is made from Time Line Battle v2 with N cards (copies of its 22 Characters under
new names), then each build step is timed and the peak memory read. Exits 1 if a target is missed.
Targets are for a 2-core machine; they are checks against regressions, not promises.
"""
from __future__ import annotations

import argparse
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

import yaml

from cardgen import pipeline
from cardgen.errors import Report

REPO = Path(__file__).resolve().parents[1]
TARGETS = {
    "load + validate + resolve (cards/s)": 150.0,
    "render (cards/s)": 200.0,
    "peak memory (MB)": 600.0,
}


def make_game(root: Path, cards: int) -> Path:
    game = root / "data" / "bench"
    shutil.copytree(REPO / "data" / "time-line-battle-v2", game)
    shutil.copytree(REPO / "layouts", root / "layouts")
    source = yaml.safe_load((game / "cards" / "characters.yaml").read_text())["cards"]
    out = []
    for i in range(cards):
        card = dict(source[i % len(source)])
        card["name"] = f"Unit {i}"
        card["order"] = i + 1
        out.append(card)
    (game / "cards" / "characters.yaml").write_text(yaml.safe_dump({"cards": out}, sort_keys=False))
    text = (game / "game.yaml").read_text()
    text = text.replace("total: {equals: 22}", f"total: {{equals: {cards}}}").replace(
        "max: 22, unique: deck", f"max: {cards}, unique: deck").replace("max_length: 24", "max_length: 40")
    (game / "game.yaml").write_text(text)
    return game


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        game = make_game(Path(tmp), args.cards)
        report = Report()
        start = time.perf_counter()
        checked = pipeline.check(game, report)
        checked_at = time.perf_counter()
        if checked is None:
            print("\n".join(d.format() for d in report.diagnostics[:10]))
            return 1
        files = pipeline.render(checked, lambda n: None)
        rendered_at = time.perf_counter()
        pipeline.write(files, Path(tmp) / "out", report)
        faces = args.cards * len(checked.faces)
    results = {
        "load + validate + resolve (cards/s)": faces / (checked_at - start),
        "render (cards/s)": faces / (rendered_at - checked_at),
        "peak memory (MB)": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }
    failed = False
    for name, value in results.items():
        target = TARGETS[name]
        ok = value <= target if "memory" in name else value >= target
        failed |= not ok
        print(f"{name:40} {value:10.1f}   target {'<=' if 'memory' in name else '>='} {target:g}"
              f"   {'ok' if ok else 'MISSED'}")
    print(f"{faces} card faces, {sum(len(b) for b in files.values()) / 1e6:.1f} MB of PDF")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
