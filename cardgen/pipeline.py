"""A build is five named steps: load, validate, resolve, render, write. Each hands frozen data on.

Rendering loops over the output kinds the build asks for (cardgen/render): each kind checks the
game in the validate step and makes its files in the render step; the write step puts every
file of every kind in place together.
"""
from __future__ import annotations

import gc
import unicodedata
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterable, Mapping

from cardgen.base.collector import collector_paused
from cardgen.base.errors import Report, relative_name
from cardgen.resolve.resolve import Faces, resolve_game
from cardgen.load.game import load_game
from cardgen.base.model import Game, frozen_map
from cardgen.drawing.richtext import forget_set_texts
from cardgen.render import OUTPUT_KINDS, OutputKind, made_by_default
from cardgen.render.options import Folder, OptionConflict, WebAddress, check_excludes, web_address
from cardgen.validate import validate_game
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
    only: tuple[str, ...] = ()         # output kinds to build (none named: every default kind)
    bleed: float | None = None         # mm; a print service's, say
    kinds: Mapping = field(default_factory=frozen_map)   # output kind -> the options it is given

    def for_kind(self, name: str) -> Mapping:
        """The options the output kind `name` is made with: each it declares, given or its
        default."""
        return OUTPUT_KINDS[name](self.kinds.get(name)).options


@dataclass(frozen=True)
class Checked:
    """A game that passed validation, with every face resolved, and the outputs to make."""

    game: Game
    faces: Faces
    outputs: tuple[OutputKind, ...] = ()


def outputs_for(options: BuildOptions | None) -> tuple[OutputKind, ...]:
    """The output kinds the build makes, each made with its options."""
    options = options or BuildOptions()
    names = options.only or made_by_default()
    return tuple(OUTPUT_KINDS[name](_built_in(OUTPUT_KINDS[name].OPTIONS, options.kinds.get(name),
                                              options.out_dir))
                 for name in names)


def _built_in(declared, given: Mapping | None, out_dir: Path) -> Mapping | None:
    """The options `given`, with each folder a build fills itself (`Folder(in_build=True)`) left
    out made the folder its option keeps inside `out_dir`."""
    filled = {option.name: out_dir / option.type.in_out for option in declared
              if isinstance(option.type, Folder) and option.type.in_build and option.type.in_out
              and (given or {}).get(option.name) is None}
    return {**(given or {}), **filled} if filled else given


def export_options(kind: str, out_dir: Path, given: Mapping,
                   named: Iterable[str] = ()) -> BuildOptions:
    """What `cardgen export <kind>` builds: the kind with the options `given` (those the user
    `named` on the command line among them; a folder left out is the one its option keeps
    inside `out_dir`). OptionConflict when two named options say opposite things, or a web
    address is not one."""
    declared = OUTPUT_KINDS[kind].OPTIONS
    check_excludes(declared, given, set(named))
    values = dict(given)
    for option in declared:
        inside = option.type.in_out if isinstance(option.type, Folder) else None
        if inside and values.get(option.name) is None:
            values[option.name] = out_dir / inside
        if isinstance(option.type, WebAddress) and values.get(option.name) is not None:
            try:
                values[option.name] = web_address(values[option.name])
            except ValueError as exc:
                raise OptionConflict(f"--{option.name.replace('_', '-')}: {exc}") from None
    exported = OUTPUT_KINDS[kind](values).exported()
    return BuildOptions(out_dir, only=tuple(exported.kinds), kinds=frozen_map(exported.kinds),
                        **exported.print)


def load(game_dir: Path, report: Report) -> Game | None:
    return load_game(game_dir, report)


def validate(game: Game, outputs: tuple[OutputKind, ...], report: Report) -> None:
    validate_game(game, report)
    for kind in outputs:
        kind.check(game, report)
    check_outputs(game, outputs, report)


