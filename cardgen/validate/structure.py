"""Rules about a game's structure, checked: values the rules fix on a named card (`fixed`), and
values that may appear only once among several fields (`no_repeat`: a team's members, a card in
two teams)."""
from __future__ import annotations

from cardgen.base.errors import Report


def check_fixed(group, rule, cards, report: Report) -> None:
    name, wanted = rule.options["card"], rule.options["values"]
    card = next((c for c in cards if c.name == name), None)
    if card is None:
        return          # a card the deck leaves out, or one named by another deck's rule
    source = rule.options.get("from")
    for field, value in wanted.items():
        found = card.values.get(field)
        if str(found) != str(value):
            where = card.where(field)
            shown = "nothing" if found in (None, "") else f"'{found}'"
            report.error(where.file, where.line, where.path,
                         f"{group.noun} '{name}' has {field} {shown}, but the rules fix it as "
                         f"'{value}'" + (f": {source}" if source else ""), code="fixed-value")


def check_no_repeat(group, rule, cards, report: Report) -> None:
    fields, within_card = rule.options["fields"], rule.options["within"] == "card"
    seen: dict = {}
    for card in cards:
        if within_card:
            seen = {}
        for field in fields:
            value = card.values.get(field)
            if value in (None, ""):
                continue
            first = seen.setdefault(value, (card, field))
            if first == (card, field):
                continue
            other, other_field = first
            where = card.where(field)
            place = (f"its {other_field}" if other is card
                     else f"the {other_field} of {group.noun} '{other.name}'")
            report.error(where.file, where.line, where.path,
                         f"{group.noun} '{card.name}': {field} '{value}' is already {place}; "
                         f"the rules allow each only once among {', '.join(fields)}"
                         + ("" if within_card else f" in {group.label}"), code="repeated-value")
