"""cardgen is extended from outside through entry points: a distribution that is not cardgen
adds a field type, an element and an icon, and a game using them is checked and drawn; another
adds an output kind, which `cardgen build --only` makes and `cardgen export` has a command for.
The game-family types cardgen ships are such extensions too, and the core never names them.

The outside distribution is installed the way a package manager leaves one: a module and a
`*.dist-info` folder holding `entry_points.txt`, in a folder on sys.path."""
from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import textwrap
from importlib import metadata
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardgen.shared import registry
from cardgen.api import validate
from cardgen.cli import main
from cardgen.drawing.elements import ELEMENT_TYPES
from cardgen.drawing.icons import ICONS
from cardgen.base.errors import Report
from cardgen.fields import FIELD_TYPES
from cardgen.render import OUTPUT_KINDS
from cardgen.pipeline import BuildOptions, build
from cardgen.shared.registry import ExtensionError

REPO = Path(__file__).resolve().parents[1]
MINIMAL = REPO / "tests" / "corpus" / "valid-minimal" / "data" / "game"

DICE = '''
"""Dice: a field type, an element and an icon, from outside cardgen."""
import re
from dataclasses import dataclass

from cardgen.shared import schema as s
from cardgen.drawing import fonts
from cardgen.drawing.elements import Box, Element
from cardgen.drawing.elements.base import color_name
from cardgen.fields import FieldType
from cardgen.shared.schema import Invalid, Key


@dataclass(frozen=True)
class Dice:
    count: int
    sides: int

    def __str__(self):
        return f"{self.count}d{self.sides}"


class DiceField(FieldType):
    booklet_column = True

    def parse(self, value, decl, at):
        match = isinstance(value, str) and re.fullmatch(r"([1-9])d(4|6|8|10|12|20)", value)
        if not match:
            raise Invalid(f"expected dice such as '2d6', found {value!r}")
        return Dice(int(match[1]), int(match[2]))

    def parts(self, value, decl=None):
        return {"most": value.count * value.sides}


DICE = DiceField("dice", "Dice to roll, such as '2d6'.")


@dataclass(frozen=True)
class Roll(Element):
    """'ROLL' and the dice, in one line."""

    box: Box
    text: str
    color: object

    KEYS = {"dice": Key(s.text, required=True, doc="the dice, usually {{roll}}"),
            "color": Key(color_name, default="black", doc="text colour")}
    COLOR_KEYS = frozenset({"color"})

    @classmethod
    def build(cls, box, values, ctx):
        return cls(box, f"ROLL {values['dice']}", ctx.color(values["color"]))

    def draw(self, pen):
        left, bottom, _, height = pen.box(self.box.x, self.box.y, self.box.width, self.box.height)
        pen.text(left, bottom + height / 3, self.text, fonts.family("sans").face(), 9, self.color)


def _die(canvas, ink):
    canvas.rect(0.1, 0.1, 0.8, 0.8, fill=1, stroke=0)


ICONS = {"die": _die}
'''

ENTRY_POINTS = """
[cardgen.field_types]
dice = cardgen_dice:DICE

[cardgen.elements]
roll = cardgen_dice:Roll

[cardgen.icons]
dice = cardgen_dice:ICONS
"""


def install(site: Path, entry_points: str) -> None:
    """The dice distribution, with these entry points, in `site` (a folder on sys.path)."""
    info = site / "cardgen_dice-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cardgen-dice\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(textwrap.dedent(entry_points))
    (site / "cardgen_dice.py").write_text(DICE)


TALLY = '''
"""A tally of each deck's cards in a text file: an output kind from outside cardgen."""
from cardgen.render import OutputKind
from cardgen.render.options import Choice, ExportCommand, Option


class Tally(OutputKind):
    name = "tally"
    description = "a text file with a mark for every card of each deck"
    default = False
    OPTIONS = (Option("mark", Choice(("bars", "dots")), "dots", "How each card is marked."),)
    EXPORT = ExportCommand("A text file with a mark for every card of each deck.",
                           ("cardgen export tally data/my-game --mark bars",))

    def file_names(self, game):
        return {"tally.txt": [("the tally", game.source)]}

    def render(self, game, faces, progress):
        mark = "|" if self.options["mark"] == "bars" else "."
        return {"tally.txt": "".join(f"{deck.id}: {mark * deck.card_count}\\n"
                                     for deck in game.decks).encode()}
'''


