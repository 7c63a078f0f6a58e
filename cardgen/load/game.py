"""Load stage: a game folder (game.yaml and its card files) becomes a frozen Game."""
from __future__ import annotations

from pathlib import Path

from cardgen import catalog
from cardgen.base.errors import Report, did_you_mean, relative_name
from cardgen.fields import field_type
from cardgen.shared import schema as s
from cardgen.load.cards import read_cards
from cardgen.load.documents import read_documents
from cardgen.load.faces import read_face, value_sources
from cardgen.load.history import read_changelog, read_errata
from cardgen.load.tokens import read_boards, read_token_sets
from cardgen.load.spreadsheet_cards import SPREADSHEETS, read_spreadsheet_cards, split_reference
from cardgen.load.game_schema import (CARD_TYPE_KEYS, DECK_KEYS, DEFINITION_KEYS,
                                      FIELD_KEYS, FONT_KEYS, GAME_KEYS,
                                      LEGIBILITY_KEYS, PRINT_KEYS)
from cardgen.shared.paths import confined_path, is_file
from cardgen.shared.schema import At
from cardgen.shared.yaml_source import load_yaml
from cardgen.base.model import (CardType, Deck, Definition, FieldDecl, FontSpec, Game,
                           Legibility, PrintSettings, Source, frozen_map)

GAME_FILE = "game.yaml"
SHIPPED_FAMILIES = ("sans", "condensed", "serif", "symbols")   # cardgen/fonts/families.yaml


def load_game(game_dir: Path, report: Report, project: Path | None = None) -> Game | None:
    """Read a game folder; every problem goes to `report`. Returns None if the game cannot be built.
    `project`: the highest folder a project's layouts/ is looked for in (a git revision unpacked to a
    temporary folder is its own project)."""
    game_dir = Path(game_dir)
    game_file = game_dir / GAME_FILE
    if not is_file(game_file):
        report.error(relative_name(game_file), None, (),
                     f"no {GAME_FILE} in '{relative_name(game_dir)}': not a game folder",
                     code="not-a-game")
        return None
    try:
        confined_path(game_dir, GAME_FILE)
    except s.Invalid as exc:   # a link to a file elsewhere: never read, never shown
        report.raised(exc, relative_name(game_file), message=f"{exc}; it is not read")
        return None
    doc = load_yaml(game_file, report)
    if doc is None:
        return None
    at = At(doc, (), report)
    if doc.data is None:
        at.error(f"{GAME_FILE} is empty: expected title, version, card_types and decks",
                 code="empty")
        return None
    top = s.read_mapping(doc.data, at, GAME_KEYS, "mapping of game settings")
    if top is None or not {"title", "version", "card_types", "decks"} <= top.keys():
        return None
    card_types, broken = _card_types(top["card_types"], at.child("card_types"))
    decks = tuple(d for i, raw in enumerate(top["decks"])
                  if (d := _deck(raw, at.child("decks").child(i), card_types, broken, game_dir)))
    failed_decks = frozenset(_deck_ids(top["decks"])) - {d.id for d in decks}
    _check_shared_files(decks, at.child("decks"), top["decks"])
    if not top["decks"]:
        at.child("decks").error("a game needs at least one deck", code="empty")
    settings = s.read_mapping(top["print"], at.child("print"), PRINT_KEYS, "mapping of print settings")
    legibility = s.read_mapping(top["legibility"], at.child("legibility"), LEGIBILITY_KEYS,
                                "mapping of legibility settings")
    fonts = _fonts(top["fonts"], at.child("fonts"), game_dir)
    definitions = _definitions(top["definitions"], at.child("definitions"))
    token_sets, tokens_ok = read_token_sets(top["token_sets"], at.child("token_sets"), decks,
                                            definitions, failed_decks)
    boards, boards_ok = read_boards(top["boards"], at.child("boards"))
    documents, documents_ok = read_documents(top["documents"], at.child("documents"), game_dir)
    errata = read_errata(top["errata"], at.child("errata"))
    changelog = read_changelog(top["changelog"], at.child("changelog"))
    skipped = _layouts_outside(game_dir, report)
    if not (top.ok and settings is not None and settings.ok and legibility is not None and legibility.ok
            and len(definitions) == len(top["definitions"]) and len(errata) == len(top["errata"])
            and len(changelog) == len(top["changelog"])
            and len(fonts) == len(top["fonts"]) and tokens_ok and boards_ok and documents_ok):
        return None   # later stages would only work on stand-ins for the values that failed
    return Game(
        id=game_dir.resolve().name,
        root=game_dir,
        title=top["title"],
        version=top["version"],
        credits=tuple(top["credits"]),
        players=top["players"],
        description=top["description"],
        card_types=frozen_map(card_types),
        decks=decks,
        print=PrintSettings(**settings),
        legibility=Legibility(**legibility),
        layout_dirs=layout_dirs(game_dir, project),
        skipped_layout_dirs=skipped,
        source=Source(doc.name, 1),
        glossary=frozen_map({term: text for term, (text, _) in top["glossary"].items()}),
        prototype_terms=frozenset(term for term, (_, invented) in top["glossary"].items() if invented),
        term_sources=frozen_map({term: Source(doc.name, at.child("glossary").child(term).line,
                                              ("glossary", term)) for term in top["glossary"]}),
        fonts=frozen_map(fonts),
        token_sets=tuple(token_sets),
        boards=tuple(boards),
        documents=tuple(documents),
        definitions=frozen_map(definitions),
        errata=errata,
        changelog=changelog,
        key_sources=frozen_map({key: Source(doc.name, at.child(key).line, (key,)) for key in top}),
        failed_decks=failed_decks,
    )


