"""A document's text read into blocks: every kind of block at its line, and the bound on how much
one document may hold, counted in list items and table rows as well as blocks."""
from __future__ import annotations

import pytest

from cardgen.base.limits import DOCUMENT_BLOCKS as MAX_BLOCKS
from cardgen.load.document_text import DocumentTextError, read_blocks


def test_each_block_is_read_at_its_line():
    text = "# Title\n\nA paragraph\nover two lines.\n\n- one\n  carried on\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n> a note\n\n@page-break\n"
    blocks, problems = read_blocks(text)
    assert not problems
    assert [(b.kind, b.line) for b in blocks] == [("heading", 1), ("paragraph", 3), ("bullets", 6),
                                                  ("table", 10), ("note", 14), ("directive", 16)]
    assert blocks[1].text == "A paragraph over two lines."
    assert blocks[2].items == (("one carried on", 6), ("two", 8))
    assert blocks[3].header and blocks[3].items == (("a", "b"), ("1", "2"))


@pytest.mark.parametrize("text", [
    "- item\n" * MAX_BLOCKS + "\nafter\n",                  # one list of many items
    "| a |\n" * MAX_BLOCKS + "\nafter\n",                   # one table of many rows
    "para\n\n" * (MAX_BLOCKS + 1),
])
def test_a_document_holds_a_bounded_number_of_pieces(text):
    with pytest.raises(DocumentTextError, match=f"more than {MAX_BLOCKS:,} blocks"):
        read_blocks(text)


def test_a_document_just_under_the_bound_is_read():
    blocks, _ = read_blocks("- item\n" * (MAX_BLOCKS - 2) + "\nafter\n")
    assert len(blocks[0].items) == MAX_BLOCKS - 2 and blocks[1].text == "after"


@pytest.mark.parametrize("piece", ["| a |\n", "- item\n"])
def test_a_table_or_list_that_ends_the_document_is_counted_to_its_last_row(piece):
    """The block itself is one piece and each of its rows or items another."""
    blocks, _ = read_blocks("# Rules\n\n" + piece * (MAX_BLOCKS - 2))
    assert len(blocks[1].items) == MAX_BLOCKS - 2
    with pytest.raises(DocumentTextError) as refused:
        read_blocks("# Rules\n\n" + piece * (MAX_BLOCKS - 1))
    assert refused.value.line == 2 + MAX_BLOCKS - 1        # the last line: the one too many


def test_a_long_table_is_refused_at_the_row_past_the_bound_not_read_to_its_end():
    text = "| a | b |\n|---|---|\n" + "| 1 | 2 |\n" * 100_000
    with pytest.raises(DocumentTextError) as refused:
        read_blocks(text)
    assert refused.value.line == MAX_BLOCKS + 1     # the table and its header: two; the rule: none
