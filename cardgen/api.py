"""What the command line calls: find games, validate them, build them, list them; and the
few values and errors it shows, and the output kinds with the options `cardgen export` makes its
commands from. The command line imports nothing else of cardgen."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

from cardgen.base.errors import Report, printable, relative_name
from cardgen.base.limits import COMMAND_PATH_BYTES, IMAGE_CACHE_BYTES, NAME_BYTES
from cardgen.load.game import GAME_FILE, load_game
from cardgen.load.game_schema import OFFSET_MM
from cardgen.load.snapshot import SNAPSHOT_FILE, snapshot_text
from cardgen.validate import validate_game
from cardgen.shared.registry import ExtensionError
from cardgen.render import OUTPUT_KINDS
from cardgen.serve import ServeError
from cardgen.render.options import (Choice, Flag, Folder, Number, OptionConflict, WebAddress,
                                    web_address)
from cardgen.pipeline import BuildOptions, build, check, export_options, same_file_key
from cardgen.authoring.scaffold import ScaffoldError, new_game
from cardgen.write import OutputError, write_atomic, write_files

# What only some commands use is imported by them, so that validating a game loads no more
# than it needs: the renderers (diff and errata compare faces drawn as images, calibrate draws
# a sheet), git (diff, errata), the image cache, the schemas and the dump.
if TYPE_CHECKING:
    from cardgen.history.diff import GameDiff


def __getattr__(name: str):
    """git's errors, for the command line to catch, imported once a command that reads git
    has failed."""
    if name == "RevisionError":
        from cardgen.history.git_command import RevisionError
        return RevisionError
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

DATA_DIR = Path("data")


def discover(paths: Iterable[Path]) -> list[Path]:
    """The game folders named, or every folder under data/ that holds a game.yaml."""
    paths = [Path(p) for p in paths]
    if paths:
        return paths
    if not DATA_DIR.is_dir():
        return []
    return sorted(p for p in DATA_DIR.iterdir() if (p / GAME_FILE).is_file())


def validate(paths: Iterable[Path], strict: bool = False) -> Report:
    report = Report()
    for game_dir in discover(paths):
        game_report = Report()
        check(game_dir, game_report, BuildOptions(strict=strict))
        report.extend(game_report)
    return report


def same_output(game_dirs: list[Path], report: Report) -> bool:
    """Games whose folders share a name (case aside, as macOS and Windows compare names) would
    build into one output folder: an error, found before anything is written."""
    by_id: dict[str, list[Path]] = {}
    for game_dir in game_dirs:
        by_id.setdefault(same_file_key(Path(game_dir).resolve().name), []).append(Path(game_dir))
    clash = False
    for dirs in by_id.values():
        game_id = dirs[0].resolve().name
        for other in dirs[1:]:
            clash = True
            report.error(relative_name(other / GAME_FILE), None, (),
                         f"this game and '{relative_name(dirs[0])}' would both build into "
                         f"<out>/{game_id}/: build them one at a time, or rename a folder",
                         code="duplicate-output")
    return clash


def build_games(paths: Iterable[Path], options: BuildOptions,
                progress: Callable[[int], None] = lambda n: None) -> tuple[Report, list[Path]]:
    report = Report()
    written: list[Path] = []
    if same_output(discover(paths), report):
        return report, written
    for game_dir in discover(paths):
        game_report = Report()   # each game stands or falls on its own problems
        written += build(game_dir, options, game_report, progress)
        report.extend(game_report)
    return report, written


def watch(game_dirs: Iterable[Path], options: BuildOptions, show: Callable,
          stop_event=None) -> None:
    """Build every game, then rebuild those a saved change touches until `stop_event` is set (or
    Ctrl-C). `show(report, written, games)` tells the user after every build."""
    from cardgen.authoring.watching import rebuild_on_change     # watchfiles is loaded only to watch

    def rebuild(games: list[Path]) -> None:
        report, written = build_games(games, options)
        show(report, written, games)

    games = discover(game_dirs)
    rebuild(games)
    rebuild_on_change(games, options.out_dir, rebuild, stop_event)


def serve(game_dir: Path, port: int, cache: Path | None, announce: Callable[[str], None],
          shown_now: Callable[[dict], None], open_browser: bool = False, stop_event=None) -> None:
    """A live preview of the game on http://127.0.0.1:`port`/ (0: a free port), rendered again
    on every save until `stop_event` is set (or Ctrl-C), its images kept in the image cache
    `cache` (None: the user's, image_cache_folder()). `announce(url)` once it listens;
    `shown_now(state)` each time the page is told of a new render (its `problems` among it).
    ServeError when the folder is not a game or the port cannot be had."""
    from cardgen.serve import live        # the preview loop and watchfiles are loaded only to serve

    live.serve(Path(game_dir), port, image_cache_folder(cache), announce,
               lambda snapshot: shown_now(snapshot.state), open_browser, stop_event)


@dataclass(frozen=True)
class ImageCache:
    folder: Path
    images: int          # images and thumbnails, each with its digest
    size: int            # bytes, all told
    cap: int             # past it, the images used longest ago are removed


def image_cache_folder(folder: Path | None = None) -> Path:
    """The image cache: `folder`, or when None the user's (CARDGEN_CACHE_DIR's if it is set)."""
    from cardgen.render import image_cache
    return Path(folder) if folder is not None else image_cache.default_folder()


def image_cache_info(folder: Path | None = None) -> ImageCache:
    from cardgen.render import image_cache
    cache = image_cache_folder(folder)
    found = image_cache.entries(cache)
    return ImageCache(cache, len(found), sum(entry.size for entry in found), IMAGE_CACHE_BYTES)


def clear_image_cache(folder: Path | None = None) -> ImageCache:
    """Every image of the cache removed, and nothing else of its folder: what was removed."""
    from cardgen.render import image_cache
    cache = image_cache_folder(folder)
    removed, size = image_cache.clear(cache)
    return ImageCache(cache, removed, size, IMAGE_CACHE_BYTES)


def dump(game_dir: Path) -> tuple[Report, dict | None]:
    """The game's cards with every field resolved, or None (with diagnostics) if it does not load."""
    from cardgen.authoring.dump import game_json
    report = Report()
    game = load_game(game_dir, report)
    return report, (game_json(game) if game is not None else None)


