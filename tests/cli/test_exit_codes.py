"""Exit codes tell a crash from bad data and bad usage; commands that write refuse what they cannot."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cardgen import api
from cardgen.cli import EXIT_INTERNAL, main


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], prog_name="cardgen")


def _explode(*args, **kwargs):
    raise RuntimeError("a fault inside cardgen\x1b[2J")


def test_an_unexpected_exception_is_one_line_and_exit_3(monkeypatch, tmp_path):
    monkeypatch.setattr(api, "validate", _explode)
    result = run("validate", tmp_path)
    assert result.exit_code == EXIT_INTERNAL == 3
    lines = result.output.splitlines()
    assert lines == ["internal error: RuntimeError: a fault inside cardgen\\x1b[2J; please report "
                     "(run with --debug for details)"]
    assert "Traceback" not in result.output


def test_debug_adds_the_traceback(monkeypatch, tmp_path):
    monkeypatch.setattr(api, "validate", _explode)
    result = run("--debug", "validate", tmp_path)
    assert result.exit_code == 3
    assert "Traceback" in result.output and "_explode" in result.output
    assert result.output.rstrip().endswith("a fault inside cardgen\\x1b[2J; please report")


@pytest.mark.parametrize("title", ["AC\\DC", 'Say "hi"', "{a: b} #c", "- dash", "yes", "1.10",
                                   "Café", "'single'", "%(title)s", "tab\there"])
def test_new_writes_a_game_that_loads_with_the_title_as_given(tmp_path, title):
    folder = tmp_path / "game"
    assert run("new", folder, "--title", title).exit_code == 0
    assert run("validate", folder).exit_code == 0
    dumped = run("dump", folder)
    assert dumped.exit_code == 0, dumped.output
    assert json.loads(dumped.output)["title"] == title


def test_new_refuses_a_title_with_a_control_character(tmp_path):
    result = run("new", tmp_path / "game", "--title", "bad\x1btitle")
    assert result.exit_code == 2
    assert "control character \\x1b" in result.output and "\x1b" not in result.output
    assert not (tmp_path / "game").exists()


@pytest.mark.parametrize("title, problem", [
    ("مرحبا", "the title holds right-to-left text"),
    ("x" * 5000, "text does not fit its 51.5 x 10 mm box"),
])
def test_new_refuses_a_title_the_new_game_could_not_print(tmp_path, title, problem):
    result = run("new", tmp_path / "game", "--title", title)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "Error: the new game could not print its title: " in result.output
    assert problem in result.output and "cardgen-new-" not in result.output
    assert not (tmp_path / "game").exists()


def test_new_names_the_folder_when_the_title_is_made_from_it(tmp_path):
    result = run("new", tmp_path / "שלום")
    assert result.exit_code == 2
    assert "could not print its title (made from the folder name: give one with --title)" in (
        result.output)
    assert run("new", tmp_path / "שלום", "--title", "Shalom").exit_code == 0


def test_new_onto_a_file_is_a_usage_error(tmp_path):
    (tmp_path / "taken").write_text("mine", encoding="utf-8")
    result = run("new", tmp_path / "taken")
    assert result.exit_code == 2
    assert "is a file; name a new folder" in result.output
    assert (tmp_path / "taken").read_text(encoding="utf-8") == "mine"


def test_new_below_a_file_is_a_usage_error(tmp_path):
    (tmp_path / "taken").write_text("mine", encoding="utf-8")
    result = run("new", tmp_path / "taken" / "game")
    assert result.exit_code == 2
    assert "cannot write" in result.output and "Traceback" not in result.output


def test_calibrate_below_a_file_names_the_file(tmp_path):
    (tmp_path / "taken").write_text("mine", encoding="utf-8")
    result = run("calibrate", "--out", tmp_path / "taken" / "calibration.pdf")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{tmp_path / 'taken' / 'calibration.pdf'}: error: output: cannot write the calibration "
        f"sheet: '{tmp_path / 'taken'}' is a file, not a folder"]


@pytest.mark.parametrize("offset", ["nan,0", "0,inf", "1e9,0", "-21,0", "1,2,3", "x", "1_0,0",
                                    "\u0663,0", "\uff11,0"])
def test_back_offsets_out_of_range_are_usage_errors(offset, tmp_path):
    result = run("build", tmp_path, "--back-offset", offset, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "--back-offset" in result.output or "expected" in result.output
    assert not (tmp_path / "out").exists()


def _float_options(command=main, words=()):
    """(the command's words, the option) for every option of any command that takes a number."""
    if isinstance(command, click.Group):
        for name, sub in sorted(command.commands.items()):
            yield from _float_options(sub, (*words, name))
        return
    for param in command.params:
        if isinstance(param, click.Option) and isinstance(param.type, click.types.FloatParamType):
            yield words, param, command


FLOAT_OPTIONS = list(_float_options())
VALID_GAME = Path(__file__).resolve().parents[1] / "corpus" / "valid-minimal" / "data" / "game"


def test_the_float_options_are_found():
    assert ("export", "images", "--dpi") in [(*words, param.opts[0])
                                             for words, param, _ in FLOAT_OPTIONS]


@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "-inf", "1e999"])
@pytest.mark.parametrize("words, param, command", FLOAT_OPTIONS,
                         ids=[" ".join([*w, p.opts[0]]) for w, p, _ in FLOAT_OPTIONS])
def test_no_float_option_takes_nan_or_infinity(words, param, command, value, tmp_path):
    names = {p.name for p in command.params}
    args = [*words, param.opts[0], value]
    if "game_dirs" in names or "game_dir" in names:
        shutil.copytree(VALID_GAME, tmp_path / "game")
        args.append(tmp_path / "game")
    if "out_dir" in names:
        args += ["--out", tmp_path / "out"]
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert f"Invalid value for '{param.opts[0]}'" in result.output
    assert f"found '{value}'" in result.output
    assert not (tmp_path / "out").exists()

