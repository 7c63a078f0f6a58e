"""Glossary entries and definitions carry a prototype mark (a stand-in the rules do not give),
next to the plain `term: text` form, and `dump` shows which are marked."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.api import dump, validate


GLOSSARY = """
glossary:
  Front: The first hero in the line.
  Surge:
    text: A burst of power, invented for the prototype.
    prototype: true
  Calm: {text: A quiet turn., prototype: false}
  Rally: {text: Heroes gather.}
definitions:
  Dazed: {kind: condition, text: "Skips its next turn; see [[Surge]].", prototype: true}
  Brave: {kind: condition, text: "Ignores [[Dazed]] and [[Calm]]."}
"""


def game_with(copy_game, tail: str,
              text: str = "Draw a card. [[Brave]], [[Front]], [[Rally]].") -> Path:
    game = copy_game("valid-minimal", ("cards/heroes.yaml", '"Draw a card."', f'"{text}"'))
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8") + tail, encoding="utf-8")
    return game


def test_both_forms_load_and_dump_shows_the_marks(copy_game):
    game = game_with(copy_game, GLOSSARY)
    assert [d.format() for d in validate([game], strict=True).diagnostics] == []
    report, data = dump(game)
    assert data is not None and not report.diagnostics
    assert data["glossary"] == {"Front": "The first hero in the line.",
                                "Surge": "A burst of power, invented for the prototype.",
                                "Calm": "A quiet turn.", "Rally": "Heroes gather."}
    assert data["prototype_glossary"] == ["Surge"]
    assert data["definitions"] == {
        "Dazed": {"kind": "condition", "text": "Skips its next turn; see [[Surge]].", "prototype": True},
        "Brave": {"kind": "condition", "text": "Ignores [[Dazed]] and [[Calm]].", "prototype": False}}


def test_a_game_without_marks_dumps_none(copy_game):
    game = game_with(copy_game, "glossary:\n  Front: The first hero.\n", text="Draw a card. [[Front]].")
    _, data = dump(game)
    assert data["prototype_glossary"] == [] and data["definitions"] == {}


@pytest.mark.parametrize("entry, message", [
    ('{text: Power., prototype: "yes"}', "glossary.Surge.prototype: expected true or false, found text 'yes'"),
    ("{text: Power., invented: true}", "glossary.Surge.invented: unknown key 'invented'; "
                                       "expected one of: prototype, text"),
    ("{prototype: true}", "glossary.Surge: missing required key 'text'"),
    ("[Power, Speed]", "glossary.Surge: expected text, found a list"),
])
def test_a_wrong_glossary_entry_is_an_error_at_its_line(copy_game, entry, message):
    game = game_with(copy_game, f"glossary:\n  Front: The first hero.\n  Surge: {entry}\n",
                     text="Draw a card.")
    line = (game / "game.yaml").read_text(encoding="utf-8").splitlines().index(f"  Surge: {entry}") + 1
    [d] = validate([game]).diagnostics
    assert (Path(d.file).name, d.line, d.severity.value) == ("game.yaml", line, "error")
    assert d.format().endswith(message)


def test_a_wrong_definition_mark_is_an_error_at_its_line(copy_game):
    entry = '  Dazed: {kind: condition, text: "Skips a turn.", prototype: maybe}'
    game = game_with(copy_game, f"definitions:\n{entry}\n", text="Draw a card. [[Dazed]].")
    line = (game / "game.yaml").read_text(encoding="utf-8").splitlines().index(entry) + 1
    [d] = validate([game]).diagnostics
    assert (Path(d.file).name, d.line, d.severity.value) == ("game.yaml", line, "error")
    assert "definitions.Dazed.prototype: expected true or false, found text 'maybe'" in d.format()
