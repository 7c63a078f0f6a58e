"""The parts of a document that the game's data writes: the components list, a deck's card
reference, the glossary, the definitions, diagrams of a field drawn as the cards draw it, and the
notice of prototype values. An errata to the data changes these parts with the cards."""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from cardgen.render.booklet.platypus import Spacer, Table, TableStyle
from cardgen.base import markup
from cardgen.base.markup import escaped
from cardgen.drawing.elements import COMMON_KEYS, ELEMENT_TYPES, BindContext, Box
from cardgen.fields import Diagram, field_type
from cardgen.resolve.resolve import Faces, card_scope, deck_values
from cardgen.base.model import Block, Document, Game
from cardgen.render.booklet.flowables import Drawing
from cardgen.render.booklet.tables import table_font
from cardgen.render.booklet.typesetter import Typesetter
from cardgen.shared.token_shapes import footprint
from cardgen.shared.tiling import board_plan

_FIELD = re.compile(r"\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}")
PROTOTYPE_MARK = "\u2020"       # dagger, after a value the published rules do not give
DIAGRAM_MM = 24.0
CAPTION_GAP = 3.0               # pt between a diagram and its caption, less than between rows
NBSP = "\u00a0"                 # a no-break space: the words either side stay on one line
NO_VALUE = "\u2013"             # an en dash, in a reference table's cell a card leaves empty


def _title(name: str) -> str:
    """A field's name as a column heading: `level_up` as "Level up", a two-letter name such as
    `hp` or `vp` (an abbreviation) in capitals."""
    return name.upper() if len(name) <= 2 else name.replace("_", " ").capitalize()


def _mm(value: float) -> str:
    """A length in mm to a tenth: 39.2598 as 39.3, 16.0 as 16."""
    return f"{round(value, 1):g}"


def _size(width: float, height: float) -> str:
    """A size in mm, "63.5 x 88.9 mm", held together on one line by no-break spaces."""
    return NBSP.join((_mm(width), "x", _mm(height), "mm"))


def components(game: Game, ts: Typesetter) -> list:
    return [ts.table([("What", "How many", "Details"), *_component_rows(game)])]


def box_counts(game: Game) -> list[tuple[int, str]]:
    """What is in the box, for the back cover: how many of each kind ("56 cards"), the details
    being the components table's."""
    counts = ((sum(deck.card_count for deck in game.decks), "card"),
              (sum(token_set.count for token_set in game.token_sets), "token"),
              (sum(board.copies for board in game.boards), "board"))
    return [(n, noun + "s" * (n != 1)) for n, noun in counts if n]


def _component_rows(game: Game) -> list[tuple[str, str, str]]:
    """Every deck, token set and board: what it is, how many, and its details."""
    rows = []
    for deck in game.decks:
        rows.append((deck.name, f"{deck.card_count}{NBSP}cards",
                     f"{len(deck.cards)} different; {deck.size.name} size "
                     f"({_size(deck.size.width, deck.size.height)})"))
    for token_set in game.token_sets:
        width, height = footprint(token_set.shape, token_set.size, token_set.points)
        kinds = len(token_set.tokens)
        noun = "token" if token_set.count == 1 else "tokens"
        shape = noun if token_set.shape == "path" else f"{token_set.shape} {noun}"
        rows.append((token_set.name, f"{token_set.count}{NBSP}{shape}",
                     _size(width, height) + (f"; {kinds} kinds" if kinds > 1 else "")
                     + ("; two-sided" if token_set.two_sided else "")))
    for board in game.boards:
        pages = len(board_plan(game, board).tiles)
        rows.append((board.name, f"{board.copies}{NBSP}board{'s' * (board.copies != 1)}",
                     _size(board.width, board.height)
                     + (f", printed in {pages} pieces to join" if pages > 1 else "")))
    return rows


@dataclass(frozen=True)
class Reference:
    """A deck's reference table as printed: its header and cells (the daggers set), the note
    under it, else None, and whether that note says every value is a stand-in (else it names
    the cards whose values in a marked column are the published ones)."""

    header: list[str]
    cells: list[list[str]]
    note: str | None
    every: bool = False

    @property
    def marked_headings(self) -> bool:
        return any(PROTOTYPE_MARK in text for text in self.header)

    @property
    def marked_values(self) -> bool:
        return any(PROTOTYPE_MARK in text for row in self.cells for text in row)


