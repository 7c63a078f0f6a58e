"""Rules written in data about a deck's cards or a token set's tokens, checked: totals, counts
per value, copies, fields a condition requires, sequences (the keys each rule takes, with an
example, are in load/rule_schema)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from cardgen.base.errors import Report, did_you_mean
from cardgen.load.rule_schema import Rule
from cardgen.base.model import CardType, Deck, Source, TokenSet, frozen_map
from cardgen.validate.structure import check_fixed, check_no_repeat


NAMED_OTHERS = 3     # a value's other cards a broken count names: the duplicates of a small group


@dataclass(frozen=True)
class Group:
    """What rules count: a deck's cards or a token set's tokens, each with a name, copies,
    values and a source (`where`)."""

    id: str
    label: str                   # "deck 'heroes'", as messages name it
    noun: str                    # "card" or "token"
    items: tuple
    fields: tuple                # the names rules may use
    owner: str                   # where those names are declared, for messages
    choices: Mapping = field(default_factory=frozen_map)   # field -> every value it may take
    changed: frozenset = frozenset()   # ids of items added or changed since the published edition


def deck_group(deck: Deck, card_type: CardType, changed: frozenset = frozenset()) -> Group:
    return Group(deck.id, f"deck '{deck.id}'", "card", deck.cards,
                 tuple(f.name for f in card_type.fields), f"card type '{card_type.id}'",
                 frozen_map({f.name: tuple(f.options.get("choices") or ()) for f in card_type.fields}),
                 changed)


def token_group(token_set: TokenSet) -> Group:
    names = {name for token in token_set.tokens for name in token.values} | {"name", "copies"}
    return Group(token_set.id, f"token set '{token_set.id}'", "token",
                 tuple(_Counted(t.name, t.copies, frozen_map({**t.values, "name": t.name,
                                                              "copies": t.copies}), t.source
                                or token_set.source) for t in token_set.tokens),
                 tuple(sorted(names)), f"token set '{token_set.id}' (its tokens' values)")


@dataclass(frozen=True)
class _Counted:
    name: str
    copies: int
    values: Mapping
    source: Source

    def where(self, field_name: str | None = None) -> Source:
        return self.source


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


def _applies(rule: Rule, item) -> bool:
    when = rule.options.get("when")
    return when is None or when.holds(item.values.get)


def check_rules(group: Group, rules: tuple[Rule, ...], report: Report) -> None:
    for rule in rules:
        if _names_known(group, rule, report):
            items = [c for c in group.items if _applies(rule, c)]
            CHECKERS[rule.kind](group, rule, items, report)


def _names_known(group: Group, rule: Rule, report: Report) -> bool:
    """A rule about a field the items do not have would pass or fail for no reason."""
    when = rule.options.get("when")
    names = [rule.options[k] for k in ("field", "per") if rule.options.get(k)] + sorted(
        when.names if when else ()) + list(rule.options.get("fields") or ()) + list(
        rule.options.get("values") or ())
    unknown = [n for n in names if n not in group.fields]
    for name in unknown:
        _err(report, rule.source, f"{rule.kind} rule names '{name}', which {group.owner} does not "
             f"declare{did_you_mean(name, group.fields)}", "unknown-field")
    return not unknown


def _err(report: Report, where: Source, message: str, code: str) -> None:
    report.error(where.file, where.line, where.path, message, code=code)


def _check_total(group, rule, cards, report):
    copies = rule.options["count"] == "copies"
    n = sum(c.copies for c in cards) if copies else len(cards)
    if _out_of_bounds(n, rule.options):
        what = f"{group.noun}s to print" if copies else f"different {group.noun}s"
        _err(report, rule.source, f"{group.label} has {n} {what}; the rules need "
             f"{_bounds_text(rule.options)}", "deck-total")


def _check_per_value(group, rule, cards, report):
    field = rule.options["field"]
    copies = rule.options["count"] == "copies"
    groups: dict = {}
    for card in cards:
        if field in card.values:
            groups.setdefault(card.values[field], []).append(card)
    choices = group.choices.get(field, ())
    for value in list(groups) + [c for c in choices if c not in groups]:
        members = groups.get(value, [])
        n = sum(c.copies for c in members) if copies else len(members)
        if not _out_of_bounds(n, rule.options):
            continue
        limit = rule.options.get("equals") if rule.options.get("equals") is not None else \
            rule.options.get("max")
        message = (f"{field} '{value}' has {n} {group.noun}{'s' * (n != 1)} in {group.label}; the "
                   f"rules need {_bounds_text(rule.options)}")
        if limit is not None and n > limit and not copies:
            # the card that broke the rule: one added or changed since the published edition,
            # else the first past the limit in file order
            extra = next((m for m in members if getattr(m, "id", None) in group.changed),
                         members[limit])
            others = [f"'{m.name}'" for m in members if m is not extra]
            named = f" (the other{'s' * (n > 2)}: {', '.join(others)})" if n <= NAMED_OTHERS + 1 else ""
            _err(report, extra.where(field), f"{group.noun} '{extra.name}': {message}{named}",
                 "count-per-value")
        else:
            _err(report, rule.source, message, "count-per-value")


def _check_copies(group, rule, cards, report):
    for card in cards:
        if _out_of_bounds(card.copies, rule.options):
            _err(report, card.source, f"{group.noun} '{card.name}' has {card.copies} copies in "
                 f"{group.label}; the rules need {_bounds_text(rule.options)}", "copies")


def _check_require(group, rule, cards, report):
    field = rule.options["field"]
    when = rule.options.get("when")
    for card in cards:
        if card.values.get(field) in (None, "", ()):
            condition = f" when {when.text}" if when else ""
            _err(report, card.source, f"{group.noun} '{card.name}' needs a value for '{field}'{condition}",
                 "required-by-rule")


def _check_forbid(group, rule, cards, report):
    field = rule.options["field"]
    when = rule.options.get("when")
    for card in cards:
        if card.values.get(field) not in (None, "", ()):
            condition = f" when {when.text}" if when else ""
            _err(report, card.where(field), f"{group.noun} '{card.name}' may not give '{field}'{condition}",
                 "forbidden-by-rule")


def _check_sequence(group, rule, cards, report):
    field = rule.options["field"]
    values = sorted(c.values[field] for c in cards if isinstance(c.values.get(field), int))
    start = rule.options["start"]
    expected = list(range(start, start + len(values)))
    if values != expected:
        missing = sorted(set(expected) - set(values))
        shown = ", ".join(map(str, missing[:10])) + (f" and {len(missing) - 10} more" if len(missing) > 10 else "")
        detail = f"missing {shown}" if missing else "values repeat or jump"
        _err(report, rule.source, f"{field} in {group.label} must run {start} to "
             f"{start + len(values) - 1} with no gap: {detail}", "sequence")


def _check_needs(group, rule, cards, report):
    """The copies printed cover the worst case the rules allow, for each value of `per`."""
    per, least = rule.options.get("per"), rule.options["min"]
    counts: dict = {}
    for card in cards:
        value = card.values.get(per) if per else None
        counts[value] = counts.get(value, 0) + card.copies
    for value, n in (counts or {None: 0}).items():
        if n < least:
            whose = f" for {per} '{value}'" if per else ""
            when = rule.options.get("when")
            which = f" ({when.text})" if when else ""
            _err(report, rule.source, f"{group.label} prints {n} {group.noun}{'s' * (n != 1)}"
                 f"{which}{whose}; play can need {least}: {rule.options['from']}", "too-few")


def _check_distinct(group, rule, cards, report):
    """Different items never share the value that tells them apart (two tokens that differ only
    by a word look alike on the table)."""
    field, seen = rule.options["field"], {}
    for card in cards:
        value = card.values.get(field)
        if value in (None, ""):
            _err(report, card.source, f"{group.noun} '{card.name}' gives no '{field}', which tells "
                 f"the {group.noun}s of {group.label} apart", "look-alike")
            continue
        first = seen.setdefault(value, card)
        if first.name != card.name:
            _err(report, card.where(field), f"{group.noun} '{card.name}' has the {field} "
                 f"'{value}' of '{first.name}' in {group.label}: they look alike", "look-alike")


CHECKERS = {
    "total": _check_total,
    "per_value": _check_per_value,
    "copies": _check_copies,
    "require": _check_require,
    "forbid": _check_forbid,
    "sequence": _check_sequence,
    "needs": _check_needs,
    "distinct": _check_distinct,
    "fixed": check_fixed,
    "no_repeat": check_no_repeat,
}