def _check_shared_files(decks: tuple[Deck, ...], at: At, raw_decks) -> None:
    """Decks printing into one file share its sheets, so they must be one card size; each deck's
    id is its own (it names the deck's file unless the deck names one)."""
    first: dict[str, Deck] = {}
    ids: dict[str, list[Deck]] = {}
    for deck in decks:
        seen = ids.setdefault(deck.id, [])
        seen.append(deck)
        if len(seen) > 1:
            same = seen[0]
            at.child(_index(raw_decks, deck, len(seen))).child("id").error(
                f"two decks have the id '{deck.id}' (the other at {same.source.file}:"
                f"{same.source.line}): give each an id of its own", code="duplicate-id")
        other = first.setdefault(deck.file_name, deck)
        if (other.size.width, other.size.height) != (deck.size.width, deck.size.height):
            at.child(_index(raw_decks, deck, len(seen))).child("file" if deck.file else "id").error(
                f"deck '{deck.id}' prints into {deck.file_name}.pdf with deck '{other.id}', but "
                f"its cards are {deck.size.name} and those of '{other.id}' {other.size.name}: "
                "decks sharing a file share its sheets, so they must be one card size",
                code="file-size")


def _index(raw_decks, deck: Deck, nth: int = 1) -> int:
    """Where in the game's list of decks the `nth` deck of this id is written."""
    return [i for i, raw in enumerate(raw_decks)
            if isinstance(raw, dict) and raw.get("id") == deck.id][nth - 1]


def _deck_ids(raw_decks) -> list[str]:
    """The id each deck is written with (a deck that fails is still named by it)."""
    return [raw["id"] for raw in raw_decks if isinstance(raw, dict) and isinstance(raw.get("id"), str)]


def _definitions(raw: dict, at: At) -> dict[str, Definition]:
    out = {}
    for name, spec in raw.items():
        def_at = at.child(name)
        values = s.read_mapping(spec, def_at, DEFINITION_KEYS, "definition ({kind, text})")
        if values is not None and values.ok:
            out[name] = Definition(name, values["kind"], values["text"],
                                   Source(at.doc.name, def_at.line, def_at.path), values["prototype"])
    return out


FONT_SUFFIXES = (".ttf", ".otf")


