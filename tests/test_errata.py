"""The errata workflow in a git repository: what changed since a revision, card by card and
field by field; sheets of only those cards; and the same build, byte for byte, every time."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfsheets import read_pdf
from pypdf import PdfReader

from cardgen.cli import main

REPO = Path(__file__).resolve().parents[1]
GAME = "time-line-battle-v2"
GIT = ["git", "-c", "user.email=designer@example.com", "-c", "user.name=Designer"]


def run(*args, cwd: Path):
    old = os.getcwd()
    os.chdir(cwd)
    try:
        return CliRunner().invoke(main, [str(a) for a in args])
    finally:
        os.chdir(old)


def commit(root: Path, message: str) -> None:
    subprocess.run([*GIT, "add", "-A"], cwd=root, check=True, capture_output=True)
    subprocess.run([*GIT, "commit", "-qm", message], cwd=root, check=True, capture_output=True)


@pytest.fixture
def project(tmp_path) -> Path:
    """A designer's repository holding one game, committed once."""
    root = tmp_path / "project"
    shutil.copytree(REPO / "data" / GAME, root / "data" / GAME)
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    commit(root, "the game")
    return root


def reaper_health_4(project: Path, edit) -> None:
    """The Reaper's Health 3 made 4, with the erratum the published edition asks for."""
    edit(project / "data" / GAME / "cards" / "characters.yaml", "health: 3\n", "health: 4\n")
    with open(project / "data" / GAME / "game.yaml", "a", encoding="utf-8") as game:
        game.write('\nerrata:\n  - {card: Reaper, field: health, was: "3", now: "4"}\n')


def test_diff_since_names_the_one_card_and_field_that_changed(project, edit):
    reaper_health_4(project, edit)                        # the Reaper, the only Health 3
    commit(project, "errata: Reaper")
    result = run("diff", f"data/{GAME}", "--since", "HEAD~1", "--format", "json", cwd=project)
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)["diff"]
    assert [(c["deck"], c["name"], c["status"], c["fields"], c["looks_different"])
            for c in found["cards"]] == [
        (deck, "Reaper", "changed", {"health": {"was": "3", "now": "4"}}, False)
        for deck in ("player-1", "player-2")]
    assert found["backs_changed"] == []
    text = run("diff", f"data/{GAME}", "--since", "HEAD~1", cwd=project).stdout
    assert "changed  player-1: Reaper: health 3 -> 4" in text


def test_errata_prints_that_card_alone_after_the_change_page(project, edit):
    reaper_health_4(project, edit)
    commit(project, "errata: Reaper")
    result = run("errata", f"data/{GAME}", "--since", "HEAD~1", "--out", "out", "--duplex", "long",
                 cwd=project)
    assert result.exit_code == 0, result.output
    pdf = read_pdf(project / "out" / GAME / "errata.pdf")
    reader = pdf.reader
    assert "Reaper: health 3 -> 4" in " ".join(reader.pages[0].extract_text().split())
    assert reader.pages[1].extract_text().strip() == ""     # the change page's blank back
    fronts = [p for page in pdf.pages[2:] for p in page.placements if p.form.startswith("card")]
    assert len(fronts) == 2                                  # the Reaper of each army
    for page in (2, 4):
        assert "Reaper" in pdf.pages[page].text and "Guard" not in pdf.pages[page].text
    assert len(reader.pages) == 2 + 2 * 2                    # one sheet, front and back, a deck


def test_a_layout_change_lists_every_card_that_uses_it(project, edit):
    edit(project / "data" / GAME / "layouts" / "character.yaml", 'heart_red: "#c0392b"',
         'heart_red: "#a93226"')
    commit(project, "a darker heart")
    result = run("diff", f"data/{GAME}", "--since", "HEAD~1", "--format", "json", cwd=project)
    found = json.loads(result.stdout)["diff"]
    changed = {(c["deck"], c["name"]) for c in found["cards"] if c["looks_different"]}
    characters = re.findall(r"^  - name: (.+)$", (project / "data" / GAME / "cards" /
                                                  "characters.yaml").read_text(), re.M)
    assert changed == {(deck, name) for deck in ("player-1", "player-2") for name in characters}
    assert all(c["fields"] == {} for c in found["cards"])
    [layout] = found["layouts_changed"]
    assert layout["layout"] == "character" and len(layout["cards"]) == 2 * len(characters)


def test_a_layout_change_lists_the_cards_it_leaves_looking_the_same(project, edit):
    edit(project / "data" / GAME / "layouts" / "character.yaml", 'heart_red: "#c0392b"',
         'heart_red: "#c0392b"\n  unused_green: "#2e7d32"')
    commit(project, "a colour no element uses")
    result = run("diff", f"data/{GAME}", "--since", "HEAD~1", cwd=project)
    assert result.exit_code == 0, result.output
    characters = re.findall(r"^  - name: (.+)$", (project / "data" / GAME / "cards" /
                                                  "characters.yaml").read_text(), re.M)
    lines = result.stdout.splitlines()[1:]
    assert len(lines) == 1 and lines[0].startswith(
        f"  changed  layout 'character': used by {2 * len(characters)} card(s), 0 look different; "
        f"looking the same: player-1: {characters[0]}, ")


