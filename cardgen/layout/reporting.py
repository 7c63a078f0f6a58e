"""Binding problems as diagnostics: each at the line that gave the value, and a problem of a layout
itself (the same on many faces) once, at the layout's element."""
from __future__ import annotations

from dataclasses import dataclass

from cardgen.errors import Diagnostic, Report, Severity
from cardgen.layout.bind import Problem
from cardgen.model import Card, Source


@dataclass(frozen=True)
class FaceProblems:
    """One face's binding problems: a card's front (`card`), or another face (a back, a token, a
    board) given at `where` and called `whose`; `given` names the values the data gives it."""

    problems: tuple[Problem, ...]
    layout: str
    given: frozenset
    card: Card | None = None
    where: Source | None = None
    whose: str | None = None


def card_problems(card: Card, problems, layout: str) -> FaceProblems:
    return FaceProblems(tuple(problems), layout, frozenset(card.field_sources), card)


def face_problems(problems, layout: str, where: Source, whose: str, given) -> FaceProblems:
    return FaceProblems(tuple(problems), layout, frozenset(given), where=where, whose=whose)


def report_face_problems(found: list[FaceProblems], report: Report) -> None:
    """Each face's problems at its own line; a problem tied to none of a face's given values and
    the same on several faces is the layout's own (a misspelt {{field}}, say), reported once, at
    the layout element."""
    def key(face: FaceProblems, p: Problem) -> tuple:
        return (face.layout, p.element.name, p.code, p.message)

    shared: dict[tuple, dict[int, FaceProblems]] = {}    # each face once, however often it has it
    for face in found:
        for p in face.problems:
            if not any(f in face.given for f in p.fields):
                shared.setdefault(key(face, p), {})[id(face)] = face
    once = {k for k, faces in shared.items() if len(faces) > 1}
    for face in found:
        report_problems([p for p in face.problems if key(face, p) not in once], face.card,
                        face.layout, report, face.where, face.whose)
    for face in found:
        for p in face.problems:
            if key(face, p) in once:
                once.discard(key(face, p))
                where = p.element.source
                severity = Severity.WARNING if p.severity == "warning" else Severity.ERROR
                report.add(Diagnostic(where.file, where.line, where.path,
                                      f"{p.message} ({_on(list(shared[key(face, p)].values()))}; "
                                      f"layout '{face.layout}', element '{p.element.name}')",
                                      severity, p.code))


def _on(faces: list[FaceProblems]) -> str:
    """Which faces a layout's problem is on: so many cards of which decks, or so many faces."""
    cards = [f.card for f in faces if f.card is not None]
    if len(cards) < len(faces):
        return f"on {len(faces)} faces, e.g. {faces[0].whose}"
    names = list(dict.fromkeys(f"'{c.deck}'" for c in cards))
    decks = ("deck " if len(names) == 1 else "decks ") + ", ".join(names)
    return f"on {len(cards)} cards of {decks}, e.g. '{cards[0].name}'"


def report_problems(problems: list[Problem], card: Card | None, layout: str, report: Report,
                    fallback: Source | None = None, subject: str | None = None) -> None:
    """Each problem at the line of the card field it came from (or at `fallback`), saying whose
    face it is on: the card's, or `subject` (a back, a token, a board)."""
    for p in problems:
        where = fallback
        if card is not None:
            field = p.fields[0] if len(p.fields) == 1 else None
            where = card.where(field if field in card.field_sources else None)
        whose = subject or (f"card '{card.name}'" if card is not None else "back")
        message = (f"{whose}: {p.message} (layout '{layout}', element '{p.element.name}', "
                   f"{p.element.source.file}:{p.element.source.line})")
        severity = Severity.WARNING if p.severity == "warning" else Severity.ERROR
        report.add(Diagnostic(where.file, where.line, where.path, message, severity, p.code))