def _fonts(raw: dict, at: At, game_dir: Path) -> dict[str, FontSpec]:
    """The game's own font families; each file inside the game folder, a TrueType/OpenType one."""
    out = {}
    for name, spec in raw.items():
        font_at = at.child(name)
        if name in SHIPPED_FAMILIES:
            font_at.error(f"'{name}' is a font cardgen ships: give the game's own font another name",
                          code="font")
            continue
        values = s.read_mapping(spec, font_at, FONT_KEYS, "font ({regular, bold, italic, ...})")
        if values is None or not values.ok:
            continue
        ok = _fallbacks_known(spec.get("fallback", []), font_at.child("fallback"), raw)
        files = {}
        for face in ("regular", "bold", "italic", "bold_italic"):
            if values[face] is None:
                continue
            try:
                path = confined_path(game_dir, values[face])
            except s.Invalid as exc:
                font_at.child(face).raised(exc, code="path")
                ok = False
                continue
            if path.suffix.lower() not in FONT_SUFFIXES or not is_file(path):
                font_at.child(face).error(f"expected a .ttf or .otf file in the game folder, found "
                                          f"'{values[face]}'", code="font")
                ok = False
                continue
            files[face] = path
        if ok:
            faces = {face: Source(at.doc.name, font_at.child(face).line, font_at.child(face).path)
                     for face in files}
            out[name] = FontSpec(name, frozen_map(files), tuple(values["fallback"]),
                                 Source(at.doc.name, font_at.line, font_at.path), frozen_map(faces))
    return out


def _fallbacks_known(fallback, at: At, own: dict) -> bool:
    """Every family a font falls back to (`fallback` as written: a list, or one name) is a
    shipped one or another of the game's own; one that is neither is an error at its line."""
    known = (*SHIPPED_FAMILIES, *map(str, own))
    items = enumerate(fallback) if isinstance(fallback, list) else [(None, fallback)]
    ok = True
    for i, name in items:
        if isinstance(name, str) and name not in known:
            where = at if i is None else at.child(i)
            where.error(f"unknown font '{name}'{did_you_mean(name, known)}; fonts: "
                        f"{', '.join(sorted(known))}", code="unknown-reference")
            ok = False
    return ok


PROJECT_MARKERS = ("pyproject.toml", ".git", "cardgen.yaml")   # a folder holding one is a project's top


def layout_dirs(game_dir: Path, top: Path | None = None) -> tuple[Path, ...]:
    """The game's own layouts/ first, then the nearest enclosing project's layouts/, then the
    layouts that ship with cardgen (found wherever cardgen is installed). The search upward stops
    at the project's top: the first folder (the game's own included) holding a pyproject.toml, a
    .git or a cardgen.yaml, and never goes above `top` when given, so that an unrelated layouts/
    higher up the disk never replaces the shipped ones."""
    dirs = [game_dir / "layouts"] if _own_folder(game_dir, "layouts") else []
    resolved = game_dir.resolve()
    parents = [] if _project_top(resolved) else list(resolved.parents)
    if top is not None:
        parents = [p for p in parents if p.is_relative_to(top.resolve())]
    for parent in parents:
        if (parent / "layouts").is_dir() and (parent / "layouts").resolve() != catalog.SHIPPED_LAYOUTS:
            dirs.append(parent / "layouts")
            break
        if _project_top(parent):
            break
    return tuple(dirs) + (catalog.SHIPPED_LAYOUTS,)


def _project_top(folder: Path) -> bool:
    return any((folder / marker).exists() for marker in PROJECT_MARKERS)


def _layouts_outside(game_dir: Path, report: Report) -> tuple[Path, ...]:
    """The game's layouts/ when it is there but leads outside the game (a link out): skipped,
    never read, with a warning naming it."""
    folder = game_dir / "layouts"
    if not folder.is_symlink() or _own_folder(game_dir, "layouts"):
        return ()
    report.warning(relative_name(folder), None, (), "this folder leads outside the game folder, "
                   "so it was skipped: none of its layouts is read", code="path")
    return (folder,)


def _own_folder(game_dir: Path, name: str) -> bool:
    """Whether the game has a folder `name` that really lies inside it (a link out does not count)."""
    try:
        return confined_path(game_dir, name).is_dir()
    except s.Invalid:
        return False


