"""A build is five named steps: load, validate, resolve, render, write. Each hands frozen data on."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from cardgen import catalog
from cardgen.errors import Report, relative_name
from cardgen.layout.resolve import DeckFaces, resolve_game
from cardgen.load.cards import slug
from cardgen.load.game import load_game
from cardgen.model import Deck, Game
from cardgen.render.imposition import plan_sheet
from cardgen.render.sheets import render_decks
from cardgen.rules import validate_game
from cardgen.write import OutputError, write_files


@dataclass(frozen=True)
class BuildOptions:
    out_dir: Path = Path("output")
    page: str | None = None            # overrides the game's print settings when given
    duplex: str | None = None
    back_offset: tuple[float, float] | None = None
    strict: bool = False
    pack: bool | None = None           # decks of one card size share sheets in one PDF
    cmyk: bool | None = None           # every colour written as DeviceCMYK


@dataclass(frozen=True)
class Checked:
    """A game that passed validation, with every face resolved."""

    game: Game
    faces: tuple[DeckFaces, ...]


def load(game_dir: Path, report: Report) -> Game | None:
    return load_game(game_dir, report)


def validate(game: Game, report: Report) -> None:
    validate_game(game, report)


def resolve(game: Game, report: Report) -> tuple[DeckFaces, ...]:
    return resolve_game(game, report)


def check(game_dir: Path, report: Report, options: BuildOptions | None = None) -> Checked | None:
    """Load, validate and resolve; None when anything is wrong (diagnostics are in `report`)."""
    game = load(game_dir, report)
    if game is None:
        return None
    if options is not None:
        game = apply_options(game, options)
    validate(game, report)
    check_outputs(game, report)
    faces = resolve(game, report)
    if report.has_errors(options.strict if options else False):
        return None
    return Checked(game, faces)


def apply_options(game: Game, options: BuildOptions) -> Game:
    overrides = {k: v for k, v in (("page", options.page), ("duplex", options.duplex),
                                   ("back_offset", options.back_offset), ("pack", options.pack),
                                   ("cmyk", options.cmyk))
                 if v is not None}
    return replace(game, print=replace(game.print, **overrides)) if overrides else game


def render(checked: Checked, progress: Callable[[int], None]) -> dict[str, bytes]:
    """Every deck's PDF, in memory: nothing is written until all of them are made."""
    game = checked.game
    settings = game.print
    page = catalog.page_sizes()[settings.page]
    out = {}
    for name, group in _sheet_groups(checked.faces, settings.pack):
        size = _deck(group[0]).size
        plan = plan_sheet(page, (size.width, size.height), settings.bleed, settings.margin,
                          settings.duplex, settings.crop_marks, settings.back_offset,
                          bool(settings.mark_every_cut))
        out[f"{name}.pdf"] = render_decks(game, group, plan, settings.duplex, progress)
    return out


def _deck(item) -> Deck:
    return item.deck if isinstance(item, DeckFaces) else item


def _sheet_groups(items, pack: bool) -> list[tuple[str, list]]:
    """The PDFs to make from decks (or their faces): one per deck, or with `pack` one per card
    size shared by several decks (named after the size), in the order the decks are written."""
    if not pack:
        return [(_deck(item).id, [item]) for item in items]
    by_size: dict[tuple, list] = {}
    for item in items:
        by_size.setdefault((_deck(item).size.width, _deck(item).size.height), []).append(item)
    return [(_deck(group[0]).id if len(group) == 1 else f"{slug(_deck(group[0]).size.name)}-decks",
             group) for group in by_size.values()]


def write(files: dict[str, bytes], folder: Path, report: Report) -> list[Path]:
    """Every file of the build in place, or none (the previous build stays whole)."""
    try:
        return write_files(folder, files)
    except OutputError as exc:
        report.error(relative_name(exc.path), None, (), f"cannot write the build: {exc.reason}; "
                     "the previous files are unchanged", code="output")
        return []


def build(game_dir: Path, options: BuildOptions, report: Report,
          progress: Callable[[int], None] = lambda n: None) -> list[Path]:
    checked = check(game_dir, report, options)
    if checked is None:
        return []
    files = render(checked, progress)
    return write(files, options.out_dir / checked.game.id, report)


def output_names(game: Game) -> dict[str, list[Deck]]:
    """The file each deck is printed into, with the decks that print into it."""
    names: dict[str, list[Deck]] = {}
    for name, group in _sheet_groups(game.decks, game.print.pack):
        names.setdefault(f"{name}.pdf", []).extend(group)
    return names


def check_outputs(game: Game, report: Report) -> None:
    """Two decks that would write one file are an error before anything is written."""
    for name, decks in output_names(game).items():
        if len(decks) > 1 and not game.print.pack or len({d.id for d in decks}) < len(decks):
            first, *others = decks
            for deck in others:
                report.error(deck.source.file, deck.source.line, deck.source.path,
                             f"deck '{deck.id}' would write {name}, as deck '{first.id}' "
                             f"({first.source.file}:{first.source.line}) does: give each deck an "
                             "id of its own", code="duplicate-output")
