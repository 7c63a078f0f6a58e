"""A face's values and the card text read against them: the Scope a face binds (each field's
value and printed text), `{{field}}` templates filled in, and card text parsed with its problems
said in the card's terms (a field the card leaves out, a near name, an icon that is a field)."""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Mapping

from cardgen.base import markup
from cardgen.base.errors import Problem, ProblemError, Severity, did_you_mean
from cardgen.base.limits import TEXT_EXPANSION
from cardgen.base.model import frozen_map
from cardgen.drawing.icons import ICONS
from cardgen.shared.schema import Reported

FIELD_REF = re.compile(r"\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}")
EXPANSION_DEPTH = 3


class ExpansionError(ProblemError, ValueError):
    code = "markup"


@dataclass(frozen=True)
class Scope:
    """The values a face can bind: raw values, their printed text, and which hold card markup."""

    values: Mapping
    texts: Mapping
    markup_fields: frozenset = frozenset()
    declared: frozenset | None = None   # the card type's field names; None: no card, no check

    def knows(self, name: str) -> bool:
        """Whether a bare name is a field of the card (given or not); values under deck., game.,
        card. and face. are open-ended, so those always count as known."""
        if self.declared is None or name in self.values or name in self.declared:
            return True
        head = name.split(".", 1)[0]
        if head in self.declared:          # a part of a field: known if the field has it
            return head not in self.values  # (a field the card leaves out has no parts yet)
        return "." in name

    def hint(self, name: str) -> str:
        """' (did you mean ...?)' with the closest name the face can bind (its values and the card
        type's fields), for a name that is none of them; else ''."""
        names = {*self.texts, *(self.declared or ())}
        if name in names:
            return ""
        return did_you_mean(name, sorted(names)) or self._loose_hint(name)

    def _loose_hint(self, name: str) -> str:
        """A field of the card that begins as `name` does and shares much of it ({{range}} for a
        card's `reach`): a looser guess, among the card's own few fields only."""
        fields = [f for f in sorted(self.declared or ()) if f[:1] == name[:1]]
        return did_you_mean(name, fields, cutoff=0.4)

    def field_named(self, name: str) -> bool:
        """Whether `name` is one of the card type's own fields (given on this card or not)."""
        return self.declared is not None and name in self.declared

    def raw(self, name: str):
        return self.values.get(name)

    def text(self, name: str) -> str | None:
        return self.texts.get(name)

    def expand(self, template: str) -> str:
        """Inline the markup of text fields (`{{ability}}`) so their own markup and values apply.
        Raises ExpansionError for fields that name each other in a circle, or that would grow
        past TEXT_EXPANSION characters (a field naming itself a hundred times, say)."""
        if "{{" not in template:
            return template
        budget = TEXT_EXPANSION + 2 * (len(template) + sum(len(self.texts.get(n) or "")
                                                         for n in self.markup_fields))
        for _ in range(EXPANSION_DEPTH):
            size = [len(template)]

            def inline(match):
                name = match.group(1)
                if name not in self.markup_fields or name not in self.texts:
                    return match.group(0)
                size[0] += len(self.texts[name]) - len(match.group(0))
                if size[0] > budget:
                    raise ExpansionError(f"the text grows past {budget:,} characters as its "
                                         f"fields are filled in ({{{{{name}}}}} again and again)")
                return self.texts[name]
            expanded = FIELD_REF.sub(inline, template)
            if expanded == template:
                break
            template = expanded
            if "{{" not in template:
                return template
        left = [n for n in FIELD_REF.findall(template) if n in self.markup_fields and n in self.texts]
        if left:
            raise ExpansionError(f"text fields fill each other in without end ({{{{{left[0]}}}}} "
                                 "is still there once the others are filled in): a field cannot "
                                 "hold itself")
        return template


def as_text(value) -> str:
    """A bound value as a face prints it: 3.0 as 3, true as yes, nothing as nothing."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else str(value)


def plain_scope(values: Mapping) -> Scope:
    """The scope of a face that is no card's (a back, a token, a board): its values as given."""
    return Scope(frozen_map(values), frozen_map({k: as_text(v) for k, v in values.items()}))


