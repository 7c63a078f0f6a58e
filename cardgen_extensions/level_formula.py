"""Numbers that depend on a unit's Level L ('13 + 2L', '8 - L'), and level-gated abilities."""
from __future__ import annotations

import re
from dataclasses import dataclass

from cardgen.shared import schema as s
from cardgen.fields.base import Diagram, FieldType, whole
from cardgen.shared.schema import At, Invalid, Key
from cardgen_extensions.range import found, shown
from cardgen.base.model import FieldDecl

EXPECTED = "expected a number or a formula in Level L such as '13 + 2L' or '8 - L'"
LARGEST = 999_999
DEFAULT_LEVELS = (0, 1, 2, 3)
_TERM = r"(?:[0-9]+\s*\*?\s*L|[0-9]+|L)"
_FORMULA = re.compile(rf"[+-]?\s*{_TERM}(?:\s*[+-]\s*{_TERM})*", re.ASCII | re.IGNORECASE)
_PIECE = re.compile(rf"([+-]?)\s*({_TERM})", re.ASCII | re.IGNORECASE)


@dataclass(frozen=True)
class LevelFormula:
    """The value `base + per_level * L` for a unit of Level L."""

    base: int
    per_level: int

    def at(self, level: int) -> int:
        return self.base + self.per_level * level

    def __str__(self) -> str:
        size = abs(self.per_level)
        term = "L" if size == 1 else f"{size}L"
        if self.per_level == 0:
            return str(self.base)
        if self.base == 0:
            return term if self.per_level > 0 else f"-{term}"
        return f"{self.base} {'+' if self.per_level > 0 else '-'} {term}"


class LevelFormulaField(FieldType):
    """A whole number, or a sum of a number and a multiple of L: '10', '4 + 3L', '3L'."""

    booklet_column = True
    diagram = Diagram()     # a table of each card's value at every level

    def parse(self, value, decl: FieldDecl, at: At) -> LevelFormula:
        if isinstance(value, int) and not isinstance(value, bool):
            if abs(value) > LARGEST:
                raise Invalid(f"{EXPECTED}, found a number larger than {LARGEST}")
            formula = LevelFormula(value, 0)
        elif isinstance(value, str):
            formula = _read(value)
        else:
            raise Invalid(f"{EXPECTED}, found {found(value)}")
        _check(formula, decl.options.get("levels", DEFAULT_LEVELS), decl.options.get("min"))
        return formula

    def to_json(self, value):
        if value is None:
            return None
        return {"text": str(value), "base": value.base, "per_level": value.per_level}

    def parts(self, value, decl: FieldDecl | None = None) -> dict:
        """`{{field.L0}}` ... : the value at each level the field declares (`levels`, by default
        0 to 3), for level tables."""
        if value is None:
            return {}
        levels = decl.options.get("levels", DEFAULT_LEVELS) if decl is not None else DEFAULT_LEVELS
        return {f"L{level}": value.at(level) for level in levels}

    def part_heading(self, part: str) -> str:
        return f"Level {part[1:]}"

    def json_schema(self, decl):
        return {"type": ["string", "integer"], "pattern": r"^[-+0-9Ll*\s]+$"}


LEVEL_FORMULA = LevelFormulaField(
    "level_formula", "A number that depends on Level L: '10', '13 + 2L' or '8 - L'.",
    {"levels": Key(s.list_of(s.integer(0)), default=DEFAULT_LEVELS,
                   doc="the levels the formula is checked at"),
     "min": Key(s.integer(), doc="smallest value allowed at every level")})


def _read(text: str) -> LevelFormula:
    clean = text.replace("\u2212", "-").strip()
    if not _FORMULA.fullmatch(clean):
        raise Invalid(f"{EXPECTED}, found {shown(text)}")
    base = per_level = 0
    for sign, term in _PIECE.findall(clean):
        digits = term.rstrip("Ll").rstrip(" *\t\n\r\f\v")
        if len(digits.lstrip("0")) > len(str(LARGEST)):
            raise Invalid(f"{EXPECTED}, found {shown(text)}: a number is too large")
        amount = (whole(digits) if digits else 1) * (-1 if sign == "-" else 1)
        if term[-1] in "Ll":
            per_level += amount
        else:
            base += amount
    return LevelFormula(base, per_level)


def _check(formula: LevelFormula, levels, minimum: int | None) -> None:
    if minimum is None:
        return
    for level in levels:
        if formula.at(level) < minimum:
            raise Invalid(f"at Level {level}, {formula} is {formula.at(level)}; "
                          f"expected at least {minimum}")