def test_diff_between_two_folders_names_cards_added_and_removed(copy_game, tmp_path):
    old = copy_game("valid-minimal")
    new = copy_game("valid-minimal",
                    ("cards/heroes.yaml", "  - name: Second Hero\n", "  - name: Third Hero\n"))
    result = run("diff", old, new, cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1:] == ["  added    heroes: Third Hero",
                                              "  removed  heroes: Second Hero"]


def test_a_revision_that_is_not_there_is_a_usage_error(project, tmp_path, copy_game):
    bad = run("diff", f"data/{GAME}", "--since", "no-such-tag", cwd=project)
    assert bad.exit_code == 2 and "--since no-such-tag" in bad.stderr
    loose = copy_game(project / "data" / GAME)              # a game in no repository
    outside = run("diff", loose, "--since", "HEAD", cwd=tmp_path)
    assert outside.exit_code == 2 and "not a git repository" in outside.stderr


def test_two_builds_of_one_commit_are_byte_identical(project, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    outputs = []
    for name in ("a", "b"):
        result = run("build", f"data/{GAME}", "--out", tmp_path / name, "--quiet", cwd=project)
        assert result.exit_code == 0, result.output
        outputs.append({p.relative_to(tmp_path / name).as_posix(): p.read_bytes()
                        for p in sorted((tmp_path / name).rglob("*")) if p.is_file()})
    assert outputs[0] == outputs[1] and len(outputs[0]) >= 6
    info = PdfReader(tmp_path / "a" / GAME / "player-1.pdf").metadata
    assert info["/CreationDate"].startswith("D:20231114")    # from SOURCE_DATE_EPOCH


def test_a_new_version_with_its_changelog_entry_diffs_without_warnings(project, edit):
    game = project / "data" / GAME / "game.yaml"
    edit(game, 'version: "2.0"', 'version: "2.1"', times="first")
    edit(game, 'changelog:\n', 'changelog:\n  - version: "2.1"\n    changes: ["Reaper: Health 4."]\n')
    reaper_health_4(project, edit)
    commit(project, "2.1")
    result = run("diff", f"data/{GAME}", "--since", "HEAD~1", cwd=project)
    assert result.exit_code == 0 and "warning" not in result.output, result.output
    assert result.stdout.splitlines()[0].endswith("version 2.0 -> 2.1")


def test_a_problem_in_the_old_revision_is_named_as_git_names_that_file(project, edit):
    cards = project / "data" / GAME / "cards" / "characters.yaml"
    edit(cards, "health: 3\n", "health: many\n")
    commit(project, "a mistake")
    edit(cards, "health: many\n", "health: 3\n")
    commit(project, "fixed")
    result = run("diff", f"data/{GAME}", "--since", "HEAD~1", "--format", "json", cwd=project)
    assert result.exit_code == 1
    [problem] = json.loads(result.stdout)["problems"]
    assert problem["file"] == f"HEAD~1:data/{GAME}/cards/characters.yaml"
    assert problem["line"] and "health" in problem["path"]


def test_an_old_revision_finds_layouts_in_its_own_project_only(tmp_path):
    from cardgen.load.game import layout_dirs

    game = tmp_path / "project" / "data" / "game"
    game.mkdir(parents=True)
    (tmp_path / "layouts").mkdir()                   # a folder above the project
    assert tmp_path / "layouts" in layout_dirs(game)
    assert tmp_path / "layouts" not in layout_dirs(game, top=tmp_path / "project")
    (tmp_path / "project" / "layouts").mkdir()
    assert tmp_path / "project" / "layouts" in layout_dirs(game, top=tmp_path / "project")


def test_errata_with_nothing_changed_writes_nothing(project, edit):
    edit(project / "data" / GAME / "game.yaml", "description: >-", "# a comment\ndescription: >-")
    commit(project, "a comment")
    result = run("errata", f"data/{GAME}", "--since", "HEAD~1", "--out", "out", cwd=project)
    assert result.exit_code == 0, result.output
    assert "nothing changed since HEAD~1: nothing to reprint" in result.output
    assert not (project / "out").exists()


def test_a_back_layout_change_names_the_decks_whose_back_it_draws(tmp_path, edit):
    root = tmp_path / "project"
    shutil.copytree(REPO / "tests" / "corpus" / "valid-minimal" / "data" / "game", root / "data" / "g")
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    commit(root, "the game")
    path = root / "data" / "g" / "layouts" / "back.yaml"
    edit(path, "size: 12", "size: 14")
    commit(root, "a larger label on the back")
    result = run("diff", "data/g", "--since", "HEAD~1", "--json", cwd=root)
    found = json.loads(result.stdout)["diff"]
    assert found["layouts_changed"] == [
        {"layout": "back", "cards": [], "backs": [{"deck": "heroes", "looks_different": True}]}]
    assert found["backs_changed"] == ["heroes"] and found["cards"] == []
    text = run("diff", "data/g", "--since", "HEAD~1", cwd=root).stdout.splitlines()[1:]
    assert text == ["  changed  heroes: the back looks different",
                    "  changed  layout 'back': used by the back of deck(s) heroes"]
