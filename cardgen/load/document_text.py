"""A document's text: a light markup a designer writes by hand, read into blocks with their lines.

    # Heading                    (## and ### for smaller ones)
    A paragraph runs on over lines until a blank one; card markup works inside it:
    **bold**, *italic*, {icon}, [[Term]].
    - a bullet item              (a line indented by two spaces carries it on)
    1. a numbered item
    | a table | row |            (a row of dashes under the first row makes it the header)
    > a note, set apart in a box
    @cards deck=heroes columns=name,power     (a part made from the game's data)

A line it cannot place is a paragraph. A directive's name and keys are checked here; what they
name (a deck, a field) is checked with the rest of the game.
"""
from __future__ import annotations

import re
import shlex

from cardgen.base.errors import ProblemError, did_you_mean
from cardgen.base.model import Block, frozen_map
from cardgen.base.limits import DOCUMENT_BLOCKS, DOCUMENT_TABLE_COLUMNS, HEADING_CHARS


# directive -> its keys: (required, optional), and what it prints
DIRECTIVES = {
    "components": ((), (), "what is in the box, counted from the data: every deck, token and board"),
    "cards": (("deck",), ("columns", "title"),
              "a table of a deck's cards with their key values (columns: field names, comma-separated)"),
    "glossary": ((), (), "the game's glossary, term by term"),
    "definitions": ((), ("kinds",), "the game's definitions (kinds: which, comma-separated)"),
    "diagrams": (("deck", "field"), (),
                 "a field drawn as the cards draw it: each target code's tiles, each level "
                 "formula's values at every level"),
    "changelog": ((), (), "the game's versions, newest first, and what each changed"),
    "errata": ((), (), "the game's errata: each corrected value, what it was, and why"),
    "page-break": ((), (), "the next part starts on a new page, unless it fits in the room left "
                           "or more than a third of the page is left"),
    "quick-reference": ((), (), "nothing where it stands: the section it stands in is the quick "
                                "reference, the text's own summary, printed on a spare page of the "
                                "booklet when there is one"),
}
_HEADING = re.compile(r"^(#{1,3})\s+(.*\S)\s*$")
_BULLET = re.compile(r"^[-*]\s+(.*)$")
_NUMBER = re.compile(r"^\d{1,3}[.)]\s+(.*)$")
_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


class DocumentTextError(ProblemError, ValueError):
    code = "document"

    def __init__(self, line: int, message: str):
        super().__init__(message, line)
        self.args = (line, message)     # as it is made again, unpickled

    @property
    def line(self) -> int:
        return self.problem.line


class Pieces:
    """Blocks, list items and table rows, counted as each is read: past DOCUMENT_BLOCKS the
    document is refused at the line of the one too many, wherever it is, the last line too."""

    def __init__(self) -> None:
        self.count = 0

    def add(self, line: int) -> None:
        self.count += 1
        if self.count > DOCUMENT_BLOCKS:
            raise DocumentTextError(line, f"more than {DOCUMENT_BLOCKS:,} blocks, list items and "
                                    "table rows in one document")


def read_blocks(text: str) -> tuple[tuple[Block, ...], list[DocumentTextError]]:
    """The blocks of a document's text, each with the line it starts on (from 1), and the
    problems of the directives it could not read (every one, not only the first)."""
    blocks: list[Block] = []
    problems: list[DocumentTextError] = []
    lines = text.splitlines()
    pieces = Pieces()
    i = 0
    while i < len(lines):
        raw = lines[i]
        stripped = raw.strip()
        number = i + 1
        if not stripped:
            i += 1
            continue
        pieces.add(number)
        if heading := _HEADING.match(stripped):
            if len(heading.group(2)) > HEADING_CHARS:
                problems.append(DocumentTextError(number, f"a heading is at most {HEADING_CHARS} "
                                                  f"characters; this one is {len(heading.group(2)):,}"))
            blocks.append(Block("heading", number, heading.group(2), len(heading.group(1))))
            i += 1
        elif stripped.startswith("@"):
            try:
                blocks.append(_directive(stripped[1:], number))
            except DocumentTextError as exc:
                problems.append(exc)
            i += 1
        elif stripped.startswith("|"):
            rows, i = _table_rows(lines, i, pieces)
            blocks.append(_table(rows, number))
            if len(blocks[-1].items[0]) > DOCUMENT_TABLE_COLUMNS:
                problems.append(DocumentTextError(number, f"a table has at most {DOCUMENT_TABLE_COLUMNS} "
                                                  f"columns; this one has {len(blocks[-1].items[0])}"))
        elif stripped.startswith(">"):
            quoted, i = _take(lines, i, lambda s: s.startswith(">"))
            blocks.append(Block("note", number, " ".join(q.lstrip(">").strip() for q, _ in quoted)))
        elif _BULLET.match(stripped) or _NUMBER.match(stripped):
            ordered = not _BULLET.match(stripped)
            items, i = _list(lines, i, _NUMBER if ordered else _BULLET, pieces)
            blocks.append(Block("numbers" if ordered else "bullets", number, items=tuple(items)))
        else:
            body, i = _take(lines, i, lambda s: bool(s) and not _starts_block(s))
            blocks.append(Block("paragraph", number, " ".join(s.strip() for s, _ in body)))
    return tuple(blocks), problems


