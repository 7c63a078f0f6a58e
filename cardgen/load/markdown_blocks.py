"""The block parser of a document's text: markdown-it-py's CommonMark with GitHub's tables, and
cardgen's own block rules on top (a directive line, a table with no row of dashes, a table too
wide read as one piece to be refused). The token list it fills counts pieces as they are made:
past DOCUMENT_BLOCKS pieces (or notes and lists nested past DOCUMENT_DEPTH) parsing stops."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from cardgen.base.limits import DOCUMENT_BLOCKS, DOCUMENT_DEPTH, DOCUMENT_TABLE_COLUMNS

if TYPE_CHECKING:      # markdown-it itself is imported when a document is first read
    from markdown_it import MarkdownIt
    from markdown_it.rules_block import StateBlock
    from markdown_it.rules_core import StateCore

RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")   # a table's row of dashes
# The most tokens one piece (a block, list item or table row) makes: a table row at its widest.
# Parsing stops past DOCUMENT_BLOCKS times this, when the pieces read are already too many.
_TOKENS_PER_PIECE = 3 * DOCUMENT_TABLE_COLUMNS + 4



class Deep(Exception):
    def __init__(self, line: int):
        super().__init__()
        self.line = line


class Flood(Exception):
    def __init__(self, tokens: list):
        super().__init__()
        self.tokens = tokens


_TOP_PIECES = {"paragraph_open", "heading_open", "blockquote_open", "bullet_list_open",
               "ordered_list_open", "table_open", "directive", "pipe_table"}
_LISTS = {"bullet_list_open", "ordered_list_open"}
_CONTAINERS = _LISTS | {"blockquote_open"}   # markdown-it drops what lies past its own nesting cap


class _BoundedTokens(list):
    """The token list markdown-it fills, counting the pieces as _Reader counts them (a table
    of cardgen's own as one: its rows are counted when read): past DOCUMENT_BLOCKS the parse
    stops, and the tokens so far are read to the piece too many. Past DOCUMENT_BLOCKS times the
    most tokens a piece makes it stops too, whatever they are (paragraphs in a note, notes in a
    note)."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []       # the types of the tokens opened and not yet closed
        self.pieces = 0
        self.deep = None                # the first container nested too deep

    def check_depth(self) -> None:
        if self.deep is not None:
            raise Deep(self.deep.map[0] + 1 if self.deep.map else 1)

    def append(self, token) -> None:
        if self.pieces > DOCUMENT_BLOCKS or len(self) >= DOCUMENT_BLOCKS * _TOKENS_PER_PIECE:
            raise Flood(list(self))
        self.check_depth()
        if token.type in _CONTAINERS and sum(kind in _CONTAINERS for kind in self.open) >= DOCUMENT_DEPTH:
            self.deep = token               # raised once its line is known: markdown-it sets it next
        if self._is_piece(token.type):
            self.pieces += 1
        if token.nesting == 1:
            self.open.append(token.type)
        elif token.nesting == -1:
            self.open.pop()
        super().append(token)

    def _is_piece(self, kind: str) -> bool:
        if not self.open:
            return kind in _TOP_PIECES
        return ((kind == "list_item_open" and self.open[0] in _LISTS)
                or (kind == "tr_open" and self.open[0] == "table_open"))


def _bounded_block(state: StateCore) -> None:
    tokens = _BoundedTokens()
    state.tokens = tokens
    state.md.block.parse(state.src, state.md, state.env, tokens)
    tokens.check_depth()


def _line(state: StateBlock, line: int) -> str:
    return state.src[state.bMarks[line] + state.tShift[line]:state.eMarks[line]]


def _starts(state: StateBlock, line: int, mark: str) -> bool:
    return state.src.startswith(mark, state.bMarks[line] + state.tShift[line], state.eMarks[line])


def _directive_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """A line starting with '@', at the top level or ending the list, note or table it follows."""
    if not _starts(state, start, "@") \
            or state.sCount[start] - state.blkIndent >= 4 \
            or not (state.level == 0 or state.sCount[start] < state.blkIndent
                    or state.tokens.open[:1] == ["table_open"]):
        return False
    if not silent:
        token = state.push("directive", "", 0)
        token.content, token.map = _line(state, start).strip(), [start, start + 1]
        state.line = start + 1
    return True


def _table_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """GitHub's table, unless its rule row has more columns than a table may: those rows are
    read as cardgen's own table, one token, and refused for their columns."""
    from markdown_it.rules_block.table import table as gfm_table

    if not gfm_table(state, start, end, True):
        return False
    if len(cells(_line(state, start + 1))) > DOCUMENT_TABLE_COLUMNS:
        return False
    return silent or gfm_table(state, start, end, False)


def _pipe_rows_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """Lines starting with '|' that make no GitHub table (no rule row under the first, or a
    [[Term|shown]] in the header): a table all the same, the rows read by cardgen."""
    if state.level != 0 or state.sCount[start] - state.blkIndent >= 4 \
            or not _starts(state, start, "|"):
        return False
    if not silent:
        line = start
        while line < end and state.sCount[line] < 4 and _starts(state, line, "|"):
            line += 1
        token = state.push("pipe_table", "", 0)
        token.map = [start, line]
        state.line = line
    return True


@lru_cache(maxsize=1)
def markdown() -> MarkdownIt:
    """The block parser, made when a document is first read (a game of cards alone never
    imports markdown-it)."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False, "maxNesting": 20})
    md.enable("table")
    md.disable(["code", "fence", "hr", "html_block", "reference", "inline", "text_join"])
    md.core.ruler.at("block", _bounded_block)
    md.block.ruler.at("table", _table_rule, {"alt": ["paragraph", "reference"]})
    md.block.ruler.after("table", "pipe_rows", _pipe_rows_rule)
    md.block.ruler.before("table", "directive", _directive_rule,
                          {"alt": ["paragraph", "reference", "blockquote", "list"]})
    return md



_CELL_BREAK = re.compile(r"\[\[[^\]]*\]\]|\\\||\|")    # a [[Term|shown]] or \| is no break


def cells(row: str) -> tuple[str, ...]:
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
