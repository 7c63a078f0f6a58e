"""Safe YAML reading that keeps the line of every value.

Scalars follow the YAML 1.2 core schema, so `no`, `on`, `1:20` and `2024-01-02` stay text.
Tags, anchors and aliases are refused: data never constructs objects or expands references.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import BaseResolver
from yaml.scanner import Scanner

from cardgen.errors import Report, relative_name

MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 64
MAX_NODES = 2_000_000

_STR_TAG = "tag:yaml.org,2002:str"
_STANDARD_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:map",
}
_INT = re.compile(r"^[-+]?[0-9]+$")
_FLOAT = re.compile(r"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$")
_NULLS = {"", "~", "null", "Null", "NULL"}
_TRUE = {"true", "True", "TRUE"}
_FALSE = {"false", "False", "FALSE"}


class _PlainResolver(BaseResolver):
    """Resolves every untagged scalar to str; types are decided by `_scalar` instead."""

    yaml_implicit_resolvers: dict = {}


class _ComposeLoader(Reader, Scanner, Parser, Composer, _PlainResolver):
    def __init__(self, stream):
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        _PlainResolver.__init__(self)
        self.depth = 0

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise _Refused(event.start_mark.line + 1,
                           f"alias '*{event.anchor}' is not supported: write the value out in full")
        if self.depth > MAX_DEPTH:   # refused before composing recurses: the line is known
            raise _Refused(event.start_mark.line + 1, f"nested deeper than {MAX_DEPTH} levels")
        self.depth += 1
        try:
            node = super().compose_node(parent, index)
        finally:
            self.depth -= 1
        if isinstance(node, ScalarNode) and getattr(event, "tag", None) in ("!", _STR_TAG):
            node.style = node.style or "!"   # `!!str 5` and `! 5` are text, like a quoted 5
        return node


class _Refused(Exception):
    def __init__(self, line: int, message: str, path: tuple = ()):
        super().__init__(message)
        self.line, self.message, self.path = line, message, path


@dataclass(frozen=True)
class Document:
    """One YAML file's data, with the line of every key path and the source text of scalars."""

    path: Path
    name: str
    data: Any
    lines: dict = field(default_factory=dict, repr=False)
    raw: dict = field(default_factory=dict, repr=False)

    def line(self, path: tuple) -> int | None:
        """The line of `path`, or of its nearest ancestor that has one."""
        path = tuple(path)
        while path not in self.lines and path:
            path = path[:-1]
        return self.lines.get(path)

    def source_text(self, path: tuple, value: Any) -> str:
        """A scalar as the designer wrote it (`1.10` stays `1.10` when used as text)."""
        return self.raw.get(tuple(path), value if isinstance(value, str) else str(value))


def _scalar(node: ScalarNode):
    if node.style is not None:  # quoted or block scalar: always text
        return node.value
    text = node.value
    if text in _NULLS:
        return None
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    if _INT.match(text):
        return int(text)
    if _FLOAT.match(text):
        return float(text)
    return text


class _Builder:
    def __init__(self):
        self.lines: dict = {}
        self.raw: dict = {}
        self.count = 0

    def build(self, node: Node, path: tuple, line: int):
        self.count += 1
        if self.count > MAX_NODES:
            raise _Refused(line, f"more than {MAX_NODES:,} values in one file", path)
        if len(path) > MAX_DEPTH:
            raise _Refused(line, f"nested deeper than {MAX_DEPTH} levels", path)
        if node.tag not in _STANDARD_TAGS:
            raise _Refused(node.start_mark.line + 1,
                           f"tag '{node.tag.replace('tag:yaml.org,2002:', '!!')}' is not allowed: "
                           "data files hold plain values only", path)
        self.lines.setdefault(path, line)
        if isinstance(node, ScalarNode):
            value = _scalar(node)
            if not isinstance(value, str) and value is not None:
                self.raw[path] = node.value
            return value
        if isinstance(node, SequenceNode):
            return [self.build(item, path + (i,), item.start_mark.line + 1)
                    for i, item in enumerate(node.value)]
        if isinstance(node, MappingNode):
            return self._mapping(node, path)
        raise _Refused(line, "unsupported YAML node", path)  # pragma: no cover

    def _mapping(self, node: MappingNode, path: tuple) -> dict:
        out: dict = {}
        for key_node, value_node in node.value:
            key_line = key_node.start_mark.line + 1
            if not isinstance(key_node, ScalarNode):
                raise _Refused(key_line, "a key must be plain text, not a list or mapping", path)
            key = key_node.value if key_node.style is None else key_node.value
            if key == "<<" and key_node.style is None:  # a quoted "<<" is just a key
                raise _Refused(key_line, "merge keys ('<<') are not supported", path)
            if key in out:
                first = self.lines.get(path + (key,))
                raise _Refused(key_line, f"duplicate key '{key}' (first given on line {first})",
                               path + (key,))
            self.lines[path + (key,)] = key_line
            out[key] = self.build(value_node, path + (key,), key_line)
        return out