def card_reference(game: Game, block: Block, ts: Typesetter) -> list:
    table = reference_table(game, block)
    if len(table.header) == 1:      # names alone: a list, not a table of one column
        return ts.items([(row[0], 0) for row in table.cells], ordered=False)
    out = [ts.table([table.header, *table.cells])]
    if table.note:
        note = ts.paragraph(table.note, size=ts.style.body * 0.8, family=ts.sans)
        note.said_once = table.note      # said once in a part, under its first such table
        out.append(note)
    return out


def reference_table(game: Game, block: Block) -> Reference:
    """A @cards table's values, stand-ins marked. A column whose values are mostly stand-ins is
    marked once, after its heading, and the cards whose values in it are the published ones are
    named under the table; where every column is such, no heading is marked and the note under
    the table says so; a stand-in among mostly published values is marked in its cell."""
    deck = next(d for d in game.decks if d.id == block.args["deck"])
    card_type = game.card_types[deck.card_type]
    decls = {f.name: f for f in card_type.fields}
    titles = dict(_column(c) for c in block.args.get("columns", "").split(",") if c.strip()) or {
        f.name: _title(f.name) for f in card_type.fields if field_type(f.type).booklet_column}
    titles.pop("name", None)
    names = list(titles)
    shared = deck_values(game, deck)
    cells, invented = [], []        # invented: (row, column) of each prototype value
    for number, card in enumerate(deck.cards, start=1):
        scope = None                 # the card's values, read for its card text alone
        row = [escaped(card.name)]
        for name in names:
            value, kind = card.values.get(name), field_type(decls[name].type)
            if value is None:
                text = ""
            elif kind.markup:      # card text: its markup kept, as the card prints it
                if scope is None:
                    scope = card_scope(game, deck, card, shared, number)
                text = _card_text(value, scope)
            else:
                text = escaped(kind.as_text(value))
            if name in card.prototype and text:
                invented.append((len(cells), len(row)))
            row.append(text)
        cells.append(row)
    header, cells, invented = _without_empty_columns(["Card", *titles.values()], cells, invented)
    copies = {card.copies for card in deck.cards}
    if len(copies) == 1 and len(cells) > 1 and len(header) > 1:   # said once, in the heading
        header[0] += f" (x{min(copies)}{NBSP}each)" if min(copies) > 1 else ""
    else:
        for row, card in zip(cells, deck.cards):
            row[0] += f"{NBSP}(x{card.copies})" if card.copies > 1 else ""
    mostly = _mostly_invented(cells, invented)
    filled = {c for c in range(1, len(header)) if any(r[c] for r in cells)}
    every = bool(mostly) and mostly == filled
    published = sorted({r for column in mostly for r, row in enumerate(cells)
                        if row[column] and (r, column) not in invented})
    for r, column in invented:
        if column not in mostly or r in published:
            cells[r][column] += PROTOTYPE_MARK
    who = _listed_names([deck.cards[r].name for r in published])
    note = None
    if every:
        note = ("Every value in this table is a stand-in"
                + (f", except {who}'s," if who else "") + " until the published values are known."
                + (f" A {PROTOTYPE_MARK} marks a stand-in among them." if published and any(
                    r in published for r, _ in invented) else ""))
    else:
        for column in mostly:
            header[column] += PROTOTYPE_MARK
        if who:
            note = (f"In a column marked {PROTOTYPE_MARK}, every value is a stand-in except "
                    f"{who}'s.")
    return Reference(header, [[text or NO_VALUE for text in row] for row in cells], note,
                     every)


def _column(written: str) -> tuple[str, str]:
    """A column of `columns=`: a field's name, and its heading after a colon if the text gives
    one ("color:Colour"), else the name as a heading."""
    name, _, heading = written.partition(":")
    return name.strip(), escaped(heading.strip()) or _title(name.strip())


def _listed_names(names: list[str]) -> str:
    names = [escaped(n) for n in names]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] \
        if names else ""


def _without_empty_columns(header: list[str], cells: list[list[str]],
                           invented: list[tuple[int, int]]):
    """The table less the columns that hold one value or none while the table has more rows
    (the card's name always kept), the prototype values' places moved to match."""
    least = min(2, len(cells))
    kept = [0] + [c for c in range(1, len(header)) if sum(bool(row[c]) for row in cells) >= least]
    moved = {c: n for n, c in enumerate(kept)}
    return ([header[c] for c in kept], [[row[c] for c in kept] for row in cells],
            [(r, moved[c]) for r, c in invented if c in moved])


