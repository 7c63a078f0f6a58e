"""Numbers a document states beside a card's name, checked against the card: a sentence or table
row that names cards with [[Name]] and states a number that none of those cards prints was
likely typed by hand and left behind by an errata. Such text should print the value with
`{{card-id.field}}` instead."""
from __future__ import annotations

import re

from cardgen.base.errors import Report
from cardgen.base.model import Game
from cardgen.fields import field_type

_TERM = re.compile(r"\[\[([^\[\]\n|]+)(?:\|[^\[\]\n]+)?\]\]")
_FIELD = re.compile(r"\{\{[^{}]*\}\}|\{[a-z][a-z0-9_-]*\}")
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w])")
_DIGITS = re.compile(r"\d+(?:\.\d+)?")         # in what a card prints: L3, 13 + 2L
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z*\[])")


def check_stated_numbers(game: Game, report: Report) -> None:
    stated = [(document, text, line, named) for document in game.documents
              for text, line in _statements(document)
              if (named := [name.strip().lower() for name in _TERM.findall(text)])]
    if not stated:
        return
    printed = _printed_numbers(game, {name for *_, named in stated for name in named})
    for document, text, line, named in stated:
        cards = [printed[name] for name in named if name in printed]
        if not cards or len(cards) != len(named):
            continue        # no card named, or a term beside one: numbers may be the term's
        allowed = set().union(*cards)
        for number in _NUMBER.findall(_FIELD.sub(" ", _TERM.sub(" ", text))):
            if _canonical(number) not in allowed:
                which = ", ".join(f"'{n}'" for n in _TERM.findall(text))
                report.warning(document.file, line, (), f"document '{document.id}' states "
                               f"{number} beside {which}, which the card{'s' * (len(cards) > 1)} "
                               f"never print{'s' * (len(cards) == 1)}: print the value with "
                               "{{card-id.field}}, or correct the number", code="stated-number")


def _statements(document):
    """Each sentence of a paragraph, note or list item, and each table row, with its line."""
    for block in document.blocks:
        if block.kind in ("paragraph", "note"):
            pieces = [(block.text, block.line)]
        elif block.kind in ("bullets", "numbers"):
            pieces = list(block.items)
        elif block.kind == "table":
            pieces = [(" | ".join(row), block.line + n + (1 if block.header and n else 0))
                      for n, row in enumerate(block.items)]
            yield from pieces
            continue
        else:
            continue
        for text, line in pieces:
            for sentence in _SENTENCE_END.split(text):
                yield sentence, line


def _printed_numbers(game: Game, names: set[str]) -> dict[str, set[str]]:
    """Each card's name (lower case) among `names` -> every number its printed values show: each
    field as the card prints it, and each derived part (a level formula's value at each level)."""
    numbers: dict[str, set[str]] = {}
    for deck in game.decks:
        card_type = game.card_types.get(deck.card_type)
        if card_type is None:
            continue
        for card in deck.cards:
            if card.name.lower() not in names:
                continue
            found = numbers.setdefault(card.name.lower(), {_canonical(str(card.copies))})
            for decl in card_type.fields:
                value = card.values.get(decl.name)
                if value is None:
                    continue
                kind = field_type(decl.type)
                texts = [kind.as_text(value), *map(str, kind.parts(value, decl).values())]
                found.update(_canonical(n) for t in texts for n in _DIGITS.findall(t))
    return numbers


def _canonical(number: str) -> str:
    return str(float(number)).removesuffix(".0")