def _starts_block(stripped: str) -> bool:
    return bool(_HEADING.match(stripped) or stripped[:1] in ("@", "|", ">")
                or _BULLET.match(stripped) or _NUMBER.match(stripped))


def _take(lines: list[str], i: int, keep) -> tuple[list[tuple[str, int]], int]:
    """Lines from i on while `keep` holds for their stripped text (the first always)."""
    out = [(lines[i].strip(), i + 1)]
    i += 1
    while i < len(lines) and keep(lines[i].strip()):
        out.append((lines[i].strip(), i + 1))
        i += 1
    return out, i


def _table_rows(lines: list[str], i: int, pieces: Pieces) -> tuple[list[tuple[str, int]], int]:
    """A table's lines from i on, each row counted as it is read (the rule under a header is no
    row)."""
    rows: list[tuple[str, int]] = []
    while i < len(lines) and (stripped := lines[i].strip()).startswith("|"):
        if not (len(rows) == 1 and _RULE.match(stripped)):
            pieces.add(i + 1)
        rows.append((stripped, i + 1))
        i += 1
    return rows, i


def _list(lines: list[str], i: int, pattern, pieces: Pieces) -> tuple[list[tuple[str, int]], int]:
    items: list[tuple[str, int]] = []
    while i < len(lines):
        stripped = lines[i].strip()
        match = pattern.match(stripped)
        if match:
            pieces.add(i + 1)
            items.append((match.group(1), i + 1))
        elif stripped and lines[i].startswith("  ") and items:   # carries the item on
            text, line = items[-1]
            items[-1] = (f"{text} {stripped}", line)
        else:
            break
        i += 1
    return items, i


_CELL_BREAK = re.compile(r"\[\[[^\]]*\]\]|\\\||\|")    # a [[Term|shown]] or \| is no break


def _cells(row: str) -> tuple[str, ...]:
    """A table row's cells: split at each '|', but not inside [[Term|shown]] nor at '\\|'."""
    inner = row.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    cells, start = [], 0
    for match in _CELL_BREAK.finditer(inner):
        if match.group() == "|":
            cells.append(inner[start:match.start()])
            start = match.end()
    cells.append(inner[start:])
    return tuple(cell.strip().replace("\\|", "|") for cell in cells)


def _table(rows: list[tuple[str, int]], line: int) -> Block:
    header = len(rows) > 1 and bool(_RULE.match(rows[1][0]))
    kept = [rows[0]] + rows[2:] if header else rows
    cells = tuple(_cells(row) for row, _ in kept)
    width = max(len(r) for r in cells)
    cells = tuple(r + ("",) * (width - len(r)) for r in cells)
    return Block("table", line, items=cells, header=header)


def _directive(text: str, line: int) -> Block:
    """`name key=value key="a value"`: a part made from the game's data."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise DocumentTextError(line, f"cannot read the directive '@{text[:40]}': {exc}") from None
    if not words:
        raise DocumentTextError(line, "a directive needs a name after '@', e.g. @components")
    name = words[0]
    if name not in DIRECTIVES:
        raise DocumentTextError(line, f"unknown directive '@{name[:40]}'{did_you_mean(name, DIRECTIVES)}; "
                                f"directives: {', '.join('@' + d for d in DIRECTIVES)}")
    required, optional = DIRECTIVES[name][:2]
    args = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or not key:
            raise DocumentTextError(line, f"expected key=value after @{name}, found '{word[:40]}'")
        if key not in required + optional:
            keys = required + optional
            raise DocumentTextError(line, f"@{name} takes no key '{key[:40]}'{did_you_mean(key, keys)}"
                                    f"; it takes: {', '.join(keys) or 'none'}")
        args[key] = value
    missing = [k for k in required if k not in args]
    if missing:
        raise DocumentTextError(line, f"@{name} needs {', '.join(k + '=...' for k in missing)}")
    return Block("directive", line, name, args=frozen_map(args))
