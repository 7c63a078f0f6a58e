"""The schema of game.yaml: keys, their types and defaults, in one place (the docs are built from it)."""
from __future__ import annotations

from cardgen import catalog
from cardgen.base.errors import describe, did_you_mean
from cardgen.fields import FIELD_TYPES
from cardgen.shared import schema as s
from cardgen.shared.schema import At, Invalid, Key
from cardgen.load.rule_schema import read_rules
from cardgen.base.units import UnitError, parse_font_size
from cardgen.base.limits import COPIES, PATH_POINTS

CARD_SIDE_MM = (10.0, 500.0)     # the smallest and largest card side cardgen lays out
BLEED_MM = (0.0, 10.0)
MARGIN_MM = (0.0, 50.0)
OFFSET_MM = (-20.0, 20.0)       # a printer that shifts its back side further needs repair, not data
side_length = s.length(*CARD_SIDE_MM)
offset_length = s.length(*OFFSET_MM)


def card_size(value, at: At):
    """A named size ('poker') or {width, height}."""
    sizes = catalog.card_sizes()
    if isinstance(value, str):
        if value not in sizes:
            raise Invalid(f"expected a card size ({', '.join(sizes)}) or {{width, height}}; "
                          f"found '{value}'{did_you_mean(value, sizes)}")
        return sizes[value]
    if not isinstance(value, dict):
        raise Invalid(f"expected a card size ({', '.join(sizes)}) or {{width, height}} in mm; "
                      f"found {describe(value)}")
    spec = s.read_mapping(value, at, {"width": Key(side_length, required=True),
                                      "height": Key(side_length, required=True)}, "card size")
    if not spec or "width" not in spec or "height" not in spec:
        raise s.Reported()
    return catalog.CardSize(name=f"{spec['width']:g} x {spec['height']:g} mm", **spec)


def offset(value, at: At) -> tuple[float, float]:
    if not isinstance(value, list) or len(value) != 2:
        raise Invalid(f"expected [x, y] in mm, found {describe(value)}")
    return (offset_length(value[0], at.child(0)), offset_length(value[1], at.child(1)))


def players(value, at: At) -> str:
    return s.text(value, at)


def file_list(value, at: At) -> tuple[str, ...]:
    return s.list_of(s.text, single_ok=True)(value, at)


FACE_KEYS = {
    "layout": Key(s.text, required=True, doc="the layout template that draws this face"),
    "values": Key(s.mapping_of(s.bound_value), default={}, doc="values the layout may bind"),
}

FIELD_KEYS = {
    "type": Key(s.choice_in(FIELD_TYPES), required=True, doc="the field type (see field types)"),
    "required": Key(s.boolean, default=False, doc="every card must give this field"),
    "default": Key(s.any_value, doc="the value of a card that does not give the field"),
    "unique": Key(s.choice("deck", "game"), doc="no two cards share a value, within a deck or the game"),
    "description": Key(s.text, default="", doc="what the field means, for the docs and editors"),
}

CARD_TYPE_KEYS = {
    "name": Key(s.text, doc="a readable name; defaults to the id"),
    "layout": Key(s.text, required=True, doc="the layout template for the card faces"),
    "fields": Key(s.mapping_of(s.any_value), required=True,
                  doc="field name -> field declaration (type, required, unique, options)"),
    "rules": Key(read_rules, default=(), doc="rules every deck of this type keeps (see rules)"),
}

