"""One mistake gives one message: a value that failed is left out, and nothing that needs it
reports a second problem of its own (docs/data-format.md, "Errors and warnings")."""
import pytest

from test_corpus import CASES, expected

GAME = "time-line-battle-v2"
TARGETS = "choices: [Front, Rear, Any, All, Ally, None]"
RULES = """    rules:
      - total: {equals: 22}               # each player's deck: one of each of the 22 Characters
      - copies: {equals: 1}
      - sequence: {field: order, start: 1}
      - distinct: {field: symbol}         # the art icon tells the Characters apart at a glance
"""
DECK_COLOUR = 'values: {color: "#8c1c13", tint'

# (slip, edit of game.yaml, the code and the start of the message of the one line it must give)
SLIPS = [
    ("a scalar where a list of choices is expected", (TARGETS, "choices: Front"),
     "type", "card_types.character.fields.target.choices: expected a list, found text 'Front'"),
    ("a misspelt card size", ("size: poker", "size: pokr", "first"),
     "type", "decks[0].size: expected a card size"),
    ("a deck colour that is no colour", (DECK_COLOUR, DECK_COLOUR.replace("13", "1z")),
     "color", "decks[0].values.color: unknown colour '#8c1c1z'"),
    ("an empty list of deck rules", (RULES, "    rules:\n"),
     "type", "card_types.character.rules: expected a list of rules"),
]


@pytest.mark.parametrize("slip, change, code, message", SLIPS, ids=[s[0] for s in SLIPS])
def test_each_slip_gives_exactly_one_message(copy_game, edit, validate, slip, change, code,
                                             message):
    game = copy_game(GAME)
    line = edit(game / "game.yaml", *change)
    run = validate(game)
    assert run.exit_code == 1
    [only] = run.problems("error", "warning")
    assert only.startswith(f"{game / 'game.yaml'}:{line}: error: {code}: {message}")


def test_a_layout_colour_that_fails_is_reported_once_not_at_each_element_using_it(copy_game,
                                                                                   validate):
    game = copy_game(GAME, ("layouts/character.yaml", 'damage_red: "#b3261e"',
                            'damage_red: "#b3261z"'))
    [only] = validate(game).problems("error", "warning")
    assert ": error: color: colors.damage_red: unknown colour '#b3261z'" in only


def test_a_back_colour_that_fails_gives_no_contrast_warnings_for_what_lies_on_it(copy_game,
                                                                                validate):
    back = 'values: {color: "#8c1c13", label: "Crimson Army"'
    game = copy_game(GAME, ("game.yaml", back, back.replace("13", "1z")))
    [only] = validate(game).problems("error", "warning")
    assert ": error: color: decks[0].back.values.color: " in only


# corpus cases whose one fault is rightly more than one error line, and why
MORE_THAN_ONE = {
    "csv-blank-header": "two header cells are blank, each over a column of values",
    "unknown-icon": "two unknown icons are planted, one in the text and one in the symbol field",
    "layouts-folder-symlink-outside": "the skipped folder leaves two layouts unknown, each named "
                                      "at its own line with the reason",
}


@pytest.mark.parametrize("case", CASES)
def test_each_corpus_case_expects_one_error_unless_listed(case):
    errors = [line for line in expected(case).lines if ": error: " in line]
    if case in MORE_THAN_ONE:
        assert len(errors) > 1, f"{case} gives one error now: take it off MORE_THAN_ONE"
    else:
        assert len(errors) <= 1, errors


def test_the_allow_list_names_only_corpus_cases():
    assert set(MORE_THAN_ONE) <= set(CASES)
