"""A game's own fonts: files in the game folder with their faces, set with a fallback chain, so a
glyph the font lacks comes from the next family; one no family has is an error naming the card."""
from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner
from openpyxl import Workbook
from pypdf import PdfReader

from cardgen.cli import main
from cardgen.errors import Report
from cardgen.pipeline import BuildOptions, check
from cardgen.drawing import fonts

VALID = Path(__file__).resolve().parents[1] / "corpus" / "valid-minimal" / "data" / "game"
SHIPPED = Path(fonts.__file__).resolve().parent.parent / "fonts"


def game_with_font(tmp_path: Path, font_yaml: str, name_text: str = "Hero ♔") -> Path:
    game = tmp_path / "game"
    shutil.copytree(VALID, game)
    (game / "fonts").mkdir()
    shutil.copy(SHIPPED / "DejaVuSerif.ttf", game / "fonts" / "Body.ttf")
    shutil.copy(SHIPPED / "DejaVuSerif-Bold.ttf", game / "fonts" / "Body-Bold.ttf")
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text().replace('version: "1.0"\n', f'version: "1.0"\n{font_yaml}')
                    .replace("cards: cards/heroes.yaml", "cards: cards/heroes.xlsx"))
    front = game / "layouts" / "front.yaml"
    front.write_text(front.read_text().replace("    font: condensed\n", "    font: body\n"))
    book = Workbook()
    sheet = book.active
    sheet.title = "hero"
    for row in (["name", "power", "text"], [name_text, 3, "Deals 3."], ["Second Hero", 5, "Draw."]):
        sheet.append(row)
    book.save(game / "cards" / "heroes.xlsx")
    return game


BODY = "fonts:\n  body:\n    regular: fonts/Body.ttf\n    bold: fonts/Body-Bold.ttf\n"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_a_game_with_its_own_font_and_an_xlsx_card_file_builds(tmp_path):
    game = game_with_font(tmp_path, BODY)
    result = run("build", game, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "out" / "game" / "heroes.pdf")
    resources = [page["/Resources"] for page in reader.pages]          # faces drawn in place
    resources += [form.get_object()["/Resources"] for page in resources   # and drawn as forms
                  for form in page.get("/XObject", {}).values()]
    embedded = {str(f.get_object()["/BaseFont"]) for r in resources
                for f in r.get("/Font", {}).values()}
    assert any(name.endswith("+DejaVuSerif-Bold") for name in embedded), embedded   # **{{name}}**
    assert any(name.endswith("NotoSansSymbols2-Regular") for name in embedded), embedded   # ♔


def test_the_names_bold_text_is_set_in_the_games_bold_face_with_the_king_from_the_fallback(tmp_path):
    game = game_with_font(tmp_path, BODY)
    checked = check(game, Report(), BuildOptions())
    face = checked.faces.decks[0].fronts["hero"]
    pieces = {p.text: p.font for element in face.elements if hasattr(element, "layout")
              for line in element.layout.lines for p in line.pieces if p.text}
    families = fonts.game_families(checked.game.fonts, Report())
    assert pieces["Hero"] == families["body"].face(bold=True)
    assert families["body"].face(bold=True) != families["body"].face()
    assert pieces["♔"] == fonts.family(fonts.SYMBOLS).face()


def test_a_declared_fallback_comes_before_the_symbols(tmp_path):
    game = game_with_font(tmp_path, BODY + "    fallback: [sans]\n")
    checked = check(game, Report(), BuildOptions())
    families = fonts.game_families(checked.game.fonts, Report())
    assert [f.name for f in families["body"].fallback] == ["sans", "symbols"]


def test_a_glyph_no_font_of_the_chain_has_names_the_card_and_the_character(tmp_path):
    game = game_with_font(tmp_path, BODY, name_text="Hero 漢")
    result = run("validate", game)
    assert result.exit_code == 1
    assert "card 'Hero 漢': the font has no glyph for '漢' (U+6F22)" in result.stderr


def test_a_file_that_is_no_font_is_an_error_at_the_face_that_names_it(tmp_path):
    game = game_with_font(tmp_path, BODY)
    (game / "fonts" / "Body-Bold.ttf").write_text("not a font")
    result = run("validate", game)
    assert result.exit_code == 1 and "Traceback" not in result.output
    [line] = [l for l in result.stderr.splitlines() if "font 'body'" in l]
    assert line.startswith(f"{game / 'game.yaml'}:6: error: font: fonts.body.bold: font 'body', "
                           f"bold face: '{game / 'fonts' / 'Body-Bold.ttf'}': not a TrueType font "
                           "cardgen can embed")


def test_every_face_that_is_no_font_is_reported_at_its_own_line(tmp_path):
    game = game_with_font(tmp_path, BODY)
    (game / "fonts" / "Body.ttf").write_bytes(b"\x00\x01\x00\x00" + b"\x00" * 60)
    (game / "fonts" / "Body-Bold.ttf").write_text("not a font")
    result = run("validate", game)
    lines = [l for l in result.stderr.splitlines() if "font 'body'" in l]
    assert [l.split(": error: ")[0] for l in lines] == [f"{game / 'game.yaml'}:5",
                                                        f"{game / 'game.yaml'}:6"], result.stderr
    assert "fonts.body.regular: font 'body', regular face: " in lines[0]
    assert "fonts.body.bold: font 'body', bold face: " in lines[1]


def test_an_unknown_fallback_is_an_error_at_its_item_with_a_hint(tmp_path):
    game = game_with_font(tmp_path, BODY + "    fallback:\n      - sans\n      - serf\n")
    result = run("validate", game)
    assert result.exit_code == 1
    [line] = [l for l in result.stderr.splitlines() if "serf" in l]
    assert line == (f"{game / 'game.yaml'}:9: error: unknown-reference: fonts.body.fallback[1]: "
                    "unknown font 'serf' (did you mean 'serif'?); fonts: body, condensed, sans, "
                    "serif, symbols")
    one = run("validate", game_with_font(tmp_path / "one", BODY + "    fallback: nope\n"))
    assert "fonts.body.fallback: unknown font 'nope'; fonts:" in one.stderr


def test_a_fallback_may_name_another_of_the_games_fonts(tmp_path):
    title = "  title:\n    regular: fonts/Body-Bold.ttf\n    fallback: [body]\n"
    game = game_with_font(tmp_path, BODY + title)
    assert run("validate", game).exit_code == 0
    checked = check(game, Report(), BuildOptions())
    families = fonts.game_families(checked.game.fonts, Report())
    assert [f.name for f in families["title"].fallback] == ["body", "symbols"]


def test_font_files_stay_inside_the_game_and_are_ttf_or_otf(tmp_path):
    outside = "fonts:\n  body:\n    regular: ../Body.ttf\n"
    result = run("validate", game_with_font(tmp_path / "a", outside))
    assert "leads outside the game folder" in result.stderr
    wrong = "fonts:\n  body:\n    regular: cards/heroes.xlsx\n"
    result = run("validate", game_with_font(tmp_path / "b", wrong))
    assert "expected a .ttf or .otf file in the game folder" in result.stderr


def test_a_game_font_may_not_take_a_shipped_name(tmp_path):
    result = run("validate", game_with_font(tmp_path, BODY.replace("body:", "serif:")))
    assert "'serif' is a font cardgen ships" in result.stderr


def test_the_loader_knows_every_shipped_family():
    from cardgen.load.game import SHIPPED_FAMILIES
    assert set(SHIPPED_FAMILIES) == set(fonts.families())
