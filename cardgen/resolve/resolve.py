"""Resolve stage: every face of the game bound to its layout, text fitted, problems reported: the
cards of every deck with their backs, then the tokens and boards (resolve/components.py)."""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from cardgen.base.errors import Report
from cardgen.fields import field_type
from cardgen.resolve.bind import CardFace, bind_elements, bind_face
from cardgen.resolve.scope import Scope, as_text, plain_scope
from cardgen.resolve.components import resolve_boards, resolve_tokens
from cardgen.resolve.deck_fit import caps_for, deck_sizes, note
from cardgen.resolve.library import LayoutLibrary
from cardgen.resolve.preflight import check_backs_alike, check_colours
from cardgen.resolve.reporting import (FaceProblems, card_problems, face_problems,
                                      report_face_problems)
from cardgen.drawing import fonts
from cardgen.base.model import Card, Deck, Face, Game, frozen_map


@dataclass(frozen=True)
class DeckFaces:
    deck: Deck
    fronts: Mapping          # card id -> CardFace
    back: CardFace           # the deck's back
    backs: Mapping = field(default_factory=frozen_map)   # card id -> its own back, if it has one

    def back_of(self, card_id: str) -> CardFace:
        return self.backs.get(card_id, self.back)


@dataclass(frozen=True)
class Faces:
    """Every face a game prints, bound and fitted: what the outputs draw."""

    decks: tuple[DeckFaces, ...] = ()
    tokens: Mapping = field(default_factory=frozen_map)   # (set id, token index, side) -> CardFace
    boards: Mapping = field(default_factory=frozen_map)   # board id -> its CardFaces, one a copy


def _prefixed(prefix: str, values: Mapping) -> dict:
    return {f"{prefix}.{k}": v for k, v in values.items()}


def deck_values(game: Game, deck: Deck) -> dict:
    return {**game.bound_values,
            **_prefixed("deck", {"id": deck.id, "name": deck.name, "size": deck.size.name,
                                 "cards": deck.card_count, "unique_cards": len(deck.cards),
                                 **deck.values})}


def cards_by_name(game: Game) -> dict[str, Card]:
    return {card.name: card for d in game.decks for card in d.cards}


@dataclass(frozen=True)
class TypedFields:
    """What a card scope reads of its card type, worked out once a deck: each field with its
    field type, and the names of those that hold card markup, and of all."""

    fields: tuple            # (FieldDecl, its field type)
    markup_fields: frozenset
    declared: frozenset

    @classmethod
    def of(cls, game: Game, card_type: str) -> TypedFields:
        decls = game.card_types[card_type].fields
        typed = tuple((decl, field_type(decl.type)) for decl in decls)
        return cls(typed, frozenset(d.name for d, kind in typed if kind.markup),
                   frozenset(d.name for d in decls))


def card_scope(game: Game, deck: Deck, card: Card, shared: dict | None = None,
               number: int | None = None, named: Mapping | None = None,
               shared_texts: Mapping | None = None, typed: TypedFields | None = None) -> Scope:
    """What a card's face can bind; `shared` is the deck's own values, computed once per deck
    (and `shared_texts` their printed text);
    `number` is the card's place in its deck, from 1 (found when not given); `named` is every
    card by name (found when not given), so a field naming another card binds that card's values
    as `{{field.value}}` (a team's `{{mage.alignment}}`); `typed`, its card type's fields (found
    when not given)."""
    if number is None:
        number = next(i for i, c in enumerate(deck.cards, start=1) if c is card)
    typed = typed or TypedFields.of(game, card.card_type)
    shared = shared if shared is not None else deck_values(game, deck)
    own = {**_prefixed("card", {"id": card.id, "copies": card.copies, "number": number,
                                "prototype": bool(card.prototype)}),
           **card.values}
    values = {**shared, **own}
    texts = {**(shared_texts if shared_texts is not None else
                {k: as_text(v) for k, v in shared.items()}),
             **{k: as_text(v) for k, v in own.items()}}
    for decl, kind in typed.fields:
        if decl.name in card.values:
            texts[decl.name] = kind.as_text(card.values[decl.name])
            parts = kind.parts(card.values[decl.name], decl)
            targets = kind.cards_named(card.values[decl.name])
            if len(targets) == 1 and not isinstance(card.values[decl.name], tuple):
                if named is None:
                    named = cards_by_name(game)
                other = named.get(targets[0])
                if other is not None:     # its fields it leaves out bind as nothing
                    fields = [d.name for d in game.card_types[other.card_type].fields]
                    given = {k: other.values.get(k) for k in fields}
                    parts = {**{k: v for k, v in given.items()
                                if v is None or isinstance(v, (str, int, float, bool))}, **parts}
            for part, value in parts.items():
                values[f"{decl.name}.{part}"] = value
                texts[f"{decl.name}.{part}"] = as_text(value)
    # both made here and nowhere else kept: read only through the scope, not copied again
    return Scope(MappingProxyType(values), MappingProxyType(texts), typed.markup_fields,
                 typed.declared)


def back_scope(game: Game, deck: Deck) -> Scope:
    values = {**deck_values(game, deck), **_prefixed("face", deck.back.values), **deck.back.values}
    return plain_scope(values)


