"""A document's text checked like card text: its markup, its icons, and what its directives name.
Its [[Term]] references are checked with every other reference (validate/references.py)."""
from __future__ import annotations

import re

from cardgen.base import markup
from cardgen.drawing import fonts
from cardgen.drawing.elements import ELEMENT_TYPES
from cardgen.drawing.icons import ICONS
from cardgen.base.errors import Report, did_you_mean, pinned
from cardgen.fields import FIELD_TYPES, field_type
from cardgen.base.limits import DOCUMENT_BLOCKS
from cardgen.base.model import Block, Document, Game


def game_lookup(game: Game):
    """What `{{...}}` means in a document: the game's own values, as game.<name>, and each
    card's printed values, as <card id>.<field> (or <deck id>.<card id>.<field> where decks
    print the card differently), so rules text restates a card's numbers from its data."""
    known: list[dict[str, str]] = []     # the values, read when a document first asks for one

    def lookup(name: str) -> str | None:
        if not known:
            known.append({**{k: str(v) for k, v in game.bound_values.items()},
                          **card_values(game)})
        values = known[0]
        return values.get(name) if " " not in name else _sum(name, values)
    return lookup


def _sum(expression: str, values: dict[str, str]) -> str | None:
    """`a.damage + b.damage - 2`, worked out from whole-number values; None if a term is not one."""
    total, sign = 0, 1
    for n, term in enumerate(expression.split()):
        if n % 2:
            sign = 1 if term == "+" else -1
            continue
        text = term if term.isdigit() else values.get(term, "")
        if not text.lstrip("-").isdigit():
            return None
        total += sign * int(text)
    return str(total)


def card_values(game: Game) -> dict[str, str]:
    values: dict[str, str] = {}
    differ: set[str] = set()
    for deck in game.decks:
        decls = game.card_types[deck.card_type].fields if deck.card_type in game.card_types else ()
        for card in deck.cards:
            for decl in decls:
                if decl.name not in card.values:
                    continue
                text = field_type(decl.type).as_text(card.values[decl.name])
                short = f"{card.id}.{decl.name}"
                values[f"{deck.id}.{short}"] = text
                if values.setdefault(short, text) != text:
                    differ.add(short)
    return {k: v for k, v in values.items() if k not in differ}


def printed_texts(game: Game):
    """Every text in card markup that a document may print besides its own: the glossary, the
    definitions and the changelog, each with where it is written and whose it is."""
    glossary = game.where("glossary")
    for term, text in game.glossary.items():
        yield text, glossary.file, glossary.line, f"glossary entry '{term}'"
    for name, definition in game.definitions.items():
        yield definition.text, definition.source.file, definition.source.line, f"definition '{name}'"
    for entry in game.changelog:
        for change in entry.changes:
            yield change, entry.source.file, entry.source.line, f"changelog {entry.version}"


def check_documents(game: Game, report: Report) -> None:
    """Markup and icons of every text a document prints: its own, and the game's texts it
    quotes (a mistake in those would otherwise first show as a failed booklet)."""
    lookup = game_lookup(game)
    texts = [(text, document.file, line, f"document '{document.id}'")
             for document in game.documents for text, line in document.texts()]
    for document in game.documents:
        _check_title(document, report)
        _check_size(game, document, report)
    for text, file, line, owner in texts + list(printed_texts(game)):
        parsed = markup.parse(text, lookup)
        _check_characters(parsed, file, line, owner, report)
        for problem in parsed.problems:
            if _follows_from_a_card(game, problem.message):
                continue
            report.add(pinned(problem, file, line, message=f"{owner}: {problem.message}"))
        for icon in parsed.icons:
            if icon not in ICONS:
                report.error(file, line, (), f"{owner}: unknown icon "
                             f"'{{{icon}}}'{did_you_mean(icon, ICONS)}", code="markup")
    for document in game.documents:
        for block in document.blocks:
            if block.kind == "directive":
                _check_directive(game, document, block, report)
        _check_pointers(document, report)


_POINTER = re.compile(r"\b(table|list|example|steps)\s+(above|below)\b|\((see )?(above|below)\)",
                      re.IGNORECASE)
# what a pointer names -> the blocks that can be it
_POINTED = {"table": ("table", "cards", "components", "errata"), "list": ("bullets", "numbers"),
            "steps": ("numbers",), "example": ("note",)}