def install_tally(site: Path, monkeypatch) -> None:
    """The tally distribution, whose entry point registers the output kind `tally`."""
    monkeypatch.delitem(sys.modules, "cardgen_tally", raising=False)
    info = site / "cardgen_tally-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cardgen-tally\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[cardgen.outputs]\ntally = cardgen_tally:Tally\n")
    (site / "cardgen_tally.py").write_text(TALLY)


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A folder on sys.path, read afresh by the registries; forgotten again afterwards."""
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.delitem(sys.modules, "cardgen_dice", raising=False)
    registry.forget()
    yield folder
    registry.forget()


@pytest.fixture
def dice_game(copy_game) -> Path:
    """The minimal game with a `dice` field, drawn by a `roll` element, and a {die} icon."""
    game = copy_game(
        "valid-minimal",
        ("game.yaml", "      art: {type: image}\n",
         "      art: {type: image}\n      roll: {type: dice, required: true}\n"),
        ("cards/heroes.yaml", "    power: 3\n", "    power: 3\n    roll: 2d6\n"),
        ("cards/heroes.yaml", "    power: 5\n", "    power: 5\n    roll: 1d20\n"),
        ("cards/heroes.yaml", "Draw a card.", "Draw a card {die}."))
    with (game / "layouts" / "front.yaml").open("a", encoding="utf-8") as f:
        f.write("  roll: {type: roll, dice: '{{roll}}', x: 6mm, y: 80mm, width: 30mm, height: 5mm}\n"
                "  most: {type: text, text: 'Up to {{roll.most}}', x: 36mm, y: 80mm, width: 20mm,"
                " height: 5mm, size: 8}\n")
    return game


def test_a_field_type_an_element_and_an_icon_from_outside_are_checked_and_drawn(site, dice_game,
                                                                               tmp_path):
    install(site, ENTRY_POINTS)
    assert "dice" in FIELD_TYPES and "roll" in ELEMENT_TYPES and "die" in ICONS
    report = validate([dice_game], strict=True)
    assert not report.diagnostics, [d.format() for d in report.diagnostics]

    written = build(dice_game, BuildOptions(out_dir=tmp_path / "out", only=("cards",)), Report())
    [sheets] = [p for p in written if p.suffix == ".pdf"]
    text = " ".join(page.extract_text() for page in PdfReader(sheets).pages)
    assert "ROLL 2d6" in text and "ROLL 1d20" in text          # drawn by the element
    assert "Up to 12" in text and "Up to 20" in text            # the type's parts, bound


def test_an_output_kind_from_outside_is_built_and_exported_with_its_option(site, tmp_path,
                                                                          monkeypatch):
    runner = CliRunner()
    only = ["build", str(MINIMAL), "--only", "tally", "--out", str(tmp_path / "built")]
    assert runner.invoke(main, only).exit_code == 2          # not installed: no such kind
    assert runner.invoke(main, ["export", "tally", "-h"]).exit_code == 2
    install_tally(site, monkeypatch)
    registry.forget()                                       # as a new process would read them

    built = runner.invoke(main, only)
    assert built.exit_code == 0, built.output
    assert (tmp_path / "built" / "game" / "tally.txt").read_text() == "heroes: ..\n"   # its default

    exported = runner.invoke(main, ["export", "tally", str(MINIMAL), "--mark", "bars", "--out",
                                    str(tmp_path / "exported"), "-q"])
    assert exported.exit_code == 0, exported.output
    assert (tmp_path / "exported" / "game" / "tally.txt").read_text() == "heroes: ||\n"

    usage = runner.invoke(main, ["export", "tally", "-h"]).output
    assert "--mark [bars|dots]  How each card is marked.  [default: dots]" in usage
    assert "cardgen export tally data/my-game --mark bars" in usage
    wrong = runner.invoke(main, ["export", "tally", str(MINIMAL), "--mark", "stars"])
    assert wrong.exit_code == 2 and "'stars' is not one of 'bars', 'dots'" in wrong.output


def test_a_value_the_outside_type_refuses_is_an_error_at_its_line(site, dice_game, edit):
    install(site, ENTRY_POINTS)
    edit(dice_game / "cards" / "heroes.yaml", "roll: 1d20", "roll: 2x6")
    [error] = validate([dice_game]).errors
    lines = (dice_game / "cards" / "heroes.yaml").read_text(encoding="utf-8").splitlines()
    assert error.file.endswith("heroes.yaml") and error.key_path == "cards[1].roll"
    assert lines[error.line - 1] == "    roll: 2x6"
    assert error.message == "expected dice such as '2d6', found '2x6'"


def test_without_the_distribution_its_names_are_unknown(site, dice_game):
    [error] = validate([dice_game]).errors
    assert error.key_path == "card_types.hero.fields.roll.type"
    assert "found text 'dice'" in error.message


@pytest.mark.parametrize("entry_points, message", [
    ("[cardgen.field_types]\ndice = cardgen_dice:Dice\n",
     "the entry point 'dice' in cardgen.field_types should load a FieldType named 'dice', but "
     "loads type"),
    ("[cardgen.field_types]\nroll = cardgen_dice:DICE\n",
     "should load a FieldType named 'roll', but loads DiceField"),
    ("[cardgen.elements]\ntext = cardgen_dice:Roll\n",
     "the extension 'cardgen-dice' registers 'text' in cardgen.elements, but cardgen has that "
     "name already"),
    ("[cardgen.elements]\nroll = cardgen_dice:DICE\n",
     "the entry point 'roll' in cardgen.elements should load a subclass of "
     "cardgen.drawing.elements.Element"),
    ("[cardgen.icons]\ndice = cardgen_dice:Dice\n",
     "should load a mapping of icon name -> draw function"),
    ("[cardgen.outputs]\ntally = cardgen_dice:Roll\n",
     "the entry point 'tally' in cardgen.outputs should load a subclass of "
     "cardgen.render.OutputKind named 'tally'"),
    ("[cardgen.icons]\ndice = cardgen_nowhere:ICONS\n",
     "the extension 'cardgen-dice': its entry point 'dice = cardgen_nowhere:ICONS' in "
     "cardgen.icons cannot be loaded: ModuleNotFoundError"),
])
def test_an_extension_cardgen_cannot_use_is_refused_by_name(site, entry_points, message):
    install(site, entry_points)
    registries = {"cardgen.field_types": FIELD_TYPES, "cardgen.elements": ELEMENT_TYPES,
                  "cardgen.icons": ICONS, "cardgen.outputs": OUTPUT_KINDS}
    group = re.search(r"\[(.*)\]", entry_points).group(1)
    with pytest.raises(ExtensionError) as raised:
        list(registries[group])
    assert message in str(raised.value)


def test_the_command_line_reports_a_broken_extension_in_one_line(site, copy_game):
    install(site, "[cardgen.elements]\ntext = cardgen_dice:Roll\n")
    game = copy_game("valid-minimal")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(REPO)])}
    run = subprocess.run([sys.executable, "-m", "cardgen", "validate", str(game)],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 3 and "Traceback" not in run.stderr
    assert run.stderr.startswith("error: an installed extension is broken: the extension "
                                 "'cardgen-dice' registers 'text' in cardgen.elements")
    assert len(run.stderr.splitlines()) == 1


# The core never names what an extension registers -------------------------------------------

def extension_names() -> set[str]:
    """What cardgen's own distribution registers through entry points: field types, elements,
    icon sets and the icons in them."""
    names = {"cardgen_extensions"}
    for point in metadata.distribution("cardgen").entry_points:
        if point.group.startswith("cardgen."):
            names.add(point.name)
            if point.group == "cardgen.icons":
                names |= set(point.load())
    return names


# "range" is also a core icon (an arrow) and the code of an out-of-range problem, registered
# with the other codes
ALLOWED = {("range", "code"), ("range", "cardgen/drawing/icons/symbols.py"),
           ("range", "cardgen/base/problem_codes.py")}


def namings(text: str, where: str, names: set[str]) -> list[str]:
    """Where the module `where` (its source `text`) names one of `names`: a word with '_'
    anywhere in its text (comments too), any of them as a whole string constant, except where
    ALLOWED."""
    found = [f"{where}: {name}" for name in sorted(names)
             if "_" in name and re.search(rf"\b{name}\b", text)]
    tree = ast.parse(text)
    codes = {id(node) for k in ast.walk(tree) if isinstance(k, ast.keyword) and k.arg == "code"
             for node in ast.walk(k.value)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in names:
            context = "code" if id(node) in codes else where
            if (node.value, context) not in ALLOWED:
                found.append(f"{where}:{node.lineno}: {node.value!r}")
    return sorted(found)


def test_the_core_never_names_an_extension():
    names = extension_names()
    assert {"range", "level_formula", "level_abilities", "target_code", "target_grid",
            "wind", "mountain", "flame", "snowflake", "spirit"} <= names
    found = [hit for path in sorted((REPO / "cardgen").rglob("*.py"))
             for hit in namings(path.read_text(encoding="utf-8"),
                                path.relative_to(REPO).as_posix(), names)]
    assert found == []


def test_the_check_finds_a_core_module_that_names_one():
    source = ('KINDS = ("integer", "target_code")\n'
              'REPORT = dict(code="range" if KINDS else "type")\nX = "range"\n')
    assert namings(source, "cardgen/planted.py", extension_names()) == [
        "cardgen/planted.py: target_code", "cardgen/planted.py:1: 'target_code'",
        "cardgen/planted.py:3: 'range'"]
    assert namings(source, "cardgen/drawing/icons/symbols.py", {"range"}) == []
