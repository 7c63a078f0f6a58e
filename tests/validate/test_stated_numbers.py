"""Rules text restates cards' numbers from the data: `{{card-id.field}}` prints a card's value
(sums too), and a number typed beside a card's name that the card does not print is a warning."""
from __future__ import annotations

import pypdf

V2 = "time-line-battle-v2"


def _text(pdf) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(pdf).pages)


def test_an_errata_to_a_card_changes_the_rules_table_and_the_worked_example(copy_game, edit_card,
                                                                          build, validate):
    game = copy_game(V2, published=False)      # a game still being designed: no errata needed
    edit_card(game, "cards/characters.yaml", "Reaper", "damage", "9")
    assert not [line for line in validate(game).problems("warning") if "stated-number" in line]
    text = _text(build(game, "--only", "booklets").out / "rules.pdf")
    assert "Reaper (9) both strike the Crimson Front: 14 damage on the Guard" in text
    assert "reduce it by 2, to 12" in text and "the 2 damage of overkill" in text
    assert "Reaper 6 3 9 Strikes the enemy Front for 9" in text      # the card reference
    assert "Strikes the enemy Front for 8" not in text


def test_a_number_typed_beside_a_card_that_the_card_does_not_print_is_a_warning(copy_game, edit,
                                                                                edit_card, validate):
    game = copy_game(V2, published=False)
    edit(game / "rules.md", "## Your hand\n", "## Your hand\n\nA [[Reaper]] strikes for 8.\n\n")
    assert not [line for line in validate(game).problems("warning") if "stated-number" in line]
    edit_card(game, "cards/characters.yaml", "Reaper", "damage", "9")
    [warning] = [line for line in validate(game).problems("warning") if "stated-number" in line]
    line = (game / "rules.md").read_text(encoding="utf-8").splitlines().index(
        "A [[Reaper]] strikes for 8.") + 1
    assert f"rules.md:{line}: warning: stated-number:" in warning
    assert "states 8 beside 'Reaper'" in warning


def test_a_sum_of_values_that_are_not_numbers_is_an_unknown_field(copy_game, edit, validate):
    game = copy_game(V2)
    edit(game / "rules.md", "## Your hand\n", "## Your hand\n\n[[Reaper]]: {{reaper.name + 1}}.\n\n")
    assert any("{{reaper.name + 1}}" in line for line in validate(game, exit_code=1).problems())
