"""Resolve stage: every card of every deck bound to its layout, text fitted, problems reported."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from cardgen.errors import Diagnostic, Report, Severity
from cardgen.fields import field_type
from cardgen.layout.bind import CardFace, Problem, Scope, bind_face
from cardgen.layout.library import LayoutLibrary
from cardgen.model import Card, Deck, Game, Source, frozen_map


@dataclass(frozen=True)
class DeckFaces:
    deck: Deck
    fronts: Mapping          # card id -> CardFace
    back: CardFace


def _prefixed(prefix: str, values: Mapping) -> dict:
    return {f"{prefix}.{k}": v for k, v in values.items()}


def deck_values(game: Game, deck: Deck) -> dict:
    return {**_prefixed("game", game.values),
            **_prefixed("deck", {"id": deck.id, "name": deck.name, "size": deck.size.name,
                                 "cards": deck.card_count, **deck.values})}


def card_scope(game: Game, deck: Deck, card: Card, shared: dict | None = None) -> Scope:
    """What a card's face can bind; `shared` is the deck's own values, computed once per deck."""
    card_type = game.card_types[card.card_type]
    values = {**(shared if shared is not None else deck_values(game, deck)),
              **_prefixed("card", {"id": card.id, "copies": card.copies,
                                   "prototype": bool(card.prototype)}),
              **card.values}
    texts = {k: _as_text(v) for k, v in values.items()}
    for decl in card_type.fields:
        if decl.name in card.values:
            kind = field_type(decl.type)
            texts[decl.name] = kind.as_text(card.values[decl.name])
            for part, value in kind.parts(card.values[decl.name]).items():
                values[f"{decl.name}.{part}"] = value
                texts[f"{decl.name}.{part}"] = _as_text(value)
    markup_fields = frozenset(d.name for d in card_type.fields if d.type == "text")
    declared = frozenset(d.name for d in card_type.fields)
    return Scope(frozen_map(values), frozen_map(texts), markup_fields, declared)


def back_scope(game: Game, deck: Deck) -> Scope:
    values = {**deck_values(game, deck), **_prefixed("face", deck.back.values), **deck.back.values}
    return Scope(frozen_map(values), frozen_map({k: _as_text(v) for k, v in values.items()}))


def _as_text(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else str(value)


def resolve_game(game: Game, report: Report) -> tuple[DeckFaces, ...]:
    library = LayoutLibrary(game.layout_dirs, report)
    shared = {"root": game.root, "images": {}}
    bleed = game.print.bleed
    out = []
    for deck in game.decks:
        card_type = game.card_types[deck.card_type]
        w, h = deck.size.width, deck.size.height
        front_layout = library.get(card_type.layout, card_type.layout_source)
        back_layout = library.get(deck.back.layout, deck.back.source)
        if front_layout is None or back_layout is None:
            continue
        fronts = {}
        shared_values = deck_values(game, deck)
        for card in deck.cards:
            face, problems = bind_face(f"{deck.id}/{card.id}", front_layout,
                                       card_scope(game, deck, card, shared_values), w, h, bleed, shared)
            _report(problems, card, front_layout.name, report)
            fronts[card.id] = face
        back, problems = bind_face(f"{deck.id}/back", back_layout, back_scope(game, deck), w, h, bleed,
                                   shared)
        _report(problems, None, back_layout.name, report, deck.back.source)
        out.append(DeckFaces(deck, frozen_map(fronts), back))
    return tuple(out)


def _report(problems: list[Problem], card: Card | None, layout: str, report: Report,
            fallback: Source | None = None) -> None:
    for p in problems:
        where = fallback
        if card is not None:
            field = p.fields[0] if len(p.fields) == 1 else None
            where = card.where(field if field in card.field_sources else None)
        subject = f"card '{card.name}': " if card is not None else "back: "
        message = (f"{subject}{p.message} (layout '{layout}', element '{p.element.name}', "
                   f"{p.element.source.file}:{p.element.source.line})")
        severity = Severity.WARNING if p.severity == "warning" else Severity.ERROR
        report.add(Diagnostic(where.file, where.line, where.path, message, severity, p.code))
