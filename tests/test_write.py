"""Outputs are replaced whole or not at all: an interrupted or killed build leaves the last good one."""
import os
import signal
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardgen import write
from cardgen.write import TEMP_PREFIX, remove_stale_temps, write_atomic

REPO = Path(__file__).resolve().parents[1]


def test_a_write_that_fails_midway_leaves_the_old_file_and_no_temp(tmp_path, monkeypatch):
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"good")

    def explode(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(write.os, "fsync", explode)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"new and unfinished")
    assert target.read_bytes() == b"good"
    assert [p.name for p in tmp_path.iterdir()] == ["deck.pdf"]


@pytest.mark.parametrize("unnamed", [True, False], ids=["unnamed-temp", "named-temp"])
def test_a_finished_write_replaces_the_file_readably(tmp_path, monkeypatch, unnamed):
    if not unnamed:   # systems without O_TMPFILE use a named temporary file
        monkeypatch.delattr(write.os, "O_TMPFILE", raising=False)
    target = tmp_path / "sub" / "deck.pdf"
    write_atomic(target, b"one")
    write_atomic(target, b"two" * 100_000)
    assert target.read_bytes() == b"two" * 100_000
    assert oct(target.stat().st_mode & 0o777) == "0o644"
    assert [p.name for p in target.parent.iterdir()] == ["deck.pdf"]


def test_stale_temps_of_a_killed_build_are_removed(tmp_path):
    (tmp_path / f"{TEMP_PREFIX}abc.tmp").write_bytes(b"half")
    (tmp_path / "deck.pdf").write_bytes(b"good")
    remove_stale_temps(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["deck.pdf"]


def _game(root: Path) -> Path:
    game = root / "data" / "big"
    shutil.copytree(REPO / "data" / "time-line-battle-v2", game)
    shutil.copytree(REPO / "layouts", root / "layouts")
    return game


def _print_copies(game: Path, copies: int) -> None:
    """Make the build long enough to be killed in the middle of it."""
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text.replace("copies: {equals: 1}", "copies: {min: 1}")
                                    .replace("total: {equals: 22}", "total: {min: 22}")
                                    .replace("size: poker\n", f"size: poker\n    copies: {copies}\n"))


def test_killing_a_build_midway_leaves_the_previous_output_intact(tmp_path):
    game = _game(tmp_path)
    out = tmp_path / "out"
    command = [sys.executable, "-m", "cardgen", "build", str(game), "--out", str(out), "--quiet"]
    subprocess.run(command, check=True, cwd=tmp_path, capture_output=True)
    before = {p.name: p.read_bytes() for p in (out / "big").iterdir()}
    assert set(before) == {"player-1.pdf", "player-2.pdf"}

    _print_copies(game, 400)   # 8,800 cards: under the 10,000 a deck limit
    started = time.monotonic()
    process = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    time.sleep(0.8)
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert process.returncode == -signal.SIGKILL, "the build finished before it could be killed"
    assert time.monotonic() - started < 60
    after = {p.name: p.read_bytes() for p in (out / "big").iterdir()}
    assert after == before        # and nothing else: no half-written file, named or hidden
