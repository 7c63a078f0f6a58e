"""The error lines the docs show are what cardgen prints: each example mistake, made in a copy
of the game it names, gives exactly that one line (every problem line in a code block of docs/data-format.md
and docs/layouts.md; the walk-through of docs/add-a-game.md is run
whole by test_docs.py)."""
import re
from pathlib import Path

import pytest

from test_docs import DOCS, _fenced, _walk_through

TIMELINE = "time-line-battle-v2"


def _examples() -> list[str]:
    """The lines of the example block of data-format.md's "Errors and warnings"."""
    text = (DOCS / "data-format.md").read_text(encoding="utf-8")
    section = text[text.index("## Errors and warnings"):]
    block = next(body for language, body, before in _fenced(section)
                 if before.strip() == "For example:")
    return block.strip().splitlines()


def _problem_lines(doc: str) -> list[str]:
    """The problem lines shown in a doc's code blocks."""
    text = (DOCS / doc).read_text(encoding="utf-8")
    return [line for language, body, before in _fenced(text) for line in body.splitlines()
            if re.match(r"\S+:\d+: (?:error|warning): ", line)]


EXAMPLES = list(dict.fromkeys(_examples() + _problem_lines("data-format.md")
                              + _problem_lines("layouts.md")))
HEALING = 'effect: "Gain 3 {health}."'
# how each example is made: the code it shows -> (game, file, old text or None: append, new text)
MISTAKES = {
    "type: card_types": (TIMELINE, "game.yaml", "choices: [Front, Rear, Any, All, Ally, None]",
                         "choices: Front"),
    "type: cards[0].health": (TIMELINE, "cards/characters.yaml", "    health: 10\n",
                              '    health: "10"\n'),
    "count-per-value": (TIMELINE, "game.yaml", "      - copies: {equals: 1}\n",
                        "      - copies: {equals: 1}\n      - per_value: {field: target, max: 9}\n"),
    "unused-definition": ("potion-market", "game.yaml", None,
                          'definitions:\n  Unused: {kind: condition, text: "Unused."}\n'),
    "text-overflow": ("potion-market", "cards/potions.yaml", HEALING,
                      'effect: "' + "Gain " * 300 + '."'),
    "missing-glyph": ("potion-market", "cards/potions.yaml", HEALING,
                      'effect: "Gain 3 中 {health}."'),
    "undefined-term": ("potion-market", "cards/potions.yaml", HEALING,
                       'effect: "Gain 3 {health}, then play a [[Fire Tonik]]."'),
}


def _mistake(line: str):
    return next(made for shown, made in MISTAKES.items() if f": {shown}" in line)


def _potion_market(root: Path) -> Path:
    """The game add-a-game.md writes, as its first validate sees it."""
    files, _, _ = _walk_through()
    for name, body in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(body, encoding="utf-8")
    return root / "data" / "potion-market"


def test_every_example_is_made_here():
    assert len(EXAMPLES) == len(MISTAKES) and all(_mistake(line) for line in EXAMPLES)


@pytest.mark.parametrize("line", EXAMPLES, ids=[re.split(r": (?:error|warning): ", l)[1][:30]
                                                 for l in EXAMPLES])
def test_each_documented_mistake_gives_that_one_line(line, copy_game, edit, validate, tmp_path,
                                                     monkeypatch):
    game_name, file, old, new = _mistake(line)
    game = _potion_market(tmp_path) if game_name == "potion-market" else copy_game(game_name)
    if old is None:
        with (game / file).open("a", encoding="utf-8") as out:
            out.write(new)
    else:
        edit(game / file, old, new, times="first")
    monkeypatch.chdir(tmp_path)       # file names as the docs show them: data/<game>/...
    run = validate(Path("data") / game.name)
    assert run.problems("error", "warning") == [line]