def _check_pointers(document: Document, report: Report) -> None:
    """A text that says "the table above" or "(see below)" where its own section (from its
    heading to the next) holds no such thing on that side: a reader would look on the wrong
    page. The quick reference is printed apart from the text, so it points nowhere."""
    blocks = list(document.blocks)
    starts = [i for i, b in enumerate(blocks) if b.kind == "heading"]
    reference = next((i for i, b in enumerate(blocks)
                      if b.kind == "directive" and b.text == "quick-reference"), None)
    for at, block in enumerate(blocks):
        start = max((i for i in starts if i <= at), default=0)
        end = min((i for i in starts if i > at), default=len(blocks))
        for text, line in _texts(block):
            for found in _POINTER.finditer(text):
                named, side = (found.group(1) or "").lower(), (found.group(2) or found.group(4)).lower()
                if reference is not None and start <= reference < end:
                    where = "the quick reference is printed apart from the text"
                elif named:
                    span = blocks[start:at] if side == "above" else blocks[at + 1:end]
                    kinds = _POINTED[named]
                    if any(b.kind in kinds or (b.kind == "directive" and b.text in kinds)
                           for b in span):
                        continue
                    where = f"its section holds no {named} {side} it"
                else:
                    continue
                report.warning(document.file, line, (), f"document '{document.id}': "
                               f"'{found.group(0)}' points to nothing the reader will find: "
                               f"{where}; name the section instead (see *Its heading*)",
                               code="document-pointer")


def _texts(block: Block):
    if block.kind in ("paragraph", "note"):
        yield block.text, block.line
    elif block.kind in ("bullets", "numbers"):
        yield from block.items


def _follows_from_a_card(game: Game, message: str) -> bool:
    """A card's value the text names, unknown because a card failed to load: that card's own
    error says all there is to say."""
    return (not game.every_card_read and message.startswith("unknown field '{{")
            and not message.startswith("unknown field '{{game."))


def _check_size(game: Game, document: Document, report: Report) -> None:
    """What the directives make from the game's data counts toward DOCUMENT_BLOCKS with the
    document's own text, directive by directive, before any is made: a thousand @cards of a
    large deck would otherwise print millions of table rows."""
    total = made = 0
    for block in document.blocks:
        if block.kind == "directive":
            pieces = directive_pieces(game, block)
            made += pieces
        else:
            pieces = 1 + len(block.items)
        total += pieces
        if total > DOCUMENT_BLOCKS:
            whose = f"@{block.text}: " if block.kind == "directive" else ""
            report.error(document.file, block.line, (), f"{whose}more than {DOCUMENT_BLOCKS:,} "
                         "blocks, list items and table rows in one document, counting the "
                         f"{made:,} its directives make from the game's data", code="document")
            return


def directive_pieces(game: Game, block: Block) -> int:
    """The blocks, list items and table rows a directive makes from the game's data (at most:
    the booklet's parts make no more than this)."""
    name, args = block.text, block.args
    deck = next((d for d in game.decks if d.id == args.get("deck")), None)
    if name == "components":
        return 2 + len(game.decks) + len(game.token_sets) + len(game.boards)
    if name in ("cards", "diagrams"):       # a table (a title, a note), a header, a row a card
        return 0 if deck is None else 4 + len(deck.cards)
    if name == "glossary":
        return len(game.glossary)
    if name == "definitions":
        kinds = {k.strip() for k in args.get("kinds", "").split(",") if k.strip()}
        members = [d for d in game.definitions.values() if not kinds or d.kind in kinds]
        return len(members) + len({d.kind for d in members})     # and a heading a kind
    if name == "changelog":
        return sum(2 + len(entry.changes) for entry in game.changelog)
    if name == "errata":
        return 2 + len(game.errata)
    return 1                                # page-break


def _check_characters(parsed: markup.Parsed, file: str, line: int, owner: str,
                      report: Report) -> None:
    """A character the book's fonts lack in the face its run is set in, bold or italic (it would
    print as a box), or of a right-to-left script (reversed and unjoined), is an error: a booklet
    sets text as cards do, in its serif (body) and sans (headings, tables) with their fallbacks."""
    missing = set()
    for run in parsed.runs:
        if run.icon or not run.text:
            continue
        for name in ("serif", "sans"):
            chain = fonts.family(name).chain(run.bold, run.italic)
            missing |= _lacking("".join(sorted(set(run.text) - missing)), chain)
    text = "".join(run.text for run in parsed.runs if not run.icon)
    _report_unprintable(sorted(missing), fonts.right_to_left(text), file, line, owner, report)


