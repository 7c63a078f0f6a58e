"""File references in game data stay inside the game's folder, symlinks included."""
from __future__ import annotations

from pathlib import Path, PurePosixPath

from cardgen.load.schema import Invalid


def confined_path(root: Path, reference: str) -> Path:
    """Resolve `reference` (relative, '/'-separated) below `root`, or raise Invalid."""
    text = str(reference).replace("\\", "/")
    pure = PurePosixPath(text)
    if pure.is_absolute() or (len(text) > 1 and text[1] == ":"):
        raise Invalid(f"expected a path relative to the game folder, found absolute path '{reference}'")
    base = root.resolve()
    target = (base / Path(*pure.parts)).resolve() if pure.parts else base
    if target != base and base not in target.parents:
        raise Invalid(f"path '{reference}' leads outside the game folder")
    return target
