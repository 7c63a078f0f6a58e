"""The corpus of bad inputs: tests/corpus/<fault>/ is a small project whose game has one fault.

Every case is a copy of tests/corpus/valid-minimal/ (one card type, one deck, two cards, a front
and a back layout) with exactly one thing wrong, and an expected.txt: `exit: N` on its first line,
then every line the build must print, in order, with file names relative to the case folder.
A case may add `args.txt` (more command-line arguments), or `command.txt` (a whole other
command, such as `diff data/game --since HEAD`). Files that do not belong in git (symlinks, huge
or broken binaries, a git repository) are made at run time by the functions in ADDED below, or by
the case's own `make.py` (a function `make(root)`); such a case keeps a README.md saying what is
added.

Each case is built with `cardgen build data/game --out <tmp>/out --quiet`, run from a temporary
copy of its folder, into an --out that already holds a good build of valid-minimal (same game
folder name `game`, same deck id): a failing build must leave that build byte for byte as it was.
It runs as its own process under a 512 MB address-space cap, as CI would: running out of memory
is a failure, whatever the exit status.
"""
from __future__ import annotations

import importlib.util
import json
import os
import re
import resource
import shlex
import shutil
import struct
import subprocess
import sys
import tracemalloc
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardgen.cli import main

CORPUS = Path(__file__).resolve().parent / "corpus"
VALID = "valid-minimal"
GAME = Path("data") / "game"
CARDS = GAME / "cards" / "heroes.yaml"
ART = GAME / "art" / "hero.png"
OUTPUT = "game/heroes.pdf"          # what a build of any case writes below --out
REFRESH = "CARDGEN_REFRESH_GOLDEN"   # set it to rewrite expected.txt files from what is printed now
CASES = sorted(p.name for p in CORPUS.iterdir() if (p / "expected.txt").is_file())


@dataclass(frozen=True)
class Expected:
    exit: int
    lines: list[str]


def expected(case: str) -> Expected:
    first, *rest = (CORPUS / case / "expected.txt").read_text(encoding="utf-8").splitlines()
    match = re.fullmatch(r"exit: (\d)", first)
    assert match, f"{case}/expected.txt must start with 'exit: N', not {first!r}"
    return Expected(int(match.group(1)), [line for line in rest if line.strip()])


def extra_args(case: str) -> list[str]:
    path = CORPUS / case / "args.txt"
    return path.read_text(encoding="utf-8").split() if path.is_file() else []


def own_command(case: str) -> list[str] | None:
    """The case's command.txt, split as a shell would, or None for the usual build."""
    path = CORPUS / case / "command.txt"
    return shlex.split(path.read_text(encoding="utf-8")) if path.is_file() else None


def printed(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.strip()]


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file below `folder` (temp files included) with its bytes."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], prog_name="cardgen")


MEMORY_CAP = 512 * 1024 * 1024
ENTRY = "import sys; sys.argv[0] = 'cardgen'; from cardgen.entry import main; main()"
DELETED = "working folder: deleted"
PLAIN_ENV = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "80"}   # output in order, one width


@dataclass(frozen=True)
class Capped:
    """What `cardgen` did as its own process under the memory cap."""

    exit_code: int
    output: str
    exception: None = None


def environment(case: str, root: Path) -> tuple[dict[str, str], bool]:
    """The environment the case runs in, from its env.txt: `NAME=value` sets a variable ({case}
    is the case folder), `-NAME` unsets one, and `working folder: deleted` runs the command from
    a folder deleted before it starts. Also whether that last line is there."""
    env = dict(PLAIN_ENV)
    path = CORPUS / case / "env.txt"
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    for line in filter(None, map(str.strip, lines)):
        if line.startswith("-"):
            env.pop(line[1:], None)
        elif line != DELETED:
            name, _, value = line.partition("=")
            env[name] = value.replace("{case}", str(root))
    return env, DELETED in lines


def run_capped(*args, cwd: Path, env: dict | None = None, deleted: bool = False,
               timeout: float = 120) -> Capped:
    """`cardgen ARGS` in a process of its own under the 512 MB cap, stdout and stderr in order;
    with `deleted`, run from a folder of `cwd` that is gone before cardgen starts."""
    gone = cwd / "gone"

    def start() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
        if deleted:
            os.mkdir(gone)
            os.chdir(gone)
            os.rmdir(gone)

    env = env or PLAIN_ENV
    done = subprocess.run([sys.executable, "-c", ENTRY, *map(str, args)], cwd=cwd, env=env,
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, preexec_fn=start, timeout=timeout)
    output = done.stdout.decode("utf-8", "replace").replace(str(cwd), "<case>")
    assert "MemoryError" not in output, f"ran out of memory under the cap:\n{output[-2000:]}"
    return Capped(done.returncode, output)