def _lacking(text: str, chain: tuple[str, ...]) -> set[str]:
    """The characters of `text` that no face of `chain` has: each face is read only when the
    faces before it lack a character of it."""
    for font in chain:
        if not text:
            break
        text = "".join(fonts.missing_glyphs(text, font))
    return set(text)


def _check_title(document: Document, report: Report) -> None:
    """A document's title prints as written, in the condensed faces of its cover (bold) and page
    footers, with no fallback font."""
    faces = (fonts.family("condensed").face(bold=True), fonts.family("condensed").face())
    missing = sorted({c for face in faces for c in fonts.missing_glyphs(document.title, face)})
    where = document.source
    _report_unprintable(missing, fonts.right_to_left(document.title), where.file, where.line,
                        f"document '{document.id}' title", report)


def _report_unprintable(missing, backwards, file: str, line: int, owner: str,
                        report: Report) -> None:
    if missing:
        report.error(file, line, (), f"{owner}: the booklet's fonts have no glyph for "
                     f"{_listed(missing)}; it would print as a box", code="missing-glyph")
    if backwards:
        report.error(file, line, (), f"{owner}: right-to-left text ({_listed(backwards)}) cannot "
                     "be printed: a booklet is set left to right only, so it would print "
                     "reversed and unjoined", code="right-to-left")


def _listed(chars) -> str:
    return ", ".join(f"'{c}' (U+{ord(c):04X})" for c in list(chars)[:5]) + (
        f" and {len(chars) - 5} more" if len(chars) > 5 else "")


def _check_directive(game: Game, document: Document, block: Block, report: Report) -> None:
    def error(message: str) -> None:
        report.error(document.file, block.line, (), f"@{block.text}: {message}", code="document")

    if "deck" in block.args:
        decks = {d.id: d for d in game.decks}
        deck = decks.get(block.args["deck"])
        if deck is None and block.args["deck"] in game.failed_decks:
            return      # the deck's own errors are reported
        if deck is None:
            error(f"no deck '{block.args['deck']}'{did_you_mean(block.args['deck'], decks)}; the "
                  f"game has: {', '.join(decks)}")
            return
        card_type = game.card_types[deck.card_type]
        fields = {f.name: f for f in card_type.fields}
        for name in [c.split(":")[0] for c in block.args.get("columns", "").split(",") if c.strip()]:
            if name.strip() not in fields:
                error(f"card type '{card_type.id}' has no field '{name.strip()}'"
                      f"{did_you_mean(name.strip(), fields)}")
        if "field" in block.args:
            decl = fields.get(block.args["field"])
            if decl is None:
                error(f"card type '{card_type.id}' has no field '{block.args['field']}'"
                      f"{did_you_mean(block.args['field'], fields)}")
            else:
                _check_diagram(decl, error)
    if "kinds" in block.args:
        known = sorted({d.kind for d in game.definitions.values()})
        for kind in [k.strip() for k in block.args["kinds"].split(",") if k.strip()]:
            if kind not in known:
                error(f"no definition is of kind '{kind}'{did_you_mean(kind, known)}; the game's "
                      f"kinds: {', '.join(known) or 'none'}")


def _check_diagram(decl, error) -> None:
    """The field's type draws a diagram, with an element that is there to draw it."""
    diagram = field_type(decl.type).diagram
    if diagram is None:
        drawn = [name for name, kind in FIELD_TYPES.items() if kind.diagram is not None]
        listed = " and ".join(filter(None, (", ".join(drawn[:-1]), drawn[-1]))) if drawn else "no"
        error(f"field '{decl.name}' is {'an' if decl.type[0] in 'aeiou' else 'a'} {decl.type} "
              f"field; diagrams are drawn for {listed} fields")
    elif diagram.element is not None and diagram.element not in ELEMENT_TYPES:
        error(f"diagrams of {decl.type} fields are drawn by the element type "
              f"'{diagram.element}', which is not installed")