def calibrate(path: Path, page: str, duplex: str) -> None:
    """Write the duplex calibration sheet to `path` (OutputError when it cannot be written)."""
    from cardgen.render.calibration import render_calibration
    write_atomic(Path(path), render_calibration(page, duplex))


def file_schema(kind: str, game_dir: Path | None = None) -> tuple[Report, dict | None]:
    """The JSON Schema of every game's `game.yaml` ("game") or of a layout file ("layout"): with
    `game_dir`, of that game's layouts (which may name its own fonts), or None (with diagnostics)
    if the game does not load."""
    from cardgen.authoring.json_schema import game_file_schema, layout_file_schema
    report = Report()
    if kind == "game":
        return report, game_file_schema()
    if game_dir is None:
        return report, layout_file_schema()
    game = load_game(game_dir, report)
    return report, (layout_file_schema(game_fonts=game.fonts) if game is not None else None)


def write_schemas(game_dir: Path) -> tuple[Report, list[Path]]:
    """Write the game's schemas to its schemas/ folder and point its YAML files at them."""
    from cardgen.authoring import schema_files
    report = Report()
    game = load_game(game_dir, report)
    if game is None or report.has_errors():
        return report, []
    return report, schema_files.write_schemas(game, report)


def card_type_ids(game_dir: Path) -> list[str] | None:
    """The game's card type ids, or None if it does not load."""
    game = load_game(game_dir, Report())
    return list(game.card_types) if game is not None else None


def card_schema(game_dir: Path, type_id: str | None = None) -> tuple[Report, dict | None]:
    from cardgen.authoring.json_schema import card_file_schema
    report = Report()
    game = load_game(game_dir, report)
    if game is None or not game.card_types:
        return report, None
    type_id = type_id or next(iter(game.card_types))
    if type_id not in game.card_types:
        report.error(str(game_dir / GAME_FILE), None, ("card_types",),
                     f"no card type '{type_id}'; the game has: {', '.join(game.card_types)}",
                     code="unknown-reference")
        return report, None
    return report, card_file_schema(game, type_id)


def count_cards(paths: Iterable[Path]) -> int:
    """How many cards the named games print, for a progress bar; cheap load, errors ignored."""
    total = 0
    for game_dir in discover(paths):
        game = load_game(game_dir, Report())
        total += sum(d.card_count for d in game.decks) if game else 0
    return total


