"""One type for every problem cardgen finds, and the collector that gathers them."""
from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import Iterable, Sequence

from cardgen.base.problem_codes import CODES

KeyPath = tuple  # of str keys and int list indices


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"       # what the build did that the designer may want to know; never a fault


@dataclass(frozen=True)
class Problem:
    """One problem: its code (one of `problem_codes.CODES`), severity, the key path of the value
    and what is wrong. A lower layer that knows no file leaves `file` and `line` out, and the
    layer that reads the file pins the problem there (`pinned`). `fields` names the data values
    the problem came of, so a problem found while drawing is pinned at the line that gave them."""

    code: str
    severity: Severity
    path: KeyPath
    message: str
    file: str | None = None
    line: int | None = None
    fields: tuple = ()

    def __post_init__(self):
        if self.code not in CODES:
            raise ValueError(f"problem code '{self.code}' is not in cardgen/base/problem_codes.py")
        object.__setattr__(self, "severity", Severity(self.severity))

    @property
    def key_path(self) -> str:
        return format_path(self.path)

    def format(self) -> str:
        """One line for a terminal, `file:line: severity: code: key.path: message`, each of
        `file`, `:line` and `key.path: ` left out when the problem has none (never an empty
        `: :`). Characters that would act on the terminal instead of printing are shown as
        escapes."""
        where = f"{self.file}:{self.line}" if self.file and self.line else self.file
        parts = [where] if where else []
        parts += [self.severity.value, self.code] + ([self.key_path] if self.key_path else [])
        return printable(": ".join(parts + [self.message]))

    def as_dict(self) -> dict:
        return {
            "file": self.file,
            "line": self.line,
            "path": self.key_path,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
        }


def pinned(problem: Problem, file, line: int | None, path: KeyPath | None = None,
           message: str | None = None, code: str | None = None) -> Problem:
    """`problem` placed in `file` at `line` (and at key `path`, told in `message`, under `code`,
    when given)."""
    return replace(problem, file=str(file), line=line,
                   path=problem.path if path is None else tuple(path),
                   message=problem.message if message is None else message,
                   code=problem.code if code is None else code)


class ProblemError(Exception):
    """Raised by a lower layer that has to stop on a problem; the layer above that knows where
    it was found reports it (`Report.raised`). A subclass names its kind of problem: `code`,
    unless the raiser knows it better (`code=`)."""

    code = "invalid"

    def __init__(self, problem: "Problem | str", line: int | None = None, code: str | None = None):
        if isinstance(problem, str):
            problem = Problem(code or self.code, Severity.ERROR, (), problem, line=line)
        super().__init__(problem.message)
        self.problem = problem


# control characters, lone surrogates, and the invisible marks that reorder text on a screen (two
# classes: one class of all these ranges takes milliseconds to compile, at every start)
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]|"
                          "[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """`text` safe to print on a terminal: each unprintable character becomes its escape."""
    return _UNPRINTABLE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), str(text))


def format_path(path: Sequence) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def closest(word: str, choices: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The choice `word` is most likely a misspelling of, or None; a lower `cutoff` guesses
    more loosely."""
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=cutoff)
    return close[0] if close else None


def did_you_mean(word: str, choices: Iterable[str], cutoff: float = 0.6) -> str:
    """A ' (did you mean 'x'?)' suffix for the closest choice, or ''."""
    close = closest(word, choices, cutoff)
    return f" (did you mean '{close}'?)" if close else ""


def written_number(text: str) -> str:
    """A number's text as messages quote it: one of more than 24 characters is cut."""
    if len(text) > 24:
        return f"{text[:12]}... (a number of {len(text):,} characters)"
    return text


def number_text(value) -> str:
    """A number as messages quote it, whatever its size: a whole number too long to quote is cut,
    one too long for Python to write out (over 4,300 digits) is only said to be so."""
    if isinstance(value, int) and not isinstance(value, bool):
        try:
            return written_number(str(value))
        except ValueError:
            return "a number of more than 4,300 digits"
    return f"{value:g}"


def describe(value) -> str:
    """How a found value is named in messages: its type and a short rendering."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if isinstance(value, int):
        return f"int {number_text(value)}" if abs(value) >= 10**24 else f"int '{value}'"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    text = str(value)
    if len(text) > 40:
        text = text[:37] + "..."
    kind = "text" if isinstance(value, str) else type(value).__name__
    return f"{kind} '{text}'"


@dataclass
class Report:
    """Collects the problems of one run; stages add to it and carry on, the caller stops once.
    A problem already reported (the same at the same place) is not reported again."""

    diagnostics: list[Problem] = field(default_factory=list)
    notes: list[Problem] = field(default_factory=list)   # info: what was done, never a problem
    _seen: set = field(default_factory=set, repr=False)

    def add(self, problem: Problem) -> None:
        if problem not in self._seen:
            self._seen.add(problem)
            (self.notes if problem.severity is Severity.INFO else self.diagnostics).append(problem)

    def error(self, file, line, path, message, code="invalid") -> None:
        self.add(Problem(code, Severity.ERROR, tuple(path), message, str(file), line))

    def warning(self, file, line, path, message, code="warning") -> None:
        self.add(Problem(code, Severity.WARNING, tuple(path), message, str(file), line))

    def info(self, file, line, path, message, code) -> None:
        self.add(Problem(code, Severity.INFO, tuple(path), message, str(file), line))

    def raised(self, exc: ProblemError, file, line: int | None = None, path=None,
               message: str | None = None, code: str | None = None) -> None:
        """A lower layer's problem, pinned in `file` (at the line it knows, else `line`), at key
        `path` (else the one it knows), told in `message` when the place adds to it, under `code`
        when only the place knows what kind of problem it is."""
        self.add(pinned(exc.problem, file, exc.problem.line or line, path, message, code))

    def extend(self, other: "Report") -> None:
        for diagnostic in (*other.diagnostics, *other.notes):
            self.add(diagnostic)

    @property
    def errors(self) -> list[Problem]:
        return [d for d in self.diagnostics if d.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Problem]:
        return [d for d in self.diagnostics if d.severity is Severity.WARNING]

    def has_errors(self, strict: bool = False) -> bool:
        return bool(self.errors) or (strict and bool(self.warnings))

    def sorted(self) -> list[Problem]:
        return sorted(self.diagnostics, key=lambda d: (d.file, d.line or 0, d.key_path, d.message))


def relative_name(path: Path, root: Path | None = None) -> str:
    """A file's name for messages: relative to the working folder when it lies below it."""
    path = Path(os.path.abspath(path))   # links are not followed: a name never shows their target
    for base in filter(None, (root, Path.cwd())):
        try:
            return str(path.relative_to(os.path.abspath(base)))
        except ValueError:
            continue
    return str(path)
