"""Type sizes on the shipped games' card fronts: no title far below its deck's title size (a long
one wraps onto two lines instead), every footer one short line a reader can make out, player-aid
text large enough to read across the table."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from cardgen.base.errors import Report
from cardgen.pipeline import check

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").exists())
TITLE_SHARE = 0.85     # the deck-fit outlier share: a title smaller than this reads as squeezed
FOOTER_MIN = 6.0       # pt
AID_TEXT_MIN = 7.0     # pt


@lru_cache(maxsize=None)
def _decks(game: str):
    report = Report()
    checked = check(ROOT / "data" / game, report)
    assert checked is not None, [str(d) for d in report.errors]
    return checked.faces.decks


def _texts(deck, name: str):
    for card_id, face in deck.fronts.items():
        for element_name, element in zip(face.names, face.elements):
            if element_name == name and element.fitted_size() is not None:
                yield card_id, element


@pytest.mark.parametrize("game", GAMES)
def test_every_title_is_near_its_decks_title_size(game):
    for deck in _decks(game):
        sizes = {card: element.fitted_size() for card, element in _texts(deck, "name")}
        if sizes:
            largest = max(sizes.values())
            small = {c: round(s, 1) for c, s in sizes.items() if s < TITLE_SHARE * largest}
            assert not small, (deck.deck.id, largest, small)


@pytest.mark.parametrize("game", GAMES)
def test_every_footer_is_one_line_of_at_least_six_points(game):
    seen = 0
    for deck in _decks(game):
        for card, element in _texts(deck, "stamp"):
            seen += 1
            assert len(element.layout.lines) == 1, (deck.deck.id, card)
            assert element.fitted_size() >= FOOTER_MIN - 1e-6, (deck.deck.id, card)
            assert element.box.y + element.box.height <= 85.9, (deck.deck.id, card)
    assert seen


@pytest.mark.parametrize("game", GAMES)
def test_player_aid_text_is_at_least_seven_points(game):
    aids = [deck for deck in _decks(game) if deck.deck.id == "aids"]
    for deck in aids:
        for card_id, face in deck.fronts.items():
            for name, element in zip(face.names, face.elements):
                size = element.fitted_size()
                if size is not None and name != "stamp":
                    assert size >= AID_TEXT_MIN - 1e-6, (card_id, name, round(size, 1))


@pytest.mark.parametrize("game", GAMES)
def test_the_footer_sits_clear_of_every_badge_icon_and_text(game):
    from cardgen.drawing.elements.badge import Badge
    from cardgen.drawing.elements.grid import Grid
    from cardgen.drawing.elements.picture import Icon
    from cardgen.drawing.elements.text import Text, TextBox

    def apart(a, b):
        return (a.x + a.width <= b.x + 0.05 or b.x + b.width <= a.x + 0.05
                or a.y + a.height <= b.y + 0.05 or b.y + b.height <= a.y + 0.05)

    for deck in _decks(game):
        for card, face in deck.fronts.items():
            named = dict(zip(face.names, face.elements))
            stamp = named.get("stamp")
            if stamp is None:
                continue
            for name, element in named.items():
                if name != "stamp" and isinstance(element, (Badge, Grid, Icon, Text, TextBox)):
                    assert apart(stamp.box, element.box), (deck.deck.id, card, name)