DECK_KEYS = {
    "id": Key(s.identifier, required=True, doc="short id, used in file names"),
    "name": Key(s.text, doc="a readable name; defaults to the id"),
    "card_type": Key(s.text, required=True, doc="which card type the deck's cards are"),
    "cards": Key(file_list, required=True, doc="card files (YAML, CSV, .xlsx or .ods; a workbook's "
                 "sheet as file.xlsx#Sheet), relative to the game folder"),
    "size": Key(card_size, default=catalog.card_sizes()["poker"], doc="a named card size or {width, height}; default poker"),
    "copies": Key(s.integer(1, COPIES), default=1, doc="copies of each card unless a card says otherwise"),
    "file": Key(s.identifier, doc="the PDF the deck prints into, without .pdf (default: the deck's "
                "id); decks of one card size naming one file share its sheets, so a small deck "
                "need not leave a sheet mostly empty"),
    "back": Key(s.any_value, required=True, doc="the back face: {layout, values}"),
    "values": Key(s.mapping_of(s.bound_value), default={}, doc="deck values layouts bind as deck.<name>"),
    "rules": Key(read_rules, default=(), doc="rules this deck keeps, beyond its card type's"),
}

PRINT_KEYS = {
    "page": Key(s.choice("a4", "letter", "a3"), default="a4", doc="paper size"),
    "duplex": Key(s.choice("long", "short", "fold", "none"), default="long",
                  doc="how backs are printed: long- or short-edge flip, gutterfold, or none"),
    "bleed": Key(s.length(*BLEED_MM), default=3.0, doc="how far art runs past the trim"),
    "margin": Key(s.length(*MARGIN_MM), default=5.0, doc="the sheet edge a printer cannot reach"),
    "crop_marks": Key(s.boolean, default=True, doc="draw cut marks round the card block"),
    "mark_every_cut": Key(s.boolean, doc="true: place fewer cards a sheet where that is what it "
                          "takes to leave room for a crop mark at every cut; false: keep the full "
                          "grid, marking the cuts where marks fit; unset: as false, with a warning "
                          "when a cut goes unmarked"),
    "full_bleed": Key(s.boolean, doc="true: place fewer cards a sheet where that is what it takes "
                      "to keep the whole bleed round the block of cards; false: keep the full grid, "
                      "with the bleed the page leaves; unset: as false, with a warning when the "
                      "page cuts the bleed back"),
    "separate_colours": Key(s.boolean, doc="true: leave a slot empty where two cards whose "
                            "bleeds differ in colour would share a cut, so a cut off the line "
                            "leaves no sliver of one on the other; false: print the cards in "
                            "order, sharing cuts; unset: as false, with a warning when such a cut "
                            "is shared"),
    "back_offset": Key(offset, default=(0.0, 0.0), doc="[x, y] mm shift of back pages"),
    "pack": Key(s.boolean, default=False, doc="decks of one card size share sheets in one PDF, "
                "named after the size (e.g. poker-decks.pdf), so no deck leaves a part-full sheet"),
    "version_stamp": Key(s.boolean, default=True,
                         doc="print each card's version stamp (the element a layout draws with "
                             "`when: game.stamp`); false leaves it off every card"),
    "cmyk": Key(s.boolean, default=False, doc="write every colour as DeviceCMYK, for print shops "
                "that ask for it: cmyk(...) colours exactly as given, others by K = 1 - max(R, G, B), "
                "C = (1 - R - K) / (1 - K) (M and Y likewise); pictures by the same formula"),
}

def text_size(value, at: At) -> float:
    """A font size in points (a bare number is points), from 1 to 100."""
    try:
        size = parse_font_size(value)
    except UnitError as exc:
        raise Invalid(exc.problem) from None
    s.check_bounds(size, 1.0, 100.0, at, unit=" pt")
    return size


LEGIBILITY_KEYS = {
    "min_text_size": Key(text_size, default=6.0, doc="smallest size printed text may shrink to (pt)"),
    "min_fine_print_size": Key(text_size, default=5.0,
                               doc="smallest size for text marked fine_print: ids, stamps, credits (pt)"),
    "min_contrast": Key(s.number(1.0, 21.0), default=4.5,
                        doc="smallest WCAG contrast of text with the colour behind it; text of "
                            "18 pt, or 14 pt bold, needs only 3"),
    "min_colour_difference": Key(s.number(0.0, 100.0), default=10.0,
                                 doc="smallest CIE Delta E 2000 between colours that alone tell "
                                     "decks or suits apart, as a colour-blind player sees them"),
}

