"""The legibility preflight: one small game per check, built to trip it, and its fix passing.

Each game is tests/corpus/valid-minimal with one change; `cardgen validate` must warn with the
check's code at the right place, `--strict` must fail on it, and the fixed game must be clean.
"""
from __future__ import annotations

from pathlib import Path

from cardgen.shared.colour_vision import confusion, contrast, delta_e
from cardgen.resolve.preflight import rgb_of

VALID = "valid-minimal"
FRONT = "layouts/front.yaml"


def warnings_of(run, code: str) -> list[str]:
    return [line for line in run.problems("warning") if f": warning: {code}: " in line]


def test_the_minimal_game_is_clean(copy_game, validate):
    run = validate(copy_game(VALID), "--strict")
    assert (run.exit_code, run.output.strip()) == (0, "ok: 1 game(s), no problems")


# text shrunk below the minimum ---------------------------------------------------------------------

LONG_TEXT = ("cards/heroes.yaml", 'text: "Draw a card."',
             'text: "Draw a card, then another, then a third one, and keep the best of them for '
             'later, putting the rest at the bottom of your deck in any order you like best. '
             'Then shuffle your discard pile into your deck, draw two more cards, and lose one '
             'life for each card you still hold at the end of the turn, unless a friendly hero '
             'stands guard over you, or you have already lost a life this turn for another card, '
             'or the game has reached its last round and every player has passed at least once."')
TINY_FLOOR = (FRONT, "    height: 30mm\n    size: 10\n    min_size: 7\n",
              "    height: 16mm\n    size: 10\n    min_size: 4\n")


def test_text_shrunk_below_6pt_names_the_card_element_and_size(copy_game, validate):
    game = copy_game(VALID, LONG_TEXT, TINY_FLOOR)
    run = validate(game)
    assert run.exit_code == 0
    [line] = warnings_of(run, "small-text")
    assert line.startswith(f"{game / 'cards/heroes.yaml'}:8: warning: small-text: cards[1].text: "
                           "card 'Second Hero': text is set at ")
    size = float(line.split("set at ")[1].split(" pt")[0])
    assert 4 <= size < 6
    assert "under the 6 pt minimum" in line and "element 'text'" in line
    assert validate(game, "--strict").exit_code == 1


def test_the_minimum_is_the_games_to_set(copy_game, validate):
    game = copy_game(VALID, LONG_TEXT, TINY_FLOOR,
                     ("game.yaml", 'version: "1.0"\n', 'version: "1.0"\nlegibility: {min_text_size: 4pt}\n'))
    assert warnings_of(validate(game), "small-text") == []


def test_fine_print_is_held_to_5pt(copy_game, validate):
    small_name = (FRONT, "    size: 15\n    color: ink\n", "    size: 5.5\n    color: ink\n")
    lines = warnings_of(validate(copy_game(VALID, small_name)), "small-text")
    assert len(lines) == 2 and all("text is set at 5.5 pt" in line for line in lines)   # each card
    fine = (FRONT, "    size: 15\n    color: ink\n", "    size: 5.5\n    color: ink\n    fine_print: true\n")
    assert warnings_of(validate(copy_game(VALID, fine)), "small-text") == []


# off the card and into the cut zone --------------------------------------------------------------

def test_text_running_off_the_card(copy_game, validate):
    off = (FRONT, "    x: 6mm\n    y: 6mm\n    width: 38mm", "    x: 40mm\n    y: 6mm\n    width: 38mm")
    lines = warnings_of(validate(copy_game(VALID, off)), "off-card")
    assert len(lines) == 1 and "elements.name" in lines[0]
    assert "runs off the 63.5 x 88.9 mm card (x 40 to 78 mm" in lines[0]


def test_a_poker_layout_on_a_mini_euro_deck_is_caught(copy_game, validate):
    game = copy_game(VALID, ("game.yaml", "size: poker", "size: mini-euro"))
    lines = warnings_of(validate(game), "off-card") + warnings_of(validate(game), "cut-zone")
    assert {line.split(": ")[3] for line in lines} >= {"elements.name", "elements.power", "elements.text"}


def test_text_within_the_cut_zone(copy_game, validate):
    near = (FRONT, "    x: 6mm\n    y: 6mm\n    width: 38mm", "    x: 0.8mm\n    y: 6mm\n    width: 38mm")
    [line] = warnings_of(validate(copy_game(VALID, near)), "cut-zone")
    assert "comes within 0.8 mm of the cut line" in line


def test_a_background_into_the_bleed_is_fine_but_not_past_it(copy_game, validate):
    assert warnings_of(validate(copy_game(VALID)), "off-card") == []
    far = (FRONT, "  panel: {type: rect, x: 3mm,", "  panel: {type: rect, x: -20mm,")
    [line] = warnings_of(validate(copy_game(VALID, far)), "off-card")
    assert "past its 3 mm bleed" in line


# contrast -------------------------------------------------------------------------------------------

def test_faint_text_on_its_background(copy_game, validate):
    faint = (FRONT, '  ink: "#222222"', '  ink: "#b0a89a"')
    lines = warnings_of(validate(copy_game(VALID, faint)), "low-contrast")
    assert lines, "faint text passed"
    expected = contrast(rgb_of("#b0a89a"), rgb_of("#fbf8f1"))
    assert any(f"text in #b0a89a on #fbf8f1 has a contrast of {expected:.1f}:1; text needs 4.5:1"
               in line for line in lines)


