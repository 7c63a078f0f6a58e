"""Deck rules written in data: totals, counts per value, copies, and fields a condition requires.

    rules:
      - total: {equals: 35}                      # cards in the deck (copies counted)
      - per_value: {field: suit, equals: 7}      # each value of `suit` on exactly 7 cards
      - copies: {equals: 2}                      # every card printed twice
      - require: {field: damage, when: "suit != Spirit"}
      - forbid: {field: damage, when: "suit == Spirit"}
      - sequence: {field: order, start: 1}       # values run start, start+1, ... with no gap
"""
from __future__ import annotations

from typing import Mapping

from cardgen.errors import Report, did_you_mean
from cardgen.load.rule_schema import RULE_KEYS, Rule
from cardgen.model import Card, CardType, Deck, Source


def _bounds_text(options: Mapping) -> str:
    if options.get("equals") is not None:
        return f"exactly {options['equals']}"
    parts = []
    if options.get("min") is not None:
        parts.append(f"at least {options['min']}")
    if options.get("max") is not None:
        parts.append(f"at most {options['max']}")
    return " and ".join(parts)


def _out_of_bounds(n: int, options: Mapping) -> bool:
    if options.get("equals") is not None and n != options["equals"]:
        return True
    return (options.get("min") is not None and n < options["min"]) or (
        options.get("max") is not None and n > options["max"])


def _applies(rule: Rule, card: Card) -> bool:
    when = rule.options.get("when")
    return when is None or when.holds(card.values.get)


def check_rules(deck: Deck, card_type: CardType, rules: tuple[Rule, ...], report: Report) -> None:
    for rule in rules:
        if _names_known(card_type, rule, report):
            cards = [c for c in deck.cards if _applies(rule, c)]
            CHECKERS[rule.kind](deck, card_type, rule, cards, report)


def _names_known(card_type: CardType, rule: Rule, report: Report) -> bool:
    """A rule about a field the card type does not have would pass or fail for no reason."""
    fields = [f.name for f in card_type.fields]
    when = rule.options.get("when")
    names = ([rule.options["field"]] if "field" in rule.options else []) + sorted(
        when.names if when else ())
    unknown = [n for n in names if n not in fields]
    for name in unknown:
        _err(report, rule.source, f"{rule.kind} rule names '{name}', which card type "
             f"'{card_type.id}' does not declare{did_you_mean(name, fields)}", "unknown-field")
    return not unknown


def _err(report: Report, where: Source, message: str, code: str) -> None:
    report.error(where.file, where.line, where.path, message, code=code)


def _check_total(deck, card_type, rule, cards, report):
    copies = rule.options["count"] == "copies"
    n = sum(c.copies for c in cards) if copies else len(cards)
    if _out_of_bounds(n, rule.options):
        what = "cards to print" if copies else "different cards"
        _err(report, rule.source, f"deck '{deck.id}' has {n} {what}; the rules need "
             f"{_bounds_text(rule.options)}", "deck-total")


def _check_per_value(deck, card_type, rule, cards, report):
    field = rule.options["field"]
    copies = rule.options["count"] == "copies"
    groups: dict = {}
    for card in cards:
        if field in card.values:
            groups.setdefault(card.values[field], []).append(card)
    decl = card_type.field(field)
    choices = tuple(decl.options.get("choices") or ()) if decl else ()
    for value in list(groups) + [c for c in choices if c not in groups]:
        members = groups.get(value, [])
        n = sum(c.copies for c in members) if copies else len(members)
        if not _out_of_bounds(n, rule.options):
            continue
        limit = rule.options.get("equals") if rule.options.get("equals") is not None else \
            rule.options.get("max")
        message = (f"{field} '{value}' has {n} card{'s' * (n != 1)} in deck '{deck.id}'; the rules "
                   f"need {_bounds_text(rule.options)}")
        if limit is not None and n > limit and not copies:
            extra = members[limit]
            _err(report, extra.where(field), f"card '{extra.name}': {message}", "count-per-value")
        else:
            _err(report, rule.source, message, "count-per-value")


def _check_copies(deck, card_type, rule, cards, report):
    for card in cards:
        if _out_of_bounds(card.copies, rule.options):
            _err(report, card.source, f"card '{card.name}' has {card.copies} copies in deck "
                 f"'{deck.id}'; the rules need {_bounds_text(rule.options)}", "copies")


def _check_require(deck, card_type, rule, cards, report):
    field = rule.options["field"]
    when = rule.options.get("when")
    for card in cards:
        if card.values.get(field) in (None, "", ()):
            condition = f" when {when.text}" if when else ""
            _err(report, card.source, f"card '{card.name}' needs a value for '{field}'{condition}",
                 "required-by-rule")


def _check_forbid(deck, card_type, rule, cards, report):
    field = rule.options["field"]
    when = rule.options.get("when")
    for card in cards:
        if card.values.get(field) not in (None, "", ()):
            condition = f" when {when.text}" if when else ""
            _err(report, card.where(field), f"card '{card.name}' may not give '{field}'{condition}",
                 "forbidden-by-rule")


def _check_sequence(deck, card_type, rule, cards, report):
    field = rule.options["field"]
    values = sorted(c.values[field] for c in cards if isinstance(c.values.get(field), int))
    start = rule.options["start"]
    expected = list(range(start, start + len(values)))
    if values != expected:
        missing = sorted(set(expected) - set(values))
        shown = ", ".join(map(str, missing[:10])) + (f" and {len(missing) - 10} more" if len(missing) > 10 else "")
        detail = f"missing {shown}" if missing else "values repeat or jump"
        _err(report, rule.source, f"{field} in deck '{deck.id}' must run {start} to "
             f"{start + len(values) - 1} with no gap: {detail}", "sequence")


CHECKERS = {
    "total": _check_total,
    "per_value": _check_per_value,
    "copies": _check_copies,
    "require": _check_require,
    "forbid": _check_forbid,
    "sequence": _check_sequence,
}
