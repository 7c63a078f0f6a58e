"""reportlab's platypus, as the rules documents' modules import it.

Importing platypus compiles, among its patterns, one that recognises web addresses in its own
Paragraph (to hyphenate them), whose case-blind ranges over most of Unicode take a third of the
import: tens of milliseconds a process, paid by every build that makes a booklet, for a pattern
cardgen never uses (it sets its own paragraphs). That one pattern is compiled the first time it
is used instead; every other is compiled as platypus asks.
"""
from __future__ import annotations

import re
import sys

_WEB_ADDRESS = "(^(?:[a-z0-9\\.\\-\\+]*)://)"   # how platypus's pattern for addresses begins


class _CompiledWhenUsed:
    """A pattern compiled the first time anything of it is read."""

    def __init__(self, compile_, pattern: str, flags):
        self._compile, self._source, self._pattern = compile_, (pattern, flags), None

    def __getattr__(self, name: str):
        if self._pattern is None:
            self._pattern = self._compile(*self._source)
        return getattr(self._pattern, name)


def _import_platypus() -> None:
    compile_ = re.compile

    def compile_lazily(pattern, flags=0):
        if isinstance(pattern, str) and pattern.startswith(_WEB_ADDRESS):
            return _CompiledWhenUsed(compile_, pattern, flags)
        return compile_(pattern, flags)

    re.compile = compile_lazily
    try:
        import reportlab.platypus  # noqa: F401
    finally:
        re.compile = compile_


if "reportlab.platypus" not in sys.modules:
    _import_platypus()

from reportlab.platypus import (BaseDocTemplate, CondPageBreak, Flowable, Frame,  # noqa: E402
                                KeepInFrame, NextPageTemplate, PageBreak, PageTemplate, Paragraph,
                                SimpleDocTemplate, Spacer, Table, TableStyle)
from reportlab.platypus.tableofcontents import TableOfContents  # noqa: E402

__all__ = ["BaseDocTemplate", "CondPageBreak", "Flowable", "Frame", "KeepInFrame",
           "NextPageTemplate", "PageBreak", "PageTemplate", "Paragraph", "SimpleDocTemplate",
           "Spacer", "Table", "TableStyle", "TableOfContents"]
