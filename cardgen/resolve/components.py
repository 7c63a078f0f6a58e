"""The faces of a game's other components, bound like cards: every token's front and back, and
every board. A token binds its name, copies, set and the values its set, token and face give; a
board binds its name and its face's values; both bind the game's values as game.<name>."""
from __future__ import annotations

from typing import Mapping

from cardgen.base.errors import Report
from cardgen.resolve.bind import CardFace, bind_elements, bind_face
from cardgen.resolve.scope import plain_scope
from cardgen.resolve.deck_fit import caps_for, deck_sizes
from cardgen.resolve.library import LayoutLibrary
from cardgen.resolve.reporting import face_problems, report_face_problems
from cardgen.base.model import Face, Game, Token, TokenSet, frozen_map
from cardgen.shared.packing import TOKEN_BLEED
from cardgen.shared.token_shapes import footprint


def token_values(game: Game, token_set: TokenSet, token: Token, face: Face) -> dict:
    return {**game.bound_values, "set.id": token_set.id, "set.name": token_set.name,
            "set.shape": token_set.shape, "name": token.name, "copies": token.copies, **face.values, **token.values}


def resolve_tokens(game: Game, library: LayoutLibrary, shared: dict, report: Report) -> Mapping:
    """(set id, token index, "front" or "back") -> the bound face; a one-sided token has no back.
    Faces of one set drawn with one layout set a shrinking text at one size, as a deck does."""
    out, found = {}, []
    legibility = game.legibility
    for token_set in game.token_sets:
        width, height = footprint(token_set.shape, token_set.size, token_set.points)
        alike: dict[tuple, dict] = {}       # (side, layout name) -> key -> (layout, scope, name)
        bound, told = {}, {}                # key -> its BoundFace; what its problems are told with
        for index, token in enumerate(token_set.tokens):
            for side, face in (("front", token.face or token_set.face),
                               ("back", token.back or token_set.back)):
                if face is None or (layout := library.get(face.layout, face.source)) is None:
                    continue
                scope = plain_scope(token_values(game, token_set, token, face))
                key = (token_set.id, index, side)
                bound[key] = bind_elements("/".join(map(str, key)), layout, scope,
                                           width, height, TOKEN_BLEED, shared)
                told[key] = (layout.name, token.source or face.source,
                              f"token '{token.name}' {side}", scope.values,
                              {**face.value_sources, **token.value_sources})
                alike.setdefault((side, layout.name), {})[key] = (layout, scope, token.name)
        for group in alike.values():
            layout = next(iter(group.values()))[0]
            sizes = deck_sizes(layout, {k: bound[k].face for k in group},
                               {k: name for k, (_, _, name) in group.items()},
                               legibility.min_text_size, legibility.min_fine_print_size)
            for key, (layout, scope, _) in group.items():
                if caps := caps_for(sizes, bound[key].face):
                    bound[key] = bind_elements("/".join(map(str, key)), layout, scope, width,
                                               height, TOKEN_BLEED, shared, caps, first=bound[key])
        for key, faced in bound.items():
            out[key] = faced.face
            found.append(face_problems(faced.problems(), *told[key]))
    report_face_problems(found, report)
    return frozen_map(out)


def resolve_boards(game: Game, library: LayoutLibrary, shared: dict, report: Report) -> Mapping:
    """Board id -> its bound faces, one a copy, each as large as the board. A copy binds its
    number (copy), its name (copy_name) and its own values over the face's."""
    out: dict[str, tuple[CardFace, ...]] = {}
    found = []
    for board in game.boards:
        layout = library.get(board.face.layout, board.face.source)
        if layout is None:
            continue
        check_pinned(board, layout, report)
        faces = []
        for number in range(1, board.copies + 1):
            values = {**game.bound_values, "name": board.name, **board.face.values,
                      **board.values_of(number)}
            face, problems = bind_face(f"board/{board.id}/{number}", layout, plain_scope(values),
                                       board.width, board.height, game.print.bleed, shared)
            faces.append(face)
            copy = board.copy_name(number)
            found.append(face_problems(problems, layout.name, board.face.source,
                                       f"board '{board.name}'" + (f", {copy}" if copy else ""),
                                       values, board.face.value_sources))
        out[board.id] = tuple(faces)
    report_face_problems(found, report)
    return frozen_map(out)


def check_pinned(board, layout, report: Report) -> None:
    """The layout values the rules fix (`pinned: {tiles.rows: 6}`), as the layout writes them:
    one that differs is an error where the layout sets it."""
    elements = {spec.name: spec for spec in layout.elements}
    for key, wanted in board.pinned.items():
        name, _, attribute = str(key).partition(".")
        spec = elements.get(name)
        where = board.source
        if spec is None or attribute not in spec.values:
            report.error(where.file, where.line, where.path + ("pinned", key),
                         f"board '{board.name}' pins {key}, but its layout '{layout.name}' has no "
                         f"element '{name}' with a '{attribute}'", code="pinned")
        elif spec.values[attribute] != wanted:
            at = spec.origins.get(attribute)
            file, line, path = ((at.doc.name, at.line, at.path) if at is not None
                                else (spec.source.file, spec.source.line, spec.source.path))
            report.error(file, line, path, f"{name}.{attribute} is {spec.values[attribute]!r}, "
                         f"but board '{board.name}' pins it at {wanted!r}, as the rules fix it",
                         code="pinned")
