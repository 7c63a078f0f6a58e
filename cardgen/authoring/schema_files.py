"""`cardgen schema --write`: a game's JSON Schemas in its `schemas/` folder, and the line that tells
an editor (the YAML language server: VS Code, Neovim, Helix ...) which schema checks each file.

Every file it writes or rewrites passes the check every file cardgen reads passes
(paths.confined_path): it lies inside the game folder, symlinks resolved. A file that does not,
or cannot be read as UTF-8 text, is an error naming it, and then nothing is written: the schemas
and every changed file are put in place together (write.write_files), or none of them are.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

from cardgen.base.errors import Report, relative_name
from cardgen.authoring.json_schema import card_file_schema, game_file_schema, layout_file_schema
from cardgen.load.game import GAME_FILE
from cardgen.base.model import Game
from cardgen.shared.paths import confined_path, is_file
from cardgen.shared.schema import Invalid
from cardgen.write import OutputError, write_files
from cardgen.shared.yaml_source import read_text

SCHEMA_DIR = "schemas"
MODELINE = "# yaml-language-server: $schema="
_MODELINE = re.compile(r"^# yaml-language-server: \$schema=.*$", re.MULTILINE)


def schema_texts(game: Game) -> dict[str, dict]:
    """File name in schemas/ -> schema, for every kind of file the game has."""
    out = {"game.schema.json": game_file_schema(),
           "layout.schema.json": layout_file_schema(game_fonts=game.fonts)}
    for type_id in game.card_types:
        out[f"cards-{type_id}.schema.json"] = card_file_schema(game, type_id)
    return out


def write_schemas(game: Game, report: Report) -> list[Path]:
    """Write the schemas, and point game.yaml, the YAML card files and the game's own layouts at
    theirs. Returns every file written or changed; on any problem (in `report`), none."""
    root = Path(game.root)
    base = root.resolve()
    folder = _schema_folder(root, report)
    files: dict[str, bytes] = {}
    if folder is not None:
        for name, schema in schema_texts(game).items():
            text = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
            files[(folder / name).relative_to(base).as_posix()] = text.encode("utf-8")
    for reference, schema in _modeline_targets(game, root).items():
        path = _confined(root, reference, report)
        if path is None or folder is None:
            continue
        new = _pointed(path, folder / schema, root, report)
        if new is not None:
            files[path.relative_to(base).as_posix()] = new
    if report.has_errors():
        return []
    try:
        write_files(base, files)
    except OutputError as exc:
        report.raised(exc, relative_name(exc.path), message=f"cannot write the schemas: "
                      f"{exc.reason}; no file was changed")
        return []
    return [root / name for name in files]


def _schema_folder(root: Path, report: Report) -> Path | None:
    """schemas/, resolved: inside the game, and a folder if it is there at all."""
    path = _confined(root, SCHEMA_DIR, report)
    if path is not None and path.exists() and not path.is_dir():
        report.error(relative_name(root / SCHEMA_DIR), None, (),
                     f"'{SCHEMA_DIR}' is a file, not a folder: move it to write the schemas there",
                     code="output")
        return None
    return path


def _modeline_targets(game: Game, root: Path) -> dict[str, str]:
    """Each YAML file to point at its schema, as a path relative to the game -> the schema's name.
    Layouts are found by walking layouts/ without following links; every path is checked later."""
    targets = {GAME_FILE: "game.schema.json"}
    for deck in game.decks:
        for card_file in sorted({c.source.file for c in deck.cards if c.source.file.endswith(".yaml")}):
            relative = _in_game(root, card_file)
            if relative is not None:
                targets[relative] = f"cards-{deck.card_type}.schema.json"
    layouts = root / "layouts"
    if layouts.is_dir() and not layouts.is_symlink():
        for folder, dirs, names in os.walk(layouts):          # links to folders are not walked
            dirs.sort()
            for name in sorted(n for n in names if n.endswith(".yaml")):
                relative = (Path(folder) / name).relative_to(root).as_posix()
                targets[relative] = "layout.schema.json"
    return targets


def _in_game(root: Path, name: str) -> str | None:
    """A card file's path relative to the game, from its name in messages."""
    try:
        return Path(os.path.abspath(name)).relative_to(os.path.abspath(root)).as_posix()
    except ValueError:
        return None


def _confined(root: Path, reference: str, report: Report) -> Path | None:
    """`reference` resolved inside the game, or None with an error naming it."""
    try:
        return confined_path(root, reference)
    except Invalid as exc:
        report.raised(exc, relative_name(root / reference),
                      message=f"{exc}: cardgen writes only inside the game folder; no file was written")
        return None


def _pointed(path: Path, schema: Path, root: Path, report: Report) -> bytes | None:
    """The file with the modeline (put or updated) as its first line; None if it already has it,
    is no file, or cannot be read (then with an error naming it)."""
    name = relative_name(root / path.relative_to(root.resolve()))
    if not is_file(path):
        if path.exists():
            report.error(name, None, (), "not a regular file: a schema line cannot be added to it",
                         code="unreadable")
        return None
    if read_text(path, report) is None:     # too large, not UTF-8 ...: an error naming the file
        return None
    text = path.read_bytes().decode("utf-8").removeprefix("\ufeff")   # as written, not normalised
    line = MODELINE + os.path.relpath(schema, path.parent).replace(os.sep, "/")
    if _MODELINE.search(text):
        new = _MODELINE.sub(line, text, count=1)
    else:
        new = line + "\n" + text
    return None if new == text else new.encode("utf-8")
