"""A problem prints as one line, `file:line: severity: code: key.path: message`, each part it
does not have left out whole: never an empty `:line` or `: :`."""
import pytest

from cardgen.base.errors import Problem, Severity


@pytest.mark.parametrize("file, line, path, printed", [
    ("data/g/cards/a.yaml", 7, ("cards", 0, "health"),
     "data/g/cards/a.yaml:7: error: type: cards[0].health: expected a number"),
    ("data/g/cards/a.xlsx", None, ("cards",), "data/g/cards/a.xlsx: error: type: cards: expected a number"),
    ("data/g/rules.md", 216, (), "data/g/rules.md:216: error: type: expected a number"),
    ("data/g/rules.md", 216, ("",), "data/g/rules.md:216: error: type: expected a number"),
    ("data/g/cards/a.xlsx", None, (), "data/g/cards/a.xlsx: error: type: expected a number"),
    (None, None, (), "error: type: expected a number"),
])
def test_a_problem_line_has_only_the_parts_it_knows(file, line, path, printed):
    assert Problem("type", Severity.ERROR, path, "expected a number", file, line).format() == printed
