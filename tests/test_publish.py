"""`cardgen publish` and the published edition: a printed value of a shipped game changed without
an erratum is an error at its line (`unannounced-change`); with the erratum it passes, and the
change still shows in `cardgen diff`."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgen.base.errors import Report
from cardgen.load.game import load_game
from cardgen.load.snapshot import SNAPSHOT_FILE, printed
from conftest import DATA, run_cli

# (game, file, old text, new text, (erratum key, what it names, field), the key written there)
SLIPS = {
    "reaper-health": ("time-line-battle-v2", "cards/characters.yaml", "health: 3\n    damage: 8",
                      "health: 4\n    damage: 8", ("card", "Reaper", "health"), "health"),
    "paladin-prevention": ("time-line-battle-v2", "cards/characters.yaml",
                           "amount: 2\n    target: Front\n    symbol: plus",
                           "amount: 3\n    target: Front\n    symbol: plus",
                           ("card", "Paladin", "amount"), "amount"),
    "mammoth-hp": ("time-line-battle-v1", "cards/cards.yaml", "hp: 13 + 2L", "hp: 13 + 3L",
                   ("card", "Mammoth Tank", "hp"), "hp"),
    "obliterator-blast": ("time-line-battle-v1", "cards/cards.yaml", "blast: 6", "blast: 5",
                          ("card", "Obliterator", "blast"), "blast"),
    "aid-mana": ("fantasy-line-battle", "cards/aids.yaml", "Gain **3** {mana}", "Gain **4** {mana}",
                 ("card", "A Day", "text"), "text"),
    "glossary-hand-limit": ("fantasy-line-battle", "game.yaml", "Characters 5 (7", "Characters 6 (7",
                            ("term", "Hand Limit", "text"), "Hand Limit"),
    "rogue-target": ("time-line-battle-v2", "cards/characters.yaml",
                     "target: Rear\n    symbol: moon", "target: Front\n    symbol: moon",
                     ("card", "Rogue", "target"), "target"),
    "white-mage-passive": ("fantasy-arena-tactics", "cards/classes.yaml",
                           "[[Ally|Allies]] [[Closest]] to this Mage",
                           "[[Opp|Opps]] [[Closest]] to this Mage", ("card", "White Mage", "ability"),
                           "ability"),
    "hurricane-timing": ("fantasy-line-battle", "cards/elementalism.yaml",
                         'timing: "Only as your first Spell this [[Day]]."',
                         'timing: "This [[Day]]."', ("card", "Hurricane", "timing"), "timing"),
    "merchant-cost-unmarked": ("fantasy-line-battle", "cards/characters.yaml",
                               "prototype: [cost, range, health, damage, may_target, mana, spells]"
                               "   # the ability is the rules'\n\n  - name: Squire",
                               "prototype: [range, health, damage, may_target, mana, spells]"
                               "   # the ability is the rules'\n\n  - name: Squire",
                               ("card", "Merchant", "cost"), "cost"),
}


def _published_copy(copy_game, game: str) -> Path:
    """A copy of a shipped game, published as it is (the committed edition may lag the data)."""
    folder = copy_game(game)
    run_cli("publish", folder, exit_code=0)
    return folder


def _value(folder: Path, kind: str, name: str, field: str) -> str:
    game = load_game(folder, Report())
    return next(t.values[field] for t in printed(game).values() if (t.kind, t.name) == (kind, name))


def _key_line(path: Path, line: int, key: str) -> int:
    """The line (from 1) of `key:` at or above `line`: where a block text's error is reported."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n in range(line, 0, -1) if f"{key}:" in lines[n - 1])


def _add_erratum(folder: Path, erratum: dict) -> None:
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    item = "  - " + json.dumps(erratum, ensure_ascii=False) + "\n"
    if "\nerrata:\n" in text:
        text = text.replace("\nerrata:\n", "\nerrata:\n" + item, 1)
    else:
        text += "\nerrata:\n" + item
    game_file.write_text(text, encoding="utf-8")


