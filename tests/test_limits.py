"""Every input limit is in cardgen/base/limits.py, listed in docs/limits.md as it is there, and
checked: an input at the limit is accepted by the code that enforces it, one just past it is
refused with the words limits.py gives (the checks are in tests/limits/)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from cardgen.base import limits
from limits import data_checks, document_checks, file_checks, game_checks, table_checks
from limits.probing import Run

ROOT = Path(__file__).resolve().parent.parent
BY_NAME = {limit.name: limit for limit in limits.ALL}
CHECKS = {**data_checks.CHECKS, **table_checks.CHECKS, **game_checks.CHECKS,
          **document_checks.CHECKS, **file_checks.CHECKS}
# a limit whose checks live with the code that enforces it: name -> "tests/file.py::test_function"
TESTED_ELSEWHERE: dict[str, str] = {
    "FONT_CHARACTERS": "tests/drawing/test_font_tables.py::"
                       "test_a_character_map_at_the_limit_is_read_and_one_past_it_refused",
    "GIT_FILES": "tests/test_git_tree.py::test_the_games_files_at_the_limit_are_read_one_past_it_none",
    "GIT_BYTES": "tests/test_git_tree.py::test_the_games_bytes_at_the_limit_are_read_one_past_it_none",
    "TABLE_ROWS_READ": "tests/load/test_table_limits.py::test_rows_read_count_empty_rows",
    "TABLE_CELLS": "tests/load/test_table_limits.py::test_cells_read_count_empty_cells",
    "SHEET_COLUMNS": "tests/load/test_table_limits.py::test_an_xlsx_cell_past_column_xfd_is_damaged",
    "SHARED_STRINGS": "tests/load/test_table_limits.py::test_shared_strings_counted",
    "SHARED_STRING_CHARS": "tests/load/test_table_limits.py::test_shared_string_characters_counted",
    "WORKBOOK_ELEMENTS": "tests/load/test_table_limits.py::test_xml_elements_counted",
    "WORKBOOK_ENTRIES": "tests/load/test_table_limits.py::test_workbook_entries_counted",
    "HYPHENATED_WORD_CHARS": "tests/drawing/test_richtext.py::"
                             "test_a_word_of_64_characters_is_hyphenated_and_one_of_65_is_not",
    "IMAGE_CACHE_BYTES": "tests/render/test_image_cache.py::"
                         "test_at_the_cap_nothing_goes_and_what_a_build_uses_is_kept_past_it",
}
# constants named MAX_* that are facts of a format, not limits on input
FORMAT_FACTS = {
    "cardgen/render/tts_save.py": {"MAX_COLUMNS", "MAX_ROWS", "MAX_SIDE"},  # a TTS deck sheet
    "cardgen_extensions/target_code.py": {"MAX_DISTANCE"},                       # a target code's reach
    "cardgen_extensions/target_grid.py": {"MAX_SIZE"},                 # its printed grid
}


def value_text(limit: limits.Limit) -> str:
    """A limit's value as the docs write it: 16,777,216 (16 MiB)."""
    whole_mib = limit.counts == "bytes" and limit.value >= limits.MiB and limit.value % limits.MiB == 0
    return f"{limit.value:,}" + (f" ({limit.value // limits.MiB} MiB)" if whole_mib else "")


def docs_table() -> list[tuple[str, ...]]:
    """The rows of docs/limits.md's table, each cell stripped of its code quotes."""
    text = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line.startswith("| `")]
    return [tuple(cell.strip().strip("`") for cell in line.strip().strip("|").split(" | "))
            for line in lines]


def test_the_docs_list_every_limit_as_limits_py_gives_it():
    assert docs_table() == [(limit.name, value_text(limit), limit.counts, limit.bounds, limit.error)
                            for limit in limits.ALL]


def test_the_docs_that_give_limits_link_to_the_list():
    for doc in ("README.md", "docs/data-format.md", "docs/images.md"):
        assert "limits.md)" in (ROOT / doc).read_text(encoding="utf-8"), f"{doc} does not link limits.md"


def test_every_constant_in_limits_py_is_a_row_of_all():
    constants = {name: value for name, value in vars(limits).items()
                 if name.isupper() and isinstance(value, int)}
    assert len(BY_NAME) == len(limits.ALL), "a limit is listed twice"
    assert {name: limit.value for name, limit in BY_NAME.items()} == constants


def _top_level_names(tree: ast.Module) -> set[str]:
    names = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        for target in targets:
            for name in ast.walk(target) if target is not None else ():
                if isinstance(name, ast.Name):
                    names.add(name.id)
    return names


def test_no_module_but_limits_py_defines_a_limit():
    found = {}
    for path in sorted([*(ROOT / "cardgen").rglob("*.py"), *(ROOT / "cardgen_extensions").rglob("*.py")]):
        module = path.relative_to(ROOT).as_posix()
        names = {n for n in _top_level_names(ast.parse(path.read_text(encoding="utf-8")))
                 if n.startswith("MAX_") or n.endswith("_LIMIT")}
        if module != "cardgen/base/limits.py" and names:
            found[module] = names
    assert {m: n - FORMAT_FACTS.get(m, set()) for m, n in found.items()
            if n - FORMAT_FACTS.get(m, set())} == {}, "put these in cardgen/base/limits.py"
    assert {m: found.get(m, set()) & facts for m, facts in FORMAT_FACTS.items()} == FORMAT_FACTS, \
        "a format fact listed here is gone: take it off the list"


def test_every_limit_is_checked_at_and_past_it():
    unchecked = set(BY_NAME) - set(CHECKS) - set(TESTED_ELSEWHERE)
    assert not unchecked, (f"{sorted(unchecked)}: add a pair of checks in tests/limits/, or name "
                           "the test that checks it at and past its value in TESTED_ELSEWHERE")
    assert set(CHECKS) | set(TESTED_ELSEWHERE) <= set(BY_NAME), "a check of no limit"
    assert not set(CHECKS) & set(TESTED_ELSEWHERE)
    for name, test in TESTED_ELSEWHERE.items():
        file, _, function = test.partition("::")
        tree = ast.parse((ROOT / file).read_text(encoding="utf-8"))
        assert function in {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}, \
            f"{name}: {test} is no test"


def expected_words(limit: limits.Limit, values: dict[str, int]) -> re.Pattern:
    """limits.py's words for `limit` as a pattern, with the limits set to `values` for the run:
    N stands for a number the input gives, '...' for a name or text."""
    words = limit.error
    for name, value in values.items():
        old = BY_NAME[name].value
        words = words.replace(f"{old:,}", f"{value:,}").replace(str(old), str(value))
    pattern = re.escape(words).replace(re.escape("..."), ".*?")
    return re.compile(re.sub(r"\bN\b", r"[\\d,.]+", pattern))


@pytest.fixture
def run(monkeypatch, tmp_path) -> Run:
    return Run(monkeypatch, tmp_path)


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_at_the_limit_it_is_accepted(name, run):
    assert CHECKS[name].at(run) is None


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_past_the_limit_it_is_refused_with_its_words(name, run):
    limit = BY_NAME[name]
    message = CHECKS[name].past(run)
    if limit.error.startswith("no error"):       # the check asserts what happens instead
        assert message is None
        return
    assert message is not None, f"{name}: one past the limit is accepted"
    assert expected_words(limit, run.set).search(message), message