def _card_types(raw: dict, at: At) -> tuple[dict[str, CardType], set[str]]:
    """The card types, and the ids of those too broken to load cards against."""
    out, broken = {}, set()
    for type_id, spec in raw.items():
        type_at = at.child(type_id)
        if s.failed(s.read_value(type_id, type_at, s.identifier)):   # ids name schema files
            broken.add(type_id)
            continue
        values = s.read_mapping(spec, type_at, CARD_TYPE_KEYS, "card type")
        if values is None or not values.ok:
            broken.add(type_id)
            continue
        fields = tuple(f for name, f_spec in values["fields"].items()
                       if (f := _field(name, f_spec, type_at.child("fields").child(name))))
        if len(fields) != len(values["fields"]):
            broken.add(type_id)
            continue
        layout_at = type_at.child("layout")
        out[type_id] = CardType(type_id, values["name"] or type_id, values["layout"], fields,
                                Source(at.doc.name, type_at.line, type_at.path),
                                Source(at.doc.name, layout_at.line, layout_at.path), values["rules"])
    return out, broken


def _field(name: str, spec, at: At) -> FieldDecl | None:
    if isinstance(spec, str):
        spec = {"type": spec}
    kind = field_type(spec.get("type")) if isinstance(spec, dict) and isinstance(
        spec.get("type"), str) else None
    option_keys = kind.options if kind else {}
    values = s.read_mapping(spec, at, {**FIELD_KEYS, **option_keys}, "field declaration")
    if not values or not values.ok or "type" not in values:
        return None  # a declaration with a bad key or option would only mislead every card
    options = {k: values[k] for k in option_keys if values.get(k) is not None}
    decl = FieldDecl(name, values["type"], values["required"], None, values["unique"],
                     frozen_map(options), values["description"],
                     Source(at.doc.name, at.line, at.path))
    if values["default"] is not None:
        try:
            default = kind.parse(values["default"], decl, at.child("default"))
        except s.Invalid as exc:
            at.child("default").raised(exc, code="type")
            return None
        decl = FieldDecl(**{**decl.__dict__, "default": default})
    return decl


def _deck(raw, at: At, card_types: dict[str, CardType], broken: set[str],
          game_dir: Path) -> Deck | None:
    values = s.read_mapping(raw, at, DECK_KEYS, "deck")
    if values is None or not {"id", "card_type", "cards", "back"} <= values.keys():
        return None
    if values["card_type"] in broken:
        return None  # its card type's own errors are reported already
    card_type = card_types.get(values["card_type"])
    if card_type is None:
        at.child("card_type").error(
            f"unknown card type '{values['card_type']}'{did_you_mean(values['card_type'], card_types)}"
            f"; the game declares: {', '.join(card_types) or 'none'}", code="unknown-reference")
        return None
    back = read_face(values["back"], at.child("back"))
    cards, complete = [], True
    for i, reference in enumerate(values["cards"]):
        ref_at = at.child("cards").child(i) if isinstance(raw["cards"], list) else at.child("cards")
        reference, sheet = split_reference(reference)
        try:
            path = confined_path(game_dir, reference)
        except s.Invalid as exc:
            ref_at.raised(exc, code="path")
            complete = False
            continue
        if not is_file(path):
            ref_at.error(f"card file '{reference}' not found in the game folder", code="missing-file")
            complete = False
            continue
        if path.suffix.lower() == ".csv":
            from cardgen.load.csv_cards import read_csv_cards     # a table's reader, when one is named
            loaded, ok = read_csv_cards(path, at.report, card_type, values["id"], values["copies"])
        elif path.suffix.lower() in SPREADSHEETS:
            loaded, ok = read_spreadsheet_cards(path, sheet, at.report, card_type, values["id"],
                                                values["copies"])
        else:
            doc = load_yaml(path, at.report)
            loaded, ok = read_cards(At(doc, (), at.report), card_type, values["id"],
                                    values["copies"]) if doc is not None else ([], False)
        cards += loaded
        complete = complete and ok
    if back is None or not values.ok:
        return None   # its cards are checked above; the deck itself would only mislead
    return Deck(values["id"], values["name"] or values["id"], card_type.id, values["size"], back,
                tuple(cards), frozen_map(values["values"]), Source(at.doc.name, at.line, at.path),
                values["rules"], complete=complete,
                size_source=Source(at.doc.name, at.child("size").line, at.child("size").path)
                if "size" in raw else None,
                value_sources=value_sources(values["values"], at.child("values")),
                file=values["file"] or "")

