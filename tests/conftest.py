"""Shared by every test: the tests folder is importable (`pdfsheets` reads built PDFs back), and
fixtures for the usual steps of a test on a game:

- `copy_game(source, *edits)`: a copy of a shipped game or a corpus case's game in the test's
  tmp_path, each edit (file, old text, new text) made;
- `edit(path, old, new)`: one text edit in a file, checked to happen;
- `edit_card(game, file, card, field, value)`: one card's field in a YAML card file set anew;
- `build(game, *args)` and `validate(game, *args)`: the command line, run in-process.
"""
from __future__ import annotations

import atexit
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from itertools import count
from pathlib import Path
from typing import Callable

import pytest
from click.testing import CliRunner, Result

from cardgen.cli import main

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
CORPUS = ROOT / "tests" / "corpus"

# the image cache of every test, and of every cardgen a test starts (it inherits the environment):
# a folder of this test process's own, never the user's cache folder
IMAGE_CACHE_ROOT = Path(tempfile.mkdtemp(prefix="cardgen-test-cache-"))
os.environ["CARDGEN_CACHE_DIR"] = str(IMAGE_CACHE_ROOT)
atexit.register(shutil.rmtree, IMAGE_CACHE_ROOT, True)

Edit = tuple[str, str, str]     # a file relative to the game, a text there once, what replaces it


def game_source(source: str | Path) -> Path:
    """The folder of a game: a shipped game's name (data/<name>), a corpus case's name (its
    data/game), or a folder."""
    if isinstance(source, Path):
        return source
    if (DATA / source / "game.yaml").is_file():
        return DATA / source
    if (CORPUS / source / "data" / "game").is_dir():
        return CORPUS / source / "data" / "game"
    raise ValueError(f"{source!r} is neither a game in data/ nor a case in tests/corpus/")


