"""A game's own fonts: files in the game folder with their faces, set with a fallback chain, so a
glyph the font lacks comes from the next family; one no family has is an error naming the card."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from openpyxl import Workbook
from pypdf import PdfReader

from cardgen.base.errors import Report
from cardgen.pipeline import BuildOptions, check
from cardgen.drawing import fonts

SHIPPED = Path(fonts.__file__).resolve().parent.parent / "fonts"


@pytest.fixture
def game_with_font(copy_game):
    """game_with_font(font_yaml, name_text): the minimal game with the fonts section given, its
    fronts set in `body`, its cards an .xlsx file whose first card is named `name_text`."""
    def make(font_yaml: str, name_text: str = "Hero ♔") -> Path:
        game = copy_game("valid-minimal",
                         ("game.yaml", 'version: "1.0"\n', f'version: "1.0"\n{font_yaml}'),
                         ("game.yaml", "cards: cards/heroes.yaml", "cards: cards/heroes.xlsx"),
                         ("layouts/front.yaml", "    font: condensed\n", "    font: body\n"))
        (game / "fonts").mkdir()
        shutil.copy(SHIPPED / "DejaVuSerif.ttf", game / "fonts" / "Body.ttf")
        shutil.copy(SHIPPED / "DejaVuSerif-Bold.ttf", game / "fonts" / "Body-Bold.ttf")
        book = Workbook()
        sheet = book.active
        sheet.title = "hero"
        for row in (["name", "power", "text"], [name_text, 3, "Deals 3."],
                    ["Second Hero", 5, "Draw."]):
            sheet.append(row)
        book.save(game / "cards" / "heroes.xlsx")
        return game
    return make


BODY = "fonts:\n  body:\n    regular: fonts/Body.ttf\n    bold: fonts/Body-Bold.ttf\n"


def test_a_game_with_its_own_font_and_an_xlsx_card_file_builds(game_with_font, build):
    result = build(game_with_font(BODY))
    reader = PdfReader(result.out / "heroes.pdf")
    resources = [page["/Resources"] for page in reader.pages]          # faces drawn in place
    resources += [form.get_object()["/Resources"] for page in resources   # and drawn as forms
                  for form in page.get("/XObject", {}).values()]
    embedded = {str(f.get_object()["/BaseFont"]) for r in resources
                for f in r.get("/Font", {}).values()}
    assert any(name.endswith("+DejaVuSerif-Bold") for name in embedded), embedded   # **{{name}}**
    assert any(name.endswith("NotoSansSymbols2-Regular") for name in embedded), embedded   # ♔


def test_the_names_bold_text_is_set_in_the_games_bold_face_with_the_king_from_the_fallback(game_with_font):
    game = game_with_font(BODY)
    checked = check(game, Report(), BuildOptions())
    face = checked.faces.decks[0].fronts["hero"]
    pieces = {p.text: p.font for element in face.elements if hasattr(element, "layout")
              for line in element.layout.lines for p in line.pieces if p.text}
    families = fonts.game_families(checked.game.fonts, Report())
    assert pieces["Hero"] == families["body"].face(bold=True)
    assert families["body"].face(bold=True) != families["body"].face()
    assert pieces["♔"] == fonts.family(fonts.SYMBOLS).face()


def test_a_declared_fallback_comes_before_the_symbols(game_with_font):
    game = game_with_font(BODY + "    fallback: [sans]\n")
    checked = check(game, Report(), BuildOptions())
    families = fonts.game_families(checked.game.fonts, Report())
    assert [f.name for f in families["body"].fallback] == ["sans", "symbols"]


def test_a_glyph_no_font_of_the_chain_has_names_the_card_and_the_character(game_with_font, validate):
    game = game_with_font(BODY, name_text="Hero 漢")
    result = validate(game)
    assert result.exit_code == 1
    assert "card 'Hero 漢': the font has no glyph for '漢' (U+6F22)" in result.stderr


def test_a_file_that_is_no_font_is_an_error_at_the_face_that_names_it(game_with_font, validate):
    game = game_with_font(BODY)
    (game / "fonts" / "Body-Bold.ttf").write_text("not a font")
    result = validate(game)
    assert result.exit_code == 1 and "Traceback" not in result.output
    [line] = [l for l in result.stderr.splitlines() if "font 'body'" in l]
    assert line.startswith(f"{game / 'game.yaml'}:6: error: font: fonts.body.bold: font 'body', "
                           f"bold face: '{game / 'fonts' / 'Body-Bold.ttf'}': not a TrueType font "
                           "cardgen can embed")


def test_every_face_that_is_no_font_is_reported_at_its_own_line(game_with_font, validate):
    game = game_with_font(BODY)
    (game / "fonts" / "Body.ttf").write_bytes(b"\x00\x01\x00\x00" + b"\x00" * 60)
    (game / "fonts" / "Body-Bold.ttf").write_text("not a font")
    result = validate(game)
    lines = [l for l in result.stderr.splitlines() if "font 'body'" in l]
    assert [l.split(": error: ")[0] for l in lines] == [f"{game / 'game.yaml'}:5",
                                                        f"{game / 'game.yaml'}:6"], result.stderr
    assert "fonts.body.regular: font 'body', regular face: " in lines[0]
    assert "fonts.body.bold: font 'body', bold face: " in lines[1]


def test_an_unknown_fallback_is_an_error_at_its_item_with_a_hint(game_with_font, validate):
    game = game_with_font(BODY + "    fallback:\n      - sans\n      - serf\n")
    result = validate(game)
    assert result.exit_code == 1
    [line] = [l for l in result.stderr.splitlines() if "serf" in l]
    assert line == (f"{game / 'game.yaml'}:9: error: unknown-reference: fonts.body.fallback[1]: "
                    "unknown font 'serf' (did you mean 'serif'?); fonts: body, condensed, sans, "
                    "serif, symbols")
    one = validate(game_with_font(BODY + "    fallback: nope\n"))
    assert "fonts.body.fallback: unknown font 'nope'; fonts:" in one.stderr


def test_a_fallback_may_name_another_of_the_games_fonts(game_with_font, validate):
    title = "  title:\n    regular: fonts/Body-Bold.ttf\n    fallback: [body]\n"
    game = game_with_font(BODY + title)
    assert validate(game).exit_code == 0
    checked = check(game, Report(), BuildOptions())
    families = fonts.game_families(checked.game.fonts, Report())
    assert [f.name for f in families["title"].fallback] == ["body", "symbols"]


def test_font_files_stay_inside_the_game_and_are_ttf_or_otf(game_with_font, validate):
    outside = "fonts:\n  body:\n    regular: ../Body.ttf\n"
    result = validate(game_with_font(outside))
    assert "leads outside the game folder" in result.stderr
    wrong = "fonts:\n  body:\n    regular: cards/heroes.xlsx\n"
    result = validate(game_with_font(wrong))
    assert "expected a .ttf or .otf file in the game folder" in result.stderr


def test_a_game_font_may_not_take_a_shipped_name(game_with_font, validate):
    result = validate(game_with_font(BODY.replace("body:", "serif:")))
    assert "'serif' is a font cardgen ships" in result.stderr


def test_the_loader_knows_every_shipped_family():
    from cardgen.load.game import SHIPPED_FAMILIES
    assert set(SHIPPED_FAMILIES) == set(fonts.families())
