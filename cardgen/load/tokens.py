"""Token sets from game.yaml: each set's shape, size and faces, and the tokens in it."""
from __future__ import annotations

from cardgen import schema as s
from cardgen.load.game_schema import FACE_KEYS, TOKEN_KEYS, TOKEN_SET_KEYS
from cardgen.model import Face, Source, Token, TokenSet, frozen_map
from cardgen.schema import At

MAX_TOKENS = 2000    # printed tokens in one set


def read_token_sets(raw: tuple, at: At) -> tuple[list[TokenSet], bool]:
    """The token sets, and whether every one of them read without a problem."""
    sets, ok = [], True
    for i, spec in enumerate(raw):
        token_set = _token_set(spec, at.child(i))
        ok = ok and token_set is not None
        if token_set is not None:
            sets.append(token_set)
    return sets, ok


def _token_set(spec, at: At) -> TokenSet | None:
    values = s.read_mapping(spec, at, TOKEN_SET_KEYS, "token set")
    if values is None or not values.ok:
        return None
    face = _face(values["face"], at.child("face"))
    back = _face(values["back"], at.child("back")) if values["back"] is not None else None
    tokens = [_token(item, at.child("tokens").child(i)) for i, item in enumerate(values["tokens"])]
    if face is None or (values["back"] is not None and back is None) or None in tokens:
        return None
    if not tokens:
        at.child("tokens").error("a token set needs at least one token", code="empty")
        return None
    result = TokenSet(values["id"], values["name"] or values["id"], values["shape"], values["size"],
                      face, back, tuple(tokens), Source(at.doc.name, at.line, at.path))
    if result.count > MAX_TOKENS:
        at.error(f"token set '{result.id}' prints {result.count:,} tokens; the limit is "
                 f"{MAX_TOKENS:,} a set", code="too-many-cards")
        return None
    return result


def _token(spec, at: At) -> Token | None:
    values = s.read_mapping(spec, at, TOKEN_KEYS, "token ({name, copies, values, face, back})")
    if values is None or not values.ok:
        return None
    face = _face(values["face"], at.child("face")) if values["face"] is not None else None
    back = _face(values["back"], at.child("back")) if values["back"] is not None else None
    if (values["face"] is not None and face is None) or (values["back"] is not None and back is None):
        return None
    return Token(values["name"], values["copies"], frozen_map(values["values"]), face, back,
                 Source(at.doc.name, at.line, at.path))


def _face(raw, at: At) -> Face | None:
    values = s.read_mapping(raw, at, FACE_KEYS, "face ({layout, values})")
    if values is None or not values.ok:
        return None
    layout_at = at.child("layout")
    return Face(values["layout"], frozen_map(values["values"]),
                Source(at.doc.name, layout_at.line, layout_at.path))
