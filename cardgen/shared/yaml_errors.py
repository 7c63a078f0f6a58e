"""What a YAML syntax error means for the designer: the line to look at, and the problem in words."""
from __future__ import annotations

import yaml
from yaml.reader import Reader, ReaderError
from yaml.scanner import Scanner

from cardgen.base.errors import Problem, Severity


class _Tokens(Reader, Scanner):
    def __init__(self, stream):
        Reader.__init__(self, stream)
        Scanner.__init__(self)


def explain(exc: yaml.YAMLError, text: str) -> Problem:
    """The problem, at its line, a PyYAML error raised while reading `text` means."""
    line, problem = _line_and_problem(exc, text)
    return Problem("yaml", Severity.ERROR, (), f"malformed YAML: {problem}", line=line)


def _line_and_problem(exc: yaml.YAMLError, text: str) -> tuple[int | None, str]:
    if isinstance(exc, ReaderError):
        line = text[: exc.position].count("\n") + 1
        return line, f"character U+{exc.character:04X} is not allowed in YAML text"
    if not isinstance(exc, yaml.MarkedYAMLError):
        return None, str(exc)
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
        return opened, (f"the quote opened on line {opened} only closes on line {line}, where "
                        f"{problem}: is a closing quote missing on line {opened}?")
    if exc.context == "while scanning a quoted scalar" and exc.context_mark:
        line = exc.context_mark.line + 1   # never closed: point at where it opened
    return line, problem


def _run_on_quote(text: str, mark) -> int | None:
    """The line a quoted value opened on, when it runs over several lines and closes just before
    a parse error: the usual trace of a missing closing quote (the next quote closes it)."""
    tokens = _Tokens(text)
    last = None
    try:
        while tokens.check_token() and tokens.peek_token().start_mark.index < mark.index:
            last = tokens.get_token()
    except yaml.YAMLError:
        pass
    if (isinstance(last, yaml.ScalarToken) and last.style in ('"', "'")
            and last.start_mark.line < last.end_mark.line == mark.line):
        return last.start_mark.line + 1
    return None
