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


PLACES = {"the card tables": "@cards", "the glossary": "@glossary",
          "the lists of definitions": "@definitions"}


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_the_prototype_notice_names_only_places_the_booklet_prints_with_a_dagger(game):
    checked = check(game, Report())
    assert checked is not None
    notice = prototype_notice(checked.game) or ""
    rules = (game / "rules.md").read_text(encoding="utf-8")
    game_data = checked.game
    holds = {"the card tables": any(c.prototype for d in game_data.decks for c in d.cards),
             "the glossary": bool(game_data.prototype_terms),
             "the lists of definitions": any(d.prototype for d in game_data.definitions.values())}
    named = {place for place in PLACES if place in notice}
    assert not named or notice
    for place in named:
        assert holds[place], place
        assert re.search(rf"^{PLACES[place]}\b", rules, re.MULTILINE), place


def test_the_rules_say_farseer_merchant_and_hurricane_carry_the_prototype_tag_as_they_do():
    checked = check(ROOT / "data" / "fantasy-line-battle", Report())
    assert checked is not None
    named = {c.name: c for d in checked.game.decks for c in d.cards}
    assert all(named[n].prototype for n in ("Farseer", "Merchant", "Hurricane"))
    rules = (ROOT / "data" / "fantasy-line-battle" / "rules.md").read_text(encoding="utf-8")
    assert "every card carries a PROTOTYPE tag" in " ".join(rules.split())


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_no_credit_names_the_tool_or_a_production_note(game):
    """The credits are the players': who made the game, never the program that printed the kit
    or a note on whom the data does not name."""
    checked = check(game, Report())
    assert checked is not None
    for credit in checked.game.credits:
        assert not re.search(r"cardgen|not named|prototype", credit, re.IGNORECASE), credit
