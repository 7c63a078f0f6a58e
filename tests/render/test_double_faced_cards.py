"""A card with a back of its own: printed behind that card, in every duplex mode, binding the
card's own fields and its back's values; the rest of the deck keeps the deck's back."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pdfsheets import read_pdf

from cardgen.base.errors import Report
from cardgen.pipeline import BuildOptions, build

VALID = Path(__file__).resolve().parents[1] / "corpus" / "valid-minimal" / "data" / "game"
TOL = 0.05
NIGHT = """description: The werewolf by night.
elements:
  field: {type: rect, bleed: true, fill: "#1f1d24"}
  name: {type: text, text: "**{{name}} by night: {{power}}**", x: 5mm, y: 40mm, width: 53.5mm, height: 8mm, size: 12, color: white, align: center}
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("double") / "game"
    shutil.copytree(VALID, root)
    cards = (root / "cards" / "heroes.yaml").read_text(encoding="utf-8")
    cards += "  - name: Werewolf\n    power: 3\n    text: Bites.\n    back: {layout: night, values: {power: 6}}\n"
    (root / "cards" / "heroes.yaml").write_text(cards, encoding="utf-8")
    (root / "layouts" / "night.yaml").write_text(NIGHT, encoding="utf-8")
    return root


def _build(game: Path, out: Path, duplex: str):
    report = Report()
    [written] = build(game, BuildOptions(out_dir=out, duplex=duplex, only=("cards",)), report)
    assert not report.has_errors(), [d.format() for d in report.errors]
    return read_pdf(written)


@pytest.mark.parametrize("duplex", ["long", "short", "fold"])
def test_a_cards_own_back_lands_behind_it_and_only_it(game, tmp_path, duplex):
    pdf = _build(game, tmp_path, duplex)
    front_page = pdf.pages[0]
    back_page = pdf.pages[0] if duplex == "fold" else pdf.pages[1]
    fronts = [p for p in front_page.placements if not p.form.startswith("back")
              and not p.form.endswith("back")]
    backs = [p for p in back_page.placements if p.form.startswith("back") or p.form.endswith("back")]
    assert len(fronts) == len(backs) == 3
    own = [p for p in backs if p.form.endswith("back") and p.form != "back"]
    assert [p.form for p in own] == [f"{fronts[2].form}back"]   # the Werewolf's, the third card
    # the own back sits where the deck's backs sit for the same slot: read its slot by order
    deck_backs = [p for p in backs if p.form == "back"]
    assert len(deck_backs) == 2
    # (upside down behind a short-edge flip, its text comes back without its spaces)
    said = back_page.form_text.get(own[0].form, "").replace(" ", "")
    assert "Werewolfbynight:6" in said


def test_the_own_back_is_in_the_same_slot_a_deck_back_would_take(game, tmp_path, copy_game):
    with_own = _build(game, tmp_path / "a", "long")
    plain_game = copy_game(game, ("cards/heroes.yaml",
                                  "    back: {layout: night, values: {power: 6}}\n", ""),
                           name="plain")
    plain = _build(plain_game, tmp_path / "b", "long")
    a = [(round(p.x, 2), round(p.y, 2)) for p in with_own.pages[1].placements]
    b = [(round(p.x, 2), round(p.y, 2)) for p in plain.pages[1].placements]
    assert a == b
