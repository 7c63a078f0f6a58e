"""Where things sit on the shipped games' faces: a Spell's keyword tags always in the same
place, and text that stays inside the panel drawn for it."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.base.errors import Report
from cardgen.pipeline import BuildOptions, check

DATA = Path(__file__).resolve().parents[2] / "data"
KEYWORDS = ("doubleable", "fork", "interrupt")


def _faces(game: str):
    report = Report()
    checked = check(DATA / game, report, BuildOptions())
    assert checked is not None, [d.format() for d in report.errors]
    return checked


def _boxes(face) -> dict:
    """Element name -> the box of what it prints (its first ink), for the elements drawn."""
    return {name: element.inks()[0].box for name, element in zip(face.names, face.elements)
            if element.inks()}


def _inside(inner, outer) -> bool:
    return (outer.x <= inner.x and outer.y <= inner.y and inner.x + inner.width <= outer.x + outer.width
            and inner.y + inner.height <= outer.y + outer.height)


def test_a_spells_keyword_tags_keep_their_own_places_and_leave_no_empty_slot():
    checked = _faces("fantasy-line-battle")
    places, seen = {}, {k: 0 for k in KEYWORDS}
    spells = [(faces, card) for faces in checked.faces.decks for card in faces.deck.cards
              if card.card_type == "spell"]
    assert len(spells) == 48
    for faces, card in spells:
        boxes = _boxes(faces.fronts[card.id])
        assert not any(name.startswith("slot_") for name in boxes), card.id   # no empty boxes
        for keyword in KEYWORDS:
            has = bool(card.values.get(keyword))
            assert (f"tag_{keyword}" in boxes) == has, (card.id, keyword)
            if has:
                seen[keyword] += 1
                place = places.setdefault(keyword, boxes[f"tag_{keyword}"])
                assert boxes[f"tag_{keyword}"] == place == boxes[f"tag_{keyword}_text"], card.id
    assert len({(b.x, b.y) for b in places.values()}) == 3     # three places, side by side
    assert all(seen.values()), seen


@pytest.mark.parametrize("element", ["special", "legend", "legend_none"])
def test_the_target_panel_holds_its_text(element):
    checked = _faces("fantasy-arena-tactics")
    drawn = 0
    for faces in checked.faces.decks:
        for card in faces.deck.cards:
            boxes = _boxes(faces.fronts[card.id])
            if element in boxes:
                drawn += 1
                assert _inside(boxes[element], boxes["bottom_panel"]), (card.id, boxes[element])
    assert drawn >= 2
