"""The frozen data objects that pipeline stages hand to each other."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping


def frozen_map(values: Mapping | None = None) -> Mapping:
    return MappingProxyType(dict(values or {}))


@dataclass(frozen=True, slots=True)
class Source:
    """Where a thing was written: file name for messages, line, and key path (in slots: a game
    holds one for each value of each card)."""

    file: str
    line: int | None
    path: tuple = ()


class KeySources(Mapping):
    """Where each key of one mapping in a file is written, read as Sources (`file`, the key's
    line, the mapping's `path` and the key), and kept as one line a key: a game holds one of
    these for every card."""

    __slots__ = ("_file", "_path", "_lines")

    def __init__(self, file: str, path: tuple, lines: Mapping[str, int | None]):
        self._file, self._path, self._lines = file, path, dict(lines)

    def __getitem__(self, key: str) -> Source:
        return Source(self._file, self._lines[key], (*self._path, key))

    def __iter__(self):
        return iter(self._lines)

    def __len__(self) -> int:
        return len(self._lines)

    def __repr__(self) -> str:
        return f"KeySources({dict(self)!r})"


@dataclass(frozen=True)
class FieldDecl:
    """One field of a card type, as the game's data declares it."""

    name: str
    type: str
    required: bool = False
    default: Any = None
    unique: str | None = None          # None, "deck" or "game"
    options: Mapping = field(default_factory=frozen_map)  # type-specific: min, max, choices ...
    description: str = ""
    source: Source | None = None


@dataclass(frozen=True)
class CardType:
    id: str
    name: str
    layout: str
    fields: tuple[FieldDecl, ...]
    source: Source
    layout_source: Source | None = None
    rules: tuple = ()                  # rules every deck of this type must keep

    def field(self, name: str) -> FieldDecl | None:
        return next((f for f in self.fields if f.name == name), None)


@dataclass(frozen=True)
class CardSize:
    name: str
    width: float   # mm
    height: float  # mm
    sleeve: str = ""
    sleeve_width: float | None = None
    sleeve_height: float | None = None


@dataclass(frozen=True)
class Face:
    """A layout and the values bound into it beyond the card's own fields (e.g. a deck's back)."""

    layout: str
    values: Mapping = field(default_factory=frozen_map)
    source: Source | None = None      # where `layout:` is written
    value_sources: Mapping = field(default_factory=frozen_map)   # value name -> where it is given


@dataclass(frozen=True)
class Card:
    id: str
    deck: str
    card_type: str
    values: Mapping
    copies: int
    source: Source
    field_sources: Mapping = field(default_factory=frozen_map)  # field (or a given "id") -> Source
    prototype: frozenset = frozenset()
    back: Face | None = None           # its own back (a double-faced card); None: the deck's

    @property
    def name(self) -> str:
        return str(self.values.get("name", self.id))

    def where(self, field_name: str | None = None) -> Source:
        return self.field_sources.get(field_name, self.source) if field_name else self.source


@dataclass(frozen=True)
class Deck:
    id: str
    name: str
    card_type: str
    size: CardSize
    back: Face
    cards: tuple[Card, ...]
    values: Mapping
    source: Source
    rules: tuple = ()
    complete: bool = True     # False when some card failed to load: counts would mislead
    size_source: Source | None = None   # where `size:` is written (None: the default size)
    value_sources: Mapping = field(default_factory=frozen_map)   # value name -> where it is given
    file: str = ""            # the PDF its cards print into ("": its own, named after its id)

    @property
    def file_name(self) -> str:
        return self.file or self.id

    @property
    def card_count(self) -> int:
        return sum(card.copies for card in self.cards)


@dataclass(frozen=True)
class Token:
    """One kind of token in a set: its own values, how many, and its own faces if it has them."""

    name: str
    copies: int
    values: Mapping
    face: Face | None = None           # None: the set's face
    back: Face | None = None           # None: the set's back (if it has one)
    source: Source | None = None
    value_sources: Mapping = field(default_factory=frozen_map)   # value name -> where it is given

    def where(self, field_name: str | None = None) -> Source | None:
        return self.source


@dataclass(frozen=True)
class TokenSet:
    """Tokens of one shape and size: coins, markers, counters."""

    id: str
    name: str
    shape: str                          # circle, square, rounded, hexagon or path
    size: float                         # mm across (a hexagon: across its flat sides; a path: its width)
    face: Face
    back: Face | None
    tokens: tuple[Token, ...]
    source: Source
    points: tuple = ()                  # a path's corners, mm from its bottom-left, in order
    crop_ticks: bool = False            # short ticks at the outline's extremes, outside the bleed
    rules: tuple = ()                   # counts the rules fix, as for a deck
    backs: str = "duplex"               # "duplex": as the game's cards print; "fold": beside the front

    @property
    def count(self) -> int:
        return sum(t.copies for t in self.tokens)

    @property
    def two_sided(self) -> bool:
        return self.back is not None or any(t.back is not None for t in self.tokens)


@dataclass(frozen=True)
class Board:
    """A board or mat: one face as large as it is, tiled across pages when it is larger than one."""

    id: str
    name: str
    width: float                        # mm
    height: float
    face: Face
    source: Source
    copies: int = 1                     # one per player, say
    copy_names: tuple = ()              # what each copy is, named in its tiles' labels
    copy_values: tuple = ()             # each copy's own values (its player's name and colour)
    split_x: tuple = ()                 # mm from the left edge where tiles may join
    split_y: tuple = ()                 # mm from the top edge where tiles may join
    pinned: Mapping = field(default_factory=frozen_map)   # "element.key" -> the value the rules fix

    def copy_name(self, number: int) -> str:
        """Copy `number` (from 1) as its tiles' labels name it: "" for a board printed once."""
        if self.copy_names:
            return self.copy_names[number - 1]
        return f"copy {number} of {self.copies}" if self.copies > 1 else ""

    def values_of(self, number: int) -> dict:
        """What copy `number` (from 1) binds beyond the face's values: copy, copy_name and its own."""
        own = self.copy_values[number - 1] if self.copy_values else {}
        return {"copy": number, "copy_name": self.copy_name(number), **own}


@dataclass(frozen=True)
class Block:
    """One block of a document's text: a heading, a paragraph, a list, a table, a note, or a
    directive for a part made from the game's data (@components, @cards ...)."""

    kind: str                           # heading, paragraph, bullets, numbers, table, note, directive
    line: int                           # where it starts in its file
    text: str = ""                      # a heading's, paragraph's or note's text; a directive's name
    level: int = 0                      # a heading's level, from 1
    items: tuple = ()                   # a list's (text, line) items; a table's rows of cell texts
    args: Mapping = field(default_factory=frozen_map)   # a directive's arguments
    header: bool = False                # a table whose first row is its header


@dataclass(frozen=True)
class Document:
    """A printed document of the game, such as its rules: text a designer writes, with parts
    the game's data fills in."""

    id: str
    title: str
    file: str                           # its text file, as messages name it
    blocks: tuple[Block, ...]
    source: Source                      # where game.yaml lists it
    color: str = "#6b2b24"              # its cover band, headings and rules

    def texts(self):
        """Every piece of text in card markup, with its line: headings, paragraphs, notes,
        list items and table cells."""
        for block in self.blocks:
            if block.kind in ("heading", "paragraph", "note"):
                yield block.text, block.line
            elif block.kind in ("bullets", "numbers"):
                yield from block.items
            elif block.kind == "table":
                for row in block.items:
                    for cell in row:
                        yield cell, block.line


@dataclass(frozen=True)
class PrintSettings:
    page: str = "a4"
    duplex: str = "long"               # long, short, fold, none
    bleed: float = 3.0                 # mm
    margin: float = 5.0                # mm the printer cannot reach
    crop_marks: bool = True
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, applied to backs after mirroring
    mark_every_cut: bool | None = None  # None: keep the full grid, but say so when cuts go unmarked
    full_bleed: bool | None = None     # None: keep the full grid, but say so when bleed is cut back
    separate_colours: bool | None = None  # None: cards in order, but say so when unlike bleeds touch
    pack: bool = False                 # decks of one card size share sheets in one PDF
    cmyk: bool = False                 # every colour written as DeviceCMYK
    version_stamp: bool = True         # cards print the stamp their layouts draw with game.stamp


@dataclass(frozen=True)
class FontSpec:
    """A game's own font family: its files by face (regular, bold, italic, bold_italic) and the
    families a glyph it lacks is taken from."""

    name: str
    files: Mapping            # face -> Path, inside the game folder
    fallback: tuple = ()
    source: Source | None = None
    face_sources: Mapping = field(default_factory=frozen_map)   # face -> where its file is named


@dataclass(frozen=True)
class Legibility:
    """What the legibility preflight holds printed cards to."""

    min_text_size: float = 6.0         # pt
    min_fine_print_size: float = 5.0  # pt, for text marked fine_print (ids, stamps, credits)
    min_contrast: float = 4.5          # WCAG ratio for body text; large text needs 3:1
    min_colour_difference: float = 10.0  # CIE Delta E 2000, as a colour-blind player sees them


@dataclass(frozen=True)
class Definition:
    """A named game structure (a condition, token, summon ...) that card text refers to."""

    name: str
    kind: str
    text: str
    source: Source
    prototype: bool = False            # invented: the published rules do not give it


@dataclass(frozen=True)
class Erratum:
    """A change to a published value, kept with the data so the change is visible."""

    card: str                          # the name of what changed: a card, term, token set or board
    field: str
    was: str
    now: str
    note: str
    source: Source
    kind: str = "card"                 # card, term, token_set or board: the key that names it


@dataclass(frozen=True)
class ChangelogEntry:
    """What changed in one version of the game."""

    version: str
    date: str
    changes: tuple[str, ...]
    source: Source


@dataclass(frozen=True)
class Game:
    id: str
    root: Path
    title: str
    version: str
    credits: tuple[str, ...]
    players: str
    description: str
    card_types: Mapping          # id -> CardType
    decks: tuple[Deck, ...]
    print: PrintSettings
    layout_dirs: tuple[Path, ...]
    source: Source
    glossary: Mapping = field(default_factory=frozen_map)
    definitions: Mapping = field(default_factory=frozen_map)   # name -> Definition
    errata: tuple = ()
    changelog: tuple = ()              # ChangelogEntry, newest first
    key_sources: Mapping = field(default_factory=frozen_map)   # top-level key -> Source
    failed_decks: frozenset = frozenset()   # ids of decks left out: each one's errors are reported
    legibility: Legibility = field(default_factory=Legibility)
    prototype_terms: frozenset = frozenset()    # glossary terms the rules do not give
    fonts: Mapping = field(default_factory=frozen_map)   # the game's own families: name -> FontSpec
    token_sets: tuple = ()              # TokenSet, in the order game.yaml lists them
    boards: tuple = ()                  # Board, in the order game.yaml lists them
    documents: tuple = ()               # Document, in the order game.yaml lists them
    skipped_layout_dirs: tuple = ()     # the game's layouts/ when it leads outside the game
    term_sources: Mapping = field(default_factory=frozen_map)   # glossary term -> where it is written

    @property
    def prototype_names(self) -> frozenset:
        """Glossary terms and definitions marked prototype: invented, to be replaced."""
        return self.prototype_terms | {n for n, d in self.definitions.items() if d.prototype}

    def where(self, key: str) -> Source:
        return self.key_sources.get(key, self.source)

    @property
    def every_card_read(self) -> bool:
        """Whether every card the data writes is in a deck: a name no card has may be that of
        a card that failed to load, whose own error is reported."""
        return not self.failed_decks and all(deck.complete for deck in self.decks)

    @property
    def values(self) -> Mapping:
        """The game's values that layouts may bind as `game.<name>`."""
        return frozen_map({"title": self.title, "version": self.version, "id": self.id,
                           "players": self.players, "stamp": self.print.version_stamp})

    @property
    def bound_values(self) -> Mapping:
        """The game's values as a layout or a document binds them: `game.<name>`."""
        return frozen_map({f"game.{k}": v for k, v in self.values.items()})