def survivors(case: str, root: Path) -> dict[str, bytes]:
    """The files the case's survives.txt names (the designer's, whatever their names), with
    their bytes: the command must leave each as it was."""
    path = CORPUS / case / "survives.txt"
    names = path.read_text(encoding="utf-8").split() if path.is_file() else []
    return {name: (root / name).read_bytes() for name in names}


# what the test adds at run time, by case ----------------------------------------------------------

ADDED: dict[str, Callable[[Path], None]] = {}


def maker(case: str) -> Callable[[Path], None] | None:
    """What adds the case's run-time files: its own make.py, or a function in ADDED."""
    path = CORPUS / case / "make.py"
    if not path.is_file():
        return ADDED.get(case)
    spec = importlib.util.spec_from_file_location(f"corpus_{case.replace('-', '_')}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.make


def adds(case: str):
    def register(make: Callable[[Path], None]):
        ADDED[case] = make
        return make
    return register


def replace_line(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old + "\n") == 1, f"{old!r} not once in {path}"
    path.write_text(text.replace(old + "\n", new + "\n"), encoding="utf-8")


SECOND_TEXT = '    text: "Draw a card."'    # line 8 of the valid card file


@adds("art-symlink-outside")
def _symlink_out_of_the_game(root: Path) -> None:
    (root / GAME / "art" / "portrait.png").symlink_to((root / "secret.png").resolve())


@adds("decompression-bomb")
def _claim_a_huge_size(root: Path) -> None:
    data = bytearray((root / ART).read_bytes())
    assert data[12:16] == b"IHDR"
    data[16:24] = struct.pack(">II", 50_000, 50_000)
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])))   # CRC of type + fields
    (root / ART).write_bytes(bytes(data))


@adds("zero-byte-image")
def _empty_picture(root: Path) -> None:
    (root / ART).write_bytes(b"")


@adds("huge-card-file")
def _hundred_thousand_lines(root: Path) -> None:
    lines = (root / CARDS).read_text(encoding="utf-8").splitlines()
    body = [f"      Line {i}." for i in range(1, 100_000 - len(lines) + 1)]
    replace_line(root / CARDS, SECOND_TEXT, "\n".join(["    text: |"] + body))
    assert (root / CARDS).read_text(encoding="utf-8").count("\n") == 100_000


@adds("deep-nesting")
def _nested_lists(root: Path) -> None:
    replace_line(root / CARDS, SECOND_TEXT, "    text: " + "[" * 100_000 + "]" * 100_000)


HUGE = 50 * 1024 * 1024


