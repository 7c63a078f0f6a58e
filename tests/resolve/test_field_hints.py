"""Messages for card text that names a field the wrong way: a close name offered for an unknown
{{field}}, a single-brace {field} said to be a field, and a name that is both an icon and a
field flagged."""
from __future__ import annotations

FIELDS = "      power: {type: integer, required: true, min: 0, max: 10}\n"


def _game(copy_game, field: str, text: str):
    return copy_game("valid-minimal",
                     ("game.yaml", FIELDS, FIELDS + f"      {field}: {{type: integer}}\n"),
                     ("cards/heroes.yaml", "    power: 3\n", f"    power: 3\n    {field}: 2\n"),
                     ("cards/heroes.yaml", '"Deals **{{power}}** {damage}."', f'"{text}"'))


def test_an_unknown_field_is_offered_the_card_field_it_most_likely_means(copy_game, validate):
    game = _game(copy_game, "reach", "Hits at {{range}}.")
    [error] = validate(game, exit_code=1).problems()
    assert "unknown field '{{range}}' (did you mean 'reach'?)" in error


def test_a_single_brace_name_that_is_a_field_and_no_icon_says_so(copy_game, validate):
    game = _game(copy_game, "reach", "Hits at {reach}.")
    [error] = validate(game, exit_code=1).problems()
    assert ("unknown icon '{reach}': no icon has that name, but the card has a field 'reach': "
            "write {{reach}} to print it") in error


def test_a_single_brace_name_that_is_both_an_icon_and_a_field_is_a_warning(copy_game, validate):
    game = _game(copy_game, "range", "Hits at {range}.")
    run = validate(game, exit_code=0)
    [warning] = run.problems("warning")
    assert "'{range}' draws the range icon, and the card also has a field 'range'" in warning
    for text in ("Hits at {{range}}.", "Hits at {{range}} {range}.", "Adds {{power}} {range}."):
        assert validate(_game(copy_game, "range", text), exit_code=0).problems("warning") == []
