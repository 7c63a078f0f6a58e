"""Attack ranges in a line of positions counted from 1 at the Front: '1-2', '2+', '3'."""
from __future__ import annotations

import re
from dataclasses import dataclass

from cardgen.base.errors import describe
from cardgen.fields.base import FieldType, whole
from cardgen.shared import schema as s
from cardgen.shared.schema import At, Invalid, Key
from cardgen.base.model import FieldDecl

EXPECTED = "expected a range such as '1-2' or '2+'"
LARGEST = 999_999  # keeps numbers printable and far beyond any line
_FORM = re.compile(r"([0-9]+)\s*(?:-\s*([0-9]+)|(\+))?", re.ASCII)
_DASHES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-"})


@dataclass(frozen=True)
class Range:
    """Positions `low` to `high` inclusive; `high` None means `low` or further back."""

    low: int
    high: int | None

    def contains(self, position: int) -> bool:
        return position >= self.low and (self.high is None or position <= self.high)

    def __str__(self) -> str:
        if self.high is None:
            return f"{self.low}+"
        if self.high == self.low:
            return str(self.low)
        return f"{self.low}-{self.high}"


def shown(text: str) -> str:
    """A found text as quoted in messages, shortened like `describe` does."""
    return f"'{text[:37]}...'" if len(text) > 40 else f"'{text}'"


def found(value) -> str:
    """`describe`, safe for integers too long to print."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**9:
        return "a very large number"
    return describe(value)


class RangeField(FieldType):
    """'1-2' (from 1 to 2), '2+' (2 or further back), '3' or 3 (exactly 3)."""

    booklet_column = True

    def parse(self, value, decl: FieldDecl, at: At) -> Range:
        if isinstance(value, int) and not isinstance(value, bool):
            quoted = str(value) if abs(value) < 10**9 else "a very large number"
            if value > LARGEST:
                raise Invalid(f"{EXPECTED}, found {quoted}: the number is too large")
            result = Range(value, value)
        elif isinstance(value, str):
            result, quoted = _read(value), shown(value)
        else:
            raise Invalid(f"{EXPECTED}, found {found(value)}")
        _check(result, quoted, decl.options.get("max"))
        return result

    def to_json(self, value):
        if value is None:
            return None
        return {"text": str(value), "low": value.low, "high": value.high}

    def json_schema(self, decl):
        schema = {"type": ["string", "integer"], "minimum": 1,
                  "pattern": r"^\s*[0-9]+\s*([-\u2013]\s*[0-9]+|\+)?\s*$"}
        if decl.options.get("max") is not None:
            schema["maximum"] = decl.options["max"]
        return schema


RANGE = RangeField(
    "range", "Positions in a line from 1 at the Front: '1-2', '2+' (2 or further) or '3'.",
    {"max": Key(s.integer(1), doc="the largest position in the line")})


def _read(text: str) -> Range:
    match = _FORM.fullmatch(text.translate(_DASHES).strip())
    if not match:
        raise Invalid(f"{EXPECTED}, found {shown(text)}")
    low, high, plus = match.groups()
    if any(len(n.lstrip("0")) > len(str(LARGEST)) for n in (low, high) if n):
        raise Invalid(f"{EXPECTED}, found {shown(text)}: a number is too large")
    if plus:
        return Range(whole(low), None)
    return Range(whole(low), whole(high if high else low))


def _check(result: Range, quoted: str, largest: int | None) -> None:
    if result.low < 1:
        raise Invalid(f"{EXPECTED}, found {quoted}: positions start at 1 (the Front)")
    if result.high is not None and result.high < result.low:
        raise Invalid(f"{EXPECTED}, found {quoted}: the start is after the end")
    if largest is not None and max(result.low, result.high or 0) > largest:
        raise Invalid(f"{EXPECTED}, found {quoted}: positions go up to {largest}")
