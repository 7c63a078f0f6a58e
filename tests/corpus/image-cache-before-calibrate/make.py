"""An image cache left in output/ by `export images` (a folder named .cardgen-cache)."""
from pathlib import Path


def make(root: Path) -> None:
    cache = root / "output" / ".cardgen-cache" / "game"
    cache.mkdir(parents=True)
    (cache / "keep.png").write_bytes((root / "data" / "game" / "art" / "hero.png").read_bytes())
