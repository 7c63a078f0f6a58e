"""The image cache: in the user's cache folder (or CARDGEN_CACHE_DIR's) unless one is named, kept
under its size by removing the images used longest ago, and emptied by `cardgen cache clear`;
only the files the cache names itself are ever removed."""
from __future__ import annotations

import os
import time
from pathlib import Path

from click.testing import CliRunner

from cardgen.base.errors import Report
from cardgen.cli import main
from cardgen.pipeline import BuildOptions, build
from cardgen.render import image_cache

REPO = Path(__file__).resolve().parents[2]
VALID = REPO / "tests" / "corpus" / "valid-minimal" / "data" / "game"
KEY = "0123456789abcdef" * 4          # 64 hex digits, as a job's key


def _entry(folder: Path, name: str, size: int, used: float) -> Path:
    """A cache entry (and its digest file) of `size` bytes, last used at `used` (seconds)."""
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    for file, data in ((path, b"x" * size), (path.with_name(path.name + ".sha256"), b"0" * 64)):
        file.write_bytes(data)
        os.utime(file, (used, used))
    return path


def _foreign(folder: Path) -> list[Path]:
    """Files in the cache folder that are not the cache's: never to be removed."""
    made = [folder / "notes.txt", folder / f"{KEY}.png.bak", folder / f"{KEY[:-1]}.png",
            folder / "thumbnails" / "mine.png", folder / "sub" / f"{KEY}.png"]
    for path in made:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"y" * 10_000)
        os.utime(path, (1, 1))                             # older than any entry
    link = folder / f"{'f' * 64}.png"
    link.symlink_to(folder / "notes.txt")                 # named as an entry, but a link
    return [*made, link]


def _export(game: Path, out: Path, **options) -> list[Path]:
    report = Report()
    written = build(game, BuildOptions(out_dir=out, only=("images",),
                                       kinds={"images": {"dpi": 36, **options}}), report)
    assert not report.has_errors(), [d.format() for d in report.errors]
    return written


def _cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args], prog_name="cardgen")


def test_the_default_folder_is_images_in_cardgen_cache_dir_or_the_users_cache_folder(
        tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "named"))
    assert image_cache.default_folder() == tmp_path / "named" / "images"
    monkeypatch.delenv("CARDGEN_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert image_cache.default_folder() == tmp_path / "xdg" / "cardgen" / "images"


def test_the_tests_never_use_the_users_cache_folder():
    assert Path(os.environ["CARDGEN_CACHE_DIR"]).name.startswith("cardgen-test-cache-")


def test_an_export_with_no_cache_named_keeps_its_images_in_the_default_folder(
        tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "caches"))
    _export(VALID, tmp_path / "out")
    cache = tmp_path / "caches" / "images"
    assert len(list(cache.glob("*.png"))) == 3                      # two fronts and the back
    assert not (tmp_path / "out" / ".cardgen-cache").exists()
    _export(VALID, tmp_path / "out", no_cache=True, cache=tmp_path / "other")
    assert not (tmp_path / "other").exists()


def test_past_the_cap_the_entries_used_longest_ago_go_first_and_the_newest_stay(tmp_path):
    oldest = _entry(tmp_path, f"{'1' * 64}.png", 1000, 100)
    thumb = _entry(tmp_path, f"thumbnails/{'2' * 64}-240-0-r2.png", 1000, 200)
    middle = _entry(tmp_path, f"{'3' * 64}.webp", 1000, 300)
    newest = _entry(tmp_path, f"{'4' * 64}.jpg", 1000, 400)
    foreign = _foreign(tmp_path)
    removed = image_cache.trim(tmp_path, cap=2 * 1064 + 1)       # room for two entries
    assert removed == [oldest, oldest.with_name(oldest.name + ".sha256"),
                       thumb, thumb.with_name(thumb.name + ".sha256")]
    assert middle.exists() and newest.exists()
    assert all(path.is_symlink() or path.exists() for path in foreign)
    assert image_cache.size(tmp_path) == 2 * 1064


