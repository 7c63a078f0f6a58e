"""Deck rules as data: the keys each kind of rule takes, read from a card type's or a deck's
`rules:` list into Rule values. The checks themselves are the validator's (validate/constraints).

    rules:
      - total: {equals: 35}                      # cards in the deck (copies counted)
      - per_value: {field: suit, equals: 7}      # each value of `suit` on exactly 7 cards
      - copies: {equals: 2}                      # every card printed twice
      - require: {field: damage, when: "suit != Spirit"}
      - forbid: {field: damage, when: "suit == Spirit"}
      - sequence: {field: order, start: 1}       # values run start, start+1, ... with no gap
      - needs: {min: 8, when: "name == Ember", per: owner,
                from: "SMOULDER puts one on each of the 4 tiles of its target, twice"}
      - distinct: {field: icon}                  # no two different tokens share an icon
      - fixed: {card: Fae, values: {class: mage, alignment: dark}}
      - no_repeat: {fields: [warrior, rogue, mage, sideboard]}   # no one in two teams, or twice in one
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from cardgen.shared import schema as s
from cardgen.shared.conditions import Condition, parse_condition
from cardgen.base.errors import did_you_mean
from cardgen.base.model import Source
from cardgen.shared.schema import At, Invalid, Key


def _condition(value, at: At) -> Condition:
    return parse_condition(value)


BOUNDS = {
    "equals": Key(s.integer(0), doc="exactly this many"),
    "min": Key(s.integer(0), doc="at least this many"),
    "max": Key(s.integer(0), doc="at most this many"),
}
FIELD = {"field": Key(s.text, required=True, doc="the card field the rule is about")}
WHEN = {"when": Key(_condition, doc="apply only to cards for which this condition holds")}

RULE_KEYS = {
    "total": {**BOUNDS, **WHEN, "count": Key(s.choice("copies", "cards"), default="copies",
                                             doc="count printed copies or different cards")},
    "per_value": {**FIELD, **BOUNDS, **WHEN,
                  "count": Key(s.choice("copies", "cards"), default="cards",
                               doc="count printed copies or different cards")},
    "copies": {**BOUNDS, **WHEN},
    "require": {**FIELD, **WHEN},
    "forbid": {**FIELD, **WHEN},
    "sequence": {**FIELD, "start": Key(s.integer(), default=1, doc="the first value")},
    "needs": {"min": Key(s.integer(1), required=True,
                         doc="the fewest copies play can call for at once: the worst case"),
              **WHEN,
              "per": Key(s.text, doc="count each value of this field apart (owner: each player's)"),
              "from": Key(s.text, required=True, doc="where the number comes from in the rules"),
              "prototype": Key(s.boolean, default=False,
                               doc="true when the rules give no number and this one is invented")},
    "distinct": {**FIELD, **WHEN},
    "fixed": {"card": Key(s.text, required=True, doc="the card's name"),
              "values": Key(s.mapping_of(s.any_value), required=True,
                            doc="field -> the value the rules fix for that card"),
              "from": Key(s.text, doc="where the rules fix it")},
    "no_repeat": {"fields": Key(s.list_of(s.text, single_ok=True), required=True,
                                doc="fields whose values may each appear only once"),
                  "within": Key(s.choice("card", "deck"), default="deck",
                                doc="once on each card, or once in the whole deck"),
                  **WHEN},
}


@dataclass(frozen=True)
class Rule:
    kind: str
    options: Mapping
    source: Source


def read_rules(value, at: At) -> tuple[Rule, ...]:
    if not isinstance(value, list):
        raise Invalid("expected a list of rules")
    rules = []
    for i, item in enumerate(value):
        item_at = at.child(i)
        if not isinstance(item, dict) or len(item) != 1:
            item_at.error(f"expected one rule ({', '.join(RULE_KEYS)}) as '- kind: {{...}}'",
                          code="type")
            continue
        [(kind, options)] = item.items()
        if kind not in RULE_KEYS:
            item_at.child(kind).error(f"unknown rule '{kind}'{did_you_mean(kind, RULE_KEYS)}; rules: "
                                      f"{', '.join(RULE_KEYS)}", code="unknown-key")
            continue
        parsed = s.read_mapping(options, item_at.child(kind), RULE_KEYS[kind], f"{kind} rule")
        if parsed is not None and all(k in parsed for k, v in RULE_KEYS[kind].items() if v.required):
            rules.append(Rule(kind, parsed, Source(at.doc.name, item_at.line, item_at.path)))
    return tuple(rules)
