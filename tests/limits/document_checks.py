"""Limits on documents (rules.md): their size, blocks, headings and tables."""
from __future__ import annotations

from cardgen.base.limits import DOCUMENT_DEPTH, DOCUMENT_TABLE_COLUMNS, HEADING_CHARS
from cardgen.load import document_text
from limits.probing import Run, loaded, sized


def _document(run: Run, size: int) -> str | None:
    game = run.game("documents:\n  - {id: rules, file: rules.md}\n")
    (game / "rules.md").write_text("# Rules\n\n" + "x" * (size - 10) + "\n", encoding="utf-8")
    return loaded(game)


def _blocks(text: str) -> str | None:
    try:
        _, problems = document_text.read_blocks(text)
    except document_text.DocumentTextError as exc:
        problems = [exc]
    return "\n".join(str(p) for p in problems) or None


def _table(columns: int) -> str:
    return "|" + " a |" * columns + "\n|" + "---|" * columns + "\n| 1 |\n\nAfter the table.\n"


CHECKS = {
    "DOCUMENT_BYTES": sized(_document, lambda run: run.limit("DOCUMENT_BYTES", 100)),
    # blank lines after the last block count for nothing
    "DOCUMENT_BLOCKS": sized(lambda run, n: _blocks("Paragraph.\n\n" * n + "\n\n"),
                             lambda run: run.limit("DOCUMENT_BLOCKS", 5)),
    "HEADING_CHARS": sized(lambda run, n: _blocks("# " + "h" * n + "\n\nText.\n"),
                           lambda run: HEADING_CHARS),
    "DOCUMENT_TABLE_COLUMNS": sized(lambda run, n: _blocks(_table(n)),
                                    lambda run: DOCUMENT_TABLE_COLUMNS),
    "DOCUMENT_DEPTH": sized(lambda run, n: _blocks("> " * n + "Deep words.\n"),
                            lambda run: DOCUMENT_DEPTH),
}
