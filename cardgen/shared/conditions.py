"""`when:` conditions: `art`, `not art`, `suit == Spirit`, `damage > 0`, `spells contains White`,
joined by and/or.

Conditions are parsed once when the layout loads and evaluated per card; nothing is ever eval'd.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from cardgen.shared.schema import Invalid
from cardgen.base.limits import CONDITION_CHARS

# matched against an atom stripped of its outer spaces: one run of optional spaces between the
# parts, never two in a row, so a long run of spaces cannot make matching take quadratic time
_ATOM = re.compile(
    r"(?P<neg>not\s+)?(?P<name>[A-Za-z_][\w.-]*)\s*"
    r"(?:(?P<op>==|!=|<=|>=|<|>|\bcontains\b)\s*(?P<value>'[^']*'|\"[^\"]*\"|[^\s'\"]+))?")

Lookup = Callable[[str], object]


@dataclass(frozen=True)
class Test:
    name: str
    negate: bool = False
    op: str | None = None
    value: object = None

    def holds(self, lookup: Lookup) -> bool:
        actual = lookup(self.name)
        if self.op is None:
            result = actual not in (None, "", 0, False, ())
        else:
            result = _compare(actual, self.op, self.value)
        return result != self.negate


@dataclass(frozen=True)
class Condition:
    """Tests joined by 'or' of 'and' groups: [[a, b], [c]] is (a and b) or c."""

    groups: tuple[tuple[Test, ...], ...]
    text: str

    def holds(self, lookup: Lookup) -> bool:
        return any(all(test.holds(lookup) for test in group) for group in self.groups)

    @property
    def names(self) -> set[str]:
        return {t.name for g in self.groups for t in g}


def _literal(text: str):
    if text[:1] in "'\"":
        return text[1:-1]
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text, text)


def _compare(actual, op: str, expected) -> bool:
    if op == "contains":
        items = actual if isinstance(actual, (list, tuple)) else ()
        return any(str(item) == str(expected) for item in items) or (
            isinstance(actual, str) and str(expected) in actual)
    if op in ("==", "!="):
        same = actual == expected or (actual is not None and str(actual) == str(expected))
        return same if op == "==" else not same
    try:
        a, b = float(actual), float(expected)
    except (TypeError, ValueError):
        return False
    return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]


def parse_condition(value) -> Condition:
    if isinstance(value, bool):
        return Condition(((Test("__always__", negate=True),),) if value else (), str(value))
    if not isinstance(value, str) or not value.strip():
        raise Invalid(f"expected a condition such as 'art' or \"suit == Spirit\", found '{value}'")
    if len(value) > CONDITION_CHARS:
        raise Invalid(f"a condition is at most {CONDITION_CHARS} characters; this one has "
                      f"{len(value):,} ('{value[:30]}...')")
    groups = []
    for group in re.split(r"\s+or\s+", value.strip()):
        tests = []
        for atom in re.split(r"\s+and\s+", group):
            match = _ATOM.fullmatch(atom.strip())
            if not match:
                shown = " ".join(atom.split())
                shown = shown if len(shown) <= 60 else shown[:57] + "..."
                raise Invalid(f"cannot read condition '{shown}': expected 'field', "
                              "'not field' or 'field == value' (==, !=, <, <=, >, >=, contains)")
            tests.append(Test(match["name"], bool(match["neg"]), match["op"],
                              _literal(match["value"]) if match["value"] else None))
        groups.append(tuple(tests))
    return Condition(tuple(groups), value)
