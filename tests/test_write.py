"""Outputs are replaced whole or not at all: an interrupted or killed build leaves the last good one."""
import os
import signal
import stat
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardgen import write
from cardgen.base.staged import StagedFile
from cardgen.base.temp_files import STALE_AFTER_S, is_temp_name, remove_stale_temps, temp_path
from cardgen.write import write_atomic

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


def _dead_pid() -> int:
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)
    return int(child.stdout)


def _temp_of(folder: Path, pid: int, age_s: float) -> Path:
    path = folder / f".cardgen-tmp-{pid}-{'ab' * 16}.part"
    path.write_bytes(b"half")
    os.utime(path, (time.time() - age_s,) * 2)
    return path


def test_only_an_old_temp_of_a_process_no_longer_running_is_removed(tmp_path):
    old = STALE_AFTER_S + 60
    writers = {"dead-and-old": (_dead_pid(), old), "dead-but-recent": (_dead_pid(), 60),
               "running": (os.getppid(), old), "this-process": (os.getpid(), old)}
    temps = {}
    for case, (pid, age) in writers.items():
        (tmp_path / case).mkdir()
        temps[case] = _temp_of(tmp_path / case, pid, age)
        remove_stale_temps(tmp_path / case)
    assert [case for case, path in temps.items() if not path.exists()] == ["dead-and-old"]


def test_no_other_name_and_no_folder_is_ever_removed_as_a_temp(tmp_path):
    old = time.time() - STALE_AFTER_S - 60
    names = [".cardgen-notes.md", ".cardgen-123-abc.tmp", f".cardgen-tmp-{_dead_pid()}-abc.part",
             f".cardgen-tmp-{_dead_pid()}-{'ab' * 16}.part.bak"]
    for name in names:
        (tmp_path / name).write_text("mine")
    folder = tmp_path / f".cardgen-tmp-{_dead_pid()}-{'cd' * 16}.part"
    folder.mkdir()
    link = tmp_path / f".cardgen-tmp-{_dead_pid()}-{'ef' * 16}.part"
    link.symlink_to(tmp_path / ".cardgen-notes.md")
    for path in [*tmp_path.iterdir()]:
        os.utime(path, (old, old), follow_symlinks=False)
    remove_stale_temps(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*names, folder.name, link.name])


def test_temp_names_are_cardgens_own_pattern(tmp_path):
    assert is_temp_name(temp_path(tmp_path).name)
    assert temp_path(tmp_path) != temp_path(tmp_path)
    for name in (".cardgen-notes.md", ".cardgen-cache", ".cardgen-tmp-1-x.part", "deck.pdf"):
        assert not is_temp_name(name)


@pytest.fixture
def big_game(copy_game) -> Path:
    """A shipped game of several decks at data/big, the shared layouts beside data/."""
    game = copy_game("time-line-battle-v2", name="big", published=False)   # its counts change
    shutil.copytree(REPO / "layouts", game.parent.parent / "layouts")
    return game


def _print_copies(game: Path, copies: int) -> None:
    """Make the build long enough to be killed in the middle of it."""
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text.replace("copies: {equals: 1}", "copies: {min: 1}")
                                    .replace("total: {equals: 22}", "total: {min: 22}")
                                    .replace("card_type: character\n",
                                             f"card_type: character\n    copies: {copies}\n"))


def test_killing_a_build_midway_leaves_the_previous_output_intact(tmp_path, big_game):
    game = big_game
    out = tmp_path / "out"
    command = [sys.executable, "-m", "cardgen", "build", str(game), "--out", str(out), "--quiet"]
    subprocess.run(command, check=True, cwd=tmp_path, capture_output=True)
    before = {p.name: p.read_bytes() for p in (out / "big").iterdir()}
    assert set(before) == {"aids.pdf", "player-1.pdf", "player-2.pdf", "rules.pdf",
                           "rules-booklet.pdf", "timeline.pdf", "tokens.pdf"}

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


# a build's files together ------------------------------------------------------------------------

@pytest.fixture
def two_deck_game(copy_game) -> Path:
    """The minimal game with a second deck like its first, its back in a colour and word of its own."""
    game = copy_game("valid-minimal")
    text = (game / "game.yaml").read_text(encoding="utf-8")
    start, end = text.index("  - id: heroes"), text.index("\nprint:")
    deck = text[start:end].rstrip("\n") + "\n"
    text = (text[:end].rstrip("\n") + "\n"
            + deck.replace("id: heroes", "id: rivals").replace("#2f5d50", "#1f4e9c")
            .replace("label: Heroes", "label: Rivals") + text[end:])
    (game / "game.yaml").write_text(text, encoding="utf-8")
    return game


