"""`cardgen schema --write` writes only inside the game, every file or none."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main

def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], prog_name="cardgen")


def files(folder: Path) -> dict[str, bytes | str]:
    """Every entry below `folder`: a file's bytes, a link's target, or '<dir>'."""
    out = {}
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        if path.is_symlink():
            out[name] = "-> " + os.readlink(path)
        elif path.is_dir():
            out[name] = "<dir>"
        elif path.is_file():
            out[name] = path.read_bytes()
        else:
            out[name] = "<special>"
    return out


@pytest.fixture
def game(copy_game, monkeypatch) -> Path:
    """The minimal game as `game`, the working folder beside it, with a folder `outside` there."""
    folder = copy_game("valid-minimal").parent
    monkeypatch.chdir(folder)
    (folder / "outside").mkdir()
    (folder / "outside" / "secret.yaml").write_text("password: hunter2\n", encoding="utf-8")
    return Path("game")


def refused(game: Path, *lines: str) -> None:
    """The write fails with exactly `lines`, and changes nothing in the game or beside it."""
    before = files(game.parent)
    result = run("schema", game, "--write")
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert result.output.splitlines() == list(lines)
    assert files(game.parent) == before


def test_a_card_type_id_that_is_a_path_is_an_error_at_load(game, edit, validate):
    edit(game / "game.yaml", "  hero:", '  "x/../../../pwned":')
    edit(game / "game.yaml", "card_type: hero", 'card_type: "x/../../../pwned"')
    refused(game, "game/game.yaml:5: error: type: card_types.x/../../../pwned: expected an id of "
            "letters, digits, '-' and '_', found 'x/../../../pwned'")
    assert validate(game).exit_code == 1


def test_a_layout_linked_out_of_the_game_is_neither_read_nor_written(game):
    (game / "layouts" / "extra.yaml").symlink_to(Path("outside", "secret.yaml").resolve())
    refused(game, "game/layouts/extra.yaml: error: path: path 'layouts/extra.yaml' leads outside "
            "the game folder: cardgen writes only inside the game folder; no file was written")
    assert Path("outside", "secret.yaml").read_text() == "password: hunter2\n"


def test_a_schemas_folder_linked_out_of_the_game_is_refused(game):
    (game / "schemas").symlink_to(Path("outside").resolve())
    refused(game, "game/schemas: error: path: path 'schemas' leads outside the game folder: "
            "cardgen writes only inside the game folder; no file was written")
    assert [p.name for p in Path("outside").iterdir()] == ["secret.yaml"]


def test_a_layout_that_is_not_utf8_is_named(game):
    (game / "layouts" / "latin1.yaml").write_bytes(b"description: caf\xe9\n")
    refused(game, "game/layouts/latin1.yaml:1: error: encoding: file is not UTF-8 text (byte 0xe9 "
            "at offset 16)")


def test_a_layout_that_is_a_pipe_is_named(game):
    os.mkfifo(game / "layouts" / "pipe.yaml")
    refused(game, "game/layouts/pipe.yaml: error: unreadable: not a regular file: a schema line "
            "cannot be added to it")


def test_a_link_inside_the_game_is_followed_and_the_file_it_leads_to_changed(game, validate):
    (game / "layouts" / "again.yaml").symlink_to("front.yaml")
    result = run("schema", game, "--write")
    assert result.exit_code == 0, result.output
    assert (game / "layouts" / "again.yaml").is_symlink()
    assert (game / "layouts" / "front.yaml").read_text(encoding="utf-8").count("yaml-language-server") == 1
    assert validate(game).exit_code == 0
