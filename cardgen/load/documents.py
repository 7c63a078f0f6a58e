"""Documents from game.yaml: each one's id, title and text file, read into blocks."""
from __future__ import annotations

from pathlib import Path

from cardgen.shared import schema as s
from cardgen.shared.colors import parse_color
from cardgen.base.errors import relative_name
from cardgen.load.document_text import DocumentTextError, read_blocks
from cardgen.load.game_schema import DOCUMENT_KEYS
from cardgen.base.model import Document, Source
from cardgen.shared.paths import confined_path, is_file
from cardgen.shared.schema import At
from cardgen.shared.yaml_source import read_text
from cardgen.base.limits import DOCUMENT_BYTES



def read_documents(raw: tuple, at: At, game_dir: Path) -> tuple[list[Document], bool]:
    """The documents, and whether every one of them read without a problem."""
    documents, ok = [], True
    for i, spec in enumerate(raw):
        document = _document(spec, at.child(i), game_dir)
        ok = ok and document is not None
        if document is not None:
            documents.append(document)
    return documents, ok


def _document(spec, at: At, game_dir: Path) -> Document | None:
    values = s.read_mapping(spec, at, DOCUMENT_KEYS, "document ({id, title, file})")
    if values is None or not values.ok:
        return None
    file_at = at.child("file")
    try:
        path = confined_path(game_dir, values["file"])
    except s.Invalid as exc:
        file_at.raised(exc, code="path")
        return None
    if not is_file(path):
        file_at.error(f"document file '{values['file']}' not found in the game folder",
                      code="missing-file")
        return None
    name = relative_name(path)
    if path.stat().st_size > DOCUMENT_BYTES:
        at.report.error(name, 1, (), f"a document's text is at most {DOCUMENT_BYTES:,} bytes; "
                        f"this one is {path.stat().st_size:,}", code="file-too-large")
        return None
    text = read_text(path, at.report)
    if text is None:
        return None
    try:
        blocks, problems = read_blocks(text)
    except DocumentTextError as exc:
        problems = [exc]
    for problem in problems:
        at.report.raised(problem, name)
    if problems:
        return None
    try:
        parse_color(values["color"])
    except s.Invalid as exc:
        at.child("color").raised(exc)
        return None
    return Document(values["id"], values["title"], name, blocks,
                    Source(at.doc.name, at.line, at.path), values["color"])