def parse_text(text: str, scope: Scope, noted: list[Problem]) -> markup.Parsed:
    """Parse card text for an element, noting its markup problems against the element.

    Problems are pinned on the fields the element's own text names (`{{ability}}`), not on the
    fields inlined text happens to use, so a too-long ability is reported at its own line."""
    try:
        expanded = scope.expand(text)
    except ExpansionError as exc:
        noted.append(Problem(exc.problem.code, exc.problem.severity.value, ("text",), str(exc),
                             fields=tuple(dict.fromkeys(FIELD_REF.findall(text)))))
        expanded = FIELD_REF.sub("", text)
    parsed = markup.parse(expanded, scope.text)
    unbound = {n for n in parsed.fields if scope.text(n) is None}
    if unbound:  # declared but not given on this card: say so; unknown: offer the closest name
        whose = "this card gives" if scope.declared is not None else "this face is given"
        parsed = replace(parsed, problems=tuple(
            replace(p, message=_explain_unbound(p.message, unbound, scope, whose))
            for p in parsed.problems))
    named = _named(text)
    if named:
        parsed = markup.Parsed(parsed.runs, parsed.problems, parsed.terms, parsed.icons, named)
    unknown_icons = [i for i in parsed.icons if i not in ICONS]
    if unknown_icons:
        runs = tuple(markup.Run(f"{{{r.icon}}}", r.bold, r.italic) if r.icon in unknown_icons else r
                     for r in parsed.runs)
        problems = parsed.problems + tuple(Problem("markup", Severity.ERROR, (),
                                                   f"unknown icon '{{{i}}}'" + _icon_or_field(i, scope))
                                           for i in unknown_icons)
        parsed = markup.Parsed(runs, problems, parsed.terms, parsed.icons, parsed.fields)
    # a card's text (not a layout's own label) that prints no value but draws the icon of a field
    # the card gives: most likely {{name}} was meant
    both = parsed.icons and named and not FIELD_REF.findall(expanded) and [
        i for i in dict.fromkeys(parsed.icons) if i in ICONS and scope.field_named(i)
        and scope.text(i) not in (None, "")]
    if both:
        parsed = replace(parsed, problems=parsed.problems + tuple(
            Problem("markup", Severity.WARNING, (), f"'{{{i}}}' draws the {i} icon, and the card "
                    f"also has a field '{i}', and the text prints no value: write {{{{{i}}}}} "
                    "to print the field's value") for i in both))
    for problem in parsed.problems:
        noted.append(replace(problem, path=("text",), fields=parsed.fields))
    if unbound:     # its text is not known: there is nothing to fit or check
        raise Reported()
    return parsed


@lru_cache(maxsize=4096)
def _named(text: str) -> tuple[str, ...]:
    """The fields a text names, each once: mostly a layout's few texts, read for every card."""
    return tuple(dict.fromkeys(FIELD_REF.findall(text)))


def _icon_or_field(name: str, scope: Scope) -> str:
    """What an unknown single-brace name may have meant: a field ({reach} for {{reach}}), or a
    near icon."""
    if scope.field_named(name):
        return f": no icon has that name, but the card has a field '{name}': write {{{{{name}}}}} to print it"
    return did_you_mean(name, ICONS)


def _explain_unbound(problem: str, unbound: set[str], scope: Scope, whose: str) -> str:
    for name in unbound:
        if problem == f"unknown field '{{{{{name}}}}}'":
            if scope.knows(name):
                return f"the text uses {{{{{name}}}}}, but {whose} no {name}{scope.hint(name)}"
            return problem + scope.hint(name)
    return problem


_MARKUP_ONLY = re.compile(r"[\s*_]*")


def shows_nothing(template, scope: Scope) -> bool:
    """Whether an element's value (its text, icon or picture) is a template every field of which
    the card leaves out or gives empty, with nothing else to show: such an element draws nothing,
    rather than an empty badge, box or slot."""
    if not markup.is_template(template) or scope.declared is None:
        return False
    names = markup.template_fields(template)
    if any(scope.text(name) for name in names):
        return False
    if not all(name in scope.values or _left_out(name.split(".", 1)[0], scope) for name in names):
        return False           # a name nothing declares, or a part the value has not: reported
    return _MARKUP_ONLY.fullmatch(FIELD_REF.sub("", template)) is not None


def _left_out(field: str, scope: Scope) -> bool:
    return field in scope.declared and field not in scope.values