def read_text(path: Path, report: Report, root: Path | None = None) -> str | None:
    """A data file's text, or None with a diagnostic when it is too big or not UTF-8."""
    name = relative_name(path, root)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            report.error(name, 1, (), f"file is {size:,} bytes; the limit is {MAX_FILE_BYTES:,}",
                         code="file-too-large")
            return None
        data = path.read_bytes()
    except OSError as exc:
        report.error(name, None, (), f"cannot read file: {exc.strerror or exc}", code="unreadable")
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        report.error(name, line, (), f"file is not UTF-8 text (byte 0x{data[exc.start]:02x} "
                     f"at offset {exc.start})", code="encoding")
        return None


def load_yaml(path: Path, report: Report, root: Path | None = None) -> Document | None:
    """Read one YAML file; on any problem add a diagnostic and return None."""
    path = Path(path)
    name = relative_name(path, root)
    text = read_text(path, report, root)
    if text is None:
        return None
    return parse_yaml(text, path, name, report)


def parse_yaml(text: str, path: Path, name: str, report: Report) -> Document | None:
    loader = None
    builder = _Builder()
    try:
        loader = _ComposeLoader(text)   # the reader already refuses control characters
        node = loader.get_single_node()
        data = builder.build(node, (), 1) if node is not None else None
    except _Refused as exc:
        report.error(name, exc.line, exc.path, exc.message, code="yaml")
        return None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or "malformed YAML"
        if "'\\t'" in problem:
            problem += "; indent with spaces, not tabs"
        if exc.context:
            problem = f"{problem} ({exc.context}" + (
                f" on line {exc.context_mark.line + 1})" if exc.context_mark else ")")
        opened = _run_on_quote(text, exc.problem_mark) if exc.problem_mark else None
        if opened:
            problem = (f"the quote opened on line {opened} only closes on line {line}, where "
                       f"{problem}: is a closing quote missing on line {opened}?")
            line = opened
        elif exc.context == "while scanning a quoted scalar" and exc.context_mark:
            line = exc.context_mark.line + 1   # never closed: point at where it opened
        report.error(name, line, (), f"malformed YAML: {problem}", code="yaml")
        return None
    except yaml.reader.ReaderError as exc:
        line = text[: exc.position].count("\n") + 1
        report.error(name, line, (), f"malformed YAML: character U+{exc.character:04X} is not "
                     "allowed in YAML text", code="yaml")
        return None
    except yaml.YAMLError as exc:
        report.error(name, None, (), f"malformed YAML: {exc}", code="yaml")
        return None
    except RecursionError:
        report.error(name, None, (), f"malformed YAML: nested deeper than {MAX_DEPTH} levels",
                     code="yaml")
        return None
    finally:
        if loader is not None:
            loader.dispose()
    builder.lines.setdefault((), 1)   # problems with the whole file (it is empty ...) name line 1
    return Document(path, name, data, builder.lines, builder.raw)


def _run_on_quote(text: str, mark) -> int | None:
    """The line a quoted value opened on, when it runs over several lines and closes just before
    a parse error: the usual trace of a missing closing quote (the next quote closes it)."""
    loader = _ComposeLoader(text)
    last = None
    try:
        while loader.check_token() and loader.peek_token().start_mark.index < mark.index:
            last = loader.get_token()
    except yaml.YAMLError:
        pass
    finally:
        loader.dispose()
    if (isinstance(last, yaml.ScalarToken) and last.style in ('"', "'")
            and last.start_mark.line < last.end_mark.line == mark.line):
        return last.start_mark.line + 1
    return None
