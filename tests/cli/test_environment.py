"""Faults of the environment cardgen runs in, not of its data or its command line: a working
folder that was deleted, HOME unset, pointing nowhere or at a file, an output folder that cannot
be written. Each is a sentence and exit status 1 or 2, never a traceback, from the very start of
the `cardgen` command (before reportlab, which trips on some of them as it is imported)."""
from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen import entry

REPO = Path(__file__).resolve().parents[2]
VALID_GAME = REPO / "tests" / "corpus" / "valid-minimal" / "data" / "game"
SETPRIV = shutil.which("setpriv")


def cardgen(*args, cwd: Path, env: dict | None = None, prefix=()) -> subprocess.CompletedProcess:
    """`python -m cardgen ARGS` as its own process: stdout and stderr together."""
    base = {**os.environ, "PYTHONPATH": str(REPO)} if env is None else env
    return subprocess.run([*prefix, sys.executable, "-m", "cardgen", *map(str, args)], cwd=cwd,
                          env=base, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=120)


def _env(**changes) -> dict:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    for name, value in changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


@pytest.mark.parametrize("args", [["--help"], ["validate"], ["build", "/nowhere"], ["calibrate"]])
def test_a_deleted_working_folder_is_one_sentence_and_exit_2(args, tmp_path):
    gone = tmp_path / "gone"
    gone.mkdir()
    command = " ".join(shlex.quote(str(a)) for a in (sys.executable, "-m", "cardgen", *args))
    result = subprocess.run(["sh", "-c", f"cd {shlex.quote(str(gone))} && rmdir "
                             f"{shlex.quote(str(gone))} && exec {command}"], cwd=tmp_path,
                            env=_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            timeout=60)
    assert result.returncode == 2, result.stdout
    assert result.stdout.splitlines() == [
        f"error: the working folder '{gone}' no longer exists (it was deleted): change to a "
        "folder that exists and run cardgen again"]
    assert not gone.exists()


@pytest.mark.parametrize("home", ["unset", "nowhere", "empty"])
def test_a_build_needs_no_home(home, tmp_path):
    shutil.copytree(VALID_GAME, tmp_path / "game")
    value = {"unset": None, "nowhere": str(tmp_path / "no" / "such" / "home"), "empty": ""}[home]
    result = cardgen("build", "game", "--out", "out", cwd=tmp_path, env=_env(HOME=value))
    assert result.returncode == 0, result.stdout
    assert result.stdout.splitlines() == ["wrote out/game/heroes.pdf"]


@pytest.mark.parametrize("home", ["a-file", "below-a-file", "settings-a-folder"])
def test_a_home_that_cannot_be_read_is_one_sentence_and_exit_2(home, tmp_path):
    (tmp_path / "file").write_text("not a folder")
    (tmp_path / "home" / ".reportlab_mods").mkdir(parents=True)
    value = {"a-file": tmp_path / "file", "below-a-file": tmp_path / "file" / "home",
             "settings-a-folder": tmp_path / "home"}[home]
    result = cardgen("list", VALID_GAME, cwd=tmp_path, env=_env(HOME=str(value)))
    assert result.returncode == 2, result.stdout
    [line] = result.stdout.splitlines()
    assert line.startswith(f"error: cardgen cannot start: reading '{value}/.reportlab_mods' failed (")
    assert line.endswith(f"; it is read from HOME, which is '{value}': set HOME to your home "
                         "folder, or unset it")


def test_a_settings_file_in_the_working_folder_is_never_run(tmp_path):
    marker = tmp_path / "ran.txt"
    for name in ("reportlab_settings.py", "reportlab_mods.py"):
        (tmp_path / name).write_text(f"open({str(marker)!r}, 'w').close()\n")
    result = cardgen("list", VALID_GAME, cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    assert not marker.exists()


# an output folder that cannot be written ----------------------------------------------------------

def _without_root_powers() -> tuple[str, ...]:
    """What runs a command so that file permissions hold for it: root ignores them unless its
    power to override them is dropped (setpriv); nothing for anyone else."""
    if os.geteuid() != 0:
        return ()
    if SETPRIV is None:
        pytest.skip("running as root without setpriv: a read-only folder cannot be made")
    return (SETPRIV, "--bounding-set", "-dac_override,-dac_read_search,-fowner")


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


@pytest.mark.parametrize("command, written", [
    (["build", "game", "--out", "out"], "out/game/heroes.pdf"),
    (["export", "images", "game", "--dpi", "36", "--out", "out"], "out/game/images/heroes"),
    (["calibrate", "--out", "out/game/calibration.pdf"], "out/game/calibration.pdf"),
    (["schema", "game", "--write"], None),
])
def test_a_read_only_output_folder_is_one_line_naming_it_and_exit_1(command, written, tmp_path):
    prefix = _without_root_powers()
    shutil.copytree(VALID_GAME, tmp_path / "game")
    assert cardgen("build", "game", "--out", "out", cwd=tmp_path).returncode == 0
    read_only = [tmp_path / "out", tmp_path / "out" / "game"]
    if command[0] == "schema":
        read_only = [tmp_path / "game", *(p for p in (tmp_path / "game").rglob("*") if p.is_dir())]
    before = {folder: _files(folder) for folder in read_only}
    for folder in read_only:
        folder.chmod(0o555)
    try:
        result = cardgen(*command, cwd=tmp_path, prefix=prefix)
    finally:
        for folder in read_only:
            folder.chmod(0o755)
    assert result.returncode == 1, result.stdout
    [line] = result.stdout.splitlines()
    assert "no permission to write there" in line and "Traceback" not in line
    if written is not None:
        assert line.startswith(f"{written}: error: output: cannot write ")
    else:
        assert line.startswith("game/") and "cannot write the schemas" in line
    assert {folder: _files(folder) for folder in read_only} == before


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full to print to")
@pytest.mark.parametrize("args", [["dump", VALID_GAME], ["list", VALID_GAME], ["--help"]])
def test_printing_to_a_full_disk_is_one_sentence_and_exit_1(args, tmp_path):
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "cardgen", *map(str, args)], cwd=tmp_path,
                                env=_env(), stdout=full, stderr=subprocess.PIPE, text=True,
                                timeout=60)
    assert (result.returncode, result.stderr.splitlines()) == (
        1, ["error: cannot print the command's output: the disk is full"])


def test_no_usable_temporary_folder_is_one_sentence_and_exit_2(monkeypatch, capsys):
    def nowhere():
        raise FileNotFoundError("No usable temporary directory found in ['/nowhere', '/tmp']")

    monkeypatch.setattr(entry.tempfile, "gettempdir", nowhere)
    with pytest.raises(SystemExit) as exited:
        entry.main()
    assert exited.value.code == 2
    assert capsys.readouterr().err == (
        "error: no folder for temporary files can be used (No usable temporary directory found in "
        "['/nowhere', '/tmp']): set TMPDIR to a folder you can write to\n")