def _cli(*args):
    from click.testing import CliRunner
    from cardgen.cli import main
    return CliRunner().invoke(main, [str(a) for a in args])


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def test_a_build_that_fails_after_its_first_file_leaves_the_previous_build(two_deck_game, tmp_path,
                                                                            monkeypatch):
    game, out = two_deck_game, tmp_path / "out"
    assert _cli("build", game, "--out", out, "-q").exit_code == 0
    before = _files(out)
    assert sorted(before) == ["game/heroes.pdf", "game/rivals.pdf"]
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace(
        'version: "1.0"', 'version: "2.0"'), encoding="utf-8")
    real, calls = os.replace, []

    def second_fails(source, target):
        calls.append(target)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        return real(source, target)
    monkeypatch.setattr(write.os, "replace", second_fails)
    result = _cli("build", game, "--out", out, "-q")
    monkeypatch.setattr(write.os, "replace", real)
    assert len(calls) >= 2, "the first file was put in place before the failure"
    assert result.exit_code == 1
    assert result.output.splitlines() == [f"{out / 'game' / 'rivals.pdf'}: error: output: cannot "
                                          "write the build: the disk is full; the previous files "
                                          "are unchanged"]
    assert _files(out) == before


@pytest.mark.parametrize("problem", ["out-is-a-file", "pdf-is-a-folder", "pdf-is-a-fifo",
                                     "pdf-links-to-a-fifo", "disk-full", "read-only"])
def test_output_problems_are_one_line_naming_the_path(problem, two_deck_game, tmp_path,
                                                       monkeypatch):
    game, out = two_deck_game, tmp_path / "out"
    expected = {"pdf-is-a-folder": (out / "game" / "heroes.pdf", "a folder is in the way of this file"),
                "disk-full": (out / "game" / "heroes.pdf", "the disk is full"),
                "read-only": (out / "game" / "heroes.pdf", "no permission to write there")}
    if problem == "out-is-a-file":
        out.mkdir()
        (out / "game").write_text("mine")
        expected[problem] = (out / "game", f"'{out / 'game'}' is a file, not a folder")
    elif problem == "pdf-is-a-folder":
        (out / "game" / "heroes.pdf").mkdir(parents=True)
    elif problem in ("pdf-is-a-fifo", "pdf-links-to-a-fifo"):
        assert _cli("build", game, "--out", out, "-q").exit_code == 0
        pipe = out / "game" / "heroes.pdf"
        if problem == "pdf-links-to-a-fifo":
            pipe = tmp_path / "pipe"
            (out / "game" / "heroes.pdf").unlink()
            (out / "game" / "heroes.pdf").symlink_to(pipe)
        else:
            pipe.unlink()
        os.mkfifo(pipe)
        expected[problem] = (out / "game" / "heroes.pdf", "it is a named pipe (FIFO), not a regular "
                             "file: cardgen only replaces files, so it is left as it is")
    else:
        code = 28 if problem == "disk-full" else 13
        def refuse(folder, data):
            raise OSError(code, os.strerror(code))
        monkeypatch.setattr(write, "_write_temp", refuse)
    before = _files(out) if out.exists() else {}
    result = _cli("build", game, "--out", out, "-q")
    path, reason = expected[problem]
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.splitlines() == [f"{path}: error: output: cannot write the build: "
                                          f"{reason}; the previous files are unchanged"]
    assert (_files(out) if out.exists() else {}) == before
    if problem.endswith("fifo"):
        assert stat.S_ISFIFO(os.stat(out / "game" / "heroes.pdf").st_mode)


@pytest.mark.parametrize("special", ["fifo", "folder", "link-to-fifo"])
def test_a_special_file_in_the_way_is_never_replaced(special, tmp_path):
    target, pipe = tmp_path / "calibration.pdf", tmp_path / "pipe"
    if special == "folder":
        target.mkdir()
        reason = "a folder is in the way of this file"
    else:
        os.mkfifo(pipe)
        if special == "fifo":
            pipe.rename(target)
        else:
            target.symlink_to(pipe)
        reason = "it is a named pipe (FIFO), not a regular file"
    with pytest.raises(write.OutputError) as caught:
        write.write_files(tmp_path, {"calibration.pdf": b"%PDF", "other.pdf": b"%PDF"})
    assert caught.value.path == target and caught.value.reason.startswith(reason)
    assert not (tmp_path / "other.pdf").exists(), "nothing is written when one file cannot be"
    assert target.is_dir() if special == "folder" else stat.S_ISFIFO(os.stat(target).st_mode)


def test_calibrate_into_a_fifo_is_one_line_and_exit_1(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    result = _cli("calibrate", "--out", tmp_path / "pipe")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{tmp_path / 'pipe'}: error: output: cannot write the calibration sheet: it is a named "
        "pipe (FIFO), not a regular file: cardgen only replaces files, so it is left as it is"]
    assert stat.S_ISFIFO(os.stat(tmp_path / "pipe").st_mode)


def test_names_with_folders_are_written_beside_their_targets(tmp_path):
    written = write.write_files(tmp_path, {"a/b.txt": b"one", "c.txt": b"two"})
    assert written == [tmp_path / "a" / "b.txt", tmp_path / "c.txt"]
    assert (tmp_path / "a" / "b.txt").read_bytes() == b"one"
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["a", "b.txt", "c.txt"]


