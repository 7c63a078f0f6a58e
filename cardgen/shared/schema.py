"""A small typed schema for YAML mappings: every error names the file, line and key path."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Collection

from cardgen.base.errors import ProblemError, Report, describe, did_you_mean, number_text, written_number
from cardgen.shared.yaml_source import Document
from cardgen.base.units import UnitError, parse_length
from cardgen.base.limits import ID_CHARS, NUMBER_MAGNITUDE



class Invalid(ProblemError):
    """A value does not fit: the message says what was expected and what was found. A raiser
    gives `code=` when 'type' would be too vague."""

    code = "type"


class Reported(Invalid):
    """A value failed and its problems are already reported (by a nested read_mapping)."""

    code = "reported"

    def __init__(self):
        super().__init__("reported above")


@dataclass(frozen=True)
class At:
    """Where a value sits: the document and key path, for nested parsers and messages."""

    doc: Document
    path: tuple
    report: Report

    def child(self, key) -> "At":
        return At(self.doc, self.path + (key,), self.report)

    @property
    def line(self) -> int | None:
        return self.doc.line(self.path)

    def error(self, message: str, code: str = "invalid") -> None:
        self.report.error(self.doc.name, self.line, self.path, message, code)

    def warning(self, message: str, code: str = "warning") -> None:
        self.report.warning(self.doc.name, self.line, self.path, message, code)

    def raised(self, exc: ProblemError, message: str | None = None, code: str | None = None) -> None:
        """A lower layer's problem, reported here (see `Report.raised`)."""
        self.report.raised(exc, self.doc.name, self.line, self.path, message, code)


Parser = Callable[[Any, At], Any]


@dataclass(frozen=True)
class Key:
    parse: Parser
    required: bool = False
    default: Any = None
    doc: str = ""


_FAILED = object()


def read_value(value, at: At, parse: Parser):
    """Parse one value, turning Invalid into a diagnostic; returns _FAILED on error."""
    try:
        return parse(value, at)
    except Reported:
        return _FAILED
    except Invalid as exc:
        at.raised(exc)
        return _FAILED


class Values(dict):
    """A mapping's parsed values. Every optional key is present: a key that is absent, or whose
    value failed to parse, holds its typed default, so later stages never look up a missing key.
    A required key that is missing or failed is absent; `failed` names the keys that failed."""

    failed: frozenset = frozenset()

    @property
    def ok(self) -> bool:
        return not self.failed


def read_mapping(value, at: At, keys: dict[str, Key], what: str = "mapping",
                 extra: Parser | None = None) -> Values | None:
    """Check a mapping against `keys`; returns parsed values (defaults filled) or None if not a mapping.

    Unknown keys are errors with a "did you mean" hint, unless `extra` parses them.
    """
    if not isinstance(value, dict):
        at.error(f"expected a {what}, found {describe(value)}", code="type")
        return None
    out = Values()
    failed = set()
    for key, raw in value.items():
        spec = keys.get(key)
        if spec is None and extra is None:
            at.child(key).error(f"unknown key '{key}'{did_you_mean(key, keys)}; "
                                f"expected one of: {', '.join(sorted(keys))}", code="unknown-key")
            failed.add(key)
            continue
        parsed = read_value(raw, at.child(key), spec.parse if spec else extra)
        if parsed is _FAILED:
            failed.add(key)
        else:
            out[key] = parsed
    for key, spec in keys.items():
        if key in out:
            continue
        if spec.required:
            if key not in value:
                at.error(f"missing required key '{key}'", code="missing-key")
                failed.add(key)
        else:
            out[key] = spec.default
    out.failed = frozenset(failed)
    return out


def failed(result) -> bool:
    return result is _FAILED


# Parsers ------------------------------------------------------------------------------------

def text(value, at: At) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return at.doc.source_text(at.path, value)
    raise Invalid(f"expected text, found {describe(value)}")


def identifier(value, at: At) -> str:
    value = text(value, at)
    if not value or not all(c.isalnum() or c in "-_" for c in value):
        raise Invalid(f"expected an id of letters, digits, '-' and '_', found '{value}'")
    if len(value) > ID_CHARS:
        raise Invalid(f"expected an id of at most {ID_CHARS} characters, found one of "
                      f"{len(value):,}", code="range")
    return value


def integer(minimum: int | None = None, maximum: int | None = None) -> Parser:
    """A whole number from `minimum` to `maximum` (each defaults to the data-wide bound)."""
    def parse(value, at: At) -> int:
        huge = isinstance(value, float) and math.isinf(value)   # a whole number too long to hold
        if isinstance(value, bool) or not (isinstance(value, int) or huge):
            raise Invalid(f"expected a whole number, found {describe(value)}")
        check_bounds(value, minimum, maximum, at)
        return int(value)
    return parse