def own_back_scope(front: Scope, card: Card) -> Scope:
    """A double-faced card's back binds everything its front does, and its back's own values."""
    own = {**_prefixed("face", card.back.values), **card.back.values}
    texts = {**front.texts, **{k: as_text(v) for k, v in own.items()}}
    return Scope(frozen_map({**front.values, **own}), frozen_map(texts), front.markup_fields,
                 front.declared)


def _face_sources(face: Face) -> dict:
    """Where a face's own values are written, as it binds them: by name and as face.<name>."""
    return {**_prefixed("face", face.value_sources), **face.value_sources}


def resolve_game(game: Game, report: Report) -> Faces:
    families = fonts.game_families(game.fonts, report)
    library = LayoutLibrary(game.layout_dirs, report, families, game.skipped_layout_dirs)
    shared = {"root": game.root, "images": {}, "legibility": game.legibility, "families": families}
    decks = resolve_decks(game, library, shared, report)
    return Faces(decks, resolve_tokens(game, library, shared, report),
                 resolve_boards(game, library, shared, report))


def resolve_decks(game: Game, library: LayoutLibrary, shared: dict,
                  report: Report) -> tuple[DeckFaces, ...]:
    found: list[FaceProblems] = []          # every face's problems: cards' and backs'
    bleed = game.print.bleed
    named = cards_by_name(game)
    out = []
    for deck in game.decks:
        card_type = game.card_types[deck.card_type]
        w, h = deck.size.width, deck.size.height
        front_layout = library.get(card_type.layout, card_type.layout_source)
        back_layout = library.get(deck.back.layout, deck.back.source)
        if front_layout is None or back_layout is None:
            continue
        backs = {}
        shared_values = deck_values(game, deck)
        shared_texts = {k: as_text(v) for k, v in shared_values.items()}
        deck_sources = _prefixed("deck", deck.value_sources)
        numbers = {card.id: number for number, card in enumerate(deck.cards, start=1)}
        typed = TypedFields.of(game, deck.card_type)

        def scope_of(card: Card) -> Scope:
            # made again where a card is bound again: a deck's scopes, all kept, outweigh its faces
            return card_scope(game, deck, card, shared_values, numbers[card.id], named,
                              shared_texts, typed)

        bound = {card.id: bind_elements(f"{deck.id}/{card.id}", front_layout, scope_of(card),
                                        w, h, bleed, shared) for card in deck.cards}
        sound = {k: b.face for k, b in bound.items()     # a card in error says so; it sets no size
                 if not any(part.failed for part in b.parts)}
        sizes = deck_sizes(front_layout, sound, {c.id: c.name for c in deck.cards},
                           game.legibility.min_text_size, game.legibility.min_fine_print_size)
        fronts, front_problems = {}, {}
        for card in deck.cards:     # each card's bindings let go of as soon as it is done
            face = bound.pop(card.id, None)
            if face is None:    # a second card of one id (an error of its own): bound once
                continue
            if caps := caps_for(sizes, face.face):
                face = bind_elements(f"{deck.id}/{card.id}", front_layout, scope_of(card), w, h,
                                     bleed, shared, caps, first=face)
            fronts[card.id], front_problems[card.id] = face.face, face.problems()
        for size in sizes:
            where = next(e.source for e in front_layout.elements if e.name == size.element)
            report.info(where.file, where.line, ("elements", size.element), note(size, deck.id),
                        code="deck-text-size")
        for card in deck.cards:
            if front_problems[card.id]:      # most have none: no record kept for each of them
                found.append(card_problems(card, front_problems[card.id], front_layout.name,
                                           deck_sources))
            if card.back is not None and (own := library.get(card.back.layout, card.back.source)):
                own_scope = own_back_scope(scope_of(card), card)
                backs[card.id], problems = bind_face(f"{deck.id}/{card.id}/back", own, own_scope,
                                                     w, h, bleed, shared)
                found.append(face_problems(problems, own.name, card.back.source,
                                           f"card '{card.name}' back", own_scope.values,
                                           {**deck_sources, **card.field_sources,
                                            **_face_sources(card.back)}))
        deck_back = back_scope(game, deck)
        back, problems = bind_face(f"{deck.id}/back", back_layout, deck_back, w, h, bleed, shared)
        found.append(face_problems(problems, back_layout.name, deck.back.source,
                                   f"the back of deck '{deck.id}'", deck_back.values,
                                   {**deck_sources, **_face_sources(deck.back)}))
        out.append(DeckFaces(deck, frozen_map(fronts), back, frozen_map(backs)))
    report_face_problems(found, report)
    check_deck_colours(out, game, report)
    return tuple(out)


def check_deck_colours(decks: list[DeckFaces], game: Game, report: Report) -> None:
    """Decks told apart by their backs, and groups of cards told apart by a colour their faces
    paint (suits), must not differ only in colours a colour-blind player confuses; decks' backs
    must not share a ground colour and icon."""
    backs = [(d.deck.name, d.deck.back.source or d.deck.source, [d.back]) for d in decks]
    check_colours(backs, game.legibility, report, "decks")
    check_backs_alike([(name, where, face) for name, where, (face,) in backs], report)
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
            for n, ink in enumerate(element.solid_inks()):
                if ink.color is not None:
                    by_ink.setdefault((name, n), {}).setdefault(repr(ink.color), []).append(card_id)
    return [list(groups.values()) for groups in by_ink.values() if len(groups) > 1]
