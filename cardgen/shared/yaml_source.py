"""Safe YAML reading that keeps the line of every value.

Scalars follow the YAML 1.2 core schema, so `no`, `on`, `1:20` and `2024-01-02` stay text.
Aliases, merge keys and tags other than !!str, !!seq and !!map are refused: data never
constructs objects or expands references (an anchor alone is accepted, as nothing can use it).
Values are built from parser events in a loop, never by recursion, so depth is checked as it
grows. libyaml reads when it is installed; a file it refuses is read again by PyYAML's own
parser, whose error messages say more.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.scanner import Scanner

try:
    from yaml.cyaml import CParser
except ImportError:  # PyYAML built without libyaml
    CParser = None

from cardgen.base.errors import Problem, ProblemError, Report, Severity, pinned, relative_name
from cardgen.shared.yaml_errors import explain
from cardgen.base.limits import DATA_FILE_BYTES, INTEGER_DIGITS, YAML_DEPTH, YAML_NODES


_STR_TAG = "tag:yaml.org,2002:str"
_STANDARD_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:map",
}
INT = re.compile(r"^[-+]?[0-9]+$")
FLOAT = re.compile(r"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$")
_NULLS = {"", "~", "null", "Null", "NULL"}
_TRUE = {"true", "True", "TRUE"}
_FALSE = {"false", "False", "FALSE"}


class _EventReader(Reader, Scanner, Parser):
    """PyYAML's pure-Python reader, scanner and parser: slower, with the clearest error messages."""

    def __init__(self, stream):
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)


def _fast_reader(text: str):
    """libyaml's parser when it is installed and the text has nothing it would read differently."""
    if CParser is None or Reader.NON_PRINTABLE.search(text):
        return None
    return CParser(text)


class _Refused(ProblemError):
    code = "yaml"

    def __init__(self, line: int, message: str, path: tuple = ()):
        super().__init__(Problem(self.code, Severity.ERROR, tuple(path), message, line=line))


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


# characters no card can print; tab and line break are the only controls text may hold
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def printed_text(text: str) -> str:
    """Text as cardgen keeps it: in NFC form (a composed and a decomposed 'é' are one name), and
    without control characters or lone surrogates (ValueError names the first)."""
    bad = _CONTROL.search(text)
    if bad:
        char = bad.group()
        what = "a lone surrogate" if "\ud800" <= char <= "\udfff" else "the control character"
        code = char.encode("unicode_escape").decode("ascii")
        raise ValueError(f"text holds {what} {code} (U+{ord(char):04X}), which cannot be printed")
    return text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


def _text(event, line: int, path: tuple) -> str:
    try:
        return printed_text(event.value)
    except ValueError as exc:
        raise _Refused(line, str(exc), path) from None


def _scalar(event: yaml.ScalarEvent, line: int, path: tuple):
    if event.style or event.tag in ("!", _STR_TAG):   # quoted, block, or tagged as text
        return _text(event, line, path)
    text = _text(event, line, path)
    if text in _NULLS:
        return None
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    number = plain_number(text)
    return text if number is None else number


def plain_number(text: str) -> int | float | None:
    """The number a plain scalar (or a table's cell) writes, or None when it writes none.
    A whole number of more than INTEGER_DIGITS digits is too large for any key, and Python
    refuses to convert one past 4,300 digits: it is an infinity of its sign, which every bound
    refuses (the message quotes the digits as written)."""
    if INT.match(text):
        digits = text.lstrip("+-").lstrip("0")
        if len(digits) > INTEGER_DIGITS:
            return float("-inf") if text.startswith("-") else float("inf")
        return int(digits or "0") * (-1 if text.startswith("-") else 1)
    if FLOAT.match(text):
        return float(text)
    return None


class _Frame:
    """A mapping or list being filled, and (for a mapping) the key waiting for its value."""

    __slots__ = ("container", "path", "key", "key_line")

    def __init__(self, container, path):
        self.container, self.path, self.key, self.key_line = container, path, None, None