# Level-gated abilities -------------------------------------------------------------------

ABILITIES = "expected abilities written 'L<level>: text' such as 'L2: Draw a card'"
_LEVEL_KEY = re.compile(r"\s*L?\s*([0-9]+)\s*", re.ASCII | re.IGNORECASE)
_MARKER = re.compile(r"^[ \t]*L[ \t]*([0-9]+)[ \t]*:", re.ASCII | re.IGNORECASE | re.MULTILINE)


@dataclass(frozen=True)
class LevelAbilities:
    """Ability texts that a unit gains at given levels, as (level, text) sorted by level."""

    items: tuple[tuple[int, str], ...] = ()

    def __iter__(self):
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def get(self, level: int) -> str | None:
        return dict(self.items).get(level)

    def up_to(self, level: int) -> tuple[tuple[int, str], ...]:
        """The abilities a unit of this level has."""
        return tuple(item for item in self.items if item[0] <= level)

    def __str__(self) -> str:
        return "\n".join(f"L{level}: {text}" for level, text in self.items)


class LevelAbilitiesField(FieldType):
    """A list of 'L3: text' entries (or one text of such lines, or a mapping {3: text})."""

    def parse(self, value, decl: FieldDecl, at: At) -> LevelAbilities:
        if isinstance(value, str):
            value = [value]
        if isinstance(value, dict):
            entries = [(level, _text(text, level))
                       for level, text in ((_level_key(k), v) for k, v in value.items())]
        elif isinstance(value, list):
            entries = [entry for item in value for entry in _entries(item)]
        else:
            raise Invalid(f"{ABILITIES}, found {found(value)}")
        highest = decl.options.get("max_level", 3)
        seen: set[int] = set()
        for level, _ in entries:
            if not 1 <= level <= highest:
                what = f"Level {level}" if level <= LARGEST else f"a level above {LARGEST}"
                raise Invalid(f"{ABILITIES}, found {what}: levels go from 1 to {highest}")
            if level in seen:
                raise Invalid(f"{ABILITIES}, found Level {level} twice")
            seen.add(level)
        return LevelAbilities(tuple(sorted(entries)))

    def to_json(self, value):
        if value is None:
            return None
        return [{"level": level, "text": text} for level, text in value]

    def json_schema(self, decl):
        entry = {"type": "string", "pattern": r"^\s*[Ll]\s*[0-9]+\s*:"}
        return {"anyOf": [entry, {"type": "array", "items": entry},
                          {"type": "object", "additionalProperties": {"type": "string"}}]}


LEVEL_ABILITIES = LevelAbilitiesField(
    "level_abilities", "Abilities gained at levels: a list of 'L2: text', or a mapping.",
    {"max_level": Key(s.integer(1), default=3, doc="the highest level")})


def _entries(item) -> list[tuple[int, str]]:
    """The (level, text) entries of one text: each line starting 'L<n>:' begins an entry."""
    if not isinstance(item, str):
        raise Invalid(f"{ABILITIES}, found {found(item)}")
    pieces = _MARKER.split(item)
    if pieces[0].strip():
        raise Invalid(f"{ABILITIES}, found {shown(item.strip())}")
    out = []
    for digits, text in zip(pieces[1::2], pieces[2::2]):
        level = _level(digits)
        if not text.strip():
            raise Invalid(f"{ABILITIES}, found 'L{level}:' without a text")
        out.append((level, text.strip()))
    return out


def _level_key(key) -> int:
    if isinstance(key, int) and not isinstance(key, bool):
        return key if abs(key) <= LARGEST else (LARGEST + 1 if key > 0 else 0)
    match = isinstance(key, str) and _LEVEL_KEY.fullmatch(key)
    if not match:
        raise Invalid(f"{ABILITIES}, found {found(key)} as a key: expected a level such as 2")
    return _level(match.group(1))


def _text(text, level: int) -> str:
    if not isinstance(text, str) or not text.strip():
        raise Invalid(f"{ABILITIES}, found {found(text)} for Level {level}")
    if _MARKER.search(text):
        raise Invalid(f"{ABILITIES}, found {shown(text.strip())} for Level {level}: "
                      f"write each level as its own entry")
    return text.strip()


def _level(digits: str) -> int:
    return whole(digits) if len(digits.lstrip("0")) <= len(str(LARGEST)) else LARGEST + 1
