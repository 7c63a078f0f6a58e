"""Token sets and boards as game.yaml gives them: tokens listed or made from a deck's cards or
from definitions, path outlines, and every mistake reported at its line."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.base.errors import Report
from cardgen.load.game import load_game

DEFINITIONS = """definitions:
  Burning: {kind: condition, text: Takes 1 damage a turn.}
  Frozen: {kind: condition, text: Cannot move.}
  Wolf: {kind: summon, text: A wolf.}
"""


def _game(copy_game, extra: str) -> tuple[Path, str]:
    game = copy_game("valid-minimal")
    text = (game / "game.yaml").read_text(encoding="utf-8") + DEFINITIONS + extra
    (game / "game.yaml").write_text(text, encoding="utf-8")
    return game, text


def _line(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_tokens_made_from_a_deck_and_from_definitions_bind_what_made_them(copy_game):
    game, _ = _game(copy_game, """token_sets:
  - id: pieces
    size: 20mm
    face: {layout: back}
    from_deck: heroes
  - id: markers
    size: 16mm
    face: {layout: back}
    from_definitions: condition
    copies: 3
""")
    report = Report()
    loaded = load_game(game, report)
    assert not report.diagnostics
    pieces, markers = loaded.token_sets
    assert [(t.name, t.values["power"], t.copies) for t in pieces.tokens] == [
        ("First Hero", 3, 1), ("Second Hero", 5, 1)]
    assert [(t.name, t.values["kind"], t.copies) for t in markers.tokens] == [
        ("Burning", "condition", 3), ("Frozen", "condition", 3)]
    assert markers.count == 6


def test_a_path_starts_at_its_corner_and_takes_its_size_from_its_points(copy_game):
    game, _ = _game(copy_game, """token_sets:
  - id: arrows
    shape: path
    points: [[5mm, 5mm], [35mm, 5mm], [20mm, 25mm]]
    face: {layout: back}
    tokens: [{name: Arrow}]
""")
    [arrows] = load_game(game, Report()).token_sets
    assert arrows.points == ((0.0, 0.0), (30.0, 0.0), (15.0, 20.0)) and arrows.size == 30.0


@pytest.mark.parametrize("extra, needle, message", [
    ("  - {id: a, size: 20mm, face: {layout: back}, from_deck: heros}\n", "heros",
     "no deck 'heros' (did you mean 'heroes'?); the game has: heroes"),
    ("  - {id: a, size: 20mm, face: {layout: back}, from_definitions: [conditon]}\n", "conditon",
     "no definition is of kind 'conditon' (did you mean 'condition'?); the game's kinds: condition, summon"),
    ("  - {id: a, size: 20mm, face: {layout: back}}\n", "id: a",
     "a token set needs at least one token: list them in `tokens`, or make them with `from_deck` "
     "or `from_definitions`"),
    ("  - {id: a, face: {layout: back}, tokens: [{name: A}]}\n", "id: a",
     "missing required key 'size' (mm across)"),
    ("  - {id: a, shape: path, size: 20mm, points: [[0, 0], [20, 0], [0, 20]], face: {layout: back}, "
     "tokens: [{name: A}]}\n", "id: a", "a path's size is that of its points; leave size out"),
    ("  - {id: a, shape: path, face: {layout: back}, tokens: [{name: A}]}\n", "id: a",
     "a path needs its corners: points: [[x, y], ...]"),
    ("  - {id: a, shape: path, points: [[0, 0], [20, 0], [0, 2]], face: {layout: back}, "
     "tokens: [{name: A}]}\n", "id: a", "a path must be at least 8 mm each way; these corners span 20 x 2 mm"),
    ("  - {id: a, size: 20mm, points: [[0, 0], [20, 0], [0, 20]], face: {layout: back}, "
     "tokens: [{name: A}]}\n", "id: a", "points are for shape: path; a circle takes only its size"),
    ("  - {id: a, shape: path, points: [[0, 0], [20, 0]], face: {layout: back}, tokens: [{name: A}]}\n",
     "id: a", "expected a list of 3 to 64 corners [x, y], found 2 corner(s)"),
])
def test_a_mistake_in_a_token_set_is_an_error_at_its_line(copy_game, extra, needle, message):
    game, text = _game(copy_game, "token_sets:\n" + extra)
    report = Report()
    assert load_game(game, report) is None
    [error] = report.errors
    assert (error.line, error.message) == (_line(text, needle), message)


def test_a_board_reads_its_size_face_and_copies(copy_game):
    game, text = _game(copy_game, "boards:\n  - {id: mat, width: 300mm, height: 20cm, copies: 2, "
                                 "face: {layout: back}}\n  - {id: big, width: 3000mm, height: 1000mm, "
                                 "face: {layout: back}}\n")
    report = Report()
    assert load_game(game, report) is None
    [error] = report.errors
    assert error.line == _line(text, "id: big") and error.message == \
        "expected at most 2000 mm, found 3000 mm"
