"""Fantasy Arena: Tactics: the rules' facts are in the data, its rules are enforced, and it builds."""
from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from cardgen import api
from cardgen_extensions.target_grid import TargetGrid
from cardgen.base.errors import Report
from cardgen.resolve.resolve import resolve_game
from cardgen.load.game import load_game
from cardgen.pipeline import BuildOptions, build
from target_tiles import printed_tiles, rules_tiles

REPO = Path(__file__).resolve().parents[2]
GAME = "fantasy-arena-tactics"
EXPECTED_GRAMMAR = "expected a target code such as 'M', '+2S', '4D', '+3S!' or 'No target'"

# From the rules document, written here independently of the data.
FAE = {"name": "Fae", "epithet": "Illusionist Fairy", "class": "mage", "alignment": "dark",
       "skill_name": "SWITCHEROO", "attack_name": "ENCHANT"}
CLASSES = {  # name: (class, alignment, card colour)
    "Warrior": ("warrior", None, "red"),
    "Rogue": ("rogue", None, "green"),
    "White Mage": ("mage", "white", "white"),
    "Dark Mage": ("mage", "dark", "black"),
}
TEAM_SLOTS = {"warrior": "warrior", "rogue": "rogue", "mage": "mage"}


@pytest.fixture(scope="module")
def dumped() -> dict:
    report, data = api.dump(REPO / "data" / GAME)
    assert data is not None, [d.format() for d in report.diagnostics]
    return data


def deck(data: dict, deck_id: str) -> list[dict]:
    return next(d for d in data["decks"] if d["id"] == deck_id)["cards"]


def test_fae_is_the_rules_card(dumped):
    fae = next(c for c in deck(dumped, "characters") if c["name"] == "Fae")
    for field, value in FAE.items():
        assert fae["fields"][field] == value, field
    assert fae["fields"]["target"]["text"] == "No target"
    assert fae["fields"]["target"]["none"] and fae["fields"]["target"]["tiles"] == []
    assert "special" not in fae["fields"]           # "Fae doesn't have a special condition"
    assert "[[Closest]]" in fae["fields"]["skill"] and "[[Enchanted]]" in fae["fields"]["attack"]
    assert fae["prototype"] == []
    assert dumped["definitions"]["Enchanted"]["kind"] == "condition"
    assert "[[Fae]]" in dumped["definitions"]["Enchanted"]["text"]


def test_the_four_passive_class_abilities(dumped):
    cards = deck(dumped, "classes")
    assert len(cards) == 4
    for card in cards:
        cls, alignment, color = CLASSES[card["name"]]
        assert card["fields"]["class"] == cls
        assert card["fields"].get("alignment") == alignment
        assert card["fields"]["color"] == color
        assert card["prototype"] == []
    assert {c["name"] for c in cards} == set(CLASSES)


def test_game_facts(dumped):
    assert dumped["players"] == "2"
    glossary = dumped["glossary"]
    assert "6 rows and 6 columns" in glossary["Board"] and "36 tiles" in glossary["Board"]
    assert "2 move activations and 1 action" in glossary["Turn"]
    assert "8 tiles" in glossary["Melee"]
    assert "5 Hits" in glossary["Hit"]
    assert "Best of 3" in glossary["Match"] and "90 minutes" in glossary["Match"]
    for clock in ("30:30", "20:20", "10:10"):
        assert clock in glossary["Match"]


def test_the_draft_pool(dumped):
    cards = deck(dumped, "characters")
    assert len(cards) >= 16                                   # 8 picks and about 7 bans
    classes = [c["fields"]["class"] for c in cards]
    assert {k: classes.count(k) for k in TEAM_SLOTS} == {"warrior": 6, "rogue": 6, "mage": 6}
    alignments = {c["fields"].get("alignment") for c in cards if c["fields"]["class"] == "mage"}
    assert alignments == {"white", "dark"}
    for card in cards:
        if card["name"] != "Fae":
            assert set(card["prototype"]) >= {"name", "skill", "attack", "target"}, card["name"]


