"""The CLI passes its arguments to the library and reports back: new, schema, dump, list, JSON output."""
import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from cardgen.cli import main

REPO = Path(__file__).resolve().parents[2]
TLB2 = REPO / "data" / "time-line-battle-v2"


def run(*args, cwd: Path | None = None):
    runner = CliRunner()
    if cwd is None:
        return runner.invoke(main, [str(a) for a in args])
    with runner.isolated_filesystem(temp_dir=cwd):
        return runner.invoke(main, [str(a) for a in args])


def test_new_writes_a_game_that_validates_and_builds(tmp_path):
    game = tmp_path / "my-game"
    result = run("new", game, "--title", "My Game")
    assert result.exit_code == 0, result.output
    assert "title: \"My Game\"" in (game / "game.yaml").read_text()
    assert run("validate", "--strict", game).exit_code == 0
    built = run("build", game, "--out", tmp_path / "out", "--quiet")
    assert built.exit_code == 0, built.output
    assert (tmp_path / "out" / "my-game" / "heroes.pdf").read_bytes().startswith(b"%PDF")


def test_new_refuses_a_folder_that_has_files(tmp_path):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    result = run("new", tmp_path / "taken")
    assert result.exit_code == 2
    assert "already exists and is not empty" in result.output
    assert (tmp_path / "taken" / "notes.txt").read_text() == "mine"


def test_schema_describes_the_declared_fields():
    result = run("schema", TLB2)
    assert result.exit_code == 0, result.output
    schema = json.loads(result.output)
    card = schema["properties"]["cards"]["items"]
    assert card["additionalProperties"] is False
    assert card["properties"]["order"] == {"type": "integer", "minimum": 1, "maximum": 22,
                                           "description": "Position in the line: lowest at the "
                                                          "Front, highest at the Rear."}
    assert card["properties"]["target"]["enum"] == ["Front", "Rear", "Any", "All", "Ally", "None"]
    assert set(card["required"]) == {"name", "order", "health", "target", "ability"}


def test_schema_names_an_unknown_card_type():
    result = run("schema", TLB2, "--type", "spell")
    assert result.exit_code == 1
    assert "no card type 'spell'; the game has: character" in result.output


def test_validate_json_output_lists_every_finding(tmp_path):
    game = tmp_path / "data" / "g"
    shutil.copytree(TLB2, game)
    shutil.copytree(REPO / "layouts", tmp_path / "layouts")
    cards = game / "cards" / "characters.yaml"
    cards.write_text(cards.read_text().replace("health: 10", "health: ten").replace(
        "health: 8\n", "helth: 8\n", 1))
    result = run("validate", "--format", "json", game)
    assert result.exit_code == 1
    findings = json.loads(result.output)
    assert {f["code"] for f in findings} == {"type", "unknown-key", "missing-field"}
    ten = next(f for f in findings if f["code"] == "type")
    assert ten["path"] == "cards[0].health" and ten["severity"] == "error"
    assert ten["message"] == "expected a whole number, found text 'ten'"


def test_list_and_dump_agree_on_counts():
    listed = run("list", TLB2)
    assert "player-1: Crimson Army, 22 different cards, 22 to print, poker" in listed.output
    dumped = json.loads(run("dump", TLB2).output)
    assert [d["cards_to_print"] for d in dumped["decks"]] == [22, 22]


def test_no_game_named_and_no_data_folder_is_a_usage_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("validate")
    assert result.exit_code == 2
    assert "no game folder given, and no game under 'data/' here" in result.output
