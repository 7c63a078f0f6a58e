"""Where things sit on the shipped games' faces: a Spell's keyword tags set left to right,
and text kept clear of the panels beside it."""
from __future__ import annotations

import re
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


def test_a_spells_keyword_tags_run_left_to_right_from_the_left_edge_with_no_gaps():
    checked = _faces("fantasy-line-battle")
    slots, firsts, seen = set(), set(), {k: 0 for k in KEYWORDS}
    spells = [(faces, card) for faces in checked.faces.decks for card in faces.deck.cards
              if card.card_type == "spell"]
    assert len(spells) == 48
    for faces, card in spells:
        boxes = _boxes(faces.fronts[card.id])
        tags = {name: box for name, box in boxes.items() if name.startswith("tag_") and not name.endswith("_text")}
        present = [k for k in KEYWORDS if card.values.get(k)]
        # one tag per keyword the Spell has, none for the others
        assert sorted(name.split("_")[1] for name in tags) == sorted(present), card.id
        for keyword in present:
            seen[keyword] += 1
        row = sorted(tags.values(), key=lambda b: b.x)
        assert [name.split("_")[1] for name, _ in sorted(tags.items(), key=lambda t: t[1].x)] \
            == present, card.id                                  # in keyword order
        slots.update(round(b.x, 3) for b in row)
        if row:
            firsts.add(round(row[0].x, 3))
            for a, b in zip(row, row[1:]):
                assert 0 < b.x - (a.x + a.width) < 2, card.id   # side by side, a small gap
    assert len(firsts) == 1                                      # the first at the left edge
    assert len(slots) >= 2
    assert all(seen.values()), seen


def test_the_attack_and_its_special_rule_sit_above_the_target_panel():
    checked = _faces("fantasy-arena-tactics")
    drawn = 0
    for faces in checked.faces.decks:
        for card in faces.deck.cards:
            boxes = _boxes(faces.fronts[card.id])
            assert "legend" not in boxes and "special" not in boxes, card.id
            if "attack_special" in boxes:
                drawn += 1
                block, panel = boxes["attack_special"], boxes["bottom_panel"]
                assert block.y + block.height <= panel.y, card.id
    assert drawn >= 2


CUT_LIST = re.compile(r"[A-Za-z][*\]]*\s*(\.\.\.|\u2026)")
STAT_ICONS = {"damage", "heart", "health"}     # the stat badges' own symbols


def test_each_time_line_battle_v2_character_has_its_own_emblem_and_none_is_a_stat_symbol():
    checked = _faces("time-line-battle-v2")
    for faces in checked.faces.decks:
        symbols = [card.values["symbol"] for card in faces.deck.cards if card.card_type == "character"]
        if not symbols:
            continue
        assert len(symbols) == 22
        assert len(set(symbols)) == len(symbols), sorted(symbols)
        assert not STAT_ICONS & set(symbols)


@pytest.mark.parametrize("game", sorted(p.name for p in DATA.iterdir() if (p / "game.yaml").exists()))
def test_no_card_text_is_set_under_5_pt(game):
    checked = _faces(game)
    small = {(faces.deck.id, name, round(ink.size, 1))
             for faces in checked.faces.decks for face in (*faces.fronts.values(), faces.back)
             for name, element in zip(face.names, face.elements)
             for ink in element.inks() if ink.kind == "text" and ink.content.strip() and ink.size < 5}
    assert not small


@pytest.mark.parametrize("game", sorted(p.name for p in DATA.iterdir() if (p / "game.yaml").exists()))
def test_player_aids_write_their_lists_out_in_full(game):
    checked = _faces(game)
    for faces in checked.faces.decks:
        for card in faces.deck.cards:
            if card.card_type != "aid":
                continue
            for value in card.values.values():
                if isinstance(value, str):
                    # an ellipsis after a word cuts a list short; after a number it continues a series
                    assert not CUT_LIST.search(value), (card.id, value)
