"""`cardgen new`: a small valid game (one deck, two cards, its own layouts) to start from.

The new game is checked as `cardgen validate` checks it before it is written: a title it could
not print (right-to-left text, one too long for its box on the back ...) is refused with what is
wrong, and the folder is left as it was.
"""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

from cardgen.base.errors import Report, relative_name
from cardgen.pipeline import check
from cardgen.write import OutputError, write_files
from cardgen.shared.yaml_source import printed_text

TEMPLATE = Path(__file__).resolve().parent.parent / "templates" / "new_game"


class ScaffoldError(Exception):
    pass


def new_game(folder: Path, title: str | None = None) -> list[Path]:
    """Write the starter game into `folder`, which must not exist or be empty: every file, or
    none."""
    folder = Path(folder)
    try:
        if folder.exists() and not folder.is_dir():
            raise ScaffoldError(f"'{folder}' is a file; name a new folder")
        if folder.exists() and any(folder.iterdir()):
            raise ScaffoldError(f"'{folder}' already exists and is not empty")
    except OSError as exc:
        raise ScaffoldError(f"cannot use '{folder}': {exc.strerror or exc}") from None
    given = title is not None
    title = title or folder.name.replace("-", " ").replace("_", " ").title()
    try:
        title = printed_text(title)
    except ValueError as exc:
        raise ScaffoldError(f"the title cannot be used: {exc}") from None
    files = game_files(title)
    problems = title_problems(files, folder)
    if problems:
        source = "" if given else " (made from the folder name: give one with --title)"
        raise ScaffoldError(f"the new game could not print its title{source}: "
                            + "; ".join(problems))
    try:
        return write_files(folder, {name: text.encode("utf-8") for name, text in files.items()})
    except OutputError as exc:
        raise ScaffoldError(f"cannot write '{exc.path}': {exc.reason}; no file was written") from None


def game_files(title: str) -> dict[str, str]:
    """The starter game's files, by path in the game folder, with `title` put in."""
    files = {}
    for source in sorted(TEMPLATE.rglob("*.yaml")):
        text = source.read_text(encoding="utf-8")
        if source.name == "game.yaml":   # a JSON string is a YAML double-quoted one, escapes and all
            text = text.replace('"%(title)s"', json.dumps(title, ensure_ascii=False))
        files[source.relative_to(TEMPLATE).as_posix()] = text
    return files


def title_problems(files: dict[str, str], folder: Path) -> list[str]:
    """What validate would find wrong with the starter game, which can only be its title; files
    are named as they would be in `folder`."""
    with tempfile.TemporaryDirectory(prefix="cardgen-new-") as scratch:
        game = Path(scratch) / "game"
        for name, text in files.items():
            (game / name).parent.mkdir(parents=True, exist_ok=True)
            (game / name).write_text(text, encoding="utf-8")
        report = Report()
        check(game, report)
        named = [d.message.replace(relative_name(game), str(folder)) for d in report.errors]
    return list(dict.fromkeys(named))