def test_two_games_that_would_build_into_one_folder_are_refused_first(tmp_path, copy_game):
    games = [copy_game("valid-minimal") for _ in ("a", "b")]
    result = _cli("build", *games, "--out", tmp_path / "out")
    assert result.exit_code == 1
    assert "would both build into <out>/game/" in result.output
    assert not (tmp_path / "out").exists()


def test_two_games_whose_folders_differ_only_in_case_are_refused_first(tmp_path, copy_game):
    games = copy_game("valid-minimal"), copy_game("valid-minimal", name="Game")
    result = _cli("build", *games, "--out", tmp_path / "out")
    assert result.exit_code == 1
    assert "would both build into <out>/game/" in result.output
    assert not (tmp_path / "out").exists()


def test_sixteen_builds_into_one_folder_at_once_all_succeed(tmp_path, two_deck_game):
    game, out = two_deck_game, tmp_path / "out"
    command = [sys.executable, "-m", "cardgen", "build", str(game), "--out", str(out), "--quiet"]
    processes = [subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT) for _ in range(16)]
    results = [(p.wait(timeout=240), p.stdout.read().decode()) for p in processes]
    assert all(code == 0 for code, _ in results), results
    from pypdf import PdfReader
    names = sorted(p.name for p in (out / "game").iterdir())
    assert names == ["heroes.pdf", "rivals.pdf"]         # and no temporary file left behind
    for name in names:
        assert len(PdfReader(out / "game" / name).pages) == 2


def test_a_staged_file_is_copied_in_and_a_missing_one_leaves_every_file_as_it_was(tmp_path):
    from cardgen.base.staged import StagedFile

    staged = tmp_path / "made.png"
    staged.write_bytes(b"image")
    out = tmp_path / "out"
    write.write_files(out, {"a.txt": b"one", "img/card.png": StagedFile(staged)})
    assert (out / "img" / "card.png").read_bytes() == b"image" and staged.exists()
    with pytest.raises(write.OutputError) as failed:
        write.write_files(out, {"a.txt": b"two", "img/card.png": StagedFile(tmp_path / "gone.png")})
    assert failed.value.path == tmp_path / "gone.png" and "cannot read" in failed.value.reason
    assert (out / "a.txt").read_bytes() == b"one"
    assert (out / "img" / "card.png").read_bytes() == b"image"
    assert not [p for p in out.rglob("*") if is_temp_name(p.name)]


# the user's own files beside cardgen's ------------------------------------------------------------

MINE = (".cardgen-notes.md", ".cardgen-cache/kept.txt")


@pytest.mark.parametrize("command", ["schema", "calibrate", "build", "new"])
def test_a_users_dot_cardgen_file_and_folder_survive_every_command_that_writes(
        command, copy_game, tmp_path, monkeypatch):
    game = copy_game("valid-minimal")
    monkeypatch.chdir(tmp_path)
    args, folders = {
        "schema": (("schema", game, "--write"), [game, game / "schemas", game / "cards"]),
        "calibrate": (("calibrate",), [tmp_path / "output"]),
        "build": (("build", game, "--out", "out"), [tmp_path / "out" / "game"]),
        "new": (("new", tmp_path / "new" / "game"), [tmp_path / "new"]),
    }[command]
    for folder in folders:
        for name in MINE:
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text("mine", encoding="utf-8")
    result = _cli(*args)
    assert result.exit_code == 0, result.output
    for folder in folders:
        assert all((folder / name).read_text(encoding="utf-8") == "mine" for name in MINE)
        assert not [p for p in folder.rglob("*") if is_temp_name(p.name)]


def test_calibrate_and_schemas_after_images_keep_the_image_cache(tmp_path, monkeypatch, copy_game):
    game = copy_game("valid-minimal")
    monkeypatch.chdir(tmp_path)
    for out in ("output", game):             # a cache named inside the folders written to
        assert _cli("export", "images", game, "--dpi", "36", "--out", out, "-q",
                    "--cache", Path(out) / ".cardgen-cache").exit_code == 0
        assert (Path(out) / ".cardgen-cache").is_dir()
    assert _cli("calibrate").exit_code == 0
    assert _cli("schema", game, "--write").exit_code == 0
    assert (tmp_path / "output" / "calibration.pdf").is_file()
    assert (game / "schemas" / "game.schema.json").is_file()
    assert (tmp_path / "output" / ".cardgen-cache").is_dir() and (game / ".cardgen-cache").is_dir()


def test_a_write_that_fails_removes_the_folders_it_made_and_only_those(tmp_path):
    (tmp_path / "kept").mkdir()
    with pytest.raises(write.OutputError):
        write.write_files(tmp_path, {"kept/new/deeper/a.txt": b"one",
                                     "kept/other/b.txt": StagedFile(tmp_path / "gone.png")})
    assert [p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")] == ["kept"]
