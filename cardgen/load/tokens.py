"""Token sets and boards from game.yaml: each set's outline, faces and tokens (listed, or one for
every card of a deck or every definition of some kinds); each board's size, face and copies."""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from cardgen.shared import schema as s
from cardgen.base.errors import did_you_mean
from cardgen.load.faces import read_face, value_sources
from cardgen.load.game_schema import BOARD_KEYS, OWNER_KEYS, TOKEN_KEYS, TOKEN_SET_KEYS
from cardgen.base.model import Board, Deck, Definition, Source, Token, TokenSet, frozen_map
from cardgen.shared.schema import At
from cardgen.base.limits import PRINTED_TOKENS



def read_token_sets(raw: tuple, at: At, decks: tuple[Deck, ...],
                    definitions: Mapping[str, Definition],
                    failed_decks: frozenset = frozenset()) -> tuple[list[TokenSet], bool]:
    """The token sets, and whether every one of them read without a problem. A set made from
    one of `failed_decks` (left out, their errors reported) fails with no error of its own."""
    sets, ok = [], True
    for i, spec in enumerate(raw):
        token_set = _token_set(spec, at.child(i), decks, definitions, failed_decks)
        ok = ok and token_set is not None
        if token_set is not None:
            sets.append(token_set)
    return sets, ok


def _token_set(spec, at: At, decks, definitions, failed_decks) -> TokenSet | None:
    values = s.read_mapping(spec, at, TOKEN_SET_KEYS, "token set")
    if values is None or not values.ok:
        return None
    face = read_face(values["face"], at.child("face"))
    back = read_face(values["back"], at.child("back")) if values["back"] is not None else None
    tokens = [_token(item, at.child("tokens").child(i)) for i, item in enumerate(values["tokens"])]
    made = _made_tokens(values, at, decks, definitions, failed_decks)
    if face is None or (values["back"] is not None and back is None) or None in tokens or made is None:
        return None
    tokens += made
    if not tokens:
        at.error("a token set needs at least one token: list them in `tokens`, or make them "
                 "with `from_deck` or `from_definitions`", code="empty")
        return None
    owners = _owners(values["owners"], at.child("owners"))
    if owners is None:
        return None
    tokens = _owned(tokens, owners)
    size, points = _outline(values, at)
    if size is None:
        return None
    result = TokenSet(values["id"], values["name"] or values["id"], values["shape"], size, face,
                      back, tuple(tokens), Source(at.doc.name, at.line, at.path), points,
                      values["crop_ticks"], values["rules"], values["backs"])
    if result.count > PRINTED_TOKENS:
        at.error(f"token set '{result.id}' prints {result.count:,} tokens; the limit is "
                 f"{PRINTED_TOKENS:,} a set", code="too-many-cards")
        return None
    return result


def _owners(raw: tuple, at: At) -> list[dict] | None:
    owners = [s.read_mapping(item, at.child(i), OWNER_KEYS, "owner ({name, mark, color})")
              for i, item in enumerate(raw)]
    if any(o is None or not o.ok for o in owners):
        return None
    names = [o["name"] for o in owners]
    for i, name in enumerate(names):
        if name in names[:i]:
            at.child(i).child("name").error(f"owner '{name}' is named twice", code="duplicate-id")
            return None
    return owners


def _owned(tokens: list[Token], owners: list[dict]) -> list[Token]:
    """Each token once for each owner, binding whose it is; with no owners, the tokens as given."""
    if not owners:
        return tokens
    return [replace(token, values=frozen_map({**token.values, "owner": o["name"],
                                              "owner_mark": o["mark"], "owner_color": o["color"]}))
            for o in owners for token in tokens]


def _outline(values, at: At) -> tuple[float | None, tuple]:
    """The set's size across and, for a path, its corners moved to start at (0, 0)."""
    if values["shape"] != "path":
        if values["points"]:
            at.child("points").error(f"points are for shape: path; a {values['shape']} takes "
                                     "only its size", code="invalid")
            return None, ()
        if values["size"] is None:
            at.error("missing required key 'size' (mm across)", code="missing-key")
        return values["size"], ()
    if not values["points"]:
        at.error("a path needs its corners: points: [[x, y], ...]", code="missing-key")
        return None, ()
    if values["size"] is not None:
        at.child("size").error("a path's size is that of its points; leave size out", code="invalid")
        return None, ()
    low_x = min(x for x, _ in values["points"])
    low_y = min(y for _, y in values["points"])
    points = tuple((x - low_x, y - low_y) for x, y in values["points"])
    width, height = max(x for x, _ in points), max(y for _, y in points)
    if min(width, height) < 8.0:
        at.child("points").error(f"a path must be at least 8 mm each way; these corners span "
                                 f"{width:g} x {height:g} mm", code="range")
        return None, ()
    return width, points


