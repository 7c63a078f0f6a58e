"""Names that point elsewhere: [[Term]] in card text, definitions and documents, and fields
that name other cards (`reference`, `references`).

A [[Name]] resolves to a glossary term, a definition (a named game structure such as a condition
or a token), or a card's name. Definitions may build on each other, but never in a circle, and a
definition nothing uses is worth a warning.
"""
from __future__ import annotations

from functools import lru_cache

from cardgen.base import markup
from cardgen.base.errors import Report, did_you_mean
from cardgen.shared.conditions import parse_condition
from cardgen.fields import field_type
from cardgen.base.model import Game, Source


def known_names(game: Game) -> dict[str, str]:
    """Every name a [[reference]] may use, folded to lower case, with what it names."""
    names = {term.casefold(): "term" for term in game.glossary}
    names.update({name.casefold(): "definition" for name in game.definitions})
    for deck in game.decks:
        names.update({card.name.casefold(): "card" for card in deck.cards})
    return names


def check_references(game: Game, report: Report) -> None:
    names = known_names(game)
    if not game.every_card_read:
        # a card that failed to load has its own error; a [[reference]] to it is no second one
        report = _KnownNamesOnly(report)
    cards = {c.name.casefold(): c for deck in game.decks for c in deck.cards}   # indexed once
    used: dict[str, Source] = {}
    for deck in game.decks:
        card_type = game.card_types[deck.card_type]
        kinds = {d.name: field_type(d.type) for d in card_type.fields}
        text_fields = [name for name, kind in kinds.items() if kind.markup]
        for card in deck.cards:
            for field in text_fields:
                value = card.values.get(field)
                if isinstance(value, str):
                    _check_text(value, card.where(field), names, used, report, f"card '{card.name}'")
            for decl in card_type.fields:
                if decl.name in card.values:
                    for target in kinds[decl.name].cards_named(card.values[decl.name]):
                        _check_card_reference(cards, card, decl, target, report,
                                              game.every_card_read)
    for entry in game.changelog:
        for change in entry.changes:
            _check_text(change, entry.source, names, used, report, f"changelog {entry.version}")
    for document in game.documents:
        for text, line in document.texts():
            _check_text(text, Source(document.file, line), names, used, report,
                        f"document '{document.id}'")
    graph = {}
    for name, definition in game.definitions.items():
        refs = markup.parse(definition.text).terms
        graph[name.casefold()] = [r.casefold() for r in refs]
        for ref in refs:
            _resolve(ref, definition.source, names, {}, report, f"definition '{name}'")
    _check_cycles(game, graph, report)
    reached = _reachable({n for n in used}, graph)
    for name, definition in game.definitions.items():
        if name.casefold() not in reached:
            report.warning(definition.source.file, definition.source.line, definition.source.path,
                           f"definition '{name}' is not used by any card", code="unused-definition")


def _check_card_reference(cards: dict, card, decl, target: str, report: Report,
                          every_card_read: bool) -> None:
    where = card.where(decl.name)
    found = cards.get(target.casefold())
    problem = None
    if found is None and not every_card_read:
        return      # it may be a card that failed to load, whose own error is reported
    if found is None:
        problem = f"names card '{target}', which no deck has{did_you_mean(target, [c.name for c in cards.values()])}"
    elif decl.options.get("card_type") and found.card_type != decl.options["card_type"]:
        problem = f"names '{target}', a {found.card_type} card; expected a {decl.options['card_type']} card"
    elif decl.options.get("where") and not _condition(decl.options["where"]).holds(found.values.get):
        problem = f"names '{target}', which does not meet '{decl.options['where']}'"
    if problem:
        report.error(where.file, where.line, where.path, f"card '{card.name}': {decl.name} {problem}",
                     code="bad-reference")


@lru_cache(maxsize=256)
def _condition(text: str):
    return parse_condition(text)


class _KnownNamesOnly:
    """A report that passes everything on but the undefined-term errors: used while some card
    could not be read, when an unknown name may be that card's."""

    def __init__(self, report: Report):
        self._report = report

    def error(self, file, line, path, message, code="invalid") -> None:
        if code != "undefined-term":
            self._report.error(file, line, path, message, code=code)

    def __getattr__(self, name):
        return getattr(self._report, name)


def _check_text(text: str, where: Source, names, used, report, owner) -> None:
    for term in markup.parse(text).terms:
        _resolve(term, where, names, used, report, owner)


def _resolve(name: str, where: Source, names, used, report: Report, owner: str) -> None:
    key = name.casefold()
    if key in names:
        used.setdefault(key, where)
        return
    report.error(where.file, where.line, where.path,
                 f"{owner}: '[[{name}]]' is not a glossary term, definition or card name"
                 f"{did_you_mean(name, names)}", code="undefined-term")


def _reachable(start: set[str], graph: dict[str, list[str]]) -> set[str]:
    seen, stack = set(), list(start)
    while stack:
        name = stack.pop()
        if name not in seen:
            seen.add(name)
            stack.extend(graph.get(name, ()))
    return seen


def _check_cycles(game: Game, graph: dict[str, list[str]], report: Report) -> None:
    """Report each circle of definitions once. A depth-first walk with its own stack, so a chain
    of thousands of definitions is no deeper for Python than a chain of two."""
    by_key = {name.casefold(): (name, d) for name, d in game.definitions.items()}
    state: dict[str, int] = {}   # 1 = on the current path, 2 = done
    reported: set[frozenset] = set()
    for start in sorted(graph):
        if start in state:
            continue
        path, stack = [start], [iter(graph.get(start, ()))]
        state[start] = 1
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                stack.pop()
            elif nxt in graph and state.get(nxt) == 1:
                cycle = path[path.index(nxt):] + [nxt]
                if frozenset(cycle) not in reported:
                    reported.add(frozenset(cycle))
                    _, definition = by_key[nxt]
                    shown = " -> ".join(_shortened([by_key[c][0] for c in cycle]))
                    report.error(definition.source.file, definition.source.line,
                                 definition.source.path, f"definitions refer to each other in a "
                                 f"circle: {shown}", code="definition-cycle")
            elif nxt in graph and nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                stack.append(iter(graph.get(nxt, ())))


def _shortened(names: list[str], keep: int = 6) -> list[str]:
    return names if len(names) <= 2 * keep else names[:keep] + ["..."] + names[-keep:]