def resolve(game: Game, report: Report) -> Faces:
    # binding makes thousands of objects that live until the build ends, and no reference
    # cycle: each pass of the collector would walk every face bound so far and free nothing,
    # so it is paused while they are made, and what the process holds then is frozen out of
    # its reach until the check (or the build, which renders from it) is done
    with collector_paused(freeze=True):
        return resolve_game(game, report)


def check(game_dir: Path, report: Report, options: BuildOptions | None = None,
          keep_frozen: bool = False) -> Checked | None:
    """Load, validate and resolve; None when anything is wrong (diagnostics are in `report`).
    What resolving froze (`resolve`) is thawed before it returns, unless `keep_frozen`: then the
    caller thaws it (gc.unfreeze) once done with the faces, as `build` does after rendering."""
    game = load(game_dir, report)
    if game is None:
        return None
    if options is not None:
        game = apply_options(game, options)
    outputs = outputs_for(options)
    validate(game, outputs, report)
    faces = resolve(game, report)
    try:
        if not report.has_errors():
            for kind in outputs:
                kind.check_faces(game, faces, report)
        forget_set_texts()
    finally:
        if not keep_frozen:     # a long-lived caller (serve) checks again and again
            gc.unfreeze()
    if report.has_errors(options.strict if options else False):
        return None
    return Checked(game, faces, outputs)


def apply_options(game: Game, options: BuildOptions) -> Game:
    overrides = {k: v for k, v in (("page", options.page), ("duplex", options.duplex),
                                   ("back_offset", options.back_offset), ("pack", options.pack),
                                   ("cmyk", options.cmyk), ("bleed", options.bleed))
                 if v is not None}
    return replace(game, print=replace(game.print, **overrides)) if overrides else game


def render(checked: Checked, progress: Callable[[int], None]) -> dict[str, bytes]:
    """Every output's files, in memory: nothing is written until all of them are made (kinds
    that draw PDFs side by side, on every core)."""
    from cardgen.render.side_by_side import render_kinds    # processes: only to render
    return render_kinds(checked.outputs or outputs_for(None), checked.game, checked.faces, progress)


def write(files: dict[str, bytes], folder: Path, report: Report) -> list[Path]:
    """Every file of the build in place, or none (the previous build stays whole)."""
    if not files:                 # nothing to print: no folder made either
        return []
    try:
        return write_files(folder, files)
    except OutputError as exc:
        report.raised(exc, relative_name(exc.path), message=f"cannot write the build: "
                      f"{exc.reason}; the previous files are unchanged")
        return []


def build(game_dir: Path, options: BuildOptions, report: Report,
          progress: Callable[[int], None] = lambda n: None) -> list[Path]:
    try:
        checked = check(game_dir, report, options, keep_frozen=True)
        if checked is None:
            return []
        files = render(checked, progress)
    finally:
        gc.unfreeze()
    return write(files, options.out_dir / checked.game.id, report)


def check_outputs(game: Game, outputs: tuple[OutputKind, ...], report: Report) -> None:
    """Two things that would write one file (two decks, a deck and the decks packed together
    into a file of its name, or two outputs) are an error before anything is written. Each kind
    names one maker per file it makes, so any name given twice is a clash; names are compared as
    a disk that ignores case and Unicode form (macOS, Windows) compares them."""
    written: dict[str, list] = {}
    for kind in outputs:
        for name, sources in kind.file_names(game).items():
            written.setdefault(same_file_key(name), []).extend((name, *maker) for maker in sources)
    for makers in written.values():
        if len(makers) < 2:
            continue
        (first_name, first, where), *others = makers
        for name, label, source in others:
            alike = "" if name == first_name else (
                f" (on a disk that ignores case, {name} and {first_name} are one file)")
            report.error(source.file, source.line, source.path,
                         f"{label} would write {name}, as {first} ({where.file}:{where.line}) "
                         f"does{alike}: give each an id of its own", code="duplicate-output")


def same_file_key(name: str) -> str:
    """What a file name is on every disk: 'Heroes.pdf', 'heroes.pdf' and a decomposed 'é' are
    one file on macOS and Windows."""
    return unicodedata.normalize("NFC", name).casefold()
