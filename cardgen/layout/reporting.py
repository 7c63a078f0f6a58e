"""Binding problems as diagnostics: each at the line that gave the value, and a problem of a layout
itself (the same on many cards) once, at the layout's element."""
from __future__ import annotations

from cardgen.errors import Diagnostic, Report, Severity
from cardgen.layout.bind import Problem
from cardgen.model import Card, Source


def report_card_problems(found: list[tuple[Card, list[Problem], str]], report: Report) -> None:
    """Each card's problems; a problem of a layout itself (the same on several cards, tied to no
    field they give, such as a misspelt {{field}}) is reported once, at the layout element."""
    shared: dict[tuple, dict[int, Card]] = {}        # each card once, however often it has it
    for card, problems, layout in found:
        for p in problems:
            if not any(f in card.field_sources for f in p.fields):
                key = (layout, p.element.name, p.code, p.message)
                shared.setdefault(key, {})[id(card)] = card
    once = {key for key, cards in shared.items() if len(cards) > 1}
    for card, problems, layout in found:
        report_problems([p for p in problems
                         if (layout, p.element.name, p.code, p.message) not in once],
                        card, layout, report)
    for card, problems, layout in found:
        for p in problems:
            key = (layout, p.element.name, p.code, p.message)
            if key in once:
                once.discard(key)
                cards = list(shared[key].values())
                names = list(dict.fromkeys(f"'{c.deck}'" for c in cards))
                decks = ("deck " if len(names) == 1 else "decks ") + ", ".join(names)
                where = p.element.source
                severity = Severity.WARNING if p.severity == "warning" else Severity.ERROR
                report.add(Diagnostic(where.file, where.line, where.path,
                                      f"{p.message} (on {len(cards)} cards of {decks}, e.g. "
                                      f"'{cards[0].name}'; layout '{layout}', element "
                                      f"'{p.element.name}')", severity, p.code))


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


def report_faces_problems(found: list[tuple[list[Problem], str, Source, str, frozenset]],
                          report: Report) -> None:
    """Problems of faces that are not cards (tokens, backs, boards), each given as (problems,
    layout, where the face is given, whose face it is, the names of the values it is given): a
    problem tied to none of its values and the same on several faces is the layout's own (a
    misspelt {{name}}, say), reported once, at the layout element; the rest at each face."""
    faces: dict[tuple, list[str]] = {}
    for problems, layout, _, subject, given in found:
        for p in problems:
            if any(f in given for f in p.fields):
                continue
            whose = faces.setdefault((layout, p.element.name, p.code, p.message), [])
            if subject not in whose:
                whose.append(subject)
    once = {key for key, whose in faces.items() if len(whose) > 1}
    for problems, layout, where, subject, _ in found:
        report_problems([p for p in problems
                         if (layout, p.element.name, p.code, p.message) not in once],
                        None, layout, report, where, subject)
    for problems, layout, _, _, _ in found:
        for p in problems:
            key = (layout, p.element.name, p.code, p.message)
            if key in once:
                once.discard(key)
                whose, source = faces[key], p.element.source
                severity = Severity.WARNING if p.severity == "warning" else Severity.ERROR
                report.add(Diagnostic(source.file, source.line, source.path,
                                      f"{p.message} (on {len(whose)} faces, e.g. {whose[0]}; "
                                      f"layout '{layout}', element '{p.element.name}')",
                                      severity, p.code))