def replace_text(path: Path, old: str, new: str, times: int | str = 1) -> int:
    """Replace `old` by `new` in the file. `times`: how many times `old` must occur, each replaced;
    "first": the first of one or more; "all": every one of one or more. The line (from 1) where
    the first replacement starts."""
    text = path.read_text(encoding="utf-8")
    found = text.count(old)
    assert found >= 1 if times in ("first", "all") else found == times, \
        f"{path}: {old!r} occurs {found} times, expected {times}"
    path.write_text(text.replace(old, new, 1 if times == "first" else -1), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


def replace_card_field(path: Path, card: str, field: str, value: str) -> int:
    """Set a one-line field of one card in a YAML card file (a block list of cards), the card
    named by its `id:` or `name:`, the value as YAML text. The field's line (from 1)."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for first, last in _list_items(lines):
        keys = _item_keys(lines, first, last)
        if any(_scalar(lines[n], key) == card for key, n in keys.items() if key in ("id", "name")):
            assert field in keys, f"{path}: card {card!r} has no field {field!r}"
            n = keys[field]
            assert _scalar(lines[n], field) not in ("", "|", "|-", ">", ">-"), \
                f"{path}:{n + 1}: {field!r} is not a one-line value"
            lines[n] = lines[n][:lines[n].index(f"{field}:")] + f"{field}: {value}\n"
            path.write_text("".join(lines), encoding="utf-8")
            return n + 1
    raise AssertionError(f"{path}: no card with id or name {card!r}")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _list_items(lines: list[str]):
    """(first, last + 1) line of each `- ` item of the file's lists."""
    for first, line in enumerate(lines):
        if line.lstrip(" ").startswith("- "):
            last = first + 1
            while last < len(lines) and (not lines[last].strip() or
                                         _indent(lines[last]) > _indent(line)):
                last += 1
            yield first, last


def _item_keys(lines: list[str], first: int, last: int) -> dict[str, int]:
    """The keys of one list item, each to its line."""
    column = _indent(lines[first]) + 2
    keys = {}
    for n in range(first, last):
        text = lines[n][column:] if n > first else lines[first][column:]
        if (n == first or _indent(lines[n]) == column) and re.match(r"[\w-]+:", text):
            keys.setdefault(text.split(":", 1)[0], n)
    return keys


def _scalar(line: str, key: str) -> str:
    return line.split(f"{key}:", 1)[1].strip().strip("'\"")


@dataclass
class Run:
    """A command run in-process: its result and, for a build, the game's folder of output."""
    result: Result
    out: Path | None = None

    @property
    def exit_code(self) -> int:
        return self.result.exit_code

    @property
    def output(self) -> str:
        return self.result.output

    @property
    def stdout(self) -> str:
        return self.result.stdout

    @property
    def stderr(self) -> str:
        return self.result.stderr

    def problems(self, *kinds: str) -> list[str]:
        """The lines printed of problems of these kinds (default: errors)."""
        kinds = kinds or ("error",)
        return [line for line in self.output.splitlines()
                if any(f": {kind}: " in line for kind in kinds)]


def run_cli(*args, exit_code: int | None = None, out: Path | None = None) -> Run:
    """`cardgen ARGS` in-process; `exit_code` (unless None) is the status it must end with."""
    result = CliRunner().invoke(main, [str(a) for a in args], prog_name="cardgen")
    if exit_code is not None:
        assert result.exit_code == exit_code, (result.exit_code, result.output, result.exception)
    return Run(result, out)


@pytest.fixture
def copy_game(tmp_path) -> Callable[..., Path]:
    """copy_game(source, *edits, name=None, published=True): `source` (see game_source) copied
    to tmp_path/data/<name> (default: the source folder's name), each edit made; with
    `published=False` without its published edition, as a game still being designed, whose
    values may change without errata. Each call makes a new copy: a second one of the same name
    goes to tmp_path/data-2/<name>, and so on."""
    def copy(source: str | Path, *edits: Edit, name: str | None = None,
             published: bool = True) -> Path:
        origin = game_source(source)
        name = name or origin.name
        game = next(folder / name for folder in _data_folders(tmp_path)
                    if not (folder / name).exists())
        shutil.copytree(origin, game)
        if not published:
            (game / "published.yaml").unlink(missing_ok=True)
        for file, old, new in edits:
            replace_text(game / file, old, new)
        return game
    return copy


def _data_folders(root: Path):
    yield root / "data"
    for number in count(2):
        yield root / f"data-{number}"


@pytest.fixture
def game_with(copy_game):
    """game_with(cards): the minimal game with its heroes read from `cards`."""
    def make(cards: str) -> Path:
        return copy_game("valid-minimal",
                         ("game.yaml", "cards: cards/heroes.yaml", f'cards: "{cards}"'))
    return make


@pytest.fixture
def edit() -> Callable[..., int]:
    """edit(path, old, new, times=1): see replace_text."""
    return replace_text


@pytest.fixture
def edit_card() -> Callable[..., int]:
    """edit_card(game, file, card, field, value): see replace_card_field."""
    def edit(game: Path, file: str, card: str, field: str, value: str) -> int:
        return replace_card_field(game / file, card, field, value)
    return edit


@pytest.fixture
def build(tmp_path) -> Callable[..., Run]:
    """build(game, *args, exit_code=0): `cardgen build GAME --out <a new folder> ARGS`; the run's
    `out` is the game's folder in it."""
    numbers = count(1)

    def run(game: Path, *args, exit_code: int | None = 0) -> Run:
        out = tmp_path / f"out-{next(numbers)}"
        return run_cli("build", game, "--out", out, *args, exit_code=exit_code,
                       out=out / Path(game).name)
    return run


@pytest.fixture
def validate() -> Callable[..., Run]:
    """validate(game, *args, exit_code=None): `cardgen validate GAME ARGS`."""
    def run(game: Path, *args, exit_code: int | None = None) -> Run:
        return run_cli("validate", game, *args, exit_code=exit_code)
    return run


@pytest.fixture(scope="session")
def token_sheet_pdfs(tmp_path_factory) -> dict[str, Path]:
    """Every shipped game's token sheets, built once: game folder name -> tokens.pdf."""
    from cardgen.base.errors import Report
    from cardgen.pipeline import BuildOptions, build as build_game

    out = {}
    for game in sorted(p.name for p in DATA.iterdir() if (p / "game.yaml").is_file()):
        report = Report()
        [pdf] = build_game(DATA / game, BuildOptions(out_dir=tmp_path_factory.mktemp(game),
                                                     only=("tokens",)), report)
        assert not report.has_errors(), [d.format() for d in report.errors]
        out[game] = pdf
    return out
