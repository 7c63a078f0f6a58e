"""Every problem code the source names is registered in cardgen/base/problem_codes.py, every registered
code is named somewhere, and docs/problems.md is the table the registry writes.

Codes are found by reading the source: a string given as `code=`, the default of a parameter
called `code`, a class's `code = "..."` (the kind of an exception that carries a problem), and a string in the place of the code among the positional arguments of the calls
that take one (`report.error(file, line, path, message, code)`, `Problem(code, ...)` ...)."""
import ast
import os
from pathlib import Path

import pytest

from cardgen.base import problem_codes
from cardgen.base.errors import Problem, Severity

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [*(ROOT / "cardgen").rglob("*.py"), *(ROOT / "cardgen_extensions").rglob("*.py")]
DOC = ROOT / "docs" / "problems.md"
# the place of the code among the positional arguments of the calls that take one
CODE_ARGUMENT = {"error": 4, "warning": 4, "Invalid": 1, "ProblemError": 0, "problem": 4,
                 "Problem": 0, "_err": 3}


def codes_in(tree: ast.AST) -> list[tuple[str, int]]:
    """(code, line) for every code string the module names."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            given = [kw.value for kw in node.keywords if kw.arg == "code"]
            place = CODE_ARGUMENT.get(name)
            if place is not None and len(node.args) > place:
                given.append(node.args[place])
            found += [(v.value, node.lineno) for v in given
                      if isinstance(v, ast.Constant) and isinstance(v.value, str)]
        elif isinstance(node, ast.ClassDef):      # an exception's `code = "..."`
            found += [(item.value.value, item.lineno) for item in node.body
                      if isinstance(item, ast.Assign) and isinstance(item.value, ast.Constant)
                      and any(isinstance(t, ast.Name) and t.id == "code" for t in item.targets)]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = node.args
            positional = args.posonlyargs + args.args
            pairs = [*zip(positional[len(positional) - len(args.defaults):], args.defaults),
                     *zip(args.kwonlyargs, args.kw_defaults)]
            found += [(d.value, node.lineno) for a, d in pairs
                      if a.arg == "code" and isinstance(d, ast.Constant)
                      and isinstance(d.value, str)]
    return found


def used_codes() -> dict[str, list[str]]:
    used: dict[str, list[str]] = {}
    for path in SOURCES:
        for code, line in codes_in(ast.parse(path.read_text(encoding="utf-8"))):
            used.setdefault(code, []).append(f"{path.relative_to(ROOT)}:{line}")
    return used


def test_every_code_the_source_names_is_registered():
    unregistered = {c: where for c, where in used_codes().items() if c not in problem_codes.CODES}
    assert not unregistered


def test_every_registered_code_is_used():
    assert not set(problem_codes.CODES) - set(used_codes())


def test_the_scan_finds_codes_in_each_way_they_are_given():
    tree = ast.parse("report.error(f, 1, (), 'm', 'a')\nat.error('m', code='b')\n"
                     "def w(message, code='c'): pass\nProblem('d', 'error', (), 'm')\n"
                     "class E(ProblemError):\n    code = 'e'\n")
    assert sorted(c for c, _ in codes_in(tree)) == ["a", "b", "c", "d", "e"]


def test_a_problem_with_an_unregistered_code_is_refused():
    with pytest.raises(ValueError, match="no-such-code"):
        Problem("no-such-code", Severity.ERROR, (), "message")


def test_docs_list_every_code_as_the_registry_writes_it():
    """Refresh with `python -m cardgen.base.problem_codes > docs/problems.md` (or
    CARDGEN_REFRESH_GOLDEN=1)."""
    if os.environ.get("CARDGEN_REFRESH_GOLDEN"):
        DOC.write_text(problem_codes.table(), encoding="utf-8")
    assert DOC.read_text(encoding="utf-8") == problem_codes.table()