def test_large_text_needs_only_3_to_1(copy_game, validate):
    # about 3.5:1 on the panel: too faint for body text, enough for an 18 pt title
    grey = (FRONT, '  ink: "#222222"', '  ink: "#7d7a75"')
    big = (FRONT, "    size: 15\n    color: ink\n", "    size: 18\n    color: ink\n")
    assert 3 < contrast(rgb_of("#7d7a75"), rgb_of("#fbf8f1")) < 4.5
    lines = warnings_of(validate(copy_game(VALID, grey, big)), "low-contrast")
    assert lines and not any("elements.name" in line for line in lines)


# colours a colour-blind player confuses ---------------------------------------------------------------

def two_decks(copy_game, first: str, second: str, second_label: str = "Heroes") -> Path:
    deck = ('  - id: heroes\n    name: Heroes\n    card_type: hero\n    cards: cards/heroes.yaml\n'
            '    size: poker\n    values: {color: "#2f5d50"}\n    back:\n      layout: back\n'
            '      values: {label: Heroes}\n')
    rival = (deck.replace("id: heroes", "id: rivals").replace("name: Heroes", "name: Rivals")
             .replace("label: Heroes", f"label: {second_label}").replace("#2f5d50", second))
    return copy_game(VALID, ("game.yaml", deck, deck.replace("#2f5d50", first) + rival))


RED, GREEN = "#d62728", "#2ca02c"


def test_decks_told_apart_only_by_red_and_green(copy_game, validate):
    deficiency, difference = confusion(rgb_of(RED), rgb_of(GREEN))
    assert delta_e(rgb_of(RED), rgb_of(GREEN)) > 50 and difference < 10
    [line] = warnings_of(validate(two_decks(copy_game, RED, GREEN)), "colour-blind")
    assert (f"decks 'Heroes' and 'Rivals' differ only by colour, and to a player with {deficiency} "
            f"{RED} and {GREEN} look alike (Delta E {difference:.1f}, under 10)") in line


def test_decks_whose_backs_also_say_which_they_are_pass(copy_game, validate):
    game = two_decks(copy_game, RED, GREEN, second_label="Rivals")
    assert warnings_of(validate(game), "colour-blind") == []


def test_decks_in_colours_everyone_tells_apart_pass(copy_game, validate):
    game = two_decks(copy_game, "#c0392b", "#1f4e9c")
    assert warnings_of(validate(game), "colour-blind") == []


def test_suits_told_apart_only_by_colour(copy_game, validate):
    suit_field = ("game.yaml", "      art: {type: image}\n",
                  "      art: {type: image}\n      tint: {type: text, default: \"#2f5d50\"}\n")
    frame = (FRONT, 'fill: "{{deck.color}}"}', 'fill: "{{tint}}"}')
    more = "".join(f'  - name: {name}\n    power: 1\n    text: "{name}."\n    tint: "{tint}"\n'
                   for name, tint in (("Red One", RED), ("Red Two", RED), ("Green One", GREEN),
                                      ("Green Two", GREEN)))
    cards = ("cards/heroes.yaml", '    text: "Draw a card."\n', '    text: "Draw a card."\n' + more)
    game = copy_game(VALID, suit_field, frame, cards)
    [line] = warnings_of(validate(game), "colour-blind")
    assert "cards such as 'Red One' and 'Green One' differ only by colour" in line
    # the same suits with a symbol of their own pass
    symbol = ("cards/heroes.yaml", 'tint: "#2ca02c"\n  - name: Green Two',
              'tint: "#2ca02c"\n    symbol: moon\n  - name: Green Two')
    marked = ("cards/heroes.yaml", 'text: "Green Two."\n', 'text: "Green Two."\n    symbol: moon\n')
    game = copy_game(VALID, suit_field, frame, cards, symbol, marked)
    run = validate(game)
    assert run.exit_code == 0 and warnings_of(run, "colour-blind") == []


# backs that look alike to anyone ---------------------------------------------------------------------

NEAR = "#33604f"     # the heroes' #2f5d50, a shade lighter


def emblem_decks(copy_game, first: str, second: str) -> Path:
    """Two decks on nearly one back colour, their backs showing the icons `first` and `second`."""
    game = two_decks(copy_game, "#2f5d50", NEAR, second_label="Rivals")
    back = game / "layouts/back.yaml"
    back.write_text(back.read_text(encoding="utf-8").replace(
        "elements:\n", 'elements:\n  emblem: {type: icon, name: "{{deck.icon}}", x: 21.75mm, '
        "y: 14mm, width: 20mm, height: 20mm, color: white}\n", 1), encoding="utf-8")
    yaml = game / "game.yaml"
    head, _, tail = yaml.read_text(encoding="utf-8").rpartition('values: {color: "')
    head = head.replace('values: {color: "', f'values: {{icon: {first}, color: "', 1)
    yaml.write_text(f'{head}values: {{icon: {second}, color: "{tail}', encoding="utf-8")
    return game


def test_backs_on_nearly_one_colour_with_one_icon_look_alike(copy_game, validate):
    assert delta_e(rgb_of("#2f5d50"), rgb_of(NEAR)) < 10
    run = validate(emblem_decks(copy_game, "sword", "sword"), "--strict")
    [line] = warnings_of(run, "look-alike-backs")
    assert run.exit_code == 1
    assert ("the backs of decks 'Heroes' and 'Rivals' look alike: grounds #2f5d50 and #33604f "
            "(Delta E") in line and "and the same icon (sword)" in line
    # the same backs with icons of their own pass
    assert warnings_of(validate(emblem_decks(copy_game, "sword", "shield")), "look-alike-backs") == []


def test_backs_with_no_icon_need_colours_apart(copy_game, validate):
    [line] = warnings_of(validate(two_decks(copy_game, "#2f5d50", NEAR, "Rivals")),
                         "look-alike-backs")
    assert "and no icon" in line
    assert warnings_of(validate(two_decks(copy_game, "#2f5d50", "#1f4e9c", "Rivals")),
                       "look-alike-backs") == []