@pytest.mark.parametrize("slip", SLIPS)
def test_a_published_value_changed_is_an_error_until_an_erratum_says_so(
        slip, copy_game, edit, validate):
    game, file, old, new, (kind, name, field), key = SLIPS[slip]
    folder = _published_copy(copy_game, game)
    was = _value(folder, kind, name, field)
    line = _key_line(folder / file, edit(folder / file, old, new), key)
    now = _value(folder, kind, name, field)

    run = validate(folder, "--strict", exit_code=1)
    [error] = run.problems()
    assert f"{file}:{line}: error: unannounced-change: " in error
    assert name in error and f"{kind}: {name}, field: {field}" in error

    _add_erratum(folder, {kind: name, "field": field, "was": was, "now": now, "note": "fixed"})
    validate(folder, "--strict", exit_code=0)


def test_the_message_names_the_card_the_field_and_both_values(copy_game, edit_card, validate):
    folder = _published_copy(copy_game, "time-line-battle-v2")
    line = edit_card(folder, "cards/characters.yaml", "Reaper", "health", "4")
    [error] = validate(folder, exit_code=1).problems()
    assert error.endswith(
        f"cards/characters.yaml:{line}: error: unannounced-change: cards[5].health: Reaper's "
        "health was published as 3 and is now 4: add an errata entry (card: Reaper, field: "
        "health, was: 3, now: 4) or set it back")


def test_an_erratum_whose_was_is_not_the_published_value_is_an_error(copy_game, edit_card, validate):
    folder = _published_copy(copy_game, "time-line-battle-v2")
    edit_card(folder, "cards/characters.yaml", "Reaper", "health", "4")
    _add_erratum(folder, {"card": "Reaper", "field": "health", "was": "2", "now": "4"})
    [error] = validate(folder, exit_code=1).problems()
    assert "error: errata: errata[0].was: erratum says Reaper's health was 2, but the published " \
           "edition has 3" in error


def test_the_change_still_shows_in_diff(copy_game, edit_card, validate):
    folder = _published_copy(copy_game, "time-line-battle-v2")
    edit_card(folder, "cards/characters.yaml", "Reaper", "health", "4")
    _add_erratum(folder, {"card": "Reaper", "field": "health", "was": "3", "now": "4"})
    validate(folder, "--strict", exit_code=0)
    run = run_cli("diff", DATA / "time-line-battle-v2", folder, exit_code=0)
    assert "changed  player-1: Reaper: health 3 -> 4" in run.output


def test_a_prototype_value_changes_freely(copy_game, edit, validate):
    folder = _published_copy(copy_game, "fantasy-line-battle")
    edit(folder / "cards/characters.yaml", "  - name: Merchant\n    cost: 2",
         "  - name: Merchant\n    cost: 3")
    validate(folder, "--strict", exit_code=0)


def test_a_card_added_or_removed_needs_an_erratum(copy_game, edit, validate):
    folder = _published_copy(copy_game, "fantasy-arena-tactics")
    text = (folder / "cards/classes.yaml").read_text(encoding="utf-8")
    dark = text[text.index("  - name: Dark Mage"):]
    edit(folder / "cards/classes.yaml", dark, "")
    edit(folder / "cards/classes.yaml", "  - name: Rogue\n", "  - name: Thief\n")
    errors = validate(folder, exit_code=1).problems()
    assert any("card 'Thief' is not in the published edition: add an errata entry (card: Thief, "
               "field: card, was: '', now: printed)" in e for e in errors), errors
    assert any("card 'Dark Mage' of the published edition is gone" in e for e in errors), errors
    assert any("card 'Rogue' of the published edition is gone" in e for e in errors), errors
    _add_erratum(folder, {"card": "Thief", "field": "card", "was": "", "now": "printed"})
    _add_erratum(folder, {"card": "Rogue", "field": "card", "was": "printed", "now": ""})
    _add_erratum(folder, {"card": "Dark Mage", "field": "card", "was": "printed", "now": ""})
    assert not [e for e in validate(folder).problems() if "unannounced-change" in e or
                "errata" in e]


def test_a_card_renamed_by_an_erratum_is_compared_as_itself(copy_game, edit, validate):
    folder = _published_copy(copy_game, "time-line-battle-v2")
    edit(folder / "cards/characters.yaml", "  - name: Reaper\n", "  - name: Harvester\n")
    edit(folder / "cards/characters.yaml", "health: 3\n    damage: 8", "health: 4\n    damage: 8")
    _add_erratum(folder, {"card": "Harvester", "field": "name", "was": "Reaper", "now": "Harvester"})
    errors = validate(folder, exit_code=1).problems()
    assert any("Harvester's health was published as 3 and is now 4" in e for e in errors), errors