def test_teams_have_one_of_each_class_and_a_sideboard(dumped):
    by_name = {c["name"]: c for c in deck(dumped, "characters")}
    teams = deck(dumped, "teams")
    assert 2 <= len(teams) <= 3
    for team in teams:
        for slot, cls in TEAM_SLOTS.items():
            assert by_name[team["fields"][slot]]["fields"]["class"] == cls
        assert team["fields"]["sideboard"] in by_name


# ---- each rule broken on its own, in a copy of the game ----

def only(diagnostics, game_dir: Path, file: str):
    assert len(diagnostics) == 1, [d.format() for d in diagnostics]
    [d] = diagnostics
    assert Path(d.file).resolve() == (game_dir / file).resolve()
    return d


BROKEN = [
    pytest.param("cards/characters.yaml", [("target: +4D\n", "target: +2X\n")], "target: +2X",
                 "type", f"{EXPECTED_GRAMMAR}, found '+2X'", "error", id="bad-target-code"),
    pytest.param("cards/characters.yaml", [('target: "+2S, 2D"', 'target: "+2S, 3D"')],
                 'target: "+2S, 3D"', "type",
                 f"{EXPECTED_GRAMMAR}, found '+2S, 3D': '3D' names no tile, since a diagonal tile "
                 "is an even number of moves away (2D: the four at the corners, 4D: the four beyond "
                 "them)", "error", id="odd-diagonal-distance"),
    pytest.param("cards/teams.yaml", [("rogue: Pip\n", "rogue: Vex\n")], "rogue: Vex",
                 "bad-reference", "card 'Glimmerwing Circus': rogue names 'Vex', which does not "
                 "meet 'class == rogue'", "error", id="team-without-rogue"),
    pytest.param("cards/characters.yaml", [("target becomes [[Rooted]].", "target becomes [[Tangled]].")],
                 "skill: \"Each [[Opp]] in target becomes [[Tangled]]", "undefined-term",
                 "card 'Brakka': '[[Tangled]]' is not a glossary term, definition or card name "
                 "(did you mean 'sealed'?)", "error", id="undefined-term"),
    pytest.param("game.yaml", [("text: The character's move", "text: Worse than [[Marked]]. The character's move"),
                               ("      When a Marked character", "      Lighter than [[Rooted]]. When a Marked character")],
                 "  Marked:\n", "definition-cycle",
                 "definitions refer to each other in a circle: Marked -> Rooted -> Marked", "error", id="cycle"),
    pytest.param("game.yaml", [("definitions:\n", "definitions:\n  Frozen:\n    kind: condition\n"
                                "    text: The character cannot move.\n")], "  Frozen:",
                 "unused-definition", "definition 'Frozen' is not used by any card", "warning", id="unused"),
    pytest.param("cards/characters.yaml", [("    alignment: white\n    skill_name: OVERGROWTH",
                                            "    skill_name: OVERGROWTH")], "  - name: Tovi",
                 "required-by-rule", "card 'Tovi' needs a value for 'alignment' when class == mage", "error",
                 id="mage-without-alignment"),
]


@pytest.mark.parametrize("file, edits, marker, code, message, severity", BROKEN)
def test_a_broken_rule_is_reported(copy_game, file, edits, marker, code, message, severity):
    game = copy_game(GAME, *((file, old, new) for old, new in edits), published=False)
    text = (game / file).read_text(encoding="utf-8")
    line = text[:text.index(marker)].count("\n") + 1
    d = only(api.validate([game], strict=True).diagnostics, game, file)
    assert (d.code, d.message, d.severity.value, d.line) == (code, message, severity, line)


def test_the_copy_is_clean_before_it_is_broken(copy_game):
    assert api.validate([copy_game(GAME)], strict=True).diagnostics == []


# ---- the build ----

@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("fat-build")
    report, written = api.build_games([REPO / "data" / GAME], BuildOptions(out_dir=out))
    assert not report.has_errors(True), [d.format() for d in report.diagnostics]
    return {p.stem: p for p in written}


def front_text(pdf: Path) -> str:
    pages = PdfReader(pdf).pages
    return " ".join(" ".join(page.extract_text().split()) for page in pages[0::2])