def _mostly_invented(cells: list[list[str]], invented: list[tuple[int, int]]) -> set[int]:
    """The columns more than half of whose values are prototypes: marked once, not cell by
    cell."""
    marked: dict[int, int] = {}
    for _, column in invented:
        marked[column] = marked.get(column, 0) + 1
    return {column for column, count in marked.items()
            if count * 2 > sum(1 for row in cells if row[column])}


def _card_text(text: str, scope) -> str:
    """Card text as the card prints it: its own markup kept, its {{field}} values filled in."""
    try:
        text = scope.expand(text)
    except ValueError:
        pass                     # reported at validation; printed as written
    return _FIELD.sub(lambda m: escaped(scope.text(m.group(1)) or m.group(0)), text)


def glossary(game: Game, ts: Typesetter) -> list:
    return [ts.paragraph(f"**{escaped(term)}**"
                         + (f" {PROTOTYPE_MARK}" if term in game.prototype_terms else "")
                         + f": {text}") for term, text in sorted(game.glossary.items(),
                                                                 key=lambda kv: kv[0].casefold())]


def definitions(game: Game, block: Block, ts: Typesetter) -> list:
    wanted = [k.strip() for k in block.args.get("kinds", "").split(",") if k.strip()]
    kinds = wanted or list(dict.fromkeys(d.kind for d in game.definitions.values()))
    out = []
    for kind in kinds:
        members = [d for d in game.definitions.values() if d.kind == kind]
        if not members:
            continue
        out.append(ts.heading(kind.capitalize() + ("" if kind.endswith("s") else "s"), 3))
        out += [ts.paragraph(f"**{escaped(d.name)}**"
                             + (f" {PROTOTYPE_MARK}" if d.prototype else "") + f": {d.text}")
                for d in members]
    return out


def diagrams(game: Game, faces: Faces, block: Block, ts: Typesetter) -> list:
    """A field drawn as its type's diagram says: by an element for every value, or a table."""
    deck = next(d for d in game.decks if d.id == block.args["deck"])
    decl = game.card_types[deck.card_type].field(block.args["field"])
    kind = field_type(decl.type)
    if kind.diagram.element is not None:
        deck_faces = next((f for f in faces.decks if f.deck.id == deck.id), None)
        return _drawn_values(deck, deck_faces, decl.name, kind.diagram, ts)
    return _parts_table(deck, decl, ts)


def _drawn_values(deck, deck_faces, field: str, diagram: Diagram, ts: Typesetter) -> list:
    """Every value the deck's cards use, with who uses it, drawn by the diagram's element as
    the first card that uses it draws it (its colours and all), or by one of its own if the
    cards draw none."""
    users: dict[str, list] = {}
    for card in deck.cards:
        if field in card.values:
            users.setdefault(str(card.values[field]), []).append(card)
    if not users:
        return []
    columns = max(1, int(ts.frame_width / ((DIAGRAM_MM + 8) * 72 / 25.4)))
    cells = []
    for value, cards in users.items():
        drawn = _card_element(deck_faces, cards[0].id, ELEMENT_TYPES[diagram.element]) or element(
            diagram.element, DIAGRAM_MM, DIAGRAM_MM, **{diagram.key: value})
        names = ", ".join(c.name for c in cards)
        caption = ts.paragraph(f"**{escaped(value)}**: {escaped(names)}",
                               size=ts.style.body * 0.8, family=ts.sans, after=0)
        cells.append([Drawing(DIAGRAM_MM, DIAGRAM_MM, (drawn,)), Spacer(0, CAPTION_GAP), caption])
    rows = [cells[i:i + columns] for i in range(0, len(cells), columns)]
    rows[-1] += [""] * (columns - len(rows[-1]))
    table = Table(rows, colWidths=[ts.frame_width / columns] * columns)
    table.setStyle(TableStyle([table_font(), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                               ("TOPPADDING", (0, 0), (-1, -1), 0),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 7)]))
    return [table]


def _card_element(deck_faces, card_id: str, kind: type):
    """The first element of type `kind` a card's face draws, moved into a box of the diagram's
    size."""
    face = deck_faces.fronts.get(card_id) if deck_faces is not None else None
    drawn = next((e for e in face.elements if isinstance(e, kind)), None) if face else None
    return replace(drawn, box=Box(0.0, 0.0, DIAGRAM_MM, DIAGRAM_MM)) if drawn is not None else None


