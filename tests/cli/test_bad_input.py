"""The command line on broken data: one thing broken per test, in a copy of the shipped game.

Each broken build must exit 1, name the file and line to fix, print no traceback, and leave the
previous good build in --out exactly as it was.
"""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main

REPO = Path(__file__).resolve().parents[2]
GAME = "time-line-battle-v2"
CARDS = f"data/{GAME}/cards/characters.yaml"
FRAME = "layouts/common/poker-frame.yaml"          # the project's copy shadows the shipped one
CHARACTER = f"data/{GAME}/layouts/character.yaml"


def make_project(root: Path) -> Path:
    """A project folder: data/<game>, and a layouts/ holding a copy of the shipped common ones."""
    shutil.copytree(REPO / "data" / GAME, root / "data" / GAME)
    shutil.copytree(REPO / "cardgen" / "layouts" / "common", root / "layouts" / "common")
    return root


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file below `folder` (temp files included) with its bytes."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def good_build(tmp_path_factory) -> Path:
    """The shipped game built once, cleanly: what a previous good run left in --out."""
    root = make_project(tmp_path_factory.mktemp("good"))
    out = root / "out"
    result = run("build", root / "data" / GAME, "--out", out, "--quiet")
    assert result.exit_code == 0, result.output
    assert sorted(snapshot(out)) == [f"{GAME}/{name}.pdf" for name in
                                      ("aids", "player-1", "player-2", "rules-booklet", "rules",
                                       "timeline", "tokens")]
    return out


@dataclass
class Project:
    root: Path
    out: Path
    before: dict

    @property
    def game(self) -> Path:
        return self.root / "data" / GAME

    def build(self):
        return run("build", self.game, "--out", self.out, "--quiet")

    def validate(self):
        return run("validate", self.game)


@pytest.fixture
def project(tmp_path, good_build, monkeypatch) -> Project:
    root = make_project(tmp_path / "project")
    out = root / "out"
    shutil.copytree(good_build, out)
    monkeypatch.chdir(root)          # file names in messages are then relative: data/..., layouts/...
    return Project(root, out, snapshot(out))


# editing the fixtures: every edit returns the line it made, counted from the edited text -------

def lines_of(project: Project, name: str) -> list[str]:
    return (project.root / name).read_text(encoding="utf-8").splitlines(keepends=True)


def write_lines(project: Project, name: str, lines: list[str]) -> None:
    (project.root / name).write_text("".join(lines), encoding="utf-8")


def card_line(lines: list[str], card: str) -> int:
    """0-based index of the `- name: <card>` line."""
    matches = [i for i, line in enumerate(lines) if line.strip() == f"- name: {card}"]
    assert len(matches) == 1, card
    return matches[0]


def field_line(lines: list[str], card: str, field: str) -> int:
    """0-based index of `field:` inside the card's block."""
    start = card_line(lines, card)
    for i in range(start + 1, len(lines)):
        if lines[i].lstrip().startswith("- name:"):
            break
        if lines[i].strip().startswith(f"{field}:"):
            return i
    raise AssertionError(f"card {card} has no {field}")


def edit_field(project: Project, card: str, field: str, new: str | None) -> tuple[int, int]:
    """Replace (or with None, delete) one field line of one card; 1-based (card, field) lines."""
    lines = lines_of(project, CARDS)
    index = field_line(lines, card, field)
    if new is None:
        del lines[index]
    else:
        lines[index] = new if new.endswith("\n") else new + "\n"
    write_lines(project, CARDS, lines)
    return card_line(lines, card) + 1, index + 1


# what every failure must look like ---------------------------------------------------------

def assert_fails_cleanly(project: Project, result, where: list[str], *phrases: str) -> None:
    """Exit 1, a `file:line:` from `where` in the output, no traceback, --out untouched."""
    output = result.output
    assert result.exit_code == 1, output
    assert result.exception is None or isinstance(result.exception, SystemExit), output
    assert "Traceback" not in output
    assert any(w in output for w in where), f"none of {where} in:\n{output}"
    for phrase in phrases:
        assert phrase in output
    assert snapshot(project.out) == project.before, "the previous build was changed"


