"""The games' structural rules, as data: a board's layout values pinned (the 6 x 6 arena), values
fixed on a named card (Fae is a Dark Mage), values that appear once among fields (a team's four
members, no character in two teams), each player's share of a token set."""
from __future__ import annotations

import pytest

FAT = "fantasy-arena-tactics"


def _line(path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if text in line)


def test_an_arena_of_6_by_5_is_an_error_where_the_layout_says_5(copy_game, edit, validate):
    game = copy_game(FAT)
    edit(game / "layouts/arena.yaml", "rows: 6, columns: 6,", "rows: 6, columns: 5,")
    [error] = validate(game, exit_code=1).problems()
    assert f"arena.yaml:{_line(game / 'layouts/arena.yaml', 'tiles: {type: grid')}: error: pinned:" in error
    assert "tiles.columns is 5, but board 'Arena' pins it at 6" in error


def test_a_pin_naming_no_element_of_the_layout_is_an_error(copy_game, edit, validate):
    game = copy_game(FAT, ("game.yaml", "tiles.rows: 6", "squares.rows: 6"))
    [error] = validate(game, exit_code=1).problems()
    assert "pins squares.rows, but its layout 'arena' has no element 'squares'" in error


def test_fae_made_a_white_mage_is_an_error_at_her_alignment(copy_game, edit, validate):
    game = copy_game(FAT, published=False)     # the rule alone, not the published edition too
    cards = game / "cards/characters.yaml"
    text = cards.read_text(encoding="utf-8")
    start = text.index("  - name: Fae")
    cards.write_text(text[:start] + text[start:].replace("alignment: dark", "alignment: white", 1),
                     encoding="utf-8")
    [error] = validate(game, exit_code=1).problems()
    line = text[:text.index("alignment: dark", start)].count("\n") + 1
    assert f"characters.yaml:{line}: error: fixed-value:" in error
    assert "card 'Fae' has alignment 'white', but the rules fix it as 'dark'" in error


@pytest.mark.parametrize("old, new, card, message", [
    ("    sideboard: Lumen", "    sideboard: Kaida", "Glimmerwing Circus",
     "sideboard 'Kaida' is already its warrior"),
    ("    sideboard: Zephyr", "    sideboard: Oru", "Dawnwatch",
     "sideboard 'Oru' is already the warrior of card 'The Ember Court'"),
])
def test_a_team_repeating_a_member_or_sharing_one_is_an_error_at_the_repeat(
        copy_game, validate, old, new, card, message):
    game = copy_game(FAT, ("cards/teams.yaml", old, new))
    [error] = validate(game, exit_code=1).problems()
    assert f"teams.yaml:{_line(game / 'cards/teams.yaml', new.strip())}: error: repeated-value:" in error
    assert f"card '{card}': {message}" in error


def test_a_player_with_five_stars_and_three_blanks_breaks_the_split(copy_game, validate):
    game = copy_game("dragon-line-deluxe",
                     ("game.yaml", "{name: Star, copies: 4", "{name: Star, copies: 5"),
                     ("game.yaml", "{name: Blank, copies: 4", "{name: Blank, copies: 3"))
    errors = validate(game, exit_code=1).problems()
    assert any("owner 'First player' has 5 tokens in token set 'activation'; the rules need "
               "exactly 4" in e for e in errors)
