"""A small typed schema for YAML mappings: every error names the file, line and key path."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from cardgen.errors import Report, describe, did_you_mean
from cardgen.load.yaml_source import Document


class Invalid(Exception):
    """A value does not fit: the message says what was expected and what was found.
    `code` names the kind of problem in diagnostics when 'type' would be too vague."""

    def __init__(self, message: str, code: str = "type"):
        super().__init__(message)
        self.code = code


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
    except Invalid as exc:
        at.error(str(exc), code=exc.code)
        return _FAILED


def read_mapping(value, at: At, keys: dict[str, Key], what: str = "mapping",
                 extra: Parser | None = None) -> dict | None:
    """Check a mapping against `keys`; returns parsed values (defaults filled) or None if not a mapping.

    Unknown keys are errors with a "did you mean" hint, unless `extra` parses them.
    Keys whose value failed are left out of the result.
    """
    if not isinstance(value, dict):
        at.error(f"expected a {what}, found {describe(value)}", code="type")
        return None
    out: dict = {}
    for key, raw in value.items():
        spec = keys.get(key)
        if spec is None and extra is None:
            at.child(key).error(f"unknown key '{key}'{did_you_mean(key, keys)}; "
                                f"expected one of: {', '.join(sorted(keys))}", code="unknown-key")
            continue
        parsed = read_value(raw, at.child(key), spec.parse if spec else extra)
        if parsed is not _FAILED:
            out[key] = parsed
    for key, spec in keys.items():
        if key in value:
            continue
        if spec.required:
            at.error(f"missing required key '{key}'", code="missing-key")
        else:
            out.setdefault(key, spec.default)
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
    return value


def integer(minimum: int | None = None, maximum: int | None = None) -> Parser:
    def parse(value, at: At) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise Invalid(f"expected a whole number, found {describe(value)}")
        check_bounds(value, minimum, maximum)
        return value
    return parse


def number(minimum: float | None = None, maximum: float | None = None) -> Parser:
    def parse(value, at: At) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise Invalid(f"expected a number, found {describe(value)}")
        check_bounds(value, minimum, maximum)
        return float(value)
    return parse


def check_bounds(value, minimum, maximum) -> None:
    if minimum is not None and value < minimum:
        raise Invalid(f"expected at least {minimum:g}, found {value:g}")
    if maximum is not None and value > maximum:
        raise Invalid(f"expected at most {maximum:g}, found {value:g}")


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
