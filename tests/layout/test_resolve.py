"""Resolving faces: a problem of the layout itself is reported once, not once per card."""
from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from cardgen.cli import main

REPO = Path(__file__).resolve().parents[2]


def test_a_misspelt_field_in_a_layout_is_reported_once_at_the_layout(tmp_path):
    shutil.copytree(REPO / "data" / "time-line-battle-v2", tmp_path / "data" / "g")
    layout = tmp_path / "data" / "g" / "layouts" / "character.yaml"
    text = layout.read_text(encoding="utf-8")
    assert text.count("{{name}}") == 1
    layout.write_text(text.replace("{{name}}", "{{nmae}}"), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(tmp_path / "data" / "g")])
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert result.exit_code == 1
    assert len(errors) == 1, errors
    assert errors[0].startswith(f"{layout}:")
    assert ("unknown field '{{nmae}}' (did you mean 'name'?) (on 44 cards of decks 'player-1', "
            "'player-2'") in errors[0]


def test_an_element_with_an_unknown_field_is_not_also_fitted_as_its_literal_text(tmp_path):
    shutil.copytree(REPO / "data" / "time-line-battle-v2", tmp_path / "data" / "g")
    layout = tmp_path / "data" / "g" / "layouts" / "character.yaml"
    text = layout.read_text(encoding="utf-8")
    assert text.count("{{health}}") == 1
    layout.write_text(text.replace("{{health}}", "{{helth}}"), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(tmp_path / "data" / "g")])
    assert result.exit_code == 1
    problems = [line for line in result.stderr.splitlines() if ": error: " in line
                or ": warning: " in line]
    assert len(problems) == 1, problems            # no small-text, no text-overflow of '{{helth}}'
    assert ": error: markup: elements.health_badge: unknown field '{{helth}}' (did you mean " \
           "'health'?)" in problems[0]


def test_a_field_misspelt_twice_in_one_element_counts_each_card_once(tmp_path):
    shutil.copytree(REPO / "data" / "time-line-battle-v2", tmp_path / "data" / "g")
    layout = tmp_path / "data" / "g" / "layouts" / "character.yaml"
    text = layout.read_text(encoding="utf-8")
    layout.write_text(text.replace("{{name}}", "{{nmae}} {{nmae}}"), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(tmp_path / "data" / "g")])
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert len(errors) == 1 and "(on 44 cards of decks" in errors[0], errors


def test_a_misspelt_field_in_a_token_or_back_layout_is_reported_once(tmp_path):
    game = tmp_path / "data" / "g"
    shutil.copytree(REPO / "data" / "dragon-line-deluxe", game)
    for name, old, new in (("activation.yaml", "{{color}}", "{{colr}}"),
                           ("back.yaml", "{{label}}", "{{lable}}")):
        path = game / "layouts" / name
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1
        path.write_text(text.replace(old, new), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(game)])
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 2, errors
    tokens, backs = sorted(errors)
    assert tokens.startswith(f"{game / 'layouts' / 'activation.yaml'}:") and \
        "(on 4 faces, e.g. token 'First player star' front; layout 'activation'" in tokens
    assert backs.startswith(f"{game / 'layouts' / 'back.yaml'}:") and \
        "(on 2 faces, e.g. the back of deck 'dragons'; layout 'back'" in backs


def test_a_bad_value_two_tokens_give_is_reported_at_each_token_not_the_layout(tmp_path):
    game = tmp_path / "data" / "g"
    shutil.copytree(REPO / "data" / "dragon-line-deluxe", game)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    starts = [n for n, line in enumerate(lines) if "{name: First player" in line]
    assert len(starts) == 2
    for n in starts:
        lines[n] = lines[n].replace('color: "#7a2e2e"', 'color: "reddish"')
    (game / "game.yaml").write_text("".join(lines), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(game)])
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 2, errors
    for n, error in zip(starts, errors):
        assert error.startswith(f"{game / 'game.yaml'}:{n + 1}: error: layout: ")
        assert "unknown colour 'reddish'" in error
