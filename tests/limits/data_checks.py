"""Limits on data files and the values in them: size, YAML nesting and values, numbers, ids,
conditions, paths (in the data and on the command line)."""
from __future__ import annotations

from pathlib import Path

import click

from cardgen.cli import shared as cli_shared

from cardgen.shared import conditions, paths, schema as s, yaml_source
from cardgen.base.errors import Report
from cardgen.base.limits import (CONDITION_CHARS, COMMAND_PATH_BYTES, ID_CHARS, INTEGER_DIGITS,
                            NAME_BYTES, NUMBER_MAGNITUDE, PATH_CHARS, YAML_DEPTH)
from limits.probing import Pair, Run, errors, sized


def _file_of(run: Run, size: int) -> str | None:
    path = run.tmp_path / "cards.yaml"
    path.write_text("#" * (size - 1) + "\n", encoding="utf-8")
    report = Report()
    yaml_source.read_text(path, report)
    return errors(report)


def _parsed(text: str) -> str | None:
    report = Report()
    yaml_source.parse_yaml(text, Path("cards.yaml"), "cards.yaml", report)
    return errors(report)


def _read_as(parser, written: str) -> str | None:
    """The message `parser` gives for the value `v: <written>` of a YAML file, or None."""
    report = Report()
    doc = yaml_source.parse_yaml(f"v: {written}\n", Path("cards.yaml"), "cards.yaml", report)
    try:
        parser(doc.data["v"], s.At(doc, ("v",), report))
    except s.Invalid as exc:
        return str(exc)
    return errors(report)


def _digits_read_exactly(run: Run) -> str | None:
    written = "9" * INTEGER_DIGITS
    return None if yaml_source.plain_number(written) == int(written) else "not read exactly"


def _digits_refused(run: Run) -> str | None:
    assert yaml_source.plain_number("9" * (INTEGER_DIGITS + 1)) == float("inf")
    return _read_as(s.number(), "9" * (INTEGER_DIGITS + 1))


def _reference(text: str) -> str | None:
    try:
        paths.check_reference(text)
    except s.Invalid as exc:
        return str(exc)
    return None


def _command_path(text: str) -> str | None:
    try:
        cli_shared.writable_path(None, None, text)
    except click.BadParameter as exc:
        return f"Invalid value for '--out': {exc.message}"     # as click shows it
    return None


def _condition(text: str) -> str | None:
    try:
        conditions.parse_condition(text)
    except s.Invalid as exc:
        return str(exc)
    return None


def _long_path(length: int) -> str:
    """A relative path of `length` characters, in names of at most 100."""
    path = (("n" * 99 + "/") * (length // 100 + 1))[:length]
    return path[:-1] + "n" if path.endswith("/") else path


CHECKS = {
    "DATA_FILE_BYTES": sized(_file_of, lambda run: run.limit("DATA_FILE_BYTES", 100)),
    "YAML_DEPTH": sized(lambda run, n: _parsed("[" * n + "]" * n), lambda run: YAML_DEPTH),
    "YAML_NODES": sized(lambda run, n: _parsed("[" + ", ".join(["1"] * (n - 1)) + "]"),
                        lambda run: run.limit("YAML_NODES", 10)),
    "INTEGER_DIGITS": Pair(_digits_read_exactly, _digits_refused),
    "NUMBER_MAGNITUDE": sized(lambda run, n: _read_as(s.number(), str(n)) or
                              _read_as(s.number(), str(-n)), lambda run: NUMBER_MAGNITUDE),
    "ID_CHARS": sized(lambda run, n: _read_as(s.identifier, "i" * n), lambda run: ID_CHARS),
    "CONDITION_CHARS": sized(lambda run, n: _condition("art" + " " * (n - 3)),
                             lambda run: CONDITION_CHARS),
    "PATH_CHARS": sized(lambda run, n: _reference(_long_path(n)), lambda run: PATH_CHARS),
    "NAME_BYTES": sized(lambda run, n: _reference("cards/" + "é" * (n // 2) + "h" * (n % 2)),
                        lambda run: NAME_BYTES),
    "COMMAND_PATH_BYTES": sized(lambda run, n: _command_path(_long_path(n)),
                                lambda run: COMMAND_PATH_BYTES),
}