def _parts_table(deck, decl, ts: Typesetter) -> list:
    """Each card's value and its parts (a level formula worked out at every level the field
    declares), card by card."""
    kind = field_type(decl.type)
    rows, header = [], None
    for card in deck.cards:
        value = card.values.get(decl.name)
        if value is None:
            continue
        parts = kind.parts(value, decl)
        if header is None:
            header = ("Card", _title(decl.name), *(kind.part_heading(p) for p in parts))
        rows.append((card.name, kind.as_text(value), *(str(v) for v in parts.values())))
    return [ts.table([header, *rows])] if header else []


def changelog(game: Game, ts: Typesetter) -> list:
    """Each version, newest first, with what it changed."""
    out = []
    for entry in game.changelog:
        date = f" ({escaped(entry.date)})" if entry.date else ""
        out.append(ts.paragraph(f"**Version {escaped(entry.version)}**{date}",
                                family=ts.sans, after=ts.style.body * 0.2))
        out += ts.items([(change, 0) for change in entry.changes], ordered=False)
    return out


def errata(game: Game, ts: Typesetter) -> list:
    """Each corrected value: the card, the field, what the published rules had, what it is now."""
    if not game.errata:
        return [ts.paragraph("No value of the published rules has been corrected.")]
    rows = [("Card", "Field", "Was", "Now", "Why")]
    rows += [(escaped(e.card), escaped(_title(e.field)), escaped(e.was), escaped(e.now),
              escaped(e.note)) for e in game.errata]
    return [ts.table(rows)]


def prototype_notice(game: Game, document: Document | None = None) -> str | None:
    """What "About this edition" says when the game holds values the published rules do not
    give: which are stand-ins, and what each kind of dagger the document (the game's first, if
    not given) prints means: after a column's heading, after a value, after a name."""
    cards = sum(1 for deck in game.decks for card in deck.cards if card.prototype)
    invented = sorted(game.prototype_names)
    if not cards and not invented:
        return None
    names = ", ".join(escaped(n) for n in invented)
    text = "This edition was made before every value of the published game was known. "
    if cards:
        text += (f"{cards} card{'s' * (cards != 1)} hold{'s' * (cards == 1)} stand-in values "
                 "and print a PROTOTYPE tag" + (f"; these names are made up: {names}. "
                                                if invented else ". "))
    else:
        text += f"These names are made up: {names}. "
    document = document or (game.documents[0] if game.documents else None)
    blocks = [b for b in document.blocks if b.kind == "directive"] if document else []
    tables = [reference_table(game, b) for b in blocks if b.text == "cards"] if cards else []
    said = []
    if any(t.marked_headings for t in tables):
        said.append(f"In the card tables, a {PROTOTYPE_MARK} after a column's heading means every "
                    "value in that column is a stand-in"
                    + (", except on the cards named under the table"
                       if any(t.note and not t.every for t in tables) else "") + ".")
    if any(t.marked_values for t in tables):
        said.append(f"A {PROTOTYPE_MARK} after a value in the card tables marks that value as a "
                    "stand-in.")
    named = [place for place, printed in (
        ("the glossary", any(b.text == "glossary" for b in blocks) and bool(game.prototype_terms)),
        ("the lists of definitions", any(b.text == "definitions" for b in blocks)
         and any(d.prototype for d in game.definitions.values()))) if printed]
    if named:
        said.append(f"A {PROTOTYPE_MARK} after a name in {' and '.join(named)} marks a made-up "
                    "name.")
    every = sum(t.every for t in tables)
    if every == 1:
        said.append("A card table all of whose values are stand-ins says so under it.")
    elif every:
        said.append("Where card tables follow one another and all their values are stand-ins, "
                    "the note under the first says so for them all.")
    return (text + " ".join(said)).strip()


def element(kind: str, width: float, height: float, **values):
    """One of the cards' own elements, built in a box of its own (mm) with its defaults."""
    cls = ELEMENT_TYPES[kind]
    keys = {**COMMON_KEYS, **cls.KEYS}
    ctx = BindContext(width, height, 0.0, {}, markup.parse, Path("."))
    settled = {k: values.get(k, spec.default) for k, spec in keys.items()}
    built = cls.build(Box(0.0, 0.0, width, height), settled, ctx)
    if built is None:
        raise ValueError(f"{kind}: {ctx.problems}")
    return built
