"""Every `cardgen ...` command the docs show works as shown. Each line of a code block of
README.md and docs/*.md that starts with `cardgen ` (or `$ cardgen `) is run, in-process as the
walk-through of docs/add-a-game.md is (test_docs.py), in a project made of copies of the
shipped games: `data/<game>` for each, `data/my-game` (Time Line Battle v2, the game the docs'
examples speak of), the walk-through's `data/potion-market`, and the project's `layouts/`. The
project is a git repository whose history the docs' `--since HEAD~1` and `--since v2.0` read:
my-game committed and tagged v2.0, then an erratum (the Reaper's health 3 -> 4, version 2.1)
committed; `old/my-game` is my-game as it was at v2.0.

A command ends with exit status 0 unless FAILS says otherwise (with why); one that runs until
stopped is in SKIPPED, with why, and is checked to be shown but not run.
"""
from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from corpus_git import git
from test_docs import DOCS, _fenced, _walk_through

ROOT = DOCS.parent
COMMAND = re.compile(r"^(?:\$ )?(cardgen .*)$")

# commands that run until they are stopped: shown, never run here
SKIPPED = {
    "cardgen build data/my-game --watch": "rebuilds on every save until stopped (tests/cli/test_watch.py)",
    "cardgen serve data/my-game": "serves until stopped (tests/cli/test_serve.py)",
    "cardgen serve data/my-game --open": "serves until stopped, and opens a browser",
}
# commands the docs show failing on purpose: the command -> (exit status, why)
FAILS: dict[str, tuple[int, str]] = {}


def documented_commands() -> list[tuple[str, str]]:
    """(doc, command line) for each command shown in a code block, comments left off, in the
    order the docs give them (README first)."""
    out = []
    for doc in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]:
        for _, body, _ in _fenced(doc.read_text(encoding="utf-8")):
            for line in body.splitlines():
                found = COMMAND.match(line.strip())
                if found:
                    command = " ".join(shlex.split(found.group(1), comments=True))
                    out.append((doc.relative_to(ROOT).as_posix(), command))
    return out


ERRATUM = """errata:
  - card: Reaper
    field: health
    was: 3
    now: 4
    note: "The Reaper fell too easily."
"""
CHANGELOG = """changelog:
  - version: "2.1"
    date: 2026-11-25
    changes:
      - "[[Reaper]]'s Health is 4."
"""


def _project(root: Path) -> None:
    """The project the docs' commands run in (see the module's docstring)."""
    for game in sorted((ROOT / "data").iterdir()):
        if (game / "game.yaml").is_file():
            shutil.copytree(game, root / "data" / game.name)
    shutil.copytree(ROOT / "layouts", root / "layouts")
    shutil.copytree(ROOT / "data" / "time-line-battle-v2", root / "data" / "my-game")
    for name, body in _walk_through()[0].items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(body, encoding="utf-8")
    shutil.copytree(root / "data" / "my-game", root / "old" / "my-game")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "version 2.0")
    git(root, "tag", "v2.0")
    game = root / "data" / "my-game"
    text = (game / "game.yaml").read_text(encoding="utf-8")
    text = text.replace('version: "2.0"', 'version: "2.1"', 1).replace(
        "changelog:\n", CHANGELOG, 1) + ERRATUM
    (game / "game.yaml").write_text(text, encoding="utf-8")
    cards = game / "cards" / "characters.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("  - name: Reaper\n    order: 6\n    health: 3\n",
                                  "  - name: Reaper\n    order: 6\n    health: 4\n", 1),
                     encoding="utf-8")
    git(root, "commit", "-qam", "version 2.1: the Reaper's health")


def _run(command: str):
    return CliRunner().invoke(main, shlex.split(command)[1:], prog_name="cardgen")


def test_the_docs_show_commands_of_every_kind():
    shown = {command for _, command in documented_commands()}
    for verb in ("validate", "build", "schema", "publish", "diff", "errata", "export images",
                 "export tts", "serve"):
        assert any(c.startswith(f"cardgen {verb} ") for c in shown), f"no `cardgen {verb}` shown"
    assert set(SKIPPED) | set(FAILS) | set(CHECKS) <= shown, \
        "a command this test names is no longer shown in the docs"


def _verb(command: str) -> str:
    words = command.split()
    return " ".join(words[1:3] if words[1] == "export" else words[1:2])


def _groups() -> dict[str, list[tuple[str, str]]]:
    """The commands to run, by verb, each verb's in the docs' order: each group runs in a
    project of its own, so the groups may run side by side."""
    out: dict[str, list] = {}
    for doc, command in dict.fromkeys(documented_commands()):
        if command not in SKIPPED:
            out.setdefault(_verb(command), []).append((doc, command))
    return out


def _diff_json(result) -> None:
    """docs/errata.md: a card whose health changed is listed with the field, and with
    `looks_different` false, its look having changed only by that field."""
    diff = json.loads(result.stdout)["diff"]
    assert (diff["was"], diff["now"]) == ("2.0", "2.1")
    assert {(c["deck"], c["name"], c["status"]) for c in diff["cards"]} == {
        ("player-1", "Reaper", "changed"), ("player-2", "Reaper", "changed")}
    assert all(c["fields"] == {"health": {"was": "3", "now": "4"}} and not c["looks_different"]
               for c in diff["cards"])


# what a command's output must say, beyond its exit status
CHECKS = {"cardgen diff data/my-game --since v2.0 --format json": _diff_json}


@pytest.mark.parametrize("verb", list(_groups()))
def test_every_documented_command_runs_as_shown(verb, tmp_path, monkeypatch):
    _project(tmp_path)
    monkeypatch.chdir(tmp_path)
    wrong = []
    for doc, command in _groups()[verb]:
        expected, _ = FAILS.get(command, (0, ""))
        result = _run(command)
        if result.exit_code != expected:
            wrong.append(f"{doc}: `{command}` ended {result.exit_code}, not {expected}:\n"
                         f"{result.output[-2000:]}{result.exception or ''}")
        elif command in CHECKS:
            CHECKS[command](result)
    assert not wrong, "\n\n".join(wrong)
