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


def _read(text: str) -> list[tuple]:
    blocks, problems = read_blocks(text)
    assert not problems, [str(p) for p in problems]
    return [(b.kind, b.line, b.text or b.items) for b in blocks]


@pytest.mark.parametrize("text, read", [
    # a line under a note or list item carries it on (CommonMark's lazy continuation)
    ("> a note\ncarried on\n", [("note", 1, "a note carried on")]),
    ("- an item\ncarried on\n", [("bullets", 1, (("an item carried on", 1),))]),
    # a bullet list may follow a paragraph with no blank line; a numbered one from 1 only
    ("Text\n- item\n", [("paragraph", 1, "Text"), ("bullets", 2, (("item", 2),))]),
    ("Text\n2. item\n", [("paragraph", 1, "Text 2. item")]),
    # items apart by blank lines are one list; a list in an item is set after it
    ("- a\n\n- b\n", [("bullets", 1, (("a", 1), ("b", 3)))]),
    ("1. a\n   - b\n2. c\n", [("numbers", 1, (("a", 1), ("b", 2), ("c", 3)))]),
    # headings: a line of === or --- under a line, #### set as ###, closing #s dropped
    ("Title\n=====\n\nPart\n---\n", [("heading", 1, "Title"), ("heading", 4, "Part")]),
    ("#### Small ##\n", [("heading", 1, "Small")]),
    # no HTML, code blocks, rules or link definitions: their lines are text
    ("<div>**a**</div>\n", [("paragraph", 1, "<div>**a**</div>")]),
    ("    indented\n", [("paragraph", 1, "indented")]),
    ("```\ncode\n```\n", [("paragraph", 1, "``` code ```")]),
    ("***\n", [("paragraph", 1, "***")]),
    ("[Term]: the meaning\n", [("paragraph", 1, "[Term]: the meaning")]),
    # a directive ends the paragraph, list or note above it
    ("Text\n@glossary\n", [("paragraph", 1, "Text"), ("directive", 2, "glossary")]),
    ("- item\n@glossary\n", [("bullets", 1, (("item", 1),)), ("directive", 2, "glossary")]),
    ("> note\n@glossary\n", [("note", 1, "note"), ("directive", 2, "glossary")]),
    ("| a |\n|---|\n| 1 |\n@glossary\n", [("table", 1, (("a",), ("1",))), ("directive", 4, "glossary")]),
    # in a list item, '@' starts text like any other
    ("- @glossary\n", [("bullets", 1, (("@glossary", 1),))]),
])
def test_the_text_reads_as_commonmark(text, read):
    assert _read(text) == read


def test_rows_of_bars_are_a_table_without_a_rule_row_or_with_a_term_in_the_header():
    [plain] = read_blocks("| a | b |\n| 1 | 2 |\n")[0]
    assert not plain.header and plain.items == (("a", "b"), ("1", "2"))
    [termed] = read_blocks("| [[Ally|Allies]] | b |\n|---|---|\n| 1 | 2 |\n")[0]
    assert termed.header and termed.items == (("[[Ally|Allies]]", "b"), ("1", "2"))


def test_a_table_is_a_github_table_its_rows_running_to_a_blank_line():
    [table, after] = read_blocks("a | b\n--|--\n1 | 2\nthree\n\nAfter.\n")[0]
    assert table.header and table.items == (("a", "b"), ("1", "2"), ("three", ""))
    assert (after.kind, after.line) == ("paragraph", 6)


def test_a_heading_with_no_text_is_refused_at_its_line():
    _, [problem] = read_blocks("Text\n\n## \n")
    assert problem.line == 3 and "a heading needs its text after '##'" in str(problem)


def test_a_table_too_wide_is_refused_for_its_columns_not_read_cell_by_cell():
    _, [problem] = read_blocks("|" + " a |" * 50_000 + "\n|" + "---|" * 50_000 + "\n| 1 |\n")
    assert problem.line == 1 and "at most 12 columns; this one has 50000" in str(problem)


def test_a_note_of_too_many_paragraphs_is_refused():
    """Its paragraphs make one note, but parsing them is work: bounded all the same."""
    with pytest.raises(DocumentTextError, match=f"more than {MAX_BLOCKS:,} blocks"):
        read_blocks("> a\n>\n" * 70_000)
