"""Resolving faces: a problem of the layout itself is reported once, not once per face; a
problem with a value a face is given is reported at that face."""
from __future__ import annotations


def test_a_misspelt_field_in_a_layout_is_reported_once_at_the_layout(copy_game, validate):
    game = copy_game("time-line-battle-v2", ("layouts/character.yaml", "{{name}}", "{{nmae}}"))
    run = validate(game)
    status, errors = run.exit_code, run.problems()
    assert status == 1 and len(errors) == 1, errors
    assert errors[0].startswith(f"{game / 'layouts' / 'character.yaml'}:")
    assert ("unknown field '{{nmae}}' (did you mean 'name'?) (on 44 cards of decks 'player-1', "
            "'player-2'") in errors[0]


def test_an_element_with_an_unknown_field_is_not_also_fitted_as_its_literal_text(copy_game,
                                                                                  validate):
    game = copy_game("time-line-battle-v2", ("layouts/character.yaml", "{{health}}", "{{helth}}"))
    run = validate(game)
    status, problems = run.exit_code, run.problems("error", "warning")
    assert status == 1
    assert len(problems) == 1, problems            # no small-text, no text-overflow of '{{helth}}'
    assert ": error: markup: elements.health_badge: unknown field '{{helth}}' (did you mean " \
           "'health'?)" in problems[0]


def test_a_field_misspelt_twice_in_one_element_counts_each_card_once(copy_game, validate):
    game = copy_game("time-line-battle-v2",
                     ("layouts/character.yaml", "{{name}}", "{{nmae}} {{nmae}}"))
    errors = validate(game).problems()
    assert len(errors) == 1 and "(on 44 cards of decks" in errors[0], errors


def test_a_misspelt_field_in_a_token_or_back_layout_is_reported_once(copy_game, validate):
    game = copy_game("dragon-line-deluxe",
                     ("layouts/activation.yaml", "{{owner_color}}", "{{owner_colr}}"),
                     ("layouts/back.yaml", "{{label}}", "{{lable}}"))
    run = validate(game)
    status, errors = run.exit_code, run.problems()
    assert status == 1 and len(errors) == 2, errors
    tokens, backs = sorted(errors)
    assert tokens.startswith(f"{game / 'layouts' / 'activation.yaml'}:") and \
        "(on 4 faces, e.g. token 'Star' front; layout 'activation'" in tokens
    assert backs.startswith(f"{game / 'layouts' / 'back.yaml'}:") and \
        "(on 2 faces, e.g. the back of deck 'dragons'; layout 'back'" in backs


def test_a_bad_value_two_tokens_give_is_reported_at_each_token_not_the_layout(copy_game, validate):
    game = copy_game("dragon-line-deluxe",
                     ("layouts/activation.yaml", 'stroke: "{{owner_color}}"', 'stroke: "{{ring}}"'),
                     *(("game.yaml", "{star: %s}" % star, "{star: %s, ring: reddish}" % star)
                       for star in ("true", "false")))
    lines = (game / "game.yaml").read_text(encoding="utf-8").splitlines()
    starts = [n for n, line in enumerate(lines) if "reddish" in line]
    run = validate(game)
    status, errors = run.exit_code, run.problems()
    assert len(starts) == 2 and status == 1 and len(errors) == 2, errors
    for n, error in zip(starts, errors):
        assert error.startswith(f"{game / 'game.yaml'}:{n + 1}: error: color: ")
        assert "unknown colour 'reddish'" in error


def _line_of(path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
                if text in line)


EMBLEM = '  emblem: {type: image, src: "{{emblem}}", x: 5mm, y: 5mm, width: 10mm, height: 10mm}\n'


def test_a_picture_path_a_token_set_gives_its_tokens_is_reported_once_at_the_value(copy_game,
                                                                                     validate):
    game = copy_game("dragon-line-deluxe",
                   ("game.yaml", 'face: {layout: activation}',
                    'face: {layout: activation, values: {emblem: /etc/passwd}}'),
                   ("layouts/activation.yaml", "elements:\n", "elements:\n" + EMBLEM))
    line = _line_of(game / "game.yaml", "emblem: /etc/passwd")
    run = validate(game)
    status, errors = run.exit_code, run.problems()
    assert status == 1 and len(errors) == 1, errors
    assert errors[0].startswith(f"{game / 'game.yaml'}:{line}: error: art: "
                                "token_sets[0].face.values.emblem: expected a path relative to "
                                "the game folder, found absolute path '/etc/passwd' (on 4 faces, "
                                "e.g. token 'Star' front; layout 'activation', "
                                "element 'emblem', ")


