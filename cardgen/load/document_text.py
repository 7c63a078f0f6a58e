"""A document's text: Markdown (CommonMark, with GitHub's tables) read into blocks with their lines.

    # Heading                    (## and ### for smaller ones; a line of === or --- under a
                                  line makes it a heading too)
    A paragraph runs on over lines until a blank one; card markup works inside it:
    **bold**, *italic*, {icon}, [[Term]], {{card.field}}.
    - a bullet item              (its lines indented under its text carry it on)
    1. a numbered item
    | a table | row |            (a row of dashes under the first row makes it the header)
    > a note, set apart in a box
    @cards deck=heroes columns=name,power     (a part made from the game's data)

markdown-it-py finds the blocks; cardgen's own card markup (cardgen.base.markup) reads the text
inside them, as it reads a card's. cardgen's own syntax on top of CommonMark:

- a line starting with `@` is a directive, even right under a paragraph, a list or a note;
- a table's cells are split at `|` but not inside `[[Term|shown]]` nor at `\\|`;
- rows of `|` with no row of dashes under the first are a table without a header.

No HTML is passed through, and there are no code blocks, rules (`---`) or link reference
definitions: such lines are text. A directive's name and keys are checked here; what they name
(a deck, a field) is checked with the rest of the game.
"""
from __future__ import annotations

import shlex

from cardgen.base.errors import ProblemError, did_you_mean
from cardgen.base.model import Block, frozen_map
from cardgen.base.limits import DOCUMENT_BLOCKS, DOCUMENT_DEPTH, DOCUMENT_TABLE_COLUMNS, HEADING_CHARS
from cardgen.load.markdown_blocks import RULE, Deep, Flood, cells, markdown


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
HEADING_LEVELS = 3          # the booklet sets three sizes of heading: #### and smaller are ###


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
            raise too_many(line)


def too_many(line: int) -> DocumentTextError:
    return DocumentTextError(line, f"more than {DOCUMENT_BLOCKS:,} blocks, list items and table "
                             "rows in one document")


def read_blocks(text: str) -> tuple[tuple[Block, ...], list[DocumentTextError]]:
    """The blocks of a document's text, each with the line it starts on (from 1), and the
    problems of the directives it could not read (every one, not only the first)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    try:
        tokens = markdown().parse(text)
        flooded = False
    except Flood as flood:            # the tokens read so far hold more pieces than allowed
        tokens, flooded = flood.tokens, True
    except Deep as deep:
        raise DocumentTextError(deep.line, f"notes and lists are nested at most {DOCUMENT_DEPTH} "
                                "deep; this one goes deeper") from None
    reader = _Reader(tokens, text.split("\n"))
    blocks = reader.blocks()
    if flooded:
        raise too_many(reader.last_line)
    return tuple(blocks), reader.problems


# -- tokens into blocks ---------------------------------------------------------------------------


def _close(tokens: list, at: int) -> int:
    """The index of the token closing the one opened at `at` (the end, if the tokens stop)."""
    depth = 0
    for i in range(at, len(tokens)):
        depth += tokens[i].nesting
        if depth == 0:
            return i
    return len(tokens)


def _joined(content: str) -> str:
    """An inline text's lines as one: each stripped, joined with a space."""
    return " ".join(line.strip() for line in content.split("\n"))


class _Reader:
    """Blocks made from markdown-it's tokens, each piece counted at its line as it is made."""

    def __init__(self, tokens: list, lines: list[str]):
        self.tokens, self.lines = tokens, lines
        self.pieces = Pieces()
        self.problems: list[DocumentTextError] = []
        self.last_line = 1

    def count(self, line: int) -> None:
        self.last_line = line
        self.pieces.add(line)

    def blocks(self) -> list[Block]:
        blocks, i, tokens = [], 0, self.tokens
        while i < len(tokens):
            token = tokens[i]
            end = _close(tokens, i) if token.nesting == 1 else i
            line = token.map[0] + 1 if token.map else self.last_line
            self.count(line)
            kind = token.type
            if kind == "heading_open":
                blocks.append(self.heading(tokens[i + 1].content if i + 1 < end else "", token, line))
            elif kind == "paragraph_open":
                blocks.append(Block("paragraph", line, self.text(i + 1, end)))
            elif kind == "blockquote_open":
                blocks.append(Block("note", line, self.text(i + 1, end)))
            elif kind in ("bullet_list_open", "ordered_list_open"):
                ordered = kind == "ordered_list_open"
                blocks.append(Block("numbers" if ordered else "bullets", line,
                                    items=tuple(self.items(i + 1, end))))
            elif kind == "table_open":      # GitHub's: a header, then rows
                rows = [t.map[0] for t in tokens[i:end] if t.type == "tr_open"]
                blocks.append(self.table(rows, True, line))
            elif kind == "pipe_table":
                rows = list(range(*token.map))
                header = len(rows) > 1 and bool(RULE.match(self.lines[rows[1]].strip()))
                blocks.append(self.table(rows[:1] + rows[2:] if header else rows, header, line))
            elif kind == "directive":
                try:
                    blocks.append(_directive(token.content[1:], line))
                except DocumentTextError as exc:
                    self.problems.append(exc)
            i = end + 1
        return blocks

    def heading(self, content: str, token, line: int) -> Block:
        text = content.strip()
        if not text:
            self.problems.append(DocumentTextError(line, f"a heading needs its text after "
                                                   f"'{token.markup}'"))
        elif len(text) > HEADING_CHARS:
            self.problems.append(DocumentTextError(line, f"a heading is at most {HEADING_CHARS} "
                                                   f"characters; this one is {len(text):,}"))
        return Block("heading", line, text, min(int(token.tag[1]), HEADING_LEVELS))

    def text(self, start: int, end: int) -> str:
        """The text of the blocks between two tokens (a note's, a list item's), as one."""
        parts = []
        for token in self.tokens[start:end]:
            if token.type == "inline":
                parts.append(_joined(token.content))
        return " ".join(part for part in parts if part)

    def items(self, start: int, end: int) -> list[tuple[str, int]]:
        """A list's items, in order, with those of a list inside an item after it: the booklet
        sets one level of list."""
        items, i = [], start
        while i < end:
            token = self.tokens[i]
            if token.type != "list_item_open":
                i += 1
                continue
            close = min(_close(self.tokens, i), end)
            line = token.map[0] + 1
            self.count(line)
            inner = next((j for j in range(i + 1, close)
                          if self.tokens[j].type in ("bullet_list_open", "ordered_list_open")), close)
            items.append((self.text(i + 1, inner), line))
            i = inner if inner < close else close + 1
        return items

    def table(self, rows: list[int], header: bool, line: int) -> Block:
        """A table from the lines of its rows (not the rule under its header), each row's cells
        cut as cardgen cuts them and counted as it is read."""
        rows_cells = []
        for number in rows:
            self.count(number + 1)
            rows_cells.append(cells(self.lines[number]))
        width = max(len(r) for r in rows_cells)
        if width > DOCUMENT_TABLE_COLUMNS:
            self.problems.append(DocumentTextError(line, f"a table has at most "
                                                   f"{DOCUMENT_TABLE_COLUMNS} columns; this one "
                                                   f"has {width}"))
        return Block("table", line, items=tuple(r + ("",) * (width - len(r)) for r in rows_cells),
                     header=header)


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
