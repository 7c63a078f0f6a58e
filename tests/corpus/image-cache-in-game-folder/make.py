"""The image cache `export images --cache data/game/.cardgen-cache` leaves in the game folder."""
from pathlib import Path


def make(root: Path) -> None:
    cache = root / "data" / "game" / ".cardgen-cache" / "game"
    cache.mkdir(parents=True)
    (cache / "keep.png").write_bytes((root / "data" / "game" / "art" / "hero.png").read_bytes())
