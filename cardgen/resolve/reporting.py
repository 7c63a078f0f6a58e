"""Binding problems as diagnostics: each at the line that gave the value, and a problem of a layout
itself (the same on many faces) once, at the layout's element; a problem of one value that many
faces share (a deck's value on each of its cards) once, at that value."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from cardgen.base.errors import Problem, Report, pinned
from cardgen.resolve.bind import ElementProblem
from cardgen.base.model import Card, Source, frozen_map


@dataclass(frozen=True)
class FaceProblems:
    """One face's binding problems: a card's front (`card`), or another face (a back, a token, a
    board) given at `where` and called `whose`; `given` names the values the data gives it, and
    `sources` says where each value whose line is known is written."""

    problems: tuple[ElementProblem, ...]
    layout: str
    given: frozenset
    card: Card | None = None
    where: Source | None = None
    whose: str | None = None
    sources: Mapping = field(default_factory=frozen_map)


def card_problems(card: Card, problems, layout: str, sources: Mapping) -> FaceProblems:
    """A card front's problems; `sources` are those of the values it binds beyond its own
    fields (its deck's)."""
    return FaceProblems(tuple(problems), layout, frozenset(card.field_sources), card,
                        sources=frozen_map({**sources, **card.field_sources}))


def face_problems(problems, layout: str, where: Source, whose: str, given,
                  sources: Mapping) -> FaceProblems:
    return FaceProblems(tuple(problems), layout, frozenset(given), where=where, whose=whose,
                        sources=sources)


def _origin(face: FaceProblems, found: ElementProblem) -> Source | None:
    """Where the one value a problem came of is written, when the face knows."""
    fields = found.problem.fields
    return face.sources.get(fields[0]) if len(fields) == 1 else None


def _at(found: ElementProblem, where: Source, message: str) -> Problem:
    """The element's problem pinned at `where`, told in `message`."""
    return pinned(found.problem, where.file, where.line, where.path, message)


def _key(face: FaceProblems, p: ElementProblem) -> tuple:
    """What makes two problems one: the same problem of the same value in the data, whichever
    elements and faces show it; else the same problem of the same layout element."""
    origin = _origin(face, p)
    if origin is not None:
        return (p.problem.code, p.problem.message, origin)
    return (face.layout, p.element.name, p.problem.code, p.problem.message)


def report_face_problems(found: list[FaceProblems], report: Report) -> None:
    """Each face's problems at their own lines. The same problem on several faces is reported
    once: at the value they share (a deck's value on its cards), or, tied to none of the faces'
    given values, at the layout element (a misspelt {{field}}, say)."""

    shared: dict[tuple, dict[int, FaceProblems]] = {}    # each face once, however often it has it
    for face in found:
        for p in face.problems:
            if _origin(face, p) is not None or not any(f in face.given for f in p.problem.fields):
                shared.setdefault(_key(face, p), {})[id(face)] = face
    once = {k for k, faces in shared.items() if len(faces) > 1}
    for face in found:
        report_problems([p for p in face.problems if _key(face, p) not in once], face, report)
    for face in found:
        for p in face.problems:
            if _key(face, p) in once:
                once.discard(_key(face, p))
                origin = _origin(face, p)
                element = p.element.source
                at = f", {element.file}:{element.line}" if origin else ""
                report.add(_at(p, origin or element,
                               f"{p.problem.message} ({_on(list(shared[_key(face, p)].values()))}; "
                               f"layout '{face.layout}', element '{p.element.name}'{at})"))


def _on(faces: list[FaceProblems]) -> str:
    """Which faces a layout's problem is on: so many cards of which decks, or so many faces."""
    cards = [f.card for f in faces if f.card is not None]
    if len(cards) < len(faces):
        return f"on {len(faces)} faces, e.g. {faces[0].whose}"
    names = list(dict.fromkeys(f"'{c.deck}'" for c in cards))
    decks = ("deck " if len(names) == 1 else "decks ") + ", ".join(names)
    return f"on {len(cards)} cards of {decks}, e.g. '{cards[0].name}'"


def report_problems(problems: list[ElementProblem], face: FaceProblems, report: Report) -> None:
    """Each problem at the line of the value it came from (or at the card, or where the face is
    given), saying whose face it is on: the card's, or the face's own (a back, a token, a
    board)."""
    card = face.card
    told = set()
    for p in problems:
        if _key(face, p) in told:
            continue
        told.add(_key(face, p))
        where = _origin(face, p) or (card.source if card is not None else face.where)
        whose = face.whose or (f"card '{card.name}'" if card is not None else "back")
        element = p.element.source
        report.add(_at(p, where, f"{whose}: {p.problem.message} (layout '{face.layout}', "
                                 f"element '{p.element.name}', {element.file}:{element.line})"))
