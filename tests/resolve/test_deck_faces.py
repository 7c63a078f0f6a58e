"""What a deck's faces show: an element with no value draws nothing; a text element that shrinks
takes one size across the deck, with a note naming the cards that forced it, a long title
wrapping onto two lines at it, a token set judged at its one size; a team card's header tags
keep apart."""
from __future__ import annotations

from pathlib import Path

from cardgen.base.errors import Report, Severity
from cardgen.pipeline import check

ROOT = Path(__file__).resolve().parents[2]


def _faces(game: Path):
    report = Report()
    checked = check(game, report)
    assert checked is not None, [str(d) for d in report.errors]
    return checked.faces, report


def test_an_element_whose_field_the_card_leaves_out_draws_nothing(copy_game, edit):
    game = copy_game("valid-minimal")
    edit(game / "game.yaml", "      text: {type: text}\n",
         "      text: {type: text}\n      motto: {type: text}\n")
    edit(game / "layouts" / "front.yaml", "elements:\n",
         "elements:\n  motto: {type: textbox, text: '*{{motto}}*', x: 6mm, y: 80mm, "
         "width: 50mm, height: 4mm, size: 6, color: ink}\n")
    faces, report = _faces(game)
    assert not report.errors
    for face in faces.decks[0].fronts.values():
        assert "motto" not in face.names and "name" in face.names


def test_a_shrinking_title_takes_one_size_across_the_deck_and_a_long_one_wraps(copy_game):
    game = copy_game("time-line-battle-v2")
    faces, report = _faces(game)
    deck = next(d for d in faces.decks if d.deck.id == "player-1")
    titles = {card_id: face.elements[face.names.index("name")]
              for card_id, face in deck.fronts.items()}
    sizes = {round(title.fitted_size(), 2) for title in titles.values()}
    # every title shares the size Deathmonger sets; Shadow Spearman takes two lines at it
    assert len(sizes) == 1, sizes
    assert [card for card, title in titles.items() if len(title.layout.lines) == 2] \
        == ["shadow-spearman"]
    assert not report.diagnostics
    [note] = [d for d in report.notes if d.code == "deck-text-size"
              and "'player-1'" in d.message and "'name'" in d.message]
    assert note.severity is Severity.INFO
    assert "cards that forced it: 'Deathmonger'" in note.message
    assert "set smaller on their own" not in note.message and "'Guard'" not in note.message


def test_an_outlier_is_not_forced_on_the_deck_but_a_close_size_is():
    from cardgen.resolve.deck_fit import deck_sizes

    class Element:
        def __init__(self, size):
            self.size = size

        def fitted_size(self):
            return self.size

    class Face:
        def __init__(self, size):
            self.names, self.elements = ("name",), (Element(size),)

    class Spec:
        name = "name"

    class Layout:
        elements = (Spec(),)

    fronts = {"a": Face(16.0), "b": Face(14.0), "c": Face(9.0)}
    [size] = deck_sizes(Layout(), fronts, {"a": "A", "b": "B", "c": "C"}, 6.0, 5.0)
    assert size.size == 14.0 and size.forced_by == (("B", 14.0),) and size.own_size == (("C", 9.0),)


def test_the_team_card_header_tags_do_not_overlap(copy_game):
    faces, _ = _faces(copy_game("fantasy-arena-tactics"))
    teams = next(d for d in faces.decks if d.deck.id == "teams")
    for face in teams.fronts.values():
        label = face.elements[face.names.index("team_label")]
        tag = face.elements[face.names.index("prototype_tag")]
        ink_right = label.box.x + label.layout.width * 25.4 / 72     # left aligned
        ink_left = tag.box.x + tag.box.width - tag.layout.width * 25.4 / 72   # right aligned
        assert ink_right + 2 < ink_left
        assert label.box.x + label.box.width <= tag.box.x


def test_the_team_card_shows_the_mage_alignment_and_the_sideboard_class(copy_game):
    faces, _ = _faces(copy_game("fantasy-arena-tactics"))
    teams = next(d for d in faces.decks if d.deck.id == "teams")
    shown = {name for face in teams.fronts.values() for name in face.names}
    assert {"mage_label_dark", "mage_label_white"} & shown
    assert {"sideboard_label_warrior", "sideboard_label_rogue", "sideboard_label_white",
            "sideboard_label_dark"} & shown


def test_a_token_set_at_its_one_text_size_is_judged_at_that_size(copy_game, edit):
    # "1" fits at 19pt, large text that passes at 3.6:1; "10" needs 17.3pt, which does not,
    # and sets both tokens' size: the warning is on both faces, not only the one that forced it
    game = copy_game("dragon-line-deluxe", published=False)
    edit(game / "game.yaml", "      - {name: Damage, copies: 40, values: {amount: 1, back_amount: 3}}",
         "      - {name: Damage, copies: 20, values: {amount: 1, back_amount: 3}}\n"
         "      - {name: Big damage, copies: 20, values: {amount: 10, back_amount: 3}}")
    edit(game / "layouts" / "damage.yaml", 'fill: red}', 'fill: "#767676"}')
    edit(game / "layouts" / "damage.yaml",
         'text: "**{{amount}}**", font: condensed, x: 4.6mm, y: 3.2mm, width: 6.8mm, height: 6mm, '
         'size: 17, min_size: 9, color: light',
         'text: "{{amount}}", font: condensed, x: 4.6mm, y: 3.2mm, width: 7mm, height: 9mm, '
         'size: 19, min_size: 9, color: "#202020"')
    faces, report = _faces(game)
    sizes = {key[1]: face.elements[face.names.index("value")].fitted_size()
             for key, face in faces.tokens.items() if key[0] == "damage" and key[2] == "front"}
    assert 17 < sizes[0] == sizes[1] < 18
    [warning] = [d for d in report.diagnostics if d.code == "low-contrast"]
    assert "(on 2 faces, e.g. token 'Damage' front; layout 'damage', element 'value')" \
        in warning.message