FONT_KEYS = {
    "regular": Key(s.text, required=True, doc="the regular face: a .ttf or .otf file in the game folder"),
    "bold": Key(s.text, doc="the bold face (default: the regular one)"),
    "italic": Key(s.text, doc="the italic face (default: the regular one)"),
    "bold_italic": Key(s.text, doc="the bold italic face (default: the regular one)"),
    "fallback": Key(s.list_of(s.text, single_ok=True), default=(),
                    doc="families a glyph this one lacks is taken from, in order; the shipped "
                        "`symbols` family always comes last"),
}

TOKEN_SHAPES = ("circle", "square", "rounded", "hexagon", "path")
TOKEN_SIZE_MM = (8.0, 120.0)


def path_points(value, at: At) -> tuple[tuple[float, float], ...]:
    """A path's corners: a list of [x, y] lengths, at least 3 and at most PATH_POINTS."""
    if not isinstance(value, list) or not 3 <= len(value) <= PATH_POINTS:
        found = f"{len(value)} corner(s)" if isinstance(value, list) else describe(value)
        raise Invalid(f"expected a list of 3 to {PATH_POINTS} corners [x, y], found {found}",
                      code="type" if not isinstance(value, list) else "range")
    corner = s.length(0.0, TOKEN_SIZE_MM[1])
    points = []
    for i, item in enumerate(value):
        if not isinstance(item, list) or len(item) != 2:
            raise Invalid(f"expected corner {i + 1} as [x, y], found {describe(item)}")
        points.append((corner(item[0], at.child(i).child(0)), corner(item[1], at.child(i).child(1))))
    return tuple(points)


TOKEN_SET_KEYS = {
    "id": Key(s.identifier, required=True, doc="short id, used in messages"),
    "name": Key(s.text, doc="a readable name; defaults to the id"),
    "shape": Key(s.choice(*TOKEN_SHAPES), default="circle",
                 doc="the outline it is cut along; `path` takes its corners from `points`"),
    "size": Key(s.length(*TOKEN_SIZE_MM),
                doc="mm across (a hexagon: across its flat sides); required unless the shape is a path"),
    "points": Key(path_points, default=(),
                  doc="a path's corners, [x, y] from its bottom-left, in order round the outline"),
    "backs": Key(s.choice("duplex", "fold"), default="duplex",
                 doc="how two-sided tokens print their backs: duplex, on the sheet's other side as "
                     "the game's print settings say; fold, beside the front to fold over (with "
                     "duplex none, fronts only either way)"),
    "crop_ticks": Key(s.boolean, default=False,
                      doc="short ticks outside the bleed at the outline's extremes, for a cutter"),
    "face": Key(s.any_value, required=True, doc="the front: {layout, values}"),
    "back": Key(s.any_value, doc="the back, {layout, values}, printed behind the front; none: one-sided"),
    "tokens": Key(s.list_of(s.any_value), default=(), doc="the kinds of token in the set"),
    "from_deck": Key(s.identifier, doc="a token for every card of this deck, binding the card's "
                     "fields (a standee for every character, say)"),
    "from_definitions": Key(s.list_of(s.text, single_ok=True), default=(),
                            doc="a token for every definition of these kinds (condition, token ...), "
                                "binding its name, kind and text"),
    "copies": Key(s.integer(1, COPIES), default=1,
                  doc="copies of each token made from a deck or from definitions"),
    "owners": Key(s.list_of(s.any_value), default=(),
                  doc="the players who each field these tokens, {name, mark, color}: every token "
                      "prints `copies` times for each owner, binding owner, owner_mark and "
                      "owner_color, so a piece both players field shows whose it is"),
    "rules": Key(read_rules, default=(), doc="counts the rules fix (total, per_value, copies, "
                 "needs), as for a deck; per_value names a value the tokens give"),
}

