"""The CLI passes its arguments to the library and reports back: new, schema, dump, list, JSON output."""
import json
import shutil
from pathlib import Path

import pytest
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
    assert result.exit_code == 2           # a usage error: the command named what is not there
    assert "no card type 'spell'; the game has: character" in result.stderr


def test_schema_takes_a_card_type_or_a_kind_of_file_not_both():
    result = run("schema", TLB2, "--type", "character", "--kind", "game")
    assert result.exit_code == 2 and result.stdout == ""
    assert "give --type (a card type's schema) or --kind (a kind of file), not both" in result.stderr
    assert json.loads(run("schema", TLB2, "--kind", "game").stdout)["title"] == "cardgen game.yaml"
    assert json.loads(run("schema", TLB2, "--type", "character").stdout)["title"].endswith(
        "cards")


def test_validate_json_output_lists_every_finding(tmp_path):
    game = tmp_path / "data" / "g"
    shutil.copytree(TLB2, game)
    shutil.copytree(REPO / "layouts", tmp_path / "layouts")
    cards = game / "cards" / "characters.yaml"
    cards.write_text(cards.read_text().replace("health: 10", "health: ten").replace(
        "health: 8\n", "helth: 8\n", 1))
    result = run("validate", "--format", "json", game)
    assert result.exit_code == 1
    assert result.stderr == ""               # machine-readable output on stdout, nothing else
    output = json.loads(result.stdout)
    assert output["games"] == 1
    findings = [f for f in output["problems"] if f["severity"] == "error"]
    # a misspelt field is reported as unknown, not also as missing: one mistake, one message
    assert {f["code"] for f in findings} == {"type", "unknown-key"}
    ten = next(f for f in findings if f["code"] == "type")
    assert ten["path"] == "cards[0].health" and ten["severity"] == "error"
    assert ten["message"] == "expected a whole number, found text 'ten'"


def test_list_and_dump_agree_on_counts():
    listed = run("list", TLB2)
    assert "player-1: Crimson Army, 22 different cards, 22 to print, poker" in listed.output
    dumped = json.loads(run("dump", TLB2).output)
    assert "aids: Player aid, 2 different cards, 4 to print, poker" in listed.output
    assert [d["cards_to_print"] for d in dumped["decks"]] == [22, 22, 4]


def test_no_game_named_and_no_data_folder_is_a_usage_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("validate")
    assert result.exit_code == 2
    assert "no game folder given, and no game under 'data/' here" in result.output


def test_problems_go_to_stderr_and_results_to_stdout(tmp_path):
    game = tmp_path / "g"
    shutil.copytree(REPO / "tests" / "corpus" / "valid-minimal" / "data" / "game", game)
    (game / "cards" / "heroes.yaml").write_text("cards:\n  - name: A\n    power: ten\n")
    for command in (["validate"], ["build", "--out", str(tmp_path / "out")], ["list"], ["dump"]):
        result = run(*command, game)
        assert result.exit_code == 1, command
        assert "expected a whole number" in result.stderr, command
        assert "expected a whole number" not in result.stdout, command


@pytest.mark.parametrize("command", ["validate", "build", "list"])
def test_format_json_reports_result_and_problems_as_one_object(command, tmp_path):
    args = [command, TLB2, "--format", "json"] + (["--out", tmp_path] if command == "build" else [])
    result = run(*args)
    assert result.exit_code == 0, result.output
    output = json.loads(result.stdout)
    assert output["problems"] == []
    if command == "build":
        assert sorted(Path(p).name for p in output["written"]) == [
            "aids.pdf", "player-1.pdf", "player-2.pdf", "rules-booklet.pdf", "rules.pdf",
            "timeline.pdf", "tokens.pdf"]
    if command == "list":
        assert [d["cards"] for d in output["games"][0]["decks"]] == [22, 22, 4]


@pytest.mark.parametrize("command", ["validate", "list"])
def test_json_is_the_same_as_format_json_in_either_order(command):
    outputs = [run(command, TLB2, *flags).stdout for flags in
               (["--format", "json"], ["--json"], ["--json", "--format", "text"],
                ["--format", "text", "--json"])]
    assert json.loads(outputs[0]) and outputs == [outputs[0]] * 4


@pytest.mark.parametrize("command", ["validate", "build", "list", "dump", "schema", "new",
                                     "calibrate", "export", "export images", "export tts", "diff",
                                     "errata"])
def test_every_command_answers_dash_h_with_an_example(command):
    result = run(*command.split(), "-h")
    assert result.exit_code == 0
    assert "Example" in result.output and f"cardgen {command.split()[0]}" in result.output


def test_a_preset_with_its_own_dpi_or_format_is_a_usage_error(tmp_path):
    result = run("export", "images", TLB2, "--preset", "mpc", "--dpi", "150", "--out", tmp_path)
    assert result.exit_code == 2
    assert "--preset mpc sets the dpi, bleed and format its service asks for: leave out --dpi" \
        in result.stderr
    assert not (tmp_path / "time-line-battle-v2").exists()


def test_the_new_games_longest_allowed_name_fits_its_box(tmp_path):
    game = tmp_path / "g"
    assert run("new", game).exit_code == 0
    cards = game / "cards" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    longest = "W" * 18             # the template's max_length, in the widest letter
    cards.write_text(text.replace("name: First Hero", f"name: {longest}"), encoding="utf-8")
    result = run("validate", game, "--strict")
    assert result.exit_code == 0, result.output
    cards.write_text(text.replace("name: First Hero", f"name: {longest}W"), encoding="utf-8")
    assert "expected at most 18 characters" in run("validate", game).output


def test_building_only_a_kind_the_game_lacks_says_so(tmp_path):
    result = run("build", REPO / "tests" / "corpus" / "valid-minimal" / "data" / "game",
                 "--only", "tokens", "--out", tmp_path)
    assert result.exit_code == 0
    assert result.stderr.strip() == "nothing to write: the game has nothing of --only tokens to print"
    assert not (tmp_path / "game").exists()
