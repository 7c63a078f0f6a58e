"""The shipped games' front matter says only what their kits hold: no credit for art when no
layout draws a picture, and no PROTOTYPE tag promised when no card prints one."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.base.errors import Report
from cardgen.pipeline import check
from cardgen.render.booklet.parts import prototype_notice

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())
ART = re.compile(r"\b(art|artwork|illustrat\w*|cover)\b", re.IGNORECASE)


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_front_matter_claims_only_what_the_kit_holds(game):
    checked = check(game, Report())
    assert checked is not None
    faces = [f for d in checked.faces.decks for f in (*d.fronts.values(), d.back)]
    pictures = any(element.pictures() for face in faces for element in face.elements)
    art_credits = [c for c in checked.game.credits if ART.search(c)]
    assert pictures or not art_credits, art_credits
    assert not any("rules document" in c for c in checked.game.credits)
    tagged = any("PROTOTYPE" in ink.content for face in faces for element in face.elements
                 for ink in element.inks() if ink.kind == "text")
    notice = prototype_notice(checked.game) or ""
    rules = (game / "rules.md").read_text(encoding="utf-8")
    claims = "PROTOTYPE tag" in notice or re.search(r"carr\w+ a PROTOTYPE tag", rules)
    assert tagged or not claims
