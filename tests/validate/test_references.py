"""References between cards at scale: the card index is built once per game, not per reference."""
from __future__ import annotations

from cardgen.api import validate
from cardgen.base.errors import Report
from cardgen.load.game import load_game
from cardgen.validate import references
from cardgen.validate.references import check_references

ROWS = 14_000


def test_14000_rows_naming_each_other_index_the_cards_once(copy_game, monkeypatch):
    root = copy_game("valid-minimal",
                     ("game.yaml", "      art: {type: image}\n",
                      "      art: {type: image}\n      ally: {type: reference}\n"),
                     ("game.yaml", "cards: cards/heroes.yaml", "cards: cards/heroes.csv"))
    rows = ["name,power,ally"] + [f"Hero {i},{i % 10},Hero {(i + 1) % ROWS}" for i in range(ROWS)]
    rows[-1] = f"Hero {ROWS - 1},1,Nobody"
    (root / "cards" / "heroes.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    report = Report()
    game = load_game(root, report)
    assert not report.errors and len(game.decks[0].cards) == ROWS
    seen = []
    real = references._check_card_reference
    monkeypatch.setattr(references, "_check_card_reference",
                        lambda cards, *rest: seen.append(id(cards)) or real(cards, *rest))
    check_references(game, report)
    assert len(seen) == ROWS and len(set(seen)) == 1         # one index for every reference
    [error] = report.errors
    assert "names card 'Nobody', which no deck has" in error.message


def test_a_card_that_fails_to_load_is_one_error_not_one_per_reference_to_it(copy_game):
    root = copy_game("valid-minimal",
                     ("cards/heroes.yaml", '"Draw a card."', '"Helps the [[First Hero]]."'))
    cards = root / "cards" / "heroes.yaml"
    (root / "rules.md").write_text("# Play\n\nThe [[First Hero]] goes first.\n", encoding="utf-8")
    game_yaml = root / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8")
                         + "documents:\n  - {id: rules, title: Rules, file: rules.md}\n",
                         encoding="utf-8")
    assert not validate([root]).diagnostics
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("power: 3", "power: 30"), encoding="utf-8")
    found = [(d.code, d.message) for d in validate([root]).diagnostics]
    assert found == [("type", "expected at most 10, found 30")]
    # with every card read again, an unknown name is reported as before
    cards.write_text(text.replace("[[First Hero]]", "[[Frist Hero]]"), encoding="utf-8")
    assert [d.code for d in validate([root]).diagnostics] == ["undefined-term"]