class _Builder:
    """Builds plain data from parser events, without recursion, recording every value's line."""

    def __init__(self):
        self.lines: dict = {}
        self.raw: dict = {}
        self.count = 0

    def build(self, events) -> Any:
        stack: list[_Frame] = []
        root, documents = None, 0
        for event in events:
            line = event.start_mark.line + 1 if event.start_mark else 1
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise _Refused(line, "a data file holds one YAML document; found a second")
                continue
            if isinstance(event, yaml.AliasEvent):
                raise _Refused(line, f"alias '*{event.anchor}' is not supported: write the value "
                               "out in full")
            if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                stack.pop()
                continue
            if not isinstance(event, (yaml.ScalarEvent, yaml.MappingStartEvent,
                                      yaml.SequenceStartEvent)):
                continue
            frame = stack[-1] if stack else None
            if frame is not None and isinstance(frame.container, dict) and frame.key is None:
                self._check(event, line, frame.path)
                self._key(event, line, frame)
                continue
            path = self._place(frame, line)
            self._check(event, line, path)
            if isinstance(event, yaml.ScalarEvent):
                value = _scalar(event, line, path)
                if value is not None and not isinstance(value, str):
                    self.raw[path] = event.value
            else:
                value = {} if isinstance(event, yaml.MappingStartEvent) else []
            if frame is None:
                root = value
            elif isinstance(frame.container, dict):
                frame.container[frame.key] = value
                frame.key = None
            else:
                frame.container.append(value)
            if not isinstance(event, yaml.ScalarEvent):
                if len(stack) >= YAML_DEPTH:
                    raise _Refused(line, f"nested deeper than {YAML_DEPTH} levels")
                stack.append(_Frame(value, path))
        return root

    def _check(self, event, line: int, path: tuple) -> None:
        self.count += 1
        if self.count > YAML_NODES:
            raise _Refused(line, f"more than {YAML_NODES:,} values in one file")
        if event.tag not in (None, "!") and event.tag not in _STANDARD_TAGS:
            raise _Refused(line, f"tag '{event.tag.replace('tag:yaml.org,2002:', '!!')}' is not "
                           "allowed: data files hold plain values only", path)

    def _key(self, event, line: int, frame: _Frame) -> None:
        if not isinstance(event, yaml.ScalarEvent):
            raise _Refused(line, "a key must be plain text, not a list or mapping", frame.path)
        key = _text(event, line, frame.path)
        if key == "<<" and not event.style:  # a quoted "<<" is just a key
            raise _Refused(line, "merge keys ('<<') are not supported", frame.path)
        if key in frame.container:
            first = self.lines.get(frame.path + (key,))
            raise _Refused(line, f"duplicate key '{key}' (first given on line {first})",
                           frame.path + (key,))
        frame.key, frame.key_line = key, line
        self.lines[frame.path + (key,)] = line

    def _place(self, frame: _Frame | None, line: int) -> tuple:
        """The path of the value about to be added to `frame` (the root when None)."""
        if frame is None:
            self.lines[()] = 1   # the whole file
            return ()
        if isinstance(frame.container, dict):
            return frame.path + (frame.key,)
        path = frame.path + (len(frame.container),)
        self.lines[path] = line
        return path


def read_text(path: Path, report: Report, root: Path | None = None) -> str | None:
    """A data file's text, or None with a diagnostic when it is too big or not UTF-8."""
    name = relative_name(path, root)
    try:
        size = path.stat().st_size
        if size > DATA_FILE_BYTES:
            report.error(name, 1, (), f"file is {size:,} bytes; the limit is {DATA_FILE_BYTES:,}",
                         code="file-too-large")
            return None
        data = path.read_bytes()
    except OSError as exc:
        report.error(name, None, (), f"cannot read file: {exc.strerror or exc}", code="unreadable")
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        report.error(name, line, (), f"file is not UTF-8 text (byte 0x{data[exc.start]:02x} "
                     f"at offset {exc.start})", code="encoding")
        return None
    bad = _CONTROL.search(text.replace("\r", ""))
    if bad:
        line = text[: text.index(bad.group())].count("\n") + 1
        code = bad.group().encode("unicode_escape").decode("ascii")
        report.error(name, line, (), f"file holds the control character {code} "
                     f"(U+{ord(bad.group()):04X}), which no card can print", code="encoding")
        return None
    return text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


def load_yaml(path: Path, report: Report, root: Path | None = None) -> Document | None:
    """Read one YAML file; on any problem add a diagnostic and return None."""
    path = Path(path)
    name = relative_name(path, root)
    text = read_text(path, report, root)
    if text is None:
        return None
    return parse_yaml(text, path, name, report)


def _events(reader):
    try:
        while reader.check_event():
            yield reader.get_event()
    finally:
        reader.dispose()


def parse_yaml(text: str, path: Path, name: str, report: Report) -> Document | None:
    fast = _fast_reader(text)
    if fast is not None:
        builder = _Builder()
        try:
            data = builder.build(_events(fast))
            builder.lines.setdefault((), 1)
            return Document(path, name, data, builder.lines, builder.raw)
        except (yaml.YAMLError, _Refused):
            pass   # read it again below, slowly, for PyYAML's clearer messages
    builder = _Builder()
    try:
        data = builder.build(_events(_EventReader(text)))   # its reader refuses control characters
    except _Refused as exc:
        report.raised(exc, name)
        return None
    except yaml.YAMLError as exc:
        problem = explain(exc, text)
        report.add(pinned(problem, name, problem.line))
        return None
    builder.lines.setdefault((), 1)   # problems with the whole file (it is empty ...) name line 1
    return Document(path, name, data, builder.lines, builder.raw)