OWNER_KEYS = {
    "name": Key(s.text, required=True, doc="the owner as the rules say it: First player"),
    "mark": Key(s.text, required=True, doc="the short mark on each of their tokens, read in "
                "greyscale too: P1"),
    "color": Key(s.text, required=True, doc="their colour, for the ring or badge round the mark"),
}

TOKEN_KEYS = {
    "name": Key(s.text, required=True, doc="the token's name, bound as {{name}}"),
    "copies": Key(s.integer(1, COPIES), default=1, doc="how many to print"),
    "values": Key(s.mapping_of(s.bound_value), default={}, doc="values its faces bind"),
    "face": Key(s.any_value, doc="its own front, {layout, values} (default: the set's)"),
    "back": Key(s.any_value, doc="its own back, {layout, values} (default: the set's)"),
}

BOARD_SIDE_MM = (30.0, 2000.0)

BOARD_KEYS = {
    "id": Key(s.identifier, required=True, doc="short id, used in the file name: <id>.pdf"),
    "name": Key(s.text, doc="a readable name; defaults to the id"),
    "width": Key(s.length(*BOARD_SIDE_MM), required=True, doc="the board's width"),
    "height": Key(s.length(*BOARD_SIDE_MM), required=True, doc="the board's height"),
    "face": Key(s.any_value, required=True, doc="what is printed: {layout, values}"),
    "copies": Key(s.integer(1, 20), default=1, doc="how many to print (one a player, say)"),
    "copy_names": Key(s.list_of(s.text, single_ok=True), default=(),
                      doc="what each copy is, one a copy (Player 1, Player 2), named in its "
                          "tiles' labels; default: copy 1 of 2 ..."),
    "copy_values": Key(s.list_of(s.mapping_of(s.bound_value)), default=(),
                       doc="each copy's own values, one mapping a copy, bound into its face over "
                           "the face's values (the player's name and colour), so the copies differ"),
    "split_x": Key(s.list_of(s.length(0.0, BOARD_SIDE_MM[1]), single_ok=True), default=(),
                   doc="where tiles may join, mm from the board's left edge: lines clear of slots "
                       "and text; a tiled board joins only there when the page allows"),
    "split_y": Key(s.list_of(s.length(0.0, BOARD_SIDE_MM[1]), single_ok=True), default=(),
                   doc="where tiles may join, mm from the board's top edge, as split_x"),
    "pinned": Key(s.mapping_of(s.any_value), default={},
                  doc="values of its layout that the rules fix, as element.key: value (an arena's "
                      "`tiles.rows: 6`); a layout that says otherwise is an error"),
}

DOCUMENT_KEYS = {
    "id": Key(s.identifier, required=True,
              doc="short id, used in the file names: <id>.pdf and <id>-booklet.pdf"),
    "title": Key(s.text, default="Rules", doc="the title on its cover, under the game's"),
    "file": Key(s.text, required=True, doc="its text, a file in the game folder written in the "
                "document markup (see the booklet guide)"),
    "color": Key(s.text, default="#6b2b24", doc="the colour of its cover band, headings and rules"),
}

PROTOTYPE_DOC = "true when the published rules do not give this: an invented stand-in to replace"

DEFINITION_KEYS = {
    "kind": Key(s.text, required=True, doc="what sort of structure: condition, token, summon ..."),
    "text": Key(s.text, required=True, doc="its rules, in card markup; [[Name]] refers to other structures"),
    "prototype": Key(s.boolean, default=False, doc=PROTOTYPE_DOC),
}

GLOSSARY_ENTRY_KEYS = {
    "text": Key(s.text, required=True, doc="what the term means"),
    "prototype": Key(s.boolean, default=False, doc=PROTOTYPE_DOC),
}


