"""A shipped game's token faces as resolved: each token set, token and bound face, both sides."""
from __future__ import annotations

from pathlib import Path

from cardgen.base.errors import Report
from cardgen.load.game import load_game
from cardgen.resolve.resolve import resolve_game

DATA = Path(__file__).resolve().parents[1] / "data"


def token_faces(game: str):
    data = load_game(DATA / game, Report())
    faces = resolve_game(data, Report())
    for token_set in data.token_sets:
        for index, token in enumerate(token_set.tokens):
            for side in ("front", "back"):
                face = faces.tokens.get((token_set.id, index, side))
                if face is not None:
                    yield token_set, token, face
