"""Resolve stage: every card of every deck bound to its layout, text fitted, problems reported."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from cardgen.errors import Diagnostic, Report, Severity
from cardgen.fields import field_type
from cardgen.layout.bind import CardFace, Problem, Scope, bind_face
from cardgen.layout.library import LayoutLibrary
from cardgen.layout.preflight import check_colours
from cardgen.drawing import fonts
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
                                 "cards": deck.card_count, "unique_cards": len(deck.cards),
                                 **deck.values})}


def card_scope(game: Game, deck: Deck, card: Card, shared: dict | None = None,
               number: int | None = None) -> Scope:
    """What a card's face can bind; `shared` is the deck's own values, computed once per deck;
    `number` is the card's place in its deck, from 1 (found when not given)."""
    if number is None:
        number = next(i for i, c in enumerate(deck.cards, start=1) if c is card)
    card_type = game.card_types[card.card_type]
    values = {**(shared if shared is not None else deck_values(game, deck)),
              **_prefixed("card", {"id": card.id, "copies": card.copies,
                                   "number": number,
                                   "prototype": bool(card.prototype)}),
              **card.values}
    texts = {k: _as_text(v) for k, v in values.items()}
    for decl in card_type.fields:
        if decl.name in card.values:
            kind = field_type(decl.type)
            texts[decl.name] = kind.as_text(card.values[decl.name])
            for part, value in kind.parts(card.values[decl.name], decl).items():
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
    families = fonts.game_families(game.fonts, report)
    library = LayoutLibrary(game.layout_dirs, report, families)
    shared = {"root": game.root, "images": {}, "legibility": game.legibility, "families": families}
    found: list[tuple[Card, list[Problem], str]] = []   # every card's problems, and its layout
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
        for number, card in enumerate(deck.cards, start=1):
            face, problems = bind_face(f"{deck.id}/{card.id}", front_layout,
                                       card_scope(game, deck, card, shared_values, number),
                                       w, h, bleed, shared)
            found.append((card, problems, front_layout.name))
            fronts[card.id] = face
        back, problems = bind_face(f"{deck.id}/back", back_layout, back_scope(game, deck), w, h, bleed,
                                   shared)
        _report(problems, None, back_layout.name, report, deck.back.source)
        out.append(DeckFaces(deck, frozen_map(fronts), back))
    _report_cards(found, report)
    check_deck_colours(out, game, report)
    return tuple(out)


def check_deck_colours(decks: list[DeckFaces], game: Game, report: Report) -> None:
    """Decks told apart by their backs, and groups of cards told apart by a colour their faces
    paint (suits), must not differ only in colours a colour-blind player confuses."""
    backs = [(d.deck.name, d.deck.back.source or d.deck.source, [d.back]) for d in decks]
    check_colours(backs, game.legibility, report, "decks")
    for faces in decks:
        cards = {card.id: card for card in faces.deck.cards}
        for groups in _colour_groups(faces):
            named = [(cards[ids[0]].name, cards[ids[0]].source, [faces.fronts[i] for i in ids])
                     for ids in groups]
            check_colours(named, game.legibility, report, "cards such as")


def _colour_groups(faces: DeckFaces) -> list[list[list[str]]]:
    """For each element ink whose colour varies across the deck's fronts: the card ids by colour."""
    by_ink: dict = {}
    for card_id, face in faces.fronts.items():
        for name, element in zip(face.names, face.elements):
            for n, ink in enumerate(element.inks()):
                if ink.kind != "text" and ink.color is not None:
                    by_ink.setdefault((name, n), {}).setdefault(repr(ink.color), []).append(card_id)
    return [list(groups.values()) for groups in by_ink.values() if len(groups) > 1]


def _report_cards(found: list[tuple[Card, list[Problem], str]], report: Report) -> None:
    """Each card's problems; a problem of a layout itself (the same on several cards, tied to no
    field they give, such as a misspelt {{field}}) is reported once, at the layout element."""
    shared: dict[tuple, list[Card]] = {}
    for card, problems, layout in found:
        for p in problems:
            if not any(f in card.field_sources for f in p.fields):
                shared.setdefault((layout, p.element.name, p.code, p.message), []).append(card)
    once = {key for key, cards in shared.items() if len(cards) > 1}
    for card, problems, layout in found:
        _report([p for p in problems if (layout, p.element.name, p.code, p.message) not in once],
                card, layout, report)
    for card, problems, layout in found:
        for p in problems:
            key = (layout, p.element.name, p.code, p.message)
            if key in once:
                once.discard(key)
                cards = shared[key]
                names = list(dict.fromkeys(f"'{c.deck}'" for c in cards))
                decks = ("deck " if len(names) == 1 else "decks ") + ", ".join(names)
                where = p.element.source
                severity = Severity.WARNING if p.severity == "warning" else Severity.ERROR
                report.add(Diagnostic(where.file, where.line, where.path,
                                      f"{p.message} (on {len(cards)} cards of {decks}, e.g. "
                                      f"'{cards[0].name}'; layout '{layout}', element "
                                      f"'{p.element.name}')", severity, p.code))


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
