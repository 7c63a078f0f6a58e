"""`cardgen new`: a small valid game (one deck, two cards, its own layouts) to start from."""
from __future__ import annotations

from pathlib import Path

TEMPLATE = Path(__file__).parent / "templates" / "new_game"


class ScaffoldError(Exception):
    pass


def new_game(folder: Path, title: str | None = None) -> list[Path]:
    """Write the starter game into `folder`, which must not exist or be empty."""
    folder = Path(folder)
    if folder.exists() and any(folder.iterdir()):
        raise ScaffoldError(f"'{folder}' already exists and is not empty")
    title = title or folder.name.replace("-", " ").replace("_", " ").title()
    written = []
    for source in sorted(TEMPLATE.rglob("*.yaml")):
        target = folder / source.relative_to(TEMPLATE)
        target.parent.mkdir(parents=True, exist_ok=True)
        text = source.read_text(encoding="utf-8")
        if source.name == "game.yaml":
            text = text.replace("%(title)s", title.replace('"', "'"))
        target.write_text(text, encoding="utf-8")
        written.append(target)
    return written