@dataclass(frozen=True)
class DeckSummary:
    id: str
    name: str
    size: str
    unique_cards: int
    cards: int


@dataclass(frozen=True)
class GameSummary:
    folder: Path
    title: str
    version: str
    decks: tuple[DeckSummary, ...]

    def as_dict(self) -> dict:
        return {"folder": str(self.folder), "title": self.title, "version": self.version,
                "decks": [deck.__dict__ for deck in self.decks]}


def list_games(paths: Iterable[Path]) -> tuple[Report, list[GameSummary]]:
    report = Report()
    out = []
    for game_dir in discover(paths):
        game = load_game(game_dir, report)
        if game is None:
            continue
        decks = tuple(DeckSummary(d.id, d.name, d.size.name, len(d.cards), d.card_count)
                      for d in game.decks)
        out.append(GameSummary(game_dir, game.title, game.version, decks))
    return report, out


def publish(paths: Iterable[Path]) -> tuple[Report, list[Path]]:
    """Each game's published edition written to its folder (published.yaml): every value it
    prints as it is now, replacing the edition before. A game with an error is not published;
    the changes since the edition before are not errors here, as this edition replaces it."""
    report, written = Report(), []
    for game_dir in discover(paths):
        game_report = Report()
        game = load_game(game_dir, game_report)
        if game is not None:
            validate_game(game, game_report, published=False)
        report.extend(game_report)
        if game is None or game_report.has_errors():
            continue
        path = Path(game_dir) / SNAPSHOT_FILE
        try:
            write_atomic(path, snapshot_text(game).encode("utf-8"))
        except OutputError as exc:
            report.raised(exc, relative_name(exc.path),
                          message=f"cannot write the published edition: {exc.reason}")
            continue
        written.append(path)
    return report, written


def _old_and_new(game_dir: Path, since: str | None, old_dir: Path | None, work):
    """Run `work(old, new_dir)` on the game as it was (an OldGame at git revision `since`, or
    `old_dir`) and as it is."""
    from cardgen.history.git_tree import game_at
    if since is None:
        return work(Path(old_dir), Path(game_dir))
    with game_at(game_dir, since) as old:
        return work(old, Path(game_dir))


def diff(game_dir: Path, since: str | None = None,
         old_dir: Path | None = None) -> tuple[Report, GameDiff | None]:
    """What changed in a game since a git revision, or between two folders. RevisionError when
    the revision cannot be read; a game too large to read at the revision is a problem in the
    report."""
    from cardgen.history.diff import compare, compared
    from cardgen.history.git_tree import GameTooLarge, OldGame
    report = Report()

    def work(old, new_path: Path):
        new = compared(new_path, report)
        if new is None:
            return None
        if isinstance(old, OldGame):      # problems of the old side named as git names them
            old_report = Report()
            before = compared(old.folder, old_report, new.game.version, old.top)
            for problem in old_report.diagnostics:
                report.add(replace(problem, file=old.name(problem.file)))
        else:
            before = compared(old, report, new.game.version)
        return compare(before, new) if before is not None else None

    try:
        return report, _old_and_new(game_dir, since, old_dir, work)
    except GameTooLarge as exc:
        report.add(exc.problem)
        return report, None


def errata(game_dir: Path, options: BuildOptions, since: str | None = None,
           old_dir: Path | None = None, images: bool = False) -> tuple[Report, list[Path]]:
    """The errata sheets of a game (only what changed since a revision or an old folder) written
    to <out>/<game>/errata.pdf, with the cards' images when asked (made with the options
    `options` gives the images kind); nothing is written when nothing changed."""
    from cardgen.history.errata_sheets import errata_files
    report, change = diff(game_dir, since, old_dir)
    if change is None or change.unchanged:
        return report, []
    checked = check(Path(game_dir), report, options)
    if checked is None:
        return report, []
    files = errata_files(checked.game, checked.faces, change, since or str(old_dir),
                         options.for_kind("images") if images else None)
    try:
        return report, write_files(options.out_dir / checked.game.id, files)
    except OutputError as exc:
        report.raised(exc, relative_name(exc.path),
                      message=f"cannot write the errata: {exc.reason}")
        return report, []
