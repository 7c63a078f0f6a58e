"""`cardgen schema --write`: a game's JSON Schemas in its `schemas/` folder, and the line that tells
an editor (the YAML language server: VS Code, Neovim, Helix ...) which schema checks each file."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

from cardgen.json_schema import card_file_schema, game_file_schema, layout_file_schema
from cardgen.load.game import GAME_FILE
from cardgen.model import Game
from cardgen.write import write_atomic

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


def write_schemas(game: Game) -> list[Path]:
    """Write the schemas, and point game.yaml, the YAML card files and the game's own layouts at
    theirs. Returns every file written or changed."""
    root = Path(game.root)
    folder = root / SCHEMA_DIR
    written = []
    for name, schema in schema_texts(game).items():
        write_atomic(folder / name, (json.dumps(schema, indent=2, ensure_ascii=False) + "\n").encode())
        written.append(folder / name)
    targets = {root / GAME_FILE: folder / "game.schema.json"}
    for deck in game.decks:
        for card_file in {Path(c.source.file) for c in deck.cards if c.source.file.endswith(".yaml")}:
            targets[_in_game(root, card_file)] = folder / f"cards-{deck.card_type}.schema.json"
    layouts = root / "layouts"
    if layouts.is_dir() and not layouts.is_symlink():
        for layout in sorted(layouts.rglob("*.yaml")):
            targets[layout] = folder / "layout.schema.json"
    for path, schema in targets.items():
        if path is not None and path.is_file() and _point_at(path, schema):
            written.append(path)
    return written


def _in_game(root: Path, name: str | Path) -> Path | None:
    """A card file's path from its name in messages (relative to the working folder)."""
    path = Path(os.path.abspath(name))
    try:
        path.relative_to(os.path.abspath(root))
    except ValueError:
        return None
    return path


def _point_at(path: Path, schema: Path) -> bool:
    """Put (or update) the modeline as the file's first line; True if the file changed."""
    text = path.read_text(encoding="utf-8")
    line = MODELINE + os.path.relpath(schema, path.parent).replace(os.sep, "/")
    if _MODELINE.search(text):
        new = _MODELINE.sub(line, text, count=1)
    else:
        new = line + "\n" + text
    if new == text:
        return False
    write_atomic(path, new.encode("utf-8"))
    return True