def check_build_and_validate(project: Project, where: list[str], *phrases: str) -> None:
    assert_fails_cleanly(project, project.build(), where, *phrases)
    assert_fails_cleanly(project, project.validate(), where, *phrases)


# one thing broken per test ----------------------------------------------------------------------

def test_tab_indentation(project):
    lines = lines_of(project, CARDS)
    index = field_line(lines, "Paladin", "health")
    lines[index] = "\t" + lines[index].lstrip(" ")
    write_lines(project, CARDS, lines)
    check_build_and_validate(project, [f"{CARDS}:{index + 1}:"], "tab")


@pytest.mark.parametrize("card", ["Guard", "Rear Guard"])   # mid-file, and the last card
def test_unclosed_quote(project, card):
    lines = lines_of(project, CARDS)
    index = field_line(lines, card, "ability")
    assert lines[index].rstrip().endswith('"')
    lines[index] = lines[index].rstrip()[:-1] + "\n"
    write_lines(project, CARDS, lines)
    # the line to fix is the one whose quote is never closed
    check_build_and_validate(project, [f"{CARDS}:{index + 1}:"], "malformed YAML", "quote")


def test_wrong_type(project):
    _, line = edit_field(project, "Paladin", "health", "    health: ten")
    check_build_and_validate(project, [f"{CARDS}:{line}:"], "health", "whole number", "'ten'")


def test_unknown_key(project):
    _, line = edit_field(project, "Paladin", "health", "    helth: 10")
    check_build_and_validate(project, [f"{CARDS}:{line}:"], "helth", "did you mean 'health'")


def test_missing_required_field(project):
    line, _ = edit_field(project, "Paladin", "health", None)
    check_build_and_validate(project, [f"{CARDS}:{line}:"], "missing required field 'health'")


def test_text_too_long_for_its_box(project):
    # a single {{damage}} in it: the problem is the ability, not the damage line
    words = " ".join(["It keeps on telling a long story about the battle."] * 12)
    _, line = edit_field(project, "Guard", "ability",
                         f'    ability: "Strikes the enemy [[Front]] for **{{{{damage}}}}**. {words}"')
    check_build_and_validate(project, [f"{CARDS}:{line}:"], "does not fit", "Guard", "ability")


def test_extends_cycle_between_two_layouts(project):
    # character already extends common/poker-frame; make poker-frame extend character back
    lines = lines_of(project, FRAME)
    assert not any(line.startswith("extends:") for line in lines)
    index = next(i for i, line in enumerate(lines) if line.startswith("colors:"))
    lines.insert(index, "extends: character\n")
    write_lines(project, FRAME, lines)
    other = next(i for i, line in enumerate(lines_of(project, CHARACTER))
                 if line.startswith("extends:"))
    # either end of the cycle is a right place to report it
    check_build_and_validate(project, [f"{FRAME}:{index + 1}:", f"{CHARACTER}:{other + 1}:"],
                             "extends cycle", "character", "common/poker-frame")


# usage and the good paths -------------------------------------------------------------------------

def test_nonexistent_game_dir_is_a_usage_error(tmp_path):
    result = run("build", tmp_path / "no-such-game", "--out", tmp_path / "out", "--quiet")
    assert result.exit_code == 2, result.output
    assert "does not exist" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_validate_shipped_game():
    result = run("validate", REPO / "data" / GAME)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output


def test_list_shows_22_cards():
    result = run("list", REPO / "data" / GAME)
    assert result.exit_code == 0, result.output
    assert "22" in result.output
    for deck in ("player-1", "player-2"):
        line = next(line for line in result.output.splitlines() if line.strip().startswith(deck))
        assert "22 different cards" in line and "22 to print" in line