def number(minimum: float | None = None, maximum: float | None = None) -> Parser:
    """A number from `minimum` to `maximum` (each defaults to the data-wide bound)."""
    def parse(value, at: At) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise Invalid(f"expected a number, found {describe(value)}")
        check_bounds(value, minimum, maximum, at)
        return float(value)
    return parse


def length(minimum: float = -NUMBER_MAGNITUDE, maximum: float = NUMBER_MAGNITUDE) -> Parser:
    """A length ('5mm', '0.25in', '12pt', a bare number of mm) from `minimum` to `maximum` mm."""
    def length(value, at: At) -> float:
        try:
            mm = parse_length(value)
        except UnitError as exc:
            raise Invalid(exc.problem) from None
        check_bounds(mm, minimum, maximum, at, unit=" mm")
        return mm
    return length


def check_bounds(value, minimum, maximum, at: At | None = None, unit: str = "") -> None:
    """`value` lies in [minimum, maximum], each bound defaulting to +-NUMBER_MAGNITUDE; NaN and the
    infinities never do. A whole number of any size is compared exactly (never made a float), so
    one too large for a float is out of range like any other. The message quotes the value as
    written (a 5,000-digit number is cut)."""
    low = -NUMBER_MAGNITUDE if minimum is None else minimum
    high = NUMBER_MAGNITUDE if maximum is None else maximum
    nan = value != value          # NaN is the one value unequal to itself (isnan floats an int)
    if not nan and low <= value <= high:
        return
    found = shown_number(value, at, unit)
    if minimum is None and maximum is None or nan:
        wanted = f"a number from {_bound(low)} to {_bound(high)}{unit}"
    elif value < low:
        wanted = f"at least {_bound(low)}{unit}"
    else:
        wanted = f"at most {_bound(high)}{unit}"
    raise Invalid(f"expected {wanted}, found {found}", code="range")


def _bound(value: float) -> str:
    """A bound as messages write it: a large whole number in full (1,000,000, never 1e+06)."""
    if value == int(value) and abs(value) >= 10_000:
        return f"{int(value):,}"
    return f"{value:g}"


def shown_number(value, at: At | None, unit: str = "") -> str:
    """A number as the data wrote it, cut when long; `value` itself when the text is unknown.
    A text that reads as no finite number ('999...9mm' is infinite) is quoted as written."""
    written = at.doc.raw.get(tuple(at.path)) if at is not None else None
    if not isinstance(written, str) and not -math.inf < value < math.inf:
        written = _text_at(at)
    if not isinstance(written, str):
        return f"{number_text(value)}{unit}"
    return written_number(written)


def _text_at(at: At | None) -> str | None:
    """The text the data gives at `at`, if what it gives there is a text."""
    value = at.doc.data if at is not None else None
    try:
        for key in at.path if at is not None else ():
            value = value[key]
    except (KeyError, IndexError, TypeError):
        return None
    return value.strip() if isinstance(value, str) else None


def boolean(value, at: At) -> bool:
    if not isinstance(value, bool):
        raise Invalid(f"expected true or false, found {describe(value)}")
    return value


def choice(*options: str) -> Parser:
    def parse(value, at: At) -> str:
        if value not in options:
            raise Invalid(f"expected one of {', '.join(options)}; found {describe(value)}"
                          f"{did_you_mean(value, options)}")
        return value
    return parse


def choice_in(options: Collection[str]) -> Parser:
    """`choice` among a collection read anew for every value, such as a registry's names."""
    def parse(value, at: At) -> str:
        return choice(*options)(value, at)
    return parse


def list_of(item: Parser, single_ok: bool = False) -> Parser:
    """A list whose items each parse with `item`; `single_ok` also takes one bare item."""
    def parse(value, at: At) -> tuple:
        if single_ok and not isinstance(value, list):
            value = [value]
            items = [read_value(value[0], at, item)]
        elif not isinstance(value, list):
            raise Invalid(f"expected a list, found {describe(value)}")
        else:
            items = [read_value(v, at.child(i), item) for i, v in enumerate(value)]
        return tuple(v for v in items if v is not _FAILED)
    return parse


def mapping_of(item: Parser) -> Parser:
    """A mapping with free keys, each value parsed with `item`."""
    def parse(value, at: At) -> dict:
        if not isinstance(value, dict):
            raise Invalid(f"expected a mapping, found {describe(value)}")
        out = {}
        for key, v in value.items():
            parsed = read_value(v, at.child(key), item)
            if parsed is not _FAILED:
                out[key] = parsed
        return out
    return parse


def any_value(value, at: At):
    return value


def bound_value(value, at: At):
    """A value a layout binds and prints: text, true or false, or a number in the data-wide range."""
    if isinstance(value, (str, bool)):
        return value
    if isinstance(value, (int, float)):
        check_bounds(value, None, None, at)
        return value
    raise Invalid(f"expected text, a number or true/false, found {describe(value)}")