def _made_tokens(values, at: At, decks, definitions, failed_decks) -> list[Token] | None:
    """Tokens made from a deck's cards or from definitions, each binding what it is made from."""
    made = []
    if values["from_deck"] is not None:
        deck = next((d for d in decks if d.id == values["from_deck"]), None)
        if deck is None and values["from_deck"] in failed_decks:
            return None
        if deck is None:
            ids = [d.id for d in decks]
            at.child("from_deck").error(f"no deck '{values['from_deck']}'"
                                        f"{did_you_mean(values['from_deck'], ids)}; the game has: "
                                        f"{', '.join(ids) or 'none'}", code="unknown-reference")
            return None
        where = Source(at.doc.name, at.child("from_deck").line, at.child("from_deck").path)
        made += [Token(card.name, values["copies"], frozen_map({**card.values, "card.id": card.id}),
                       source=card.source or where) for card in deck.cards]
    kinds = values["from_definitions"]
    known = sorted({d.kind for d in definitions.values()})
    for i, kind in enumerate(kinds):
        if kind not in known:
            at.child("from_definitions").child(i).error(
                f"no definition is of kind '{kind}'{did_you_mean(kind, known)}; the game's kinds: "
                f"{', '.join(known) or 'none'}", code="unknown-reference")
            return None
    made += [Token(name, values["copies"], frozen_map({"kind": d.kind, "text": d.text}),
                   source=d.source) for name, d in definitions.items() if d.kind in kinds]
    return made


def _token(spec, at: At) -> Token | None:
    values = s.read_mapping(spec, at, TOKEN_KEYS, "token ({name, copies, values, face, back})")
    if values is None or not values.ok:
        return None
    face = read_face(values["face"], at.child("face")) if values["face"] is not None else None
    back = read_face(values["back"], at.child("back")) if values["back"] is not None else None
    if (values["face"] is not None and face is None) or (values["back"] is not None and back is None):
        return None
    return Token(values["name"], values["copies"], frozen_map(values["values"]), face, back,
                 Source(at.doc.name, at.line, at.path),
                 value_sources(values["values"], at.child("values")))


def read_boards(raw: tuple, at: At) -> tuple[list[Board], bool]:
    """The boards, and whether every one of them read without a problem."""
    boards, ok = [], True
    for i, spec in enumerate(raw):
        board_at = at.child(i)
        values = s.read_mapping(spec, board_at, BOARD_KEYS, "board ({id, width, height, face})")
        face = read_face(values["face"], board_at.child("face")) if values and values.ok else None
        if face is None:
            ok = False
            continue
        if not _board_fits_its_copies_and_splits(values, board_at):
            ok = False
            continue
        boards.append(Board(values["id"], values["name"] or values["id"], values["width"],
                            values["height"], face, Source(at.doc.name, board_at.line, board_at.path),
                            values["copies"], tuple(values["copy_names"]),
                            tuple(frozen_map(v) for v in values["copy_values"]),
                            tuple(values["split_x"]), tuple(values["split_y"]),
                            frozen_map(values["pinned"])))
    return boards, ok


def _board_fits_its_copies_and_splits(values, at: At) -> bool:
    """A name and a set of values for each copy, if any; split lines inside the board."""
    fits = True
    for key, what in (("copy_names", "copy name(s)"), ("copy_values", "sets of copy values")):
        if values[key] and len(values[key]) != values["copies"]:
            at.child(key).error(f"{len(values[key])} {what} for {values['copies']} copies: give "
                                "one for each copy", code="invalid")
            fits = False
    for key, side in (("split_x", "width"), ("split_y", "height")):
        for i, line in enumerate(values[key]):
            if not 0 < line < values[side]:
                at.child(key).child(i).error(f"a split at {line:g} mm is not inside the board's "
                                             f"{side} of {values[side]:g} mm", code="invalid")
                fits = False
    return fits