def glossary_entry(value, at: At) -> tuple[str, bool]:
    """`term: what it means`, or `term: {text: ..., prototype: true}`: (text, prototype)."""
    if not isinstance(value, dict):
        return s.text(value, at), False
    entry = s.read_mapping(value, at, GLOSSARY_ENTRY_KEYS, "glossary entry ({text, prototype})")
    if entry is None or not entry.ok:
        raise s.Reported()
    return entry["text"], entry["prototype"]

GAME_KEYS = {
    "title": Key(s.text, required=True, doc="the game's title"),
    "version": Key(s.text, required=True, doc="the version printed on every page"),
    "credits": Key(s.list_of(s.text, single_ok=True), default=(), doc="designer, artists ..."),
    "players": Key(players, default="", doc="player count, e.g. '2' or '2-4'"),
    "description": Key(s.text, default="", doc="one paragraph about the game"),
    "card_types": Key(s.mapping_of(s.any_value), required=True,
                      doc="card type id (letters, digits, '-' and '_') -> card type"),
    "decks": Key(s.list_of(s.any_value), required=True, doc="the decks to print"),
    "print": Key(s.any_value, default={}, doc="print settings (page, duplex, bleed ...)"),
    "boards": Key(s.list_of(s.any_value), default=(),
                  doc="boards and mats to print, tiled across pages when larger than one"),
    "token_sets": Key(s.list_of(s.any_value), default=(),
                      doc="tokens to print: coins, markers, counters (see token sets)"),
    "documents": Key(s.list_of(s.any_value), default=(),
                     doc="documents to print, such as the rules: plain pages and a folded booklet"),
    "fonts": Key(s.mapping_of(s.any_value), default={},
                 doc="the game's own font families: name -> {regular, bold, italic, bold_italic, fallback}"),
    "legibility": Key(s.any_value, default={}, doc="what the legibility preflight checks against "
                      "(minimum text sizes, contrast, colour difference)"),
    "glossary": Key(s.mapping_of(glossary_entry), default={},
                    doc="term -> what it means, or {text, prototype}; card text marks terms as [[Term]]"),
    "definitions": Key(s.mapping_of(s.any_value), default={},
                       doc="named game structures (conditions, tokens, summons) -> {kind, text}"),
    "errata": Key(s.list_of(s.any_value), default=(), doc="changes to published values: {card, field, was, now, note}"),
    "changelog": Key(s.list_of(s.any_value), default=(),
                     doc="the game's versions, newest first: {version, date, changes}"),
}

CHANGELOG_KEYS = {
    "version": Key(s.text, required=True, doc="the version the entry is about"),
    "date": Key(s.text, default="", doc="when it was released, as you write dates"),
    "changes": Key(s.list_of(s.text, single_ok=True), required=True,
                   doc="what changed, in card markup ([[Card]] references are checked)"),
}

ERRATUM_KEYS = {
    "card": Key(s.text, doc="the card's name as corrected (or `term`, `token_set` or `board`)"),
    "term": Key(s.text, doc="the glossary term or definition corrected, in place of `card`"),
    "token_set": Key(s.text, doc="the id of the token set corrected, in place of `card`"),
    "board": Key(s.text, doc="the id of the board corrected, in place of `card`"),
    "field": Key(s.text, required=True, doc="the field changed"),
    "was": Key(s.text, required=True, doc="the published value"),
    "now": Key(s.text, required=True, doc="the value in this data"),
    "note": Key(s.text, default="", doc="why it changed"),
}

CARD_KEYS = {
    "id": Key(s.identifier, doc="unique id; defaults to the name in lower case with '-'"),
    "copies": Key(s.integer(0, COPIES), doc="copies of this card in the deck"),
    "prototype": Key(s.any_value, doc="true, or a list of field names whose values are prototype data"),
    "back": Key(s.any_value, doc="the card's own back, {layout, values} or a layout's name, for a "
                "double-faced card; it binds the card's fields (default: the deck's back)"),
}