def test_at_the_cap_nothing_goes_and_what_a_build_uses_is_kept_past_it(tmp_path):
    older = _entry(tmp_path, f"{'1' * 64}.png", 1000, 100)
    newer = _entry(tmp_path, f"{'2' * 64}.png", 1000, 200)
    assert image_cache.trim(tmp_path, cap=2 * 1064) == []
    assert image_cache.trim(tmp_path, keep=[older], cap=0) == \
        [newer, newer.with_name(newer.name + ".sha256")]
    assert older.exists()


def test_an_export_past_the_cap_removes_older_images_and_keeps_its_own(
        tmp_path, monkeypatch, copy_game):
    cache = tmp_path / "cache"
    _export(VALID, tmp_path / "a", cache=cache, dpi=40)
    old = set(cache.glob("*.png"))
    for path in cache.rglob("*.*"):                     # used two hours ago: no build is waiting for it
        os.utime(path, (time.time() - 7200,) * 2)
    game = copy_game("valid-minimal")
    monkeypatch.setattr(image_cache, "IMAGE_CACHE_BYTES", 1)
    written = _export(game, tmp_path / "b", cache=cache, dpi=41)
    assert not old & set(cache.glob("*.png"))                  # every image of the other export
    assert len(list(cache.glob("*.png"))) == 3 and len(list(cache.glob("thumbnails/*.png"))) == 2
    assert all(path.stat().st_size > 0 for path in written)


def test_an_entry_used_in_the_last_hour_or_without_its_digest_is_never_removed(tmp_path):
    """Another output kind of the build, or another process, may be about to copy it; and a lone
    file named as an entry is not the cache's own."""
    cache = tmp_path / "cache"
    _export(VALID, tmp_path / "a", cache=cache)
    recent = set(cache.rglob("*.*"))
    lone = cache / ("e" * 64 + ".png")
    lone.write_bytes(b"not the cache's")
    os.utime(lone, (1, 1))
    assert image_cache.trim(cache, cap=0) == [] and set(cache.rglob("*.*")) == recent | {lone}
    image_cache.clear(cache)
    assert lone.read_bytes() == b"not the cache's"


def test_an_image_taken_from_the_cache_is_marked_used(tmp_path):
    cache = tmp_path / "cache"
    _export(VALID, tmp_path / "a", cache=cache)
    for path in cache.rglob("*.*"):
        os.utime(path, (100, 100))
    _export(VALID, tmp_path / "b", cache=cache)
    assert all(entry.used > 100 for entry in image_cache.entries(cache))


def test_clear_removes_the_cache_entries_and_leaves_every_other_file(tmp_path):
    cache = tmp_path / "cache"
    _export(VALID, tmp_path / "out", cache=cache)
    foreign = _foreign(cache)
    count = len(image_cache.entries(cache))
    result = _cli("cache", "clear", "--cache", cache)
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"removed {count} image(s), ") and count == 5
    assert result.output.endswith(f" MiB, from {cache}\n")
    assert image_cache.entries(cache) == []
    assert sorted(p for p in cache.rglob("*") if not p.is_dir()) == sorted(foreign)
    assert (tmp_path / "out" / "game" / "images" / "heroes" / "1-first-hero.png").is_file()


def test_cache_info_names_the_default_folder_and_its_size(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path))
    _entry(tmp_path / "images", f"{'1' * 64}.png", 3 * 2**20 - 64, 100)
    result = _cli("cache", "info")
    assert result.exit_code == 0, result.output
    assert result.output == (f"image cache: {tmp_path / 'images'}\n"
                             "1 image(s), 3.0 MiB of at most 500.0 MiB\n")


def test_cache_commands_exit_2_on_a_usage_error(tmp_path):
    (tmp_path / "a-file").write_text("not a folder", encoding="utf-8")
    assert _cli("cache", "clear", "--cache", tmp_path / "a-file").exit_code == 2
    assert _cli("cache", "empty").exit_code == 2
    assert _cli("cache", "clear", "--cache", tmp_path / "none").exit_code == 0
