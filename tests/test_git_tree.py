"""A game at a git revision: only the game's own paths (and the shared layouts it uses) are read,
as git stores them, within GIT_FILES and GIT_BYTES, and nothing a repository configures runs."""
from __future__ import annotations

import os
import shlex
import shutil
import stat
import subprocess
from pathlib import Path, PurePosixPath

import pytest
from click.testing import CliRunner

from cardgen.history import git_tree
from cardgen.cli import main

MINIMAL = Path(__file__).resolve().parent / "corpus" / "valid-minimal" / "data" / "game"
IDENTITY = {"GIT_AUTHOR_NAME": "Designer", "GIT_AUTHOR_EMAIL": "designer@example.com",
            "GIT_COMMITTER_NAME": "Designer", "GIT_COMMITTER_EMAIL": "designer@example.com"}
GAME_FILES = {"data/game/game.yaml", "data/game/cards/heroes.yaml", "data/game/art/hero.png",
              "data/game/layouts/front.yaml", "data/game/layouts/back.yaml"}
CHANGED = ["Minimal Game: version 1.0",
           "  changed  heroes: Second Hero: text Draw a card. -> Draw two cards."]


def git(root: Path, *args: str, stdin: bytes | None = None) -> str:
    done = subprocess.run(["git", "-c", "core.hooksPath=/dev/null", *args], cwd=root, input=stdin,
                          env={**os.environ, **IDENTITY}, capture_output=True, check=True)
    return done.stdout.decode().strip()


def run(root: Path, *args):
    old = os.getcwd()
    os.chdir(root)
    try:
        return CliRunner().invoke(main, [str(a) for a in args])
    finally:
        os.chdir(old)


def change_a_card(root: Path, game: str = "data/game") -> None:
    cards = root / game / "cards" / "heroes.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Draw a card.", "Draw two cards."),
                     encoding="utf-8")


@pytest.fixture
def project(tmp_path) -> Path:
    """A repository holding the minimal game at data/game, committed once."""
    root = tmp_path / "project"
    shutil.copytree(MINIMAL, root / "data" / "game")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "the game")
    return root


@pytest.fixture
def read(monkeypatch) -> list[str]:
    """The paths of every file read from git, as each run reads them."""
    paths: list[str] = []
    write = git_tree._write

    def recording(game_dir, blobs, folder, where):
        paths.extend(blob.path.as_posix() for blob in blobs)
        return write(game_dir, blobs, folder, where)

    monkeypatch.setattr(git_tree, "_write", recording)
    return paths


def lines(result) -> list[str]:
    return [line for line in result.output.splitlines() if line.strip()]


# nothing configured runs --------------------------------------------------------------------------

def _script(path: Path, marker: Path) -> str:
    path.write_text(f"#!/bin/sh\ntouch {shlex.quote(str(marker))}\ncat\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return shlex.quote(str(path))


def test_no_filter_driver_hook_or_monitor_the_repository_names_runs(project, tmp_path):
    marker = tmp_path / "ran.txt"
    (project / ".gitattributes").write_text("* filter=hostile diff=hostile\n", encoding="utf-8")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "attributes")
    change_a_card(project)
    program = _script(tmp_path / "program.sh", marker)
    hooks = project / "hostile-hooks"
    hooks.mkdir()
    for hook in ("pre-commit", "post-checkout", "post-index-change", "reference-transaction",
                 "pre-auto-gc", "fsmonitor-watchman"):
        _script(hooks / hook, marker)
        _script(project / ".git" / "hooks" / hook, marker)
    for key, value in (("filter.hostile.smudge", program), ("filter.hostile.clean", program),
                       ("filter.hostile.process", program), ("filter.hostile.required", "true"),
                       ("diff.hostile.textconv", program), ("diff.hostile.command", program),
                       ("diff.external", program), ("core.fsmonitor", program),
                       ("core.hooksPath", str(hooks)), ("core.pager", program),
                       ("pager.rev-parse", program), ("core.sshCommand", program),
                       ("credential.helper", f"!{program}"), ("gc.auto", "1")):
        git(project, "config", key, value)
    diff = run(project, "diff", "data/game", "--since", "HEAD")
    assert (diff.exit_code, lines(diff)) == (0, CHANGED)
    errata = run(project, "errata", "data/game", "--since", "HEAD", "--out", tmp_path / "out")
    assert errata.exit_code == 0, errata.output
    assert (tmp_path / "out" / "game" / "errata.pdf").is_file()
    assert not marker.exists(), "a program the repository names ran"


def test_a_partial_clone_never_fetches_a_missing_file(project, tmp_path):
    marker = tmp_path / "ran.txt"
    program = _script(tmp_path / "program.sh", marker)
    blob = git(project, "rev-parse", "HEAD:data/game/cards/heroes.yaml")
    (project / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    for key, value in (("core.repositoryformatversion", "1"), ("extensions.partialClone", "origin"),
                       ("remote.origin.url", "ssh://example.com/game.git"),
                       ("remote.origin.promisor", "true"), ("core.sshCommand", program)):
        git(project, "config", key, value)
    result = run(project, "diff", "data/game", "--since", "HEAD")
    assert result.exit_code == 2, result.output
    assert "--since HEAD: " in result.output and "Traceback" not in result.output
    assert not marker.exists()


# only the game's own paths are read ---------------------------------------------------------------

def test_files_outside_the_game_are_never_read(project, read):
    zeros = git(project, "hash-object", "-w", "--stdin", stdin=bytes(4 * 1024 * 1024))
    for i in range(5):
        git(project, "update-index", "--add", "--cacheinfo", f"100644,{zeros},assets/big-{i}.bin")
    git(project, "commit", "-qm", "unrelated files")
    change_a_card(project)
    result = run(project, "diff", "data/game", "--since", "HEAD")
    assert (result.exit_code, lines(result)) == (0, CHANGED)
    assert sorted(read) == sorted(GAME_FILES)


def test_the_shared_layouts_the_game_uses_are_read_at_the_revision(project, read):
    (project / "layouts").mkdir()
    shutil.move(project / "data/game/layouts/back.yaml", project / "layouts" / "back.yaml")
    (project / "elsewhere" / "layouts").mkdir(parents=True)
    (project / "elsewhere" / "layouts" / "back.yaml").write_text("description: unused\n")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "the back shared by the project")
    back = project / "layouts" / "back.yaml"
    back.write_text(back.read_text(encoding="utf-8").replace("size: 12", "size: 14"),
                    encoding="utf-8")
    result = run(project, "diff", "data/game", "--since", "HEAD")
    assert result.exit_code == 0, result.output
    assert "  changed  layout 'back': used by the back of deck(s) heroes" in lines(result)
    assert "layouts/back.yaml" in read and "elsewhere/layouts/back.yaml" not in read