@adds("huge-string")
def _fifty_megabytes(root: Path) -> None:
    head, tail = (root / CARDS).read_text(encoding="utf-8").split(SECOND_TEXT)
    with (root / CARDS).open("w", encoding="utf-8") as out:    # written in 1 MiB pieces
        out.write(head + '    text: "')
        for _ in range(HUGE // (1024 * 1024)):
            out.write("x" * (1024 * 1024))
        out.write('"' + tail)


def _link_out(relative: Path):
    """Replace a game file with a symlink to the case's secret.yaml, outside the game folder."""
    def make(root: Path) -> None:
        (root / relative).unlink()
        (root / relative).symlink_to((root / "secret.yaml").resolve())
    return make


for _case, _file in (("game-yaml-symlink-outside", GAME / "game.yaml"),
                     ("card-file-symlink-outside", CARDS),
                     ("layout-symlink-outside", GAME / "layouts" / "back.yaml")):
    adds(_case)(_link_out(_file))


@adds("picture-truncated")
def _cut_the_picture_short(root: Path) -> None:
    data = (root / ART).read_bytes()
    (root / ART).write_bytes(data[: len(data) // 2])


@adds("extends-chain-too-long")
def _a_long_chain_of_layouts(root: Path) -> None:
    folder = root / GAME / "layouts" / "chain"
    folder.mkdir()
    for i in range(1, 1501):
        parent = f"extends: chain/l{i + 1}\n" if i < 1500 else ""
        (folder / f"l{i}.yaml").write_text(f"{parent}description: link {i}\n", encoding="utf-8")
    replace_line(root / GAME / "layouts" / "front.yaml", "description: The card face of the minimal game.",
                 "extends: chain/l1\ndescription: The card face of the minimal game.")


@adds("definition-chain-circle")
def _a_circle_of_definitions(root: Path) -> None:
    chain = "".join(f"  D{i}: {{kind: condition, text: \"Leads to [[D{i % 3000 + 1}]].\"}}\n"
                    for i in range(1, 3001))
    replace_line(root / GAME / "game.yaml", 'version: "1.0"', f'version: "1.0"\ndefinitions:\n{chain}')
    replace_line(root / CARDS, SECOND_TEXT, '    text: "Draw a card, then [[D1]]."')


@adds("csv-huge-cell")
def _a_cell_too_large(root: Path) -> None:
    path = root / GAME / "cards" / "heroes.csv"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("Draw a card.", '"' + "x" * 200_000 + '"'), encoding="utf-8")


@adds("picture-is-a-fifo")
def _a_pipe_for_a_picture(root: Path) -> None:
    (root / ART).unlink()
    os.mkfifo(root / ART)


@adds("layout-is-a-fifo")
def _a_pipe_for_a_layout(root: Path) -> None:
    (root / GAME / "layouts" / "back.yaml").unlink()
    os.mkfifo(root / GAME / "layouts" / "back.yaml")


@adds("layouts-folder-symlink-outside")
def _layouts_linked_out_of_the_game(root: Path) -> None:
    (root / GAME / "layouts").rename(root / "outside-layouts")
    (root / GAME / "layouts").symlink_to((root / "outside-layouts").resolve())


# fixtures -----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def good_build(tmp_path_factory) -> Path:
    """valid-minimal built once, cleanly: what a previous good run left in --out."""
    root = tmp_path_factory.mktemp("good")
    shutil.copytree(CORPUS / VALID, root / "case")
    result = run("build", root / "case" / GAME, "--out", root / "out", "--quiet")
    assert result.exit_code == 0, result.output
    assert list(snapshot(root / "out")) == [OUTPUT]
    return root / "out"


@dataclass
class Workspace:
    root: Path          # the copy of the case folder, and the working folder
    out: Path           # --out, holding the good build
    before: dict

    def build(self, *args):
        return run("build", GAME, "--out", self.out, "--quiet", *args)

    def run_case(self, case: str) -> Capped:
        """The case's own command, or the build, as a process under the memory cap."""
        command = own_command(case) or ["build", GAME, "--out", self.out, "--quiet"]
        env, deleted = environment(case, self.root)
        return run_capped(*command, *extra_args(case), cwd=self.root, env=env, deleted=deleted)


def workspace(case: str, tmp_path: Path, good_build: Path, monkeypatch) -> Workspace:
    root = tmp_path / "case"
    shutil.copytree(CORPUS / case, root)
    (maker(case) or (lambda _: None))(root)
    out = tmp_path / "out"
    shutil.copytree(good_build, out)
    monkeypatch.chdir(root)              # file names in messages are then relative: data/game/...
    return Workspace(root, out, snapshot(out))


def assert_clean(result) -> None:
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output


# every case ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("case", CASES)
def test_case(case, tmp_path, good_build, monkeypatch):
    want = expected(case)
    space = workspace(case, tmp_path, good_build, monkeypatch)
    kept = survivors(case, space.root)
    result = space.run_case(case)
    assert_clean(result)
    assert {name: (space.root / name).read_bytes() for name in kept if (space.root / name).is_file()} \
        == kept, "the designer's own files were changed or removed"
    assert not (space.root / "hacked.txt").exists(), "data ran an outside program"
    if os.environ.get(REFRESH) and printed(result.output) != want.lines:
        (CORPUS / case / "expected.txt").write_text(
            "\n".join([f"exit: {result.exit_code}", *printed(result.output)]) + "\n", encoding="utf-8")
        pytest.skip(f"{case}/expected.txt rewritten ({REFRESH} is set): review the diff")
    assert (result.exit_code, printed(result.output)) == (want.exit, want.lines), result.output
    after = snapshot(space.out)
    if want.exit:
        assert after == space.before, "a failed build changed the previous good build"
    else:
        assert list(after) == [OUTPUT], "a good build leaves its PDF and nothing else"
        if case == VALID:    # the good build was made from another folder: no path leaks in
            assert after == space.before, "the same game gives a byte-identical PDF"


# (huge-card-file is left out only to keep the run short: it takes seconds, not milliseconds)
@pytest.mark.parametrize("case", [c for c in CASES if not extra_args(c) and not own_command(c)
                                  and not (CORPUS / c / "env.txt").is_file()
                                  and c != "huge-card-file"])
def test_validate_prints_the_same(case, tmp_path, good_build, monkeypatch):
    want = expected(case)
    workspace(case, tmp_path, good_build, monkeypatch)
    result = run("validate", GAME)
    assert_clean(result)
    lines = printed(result.output) if want.lines else []     # a clean run also says "ok: ..."
    assert (result.exit_code, lines) == (want.exit, want.lines), result.output


# what some cases check beyond their lines ---------------------------------------------------------

def pdf_text(path: Path) -> str:
    """The text of every page, runs of white space made one space."""
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(path).pages)


def test_yaml_1_1_words_stay_text(tmp_path, good_build, monkeypatch):
    space = workspace("yaml-1-1-words", tmp_path, good_build, monkeypatch)
    result = run("dump", GAME)
    assert result.exit_code == 0, result.output
    cards = json.loads(result.output)["decks"][0]["cards"]
    assert [(c["fields"]["name"], c["fields"]["text"]) for c in cards] == [
        ("no", "1:20"), ("on", "2024-01-02")]          # not false, 80 (seconds) or a date
    assert [c["id"] for c in cards] == ["no", "on"]
    assert space.build().exit_code == 0
    text = pdf_text(space.out / OUTPUT)
    for printed_text in ("1:20", "2024-01-02"):
        assert printed_text in text


def test_foreign_markup_is_printed_as_written(tmp_path, good_build, monkeypatch):
    space = workspace("foreign-markup", tmp_path, good_build, monkeypatch)
    assert space.build().exit_code == 0
    text = pdf_text(space.out / OUTPUT)
    for literal in ('<img src="/etc/passwd"/>', '<font color="red">red</font>', "&amp;",
                    "<b>bold</b>"):
        assert literal in text


def test_unbalanced_markup_fails_only_with_strict(tmp_path, good_build, monkeypatch):
    want = expected("unbalanced-markup")
    assert want.exit == 0 and len(want.lines) == 1 and ": warning: markup: " in want.lines[0]
    space = workspace("unbalanced-markup", tmp_path, good_build, monkeypatch)
    result = space.build("--strict")
    assert_clean(result)
    assert (result.exit_code, printed(result.output)) == (1, want.lines)
    assert snapshot(space.out) == space.before


def test_python_tag_never_runs(tmp_path, good_build, monkeypatch):
    space = workspace("python-tag", tmp_path, good_build, monkeypatch)
    assert "echo hacked > hacked.txt" in (space.root / CARDS).read_text(encoding="utf-8")
    for args in (("build", GAME, "--out", space.out, "--quiet"), ("validate", GAME),
                 ("dump", GAME), ("list", GAME), ("schema", GAME)):
        result = run(*args)
        assert result.exit_code == 1, result.output
        assert_clean(result)
        assert not (space.root / "hacked.txt").exists(), args


def test_huge_string_is_refused_unread(tmp_path, good_build, monkeypatch):
    space = workspace("huge-string", tmp_path, good_build, monkeypatch)
    assert (space.root / CARDS).stat().st_size > HUGE
    tracemalloc.start()
    try:
        result = space.build()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.exit_code == 1
    assert peak < HUGE // 10, f"{peak:,} bytes at the peak: the file was read"


# the corpus itself --------------------------------------------------------------------------------

def files_of(case: str) -> dict[str, bytes]:
    return snapshot(CORPUS / case / GAME)


def test_each_case_is_valid_minimal_with_one_thing_changed():
    valid = files_of(VALID)
    for case in CASES:
        changed = {name for name in valid.keys() | files_of(case).keys()
                   if valid.get(name) != files_of(case).get(name)}
        assert len(changed) <= 2, f"{case} changes {sorted(changed)}"
        assert (changed or maker(case) or extra_args(case) or own_command(case)
                or (CORPUS / case / "env.txt").is_file()
                or case == VALID), f"{case} has no fault"


def test_cases_made_at_run_time_say_so():
    with_readme = {c for c in CASES if (CORPUS / c / "README.md").is_file()}
    assert with_readme == set(ADDED) | {c for c in CASES if (CORPUS / c / "make.py").is_file()}


def test_case_names_are_kebab_case():
    for case in CASES:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", case), case
    assert {p.name for p in CORPUS.iterdir() if p.is_dir()} == set(CASES), "a case without expected.txt"


@pytest.mark.parametrize("case", ["game-yaml-symlink-outside", "card-file-symlink-outside",
                                  "layout-symlink-outside"])
def test_a_file_outside_the_game_is_never_read(case, tmp_path, good_build, monkeypatch):
    space = workspace(case, tmp_path, good_build, monkeypatch)
    assert "hunter2" in (space.root / "secret.yaml").read_text(encoding="utf-8")
    commands = [("build", GAME, "--out", space.out, "--quiet"), ("validate", GAME)]
    if "layout" not in case:     # dump, list and schema read no layout
        commands += [("dump", GAME), ("list", GAME), ("schema", GAME)]
    for args in commands:
        result = run(*args)
        assert result.exit_code == 1, (args, result.output)
        assert_clean(result)
        assert "hunter2" not in result.output and "password" not in result.output, args
        assert "secret" not in result.output, "the link's target is named"