def test_every_card_name_is_on_the_front_pages(built, dumped):
    assert set(built) == {"characters", "classes-and-teams", "aids", "tokens", "arena",
                          "rules", "rules-booklet"}
    for deck_data in dumped["decks"]:
        text = front_text(built[deck_data["file"].removesuffix(".pdf")])
        for card in deck_data["cards"]:
            assert card["name"] in text, (deck_data["id"], card["name"])
    assert "SWITCHEROO" in front_text(built["characters"])


def test_invented_definitions_are_marked_prototype_and_the_rules_own_is_not():
    game = load_game(REPO / "data" / GAME, Report())
    assert not game.definitions["Enchanted"].prototype          # Fae's card, in the rules
    assert {"Rooted", "Marked", "Shielded", "Ember", "Decoy"} <= game.prototype_names
    assert [n for n, d in game.definitions.items() if not d.prototype] == ["Enchanted"]


# ---- the rules booklet ----

# The rules' own numbers, as the booklet states them.
RULES_FACTS = ["5 Hits", "6 rows and 6 columns", "36 tiles", "2 move activations and 1 action",
               "best of 3 games", "30:30", "20:20", "10:10", "90 minutes",
               "one Warrior, one Rogue and one Mage"]


def pdf_text(pdf: Path) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages)


def reference(text: str) -> str:
    """The booklet's card reference: from the Reference chapter to the target diagrams."""
    start = text.index("Reference The cards")
    return text[start:text.index("The targets on the cards", start)]


def test_the_rules_booklet_names_every_card_and_states_the_rules_numbers(built, dumped):
    text = pdf_text(built["rules"])
    cards = reference(text)
    for deck_data in dumped["decks"]:
        for card in deck_data["cards"]:
            assert card["name"] in cards, (deck_data["id"], card["name"])
    for fact in RULES_FACTS:
        assert fact in text, fact
    # the passive class abilities are printed in full, and the booklet is in its A5 form too
    for ability in ("Hit one Opp standing at Melee", "Move a Char of either team standing at Melee by 1",
                    "Move one of the Allies Closest to this Mage by 1",
                    "Move one of the Opps Closest to this Mage by 1"):
        assert ability in text, ability
    assert len(PdfReader(built["rules-booklet"]).pages) >= 2


def test_a_changed_card_changes_the_booklets_reference_table(copy_game, edit_card, tmp_path):
    def hollis_row(game_dir: Path, out: Path) -> str:
        report = Report()
        written = build(game_dir, BuildOptions(out_dir=out, only=("booklets",)), report)
        assert not report.has_errors(True), [d.format() for d in report.diagnostics]
        assert sorted(p.name for p in written) == ["rules-booklet.pdf", "rules.pdf"]
        cards = reference(pdf_text(out / GAME / "rules.pdf"))
        return cards[cards.index("Hollis"):cards.index("Kaida")]

    game = copy_game(GAME)
    assert hollis_row(game, tmp_path / "before") == "Hollis Ironclad Centaur warrior – +2S "
    edit_card(game, "cards/characters.yaml", "Hollis", "target", "+3S")
    assert hollis_row(game, tmp_path / "after") == "Hollis Ironclad Centaur warrior – +3S "


# ---- the printed target grids ----

def test_every_printed_target_grid_shows_the_tiles_the_rules_give_its_code():
    report = Report()
    game = load_game(REPO / "data" / GAME, report)
    faces = next(f for f in resolve_game(game, report).decks if f.deck.id == "characters")
    assert not report.has_errors(True), [d.format() for d in report.diagnostics]
    codes = []
    for card in faces.deck.cards:
        code = str(card.values["target"])
        [grid] = [e for e in faces.fronts[card.id].elements if isinstance(e, TargetGrid)]
        filled, marks = printed_tiles(grid)
        assert filled == rules_tiles(code), (card.name, code)
        assert marks == (len(filled) if code.endswith("!") else 0), (card.name, code)
        codes.append(code)
    # the roster prints every kind of code the rules know, diagonal ones included
    assert {"M", "No target", "+2S", "2D", "+4D", "+4D!"} <= set(codes)
