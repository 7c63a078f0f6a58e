"""`cardgen serve` on the command line: it prints its address on 127.0.0.1, opens a browser only
with --open, stops cleanly on Ctrl-C, and a folder that is no game or a port in use is a usage
error in a sentence."""
from __future__ import annotations

import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path


def serve(tmp_path: Path, *args: str) -> subprocess.Popen:
    opened = tmp_path / "opened.txt"
    env = {**os.environ, "BROWSER": f"sh -c {shlex.quote(f'echo $0 > {opened}')} %s"}
    return subprocess.Popen([sys.executable, "-m", "cardgen", "serve", *args,
                             "--cache", str(tmp_path / "cache")], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for_line(process: subprocess.Popen, pattern: str, seconds: float = 60) -> str:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        line = process.stdout.readline()
        if re.search(pattern, line):
            return line
        assert line or process.poll() is None, process.stderr.read()
    raise AssertionError(f"no line like {pattern!r}")


def interrupted(process: subprocess.Popen) -> tuple[int, str]:
    process.send_signal(signal.SIGINT)
    _, errors = process.communicate(timeout=20)
    return process.returncode, errors


def test_it_serves_on_the_loopback_address_and_stops_on_ctrl_c(copy_game, tmp_path):
    process = serve(tmp_path, str(copy_game("valid-minimal")))
    try:
        address = wait_for_line(process, r"^serving ")
        assert re.fullmatch(r"serving http://127\.0\.0\.1:\d+/\n", address)
        wait_for_line(process, r"shown; watching for changes")
    finally:
        status, errors = interrupted(process)
    assert status == 0 and "stopped serving" in errors and "Traceback" not in errors
    assert not (tmp_path / "opened.txt").exists()              # no browser without --open


def test_open_opens_the_page_in_a_browser(copy_game, tmp_path):
    process = serve(tmp_path, str(copy_game("valid-minimal")), "--open")
    try:
        url = wait_for_line(process, r"^serving ").split()[1]
        wait_for_line(process, r"shown; watching for changes")
    finally:
        interrupted(process)
    assert (tmp_path / "opened.txt").read_text().strip() == url


def test_a_folder_that_is_no_game_is_a_usage_error(tmp_path):
    process = serve(tmp_path, str(tmp_path))
    _, errors = process.communicate(timeout=60)
    assert process.returncode == 2
    assert "is not a game folder: it has no game.yaml" in errors and "Traceback" not in errors


def test_a_port_in_use_is_a_usage_error(copy_game, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        process = serve(tmp_path, str(copy_game("valid-minimal")), "--port", str(port))
        _, errors = process.communicate(timeout=60)
    assert process.returncode == 2
    assert f"port {port} is in use" in errors and "Traceback" not in errors