def test_the_nearest_shared_layouts_hide_those_further_up(project, read):
    for folder in ("layouts", "data/layouts"):
        (project / folder).mkdir()
        (project / folder / "unused.yaml").write_text("description: unused\n")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "two layouts folders")
    result = run(project, "diff", "data/game", "--since", "HEAD")
    assert result.exit_code == 0, result.output
    assert sorted(read) == sorted(GAME_FILES | {"data/layouts/unused.yaml"})


def test_a_game_at_the_top_of_its_repository(copy_game, read):
    root = copy_game("valid-minimal")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "the game")
    change_a_card(root, ".")
    result = run(root, "diff", ".", "--since", "HEAD")
    assert (result.exit_code, lines(result)) == (0, CHANGED)
    assert len(read) == len(GAME_FILES)


def test_links_and_submodules_are_left_out(project, read):
    (project / "data" / "game" / "art" / "passwd.png").symlink_to("/etc/passwd")
    git(project, "add", "-A")
    head = git(project, "rev-parse", "HEAD")
    git(project, "update-index", "--add", "--cacheinfo", f"160000,{head},data/game/module")
    git(project, "commit", "-qm", "a link and a module")
    assert {"120000", "160000"} <= {line.split()[0] for line in
                                    git(project, "ls-tree", "-r", "HEAD").splitlines()}
    result = run(project, "diff", "data/game", "--since", "HEAD")
    assert result.exit_code == 0, result.output
    assert sorted(read) == sorted(GAME_FILES)


def _tree(root: Path, entries: list[str]) -> str:
    return git(root, "mktree", stdin="".join(f"{entry}\n" for entry in entries).encode())


def test_a_crafted_tree_naming_its_parent_writes_nothing_there(project, read):
    blob = git(project, "hash-object", "-w", "--stdin", stdin=b"outside\n")
    game = _tree(project, [*git(project, "ls-tree", "HEAD:data/game").splitlines(),
                           f"100644 blob {blob}\t.."])
    data = _tree(project, [f"040000 tree {game}\tgame"])
    top = _tree(project, [f"040000 tree {data}\tdata"])
    commit = git(project, "commit-tree", top, "-p", "HEAD", "-m", "a path out")
    git(project, "update-ref", "HEAD", commit)
    assert "data/game/.." in git(project, "ls-tree", "-r", "--name-only", "HEAD").splitlines()
    result = run(project, "diff", "data/game", "--since", "HEAD")
    assert result.exit_code == 0, result.output
    assert sorted(read) == sorted(GAME_FILES)


def test_an_outside_work_tree_is_a_usage_error(project, tmp_path):
    git(project, "config", "core.worktree", str(tmp_path / "elsewhere"))
    result = run(project, "diff", "data/game", "--since", "HEAD")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "--since HEAD: the game folder is not inside its repository's work tree" in result.output


# limits -------------------------------------------------------------------------------------------

def _sizes(root: Path) -> int:
    return sum((root / path).stat().st_size for path in GAME_FILES)


def test_the_games_bytes_at_the_limit_are_read_one_past_it_none(project, read, monkeypatch):
    monkeypatch.setattr(git_tree, "GIT_BYTES", _sizes(project))
    change_a_card(project)
    assert (result := run(project, "diff", "data/game", "--since", "HEAD")).exit_code == 0
    assert lines(result) == CHANGED
    read.clear()
    monkeypatch.setattr(git_tree, "GIT_BYTES", git_tree.GIT_BYTES - 1)
    result = run(project, "diff", "data/game", "--since", "HEAD")
    assert result.exit_code == 1 and read == []
    assert lines(result) == [f"HEAD:data/game: error: too-large: the files at this revision come to "
                             f"{git_tree.GIT_BYTES + 1:,} bytes or more; the limit is "
                             f"{git_tree.GIT_BYTES:,}"]
    errata = run(project, "errata", "data/game", "--since", "HEAD", "--out", project / "out")
    assert errata.exit_code == 1 and lines(errata) == lines(result)
    assert not (project / "out").exists()


def test_the_games_files_at_the_limit_are_read_one_past_it_none(project, read, monkeypatch):
    monkeypatch.setattr(git_tree, "GIT_FILES", len(GAME_FILES))
    assert run(project, "diff", "data/game", "--since", "HEAD").exit_code == 0
    assert len(read) == len(GAME_FILES)
    read.clear()
    monkeypatch.setattr(git_tree, "GIT_FILES", len(GAME_FILES) - 1)
    result = run(project, "diff", "data/game", "--since", "HEAD", "--format", "json")
    assert result.exit_code == 1 and read == []
    assert f"more than {len(GAME_FILES) - 1:,} files at this revision" in result.output
