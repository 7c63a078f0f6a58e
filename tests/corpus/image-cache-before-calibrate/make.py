"""An image cache left in output/ by `export images --cache output/.cardgen-cache`."""
from pathlib import Path


def make(root: Path) -> None:
    cache = root / "output" / ".cardgen-cache" / "game"
    cache.mkdir(parents=True)
    (cache / "keep.png").write_bytes((root / "data" / "game" / "art" / "hero.png").read_bytes())
