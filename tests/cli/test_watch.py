"""`cardgen build --watch`: a saved change is rebuilt within seconds, a broken one is reported
and the last good output stays."""
from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

VALID = Path(__file__).resolve().parents[1] / "corpus" / "valid-minimal" / "data" / "game"


def _wait(condition, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.1)
    return False


def test_a_saved_card_is_rebuilt_within_seconds_and_a_broken_one_keeps_the_last_good(tmp_path):
    game = tmp_path / "game"
    shutil.copytree(VALID, game)
    out, log = tmp_path / "out", tmp_path / "stderr.txt"
    pdf = out / "game" / "heroes.pdf"
    with log.open("w") as errors:
        process = subprocess.Popen([sys.executable, "-m", "cardgen", "build", str(game), "--out",
                                    str(out), "--watch"], stdout=subprocess.DEVNULL, stderr=errors,
                                   cwd=tmp_path)
        try:
            assert _wait(pdf.exists, 60), log.read_text()
            first = pdf.read_bytes()
            cards = game / "cards" / "heroes.yaml"
            time.sleep(0.5)
            cards.write_text(cards.read_text().replace("power: 5", "power: 6"))
            assert _wait(lambda: pdf.read_bytes() != first, 15), log.read_text()
            good = pdf.read_bytes()
            cards.write_text(cards.read_text().replace("power: 6", "power: [6"))
            assert _wait(lambda: "heroes.yaml" in log.read_text(), 15)
            assert pdf.read_bytes() == good
            assert process.poll() is None                     # still watching after the error
        finally:
            process.terminate()
            process.wait(10)
