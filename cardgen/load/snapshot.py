"""A game's published edition: every value it prints, as `cardgen publish` writes it to
`published.yaml` in the game folder, and as validation reads it back to tell what changed since.

Each thing printed is one `Printed`: a card (in its deck), a glossary term or definition, a token
set or a board, with its values as the text they print. The snapshot file is untrusted data: it is
read as every data file is (safe YAML, its size, depth and values bounded), and anything in it of
the wrong shape is a `published` problem at its line.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

import yaml

from cardgen.base.errors import Report, describe
from cardgen.base.model import Game, Source, frozen_map
from cardgen.fields import field_type
from cardgen.shared.paths import is_file
from cardgen.shared.schema import At
from cardgen.shared.yaml_source import load_yaml

SNAPSHOT_FILE = "published.yaml"
FORMAT = 1
HEADER = (
    "# The published edition of {title}: every value it printed, written by `cardgen publish`.\n"
    "# `cardgen validate` reports a printed value that differs from this one without an erratum\n"
    "# (see docs/errata.md). Do not edit it: publish the game again to make a new edition.\n")


@dataclass(frozen=True)
class Printed:
    """One printed thing and its values (field -> the text it prints)."""

    kind: str                     # card, term, token_set or board: the erratum key that names it
    name: str                     # as an erratum names it: a card's name, a term, an id
    values: Mapping
    prototype: frozenset = frozenset()    # fields whose values are marked prototype
    source: Source | None = None          # where the data writes it; the snapshot's line when read
    sources: Mapping = field(default_factory=frozen_map)   # field -> where it is written

    def where(self, field_name: str) -> Source:
        return self.sources.get(field_name) or self.source


@dataclass(frozen=True)
class Snapshot:
    version: str
    things: Mapping               # (section, group, id) -> Printed
    file: str                     # as messages name it


def printed(game: Game) -> dict[tuple, Printed]:
    """Every value the game prints, keyed as the snapshot keys it. Decks with a card that failed
    to load are left out: their cards would look removed."""
    out = {}
    for deck in game.decks:
        if not deck.complete:
            continue
        decls = {d.name: d for d in game.card_types[deck.card_type].fields}
        for card in deck.cards:
            values = {name: _text(decls.get(name), value) for name, value in card.values.items()}
            out[("cards", deck.id, card.id)] = Printed(
                "card", card.name, frozen_map({**values, "copies": str(card.copies)}),
                frozenset(card.prototype), card.source, card.field_sources)
    for term, text in game.glossary.items():
        where = game.term_sources.get(term, game.where("glossary"))
        out[("glossary", "", term)] = Printed(
            "term", term, frozen_map({"text": text}),
            frozenset({"text"} if term in game.prototype_terms else ()), where)
    for name, definition in game.definitions.items():
        out[("definitions", "", name)] = Printed(
            "term", name, frozen_map({"text": definition.text}),
            frozenset({"text"} if definition.prototype else ()), definition.source)
    for token_set in game.token_sets:
        printed: dict[str, int] = {}
        for token in token_set.tokens:   # a set with owners holds each token once an owner
            printed[token.name] = printed.get(token.name, 0) + token.copies
        tokens = {name: str(count) for name, count in printed.items()}
        out[("token_sets", "", token_set.id)] = Printed(
            "token_set", token_set.id, frozen_map({"shape": token_set.shape,
                                                   "size": _mm(token_set.size), **tokens}),
            source=token_set.source,
            sources=frozen_map({t.name: t.source for t in token_set.tokens if t.source}))
    for board in game.boards:
        out[("boards", "", board.id)] = Printed(
            "board", board.id, frozen_map({"width": _mm(board.width), "height": _mm(board.height),
                                           "copies": str(board.copies)}), source=board.source)
    return out


def _text(decl, value) -> str:
    if value is None:
        return ""
    return field_type(decl.type).as_text(value) if decl is not None else str(value)


def _mm(value: float) -> str:
    return f"{value:g}mm"


def snapshot_text(game: Game) -> str:
    """The snapshot of the game as it is now: sorted, one value a line, texts in block style."""
    head = {"format": FORMAT, "game": game.title, "version": game.version}
    tree: dict = {}
    for (section, group, key), thing in printed(game).items():
        if section == "cards":
            entry = {"copies": thing.values["copies"],
                     "fields": {k: v for k, v in thing.values.items() if k != "copies"}}
            if thing.prototype:
                entry["prototype"] = sorted(thing.prototype)
            tree.setdefault("cards", {}).setdefault(group, {})[key] = entry
        elif section == "token_sets":
            own = ("shape", "size")
            entry = {k: thing.values[k] for k in own}
            entry["tokens"] = {k: v for k, v in thing.values.items() if k not in own}
            tree.setdefault(section, {})[key] = entry
        elif section == "boards":
            tree.setdefault(section, {})[key] = dict(thing.values)
        else:
            tree.setdefault(section, {})[key] = {"text": thing.values["text"],
                                                 "prototype": bool(thing.prototype)}
    return HEADER.format(title=game.title) + "".join(
        yaml.dump(part, Dumper=_Dumper, sort_keys=True, allow_unicode=True, width=100,
                  default_flow_style=False) for part in (head, tree) if part)


class _Dumper(yaml.SafeDumper):
    """Texts of more than one line in block style, so a changed line shows as one in a diff."""


def _string(dumper, value: str):
    block = "\n" in value and not any(line != line.rstrip() for line in value.split("\n"))
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|" if block else None)


_Dumper.add_representer(str, _string)


def read_snapshot(game_dir: Path, report: Report) -> Snapshot | None:
    """The game's published edition, or None when it has none or it cannot be read (then with
    its problems in `report`)."""
    path = Path(game_dir) / SNAPSHOT_FILE
    if not is_file(path):
        return None
    doc = load_yaml(path, report)
    if doc is None:
        return None
    checked = Report()
    reader = _Reader(At(doc, (), checked))
    snapshot = reader.snapshot(doc.data)
    report.extend(checked)
    return None if checked.has_errors() else snapshot


class _Reader:
    """The snapshot's tree into `Printed` things; every value of the wrong shape reported."""

    def __init__(self, at: At):
        self.at = at

    def snapshot(self, data) -> Snapshot | None:
        top = self._mapping(data, self.at,
                            "the mapping of a published edition (format, version, cards ...)")
        if top is None:
            return None
        if top.get("format") != FORMAT:
            self.at.child("format").error(
                f"expected format: {FORMAT}, found {describe(top.get('format'))}: publish the "
                "game again with this cardgen", code="published")
            return None
        things: dict = {}
        for section in ("cards", "glossary", "definitions", "token_sets", "boards"):
            sec_at = self.at.child(section)
            groups = self._mapping(top.get(section, {}), sec_at, f"a mapping of {section}")
            for group, items in (groups or {}).items():
                if section == "cards":
                    cards = self._mapping(items, sec_at.child(group), "a mapping of cards")
                    for key, value in (cards or {}).items():
                        self._card(things, group, key, value, sec_at.child(group).child(key))
                else:
                    self._other(things, section, group, items, sec_at.child(group))
        version = self._text(top.get("version", ""), self.at.child("version"))
        return Snapshot(version or "", frozen_map(things), self.at.doc.name)

    def _card(self, things, deck, key, value, at: At) -> None:
        entry = self._mapping(value, at, "a card ({copies, fields, prototype})")
        if entry is None:
            return
        fields = self._mapping(entry.get("fields", {}), at.child("fields"), "a mapping of fields")
        values = {k: self._text(v, at.child("fields").child(k)) for k, v in (fields or {}).items()}
        values["copies"] = self._text(entry.get("copies", ""), at.child("copies"))
        marks = entry.get("prototype", [])
        if not isinstance(marks, list) or not all(isinstance(m, str) for m in marks):
            at.child("prototype").error(f"expected a list of field names, found {describe(marks)}",
                                        code="published")
            marks = []
        name = values.get("name") or str(key)
        things[("cards", str(deck), str(key))] = Printed("card", name, frozen_map(values),
                                                         frozenset(marks), self._source(at))

    def _other(self, things, section, key, value, at: At) -> None:
        entry = self._mapping(value, at, f"an entry of {section}")
        if entry is None:
            return
        if section in ("glossary", "definitions"):
            marked = entry.get("prototype", False) is True
            thing = Printed("term", str(key), frozen_map({"text": self._text(entry.get("text", ""),
                                                                            at.child("text"))}),
                            frozenset({"text"} if marked else ()), self._source(at))
        elif section == "token_sets":
            tokens = self._mapping(entry.get("tokens", {}), at.child("tokens"),
                                   "a mapping of tokens")
            values = {k: self._text(entry.get(k, ""), at.child(k)) for k in ("shape", "size")}
            values.update({str(k): self._text(v, at.child("tokens").child(k))
                           for k, v in (tokens or {}).items()})
            thing = Printed("token_set", str(key), frozen_map(values), source=self._source(at))
        else:
            thing = Printed("board", str(key), frozen_map(
                {k: self._text(v, at.child(k)) for k, v in entry.items()}), source=self._source(at))
        things[(section, "", str(key))] = thing

    def _mapping(self, value, at: At, what: str) -> dict | None:
        if isinstance(value, dict):
            return value
        at.error(f"expected {what}, found {describe(value)}", code="published")
        return None

    def _text(self, value, at: At) -> str:
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            return at.doc.source_text(at.path, value) if not isinstance(value, str) else value
        at.error(f"expected a printed value (text or a number), found {describe(value)}",
                 code="published")
        return ""

    def _source(self, at: At) -> Source:
        return Source(at.doc.name, at.line, at.path)