def test_a_picture_path_one_token_gives_is_reported_at_its_value(copy_game, validate):
    game = copy_game("dragon-line-deluxe",
                   ("game.yaml", "values: {amount: 1, back_amount: 3}",
                    "values: {amount: 1, back_amount: 3, emblem: /etc}"),
                   ("layouts/damage.yaml", "elements:\n", "elements:\n" + EMBLEM))
    line = _line_of(game / "game.yaml", "emblem: /etc}")
    run = validate(game)
    status, errors = run.exit_code, run.problems()
    assert status == 1 and len(errors) == 1, errors
    assert errors[0].startswith(f"{game / 'game.yaml'}:{line}: error: art: "
                                "token_sets[1].tokens[0].values.emblem: expected a path relative "
                                "to the game folder, found absolute path '/etc' (on 2 faces, "
                                "e.g. token 'Damage' front;")


def test_resolving_a_game_leaves_no_reference_cycle_behind():
    # the objects a build's check makes are frozen out of the garbage collector's reach once
    # resolved, until the build is rendered (pipeline.resolve, pipeline.build): none of them
    # should be in a cycle, which would wait for the thaw to be freed
    import gc
    from pathlib import Path

    from cardgen import pipeline
    from cardgen.base.errors import Report

    data = Path(__file__).resolve().parents[2] / "data"
    games = sorted(p for p in data.iterdir() if (p / "game.yaml").is_file())
    options = pipeline.BuildOptions(only=("cards", "tokens", "boards"))
    for game in games:      # what the first check imports (markdown's tables) made once
        pipeline.check(game, Report(), options)
    for game in games:
        gc.collect()
        checked = pipeline.check(game, Report(), options, keep_frozen=True)
        assert checked is not None and gc.get_freeze_count() > 0
        del checked
        gc.unfreeze()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            found = gc.collect()
        finally:
            gc.set_debug(0)
        assert found == 0, (game.name, [repr(o)[:120] for o in gc.garbage[:10]])
        gc.garbage.clear()


def test_faces_binding_the_same_values_share_one_element_and_each_card_keeps_its_problems(
        copy_game, edit_card):
    # elements are built once for the values they are built of (bind.Built): cards of one
    # cost draw one cost element, and a value with a problem is still reported on every card
    from cardgen import pipeline
    from cardgen.base.errors import Report

    game = copy_game("time-line-battle-v2")
    checked = pipeline.check(game, Report(), pipeline.BuildOptions(only=("cards",)))
    one, two = (deck.fronts for deck in checked.faces.decks[:2])
    for card_id in one:         # both players' decks print one card file
        first, second = (dict(zip(f.names, f.elements)) for f in (one[card_id], two[card_id]))
        assert first["name"] is second["name"]
        assert first["order_badge"] != second["order_badge"]    # each deck's own colour

    # one card file printed by both players' decks: its faces build their name of the same
    # values; a problem of the name is told for the card, built (not taken) on each face
    edit_card(game, "cards/characters.yaml", "Guard", "name", '"Guard \u05d0"')
    report = Report()
    pipeline.check(game, report, pipeline.BuildOptions(only=("cards",)))
    told = [d.message for d in report.diagnostics if d.code == "right-to-left"]
    assert told and all("Guard" in m for m in told), told


def test_an_element_shared_by_two_cards_is_still_held_to_each_cards_expansion_budget(copy_game):
    # what a text may grow to by inlining fields depends on every markup field of its card, not
    # only those it names: two cards with the same {{a}} and a different b are judged each alone
    from cardgen import pipeline
    from cardgen.base.errors import Report

    repeated = "{{a}}" * 300
    game = copy_game("valid-minimal",
                     ("game.yaml", "      text: {type: text}\n",
                      "      text: {type: text}\n      a: {type: text}\n      b: {type: text}\n"),
                     ("layouts/front.yaml", "elements:\n",
                      f'elements:\n  rep: {{type: textbox, text: "{repeated}", x: 7mm, y: 80mm, '
                      'width: 40mm, height: 5mm, size: 6}\n'),
                     ("cards/heroes.yaml", "    power: 3\n",
                      f'    power: 3\n    a: "{"*" * 100}"\n    b: "{"x" * 4000}"\n'),
                     ("cards/heroes.yaml", "    power: 5\n",
                      f'    power: 5\n    art: art/hero.png\n    a: "{"*" * 100}"\n    b: "y"\n'))
    report = Report()
    pipeline.check(game, report, pipeline.BuildOptions(only=("cards",)))
    grown = [d.message for d in report.diagnostics if "grows past" in d.message]
    assert len(grown) == 1 and "Second Hero" in grown[0], grown


def test_a_check_leaves_nothing_frozen_out_of_the_collectors_reach(copy_game):
    # serve checks a game on every save: what each check froze is thawed when it returns
    import gc

    from cardgen import pipeline
    from cardgen.base.errors import Report

    gc.unfreeze()
    for _ in range(2):
        assert pipeline.check(copy_game("valid-minimal"), Report()) is not None
        assert gc.get_freeze_count() == 0
