"""`cardgen new`: a small valid game (one deck, two cards, its own layouts) to start from."""
from __future__ import annotations

import json
from pathlib import Path

from cardgen.yaml_source import printed_text

TEMPLATE = Path(__file__).parent / "templates" / "new_game"


class ScaffoldError(Exception):
    pass


def new_game(folder: Path, title: str | None = None) -> list[Path]:
    """Write the starter game into `folder`, which must not exist or be empty."""
    folder = Path(folder)
    try:
        if folder.exists() and not folder.is_dir():
            raise ScaffoldError(f"'{folder}' is a file; name a new folder")
        if folder.exists() and any(folder.iterdir()):
            raise ScaffoldError(f"'{folder}' already exists and is not empty")
    except OSError as exc:
        raise ScaffoldError(f"cannot use '{folder}': {exc.strerror or exc}") from None
    title = title or folder.name.replace("-", " ").replace("_", " ").title()
    try:
        title = printed_text(title)
    except ValueError as exc:
        raise ScaffoldError(f"the title cannot be used: {exc}") from None
    written = []
    for source in sorted(TEMPLATE.rglob("*.yaml")):
        target = folder / source.relative_to(TEMPLATE)
        text = source.read_text(encoding="utf-8")
        if source.name == "game.yaml":   # a JSON string is a YAML double-quoted one, escapes and all
            text = text.replace('"%(title)s"', json.dumps(title, ensure_ascii=False))
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise ScaffoldError(f"cannot write '{target}': {exc.strerror or exc}") from None
        written.append(target)
    return written