def test_token_counts_and_board_sizes_are_published(copy_game, edit, validate):
    folder = _published_copy(copy_game, "time-line-battle-v2")
    edit(folder / "game.yaml", "width: 271mm", "width: 280mm")
    errors = validate(folder, exit_code=1).problems()
    assert any("board 'timeline': width was published as 271mm and is now 280mm" in e
               for e in errors), errors
    _add_erratum(folder, {"board": "timeline", "field": "width", "was": "271mm", "now": "280mm"})
    validate(folder, "--strict", exit_code=0)


def test_a_token_count_changed_needs_an_erratum(copy_game, validate):
    folder = _published_copy(copy_game, "time-line-battle-v1")
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    game_file.write_text(text.replace("{name: Damage 1, copies: 32,", "{name: Damage 1, copies: 36,"),
                         encoding="utf-8")
    errors = validate(folder, exit_code=1).problems()
    assert any("token set 'damage': Damage 1 was published as 32 and is now 36" in e
               for e in errors), errors
    _add_erratum(folder, {"token_set": "damage", "field": "Damage 1", "was": "32", "now": "36"})
    assert not [e for e in validate(folder).problems() if "unannounced-change" in e]


def test_a_game_with_no_published_edition_gets_no_such_errors(copy_game, edit_card, validate):
    folder = copy_game("time-line-battle-v2")
    (folder / SNAPSHOT_FILE).unlink()
    edit_card(folder, "cards/characters.yaml", "Reaper", "health", "4")
    validate(folder, "--strict", exit_code=0)


def test_publish_writes_the_same_file_from_the_same_data(copy_game):
    folder = _published_copy(copy_game, "fantasy-line-battle")
    first = (folder / SNAPSHOT_FILE).read_bytes()
    run_cli("publish", folder, exit_code=0)
    assert (folder / SNAPSHOT_FILE).read_bytes() == first
    assert b"format: 1\ngame: Fantasy Line Battle\n" in first


def test_publish_refuses_a_game_with_errors(copy_game, edit_card):
    folder = copy_game("time-line-battle-v2")
    before = (folder / SNAPSHOT_FILE).read_bytes()
    edit_card(folder, "cards/characters.yaml", "Reaper", "health", "-4")
    run_cli("publish", folder, exit_code=1)
    assert (folder / SNAPSHOT_FILE).read_bytes() == before


@pytest.mark.parametrize("game", sorted(p.name for p in DATA.iterdir() if (p / "game.yaml").is_file()))
def test_every_shipped_game_is_published(game):
    assert (DATA / game / SNAPSHOT_FILE).is_file()


def test_a_broken_count_names_the_card_changed_since_the_published_edition(copy_game, edit, validate):
    folder = _published_copy(copy_game, "time-line-battle-v1")
    line = edit(folder / "cards/cards.yaml", "rank: A\n", "rank: \"2\"\n")    # the A becomes a 2nd 2
    errors = validate(folder, exit_code=1).problems()
    [count] = [e for e in errors if "count-per-value" in e and "rank '2'" in e]
    assert f"cards/cards.yaml:{line}: error: count-per-value: " in count
    assert "card 'Obliterator': rank '2' has 2 cards in deck 'player-1'; the rules need exactly " \
           "1 (the other: 'Mammoth Tank')" in count
    [unique] = [e for e in errors if "not-unique" in e]
    assert f"cards/cards.yaml:{line}: error: not-unique: " in unique
    assert "rank '2' is already used by 'Mammoth Tank'" in unique


def test_an_announced_change_prints_in_the_booklets_errata_and_the_rules_that_restate_it(
        copy_game, edit, validate, build):
    import pypdf

    folder = _published_copy(copy_game, "time-line-battle-v1")
    edit(folder / "cards/cards.yaml", "blast: 6", "blast: 5")
    assert any("unannounced-change" in e for e in validate(folder, exit_code=1).problems())
    _add_erratum(folder, {"card": "Obliterator", "field": "blast", "was": "6", "now": "5",
                          "note": "The blast was too strong."})
    validate(folder, "--strict", exit_code=0)
    pdf = build(folder, "--only", "booklets").out / "rules.pdf"
    text = " ".join(" ".join(p.extract_text().split()) for p in pypdf.PdfReader(pdf).pages)
    assert "The blast was too strong." in text                     # the booklet's errata part
    assert "also deals 5 damage to every enemy Unit" in text        # the card table, from the card
    assert "also deals 6 damage" not in text
