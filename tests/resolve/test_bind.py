"""Binding layouts to cards: misspelt condition names and values a card does not give are reported."""
from pathlib import Path

import pytest

from cardgen.api import validate


@pytest.fixture
def game(copy_game, tmp_path, monkeypatch):
    copy_game("valid-minimal")
    monkeypatch.chdir(tmp_path)
    return Path("data/game")


def test_a_misspelt_condition_name_is_reported_not_read_as_false(game, edit):
    edit(game / "layouts" / "front.yaml", "when: art,", "when: artt,")
    errors = validate([game]).errors
    assert errors and all(e.code == "layout" for e in errors)
    assert "the condition 'artt' names artt, which is neither a field nor a deck, game or card value" \
        in errors[0].message


def test_a_declared_field_the_card_leaves_out_is_named_as_missing(game, edit, edit_card):
    edit_card(game, "cards/heroes.yaml", "First Hero", "text", '"Deals {{bonus}} more."')
    edit(game / "game.yaml", "      text: {type: text}\n",
         "      text: {type: text}\n      bonus: {type: integer}\n")
    [error] = validate([game]).errors
    assert error.code == "markup"
    assert error.message.startswith(
        "card 'First Hero': the text uses {{bonus}}, but this card gives no bonus")


def test_a_rule_about_an_undeclared_field_is_an_error(game, edit):
    line = 2 + edit(game / "game.yaml", "    cards: cards/heroes.yaml\n",
                    "    cards: cards/heroes.yaml\n    rules:\n      - per_value: {field: powr, max: 1}\n")
    [error] = validate([game]).errors
    assert (error.code, error.line) == ("unknown-field", line)
    assert error.message == ("per_value rule names 'powr', which card type 'hero' does not declare "
                             "(did you mean 'power'?)")


def test_an_unknown_field_in_text_is_one_error_with_the_closest_name(game, edit):
    edit(game / "layouts" / "front.yaml", 'text: "**{{name}}**"', 'text: "**{{nmae}}** ' +
         "with a long tail no 38 mm line could hold at any legible size" * 3 + '"')
    report = validate([game])
    assert [(d.severity.value, d.code) for d in report.diagnostics] == [("error", "markup")]
    assert "unknown field '{{nmae}}' (did you mean 'name'?)" in report.diagnostics[0].message


def test_a_declared_field_left_out_is_not_fitted_as_its_literal_text(game, edit):
    edit(game / "game.yaml", "      text: {type: text}\n",
         "      text: {type: text}\n      bonus: {type: integer}\n")
    edit(game / "layouts" / "front.yaml", 'text: "**{{name}}**"',
         'text: "**{{name}}** {{bonus}}{{bonus}}{{bonus}}{{bonus}}{{bonus}}{{bonus}}"')
    report = validate([game])
    assert {d.code for d in report.diagnostics} == {"markup"}
    assert "the text uses {{bonus}}, but this card gives no bonus" in report.diagnostics[0].message


def test_an_unknown_field_in_a_plain_value_names_the_closest(game, edit):
    edit(game / "layouts" / "front.yaml", 'fill: "{{deck.color}}"', 'fill: "{{dekc.color}}"')
    errors = validate([game]).errors
    assert errors and all("unknown field(s) dekc.color (did you mean 'deck.color'?)" in e.message
                          for e in errors)
