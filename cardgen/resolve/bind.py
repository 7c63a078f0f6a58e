"""Binding a resolved layout to one card's values: conditions, `{{field}}` templates, typed values.

The result is a CardFace: a frozen list of drawable elements with every size already fitted.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import partial
from typing import Mapping

from cardgen.base import markup
from cardgen.resolve.library import ElementSpec, Layout
from cardgen.resolve.preflight import check_element, underneath
from cardgen.base.errors import Problem, ProblemError, Severity, did_you_mean
from cardgen.shared.schema import Invalid, Reported
from cardgen.drawing.elements import COMMON_KEYS, ELEMENT_TYPES, BindContext, Box, Element
from cardgen.drawing import fonts
from cardgen.drawing.elements.base import Ink, Percent, color_name
from cardgen.drawing.icons import ICONS
from cardgen.base.model import frozen_map
from cardgen.base.limits import TEXT_EXPANSION

_FIELD_REF = re.compile(r"\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}")
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
            expanded = _FIELD_REF.sub(inline, template)
            if expanded == template:
                break
            template = expanded
        left = [n for n in _FIELD_REF.findall(template) if n in self.markup_fields and n in self.texts]
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


@dataclass(frozen=True)
class ElementProblem:
    """A problem of one element of a face: its key is the element's (`text`, `src` ...)."""

    element: ElementSpec
    problem: Problem


@dataclass(frozen=True)
class CardFace:
    key: str
    width: float
    height: float
    bleed: float
    elements: tuple[Element, ...]
    names: tuple[str, ...] = ()     # the layout's name of each element, in the same order


def _length(value, total: float) -> float:
    return value.of(total) if isinstance(value, Percent) else float(value)


@dataclass(frozen=True, slots=True)
class BoundElement:
    """One element of a layout as a face binds it, kept so that the face bound again under caps
    (the deck's one text size) binds again only the elements the caps change."""

    spec: ElementSpec
    element: Element | None       # None: it draws nothing on this face
    bound: tuple[Problem, ...]    # the problems of binding it
    checked: tuple[Problem, ...]  # the preflight's, over what is drawn under it
    shift: float                  # how far up it was moved (`after`)
    moved: float                  # how far up it moves an element laid `after` it
    areas: tuple[Ink, ...]        # what of its inks the preflight of the elements over it reads
    failed: bool                  # whether it, or an element under it, failed


@dataclass(frozen=True)
class BoundFace:
    face: CardFace
    parts: tuple[BoundElement, ...]

    def problems(self) -> list[ElementProblem]:
        return [ElementProblem(part.spec, _pinned(part.spec, p))
                for part in self.parts for p in (*part.bound, *part.checked)]


def bind_face(key: str, layout: Layout, scope: Scope, width: float, height: float, bleed: float,
              context: dict) -> tuple[CardFace, list[ElementProblem]]:
    """Build one face. `context` carries what is shared across cards (root folder, image cache)."""
    bound = bind_elements(key, layout, scope, width, height, bleed, context)
    return bound.face, bound.problems()


def bind_elements(key: str, layout: Layout, scope: Scope, width: float, height: float,
                  bleed: float, context: dict, caps: Mapping = frozen_map(),
                  first: BoundFace | None = None) -> BoundFace:
    """Build one face, element by element. `caps` holds, by element name, the largest font size
    its text may take (the deck's one size); `first` is the same face bound before without them:
    of its elements, those capped and those laid `after` an element that moved are bound again,
    the others kept, and each kept one checked again only when what lies under it changed."""
    parts: list[BoundElement] = []
    failed = False          # an element that could not be drawn: what lies behind is not known
    below: list[Ink] = []   # what the preflight reads of the elements drawn so far
    same_below = True       # whether `below` is what it was when `first` was bound
    failed_first = False    # whether `failed` was, when `first` was bound
    moved: dict[str, float] = {}    # element name -> how far an element laid `after` it moves up
    colors = context.setdefault(("colors", layout.name), {})
    families = context.get("families") or fonts.families()
    rules = context.get("legibility")
    contrasts = context.setdefault("contrasts", {})   # colour pair -> its contrast, for the run
    bindings = context.setdefault("bindings", {})      # id(spec) -> (spec, its KeyBinding)
    earlier = first.parts if first is not None else (None,) * len(layout.elements)
    for spec, before in zip(layout.elements, earlier):
        shift = moved.get(spec.static.get("after"), 0.0)
        kept = before is not None and spec.name not in caps and shift == before.shift
        if kept and same_below and failed == failed_first:
            part = before       # bound the same, and checked over the same: as it was
        else:
            found: list[Problem] = []
            # the reader shares the context's problem list, not the context: no cycle for the GC
            ctx = BindContext(width, height, bleed, layout.colors,
                              partial(_parse_text, scope=scope, noted=found), context["root"],
                              context["images"], colors, found, families)
            if kept:
                element, moves = before.element, before.moved
                found += before.bound
            else:
                known = bindings.get(id(spec))
                if known is None:  # the spec is kept with it: no other spec is found under its id
                    known = bindings[id(spec)] = (spec, KeyBinding.of(spec))
                element = _bind_element(spec, known[1], scope, ctx, width, height,
                                        caps.get(spec.name), shift)
                moves = shift + (element.room_below() if element is not None
                                 else _length(spec.static.get("height", 0.0), height))
            binding = len(found)    # the problems of binding it; the preflight's follow
            inks = element.inks() if element is not None and rules is not None else ()
            if inks:
                check_element(inks, None if failed else below, ctx, rules, contrasts)
            part = BoundElement(spec, element, tuple(found[:binding]), tuple(found[binding:]),
                                shift, moves, underneath(inks),
                                failed or any(p.severity is Severity.ERROR for p in found))
        same_below = same_below and before is not None and part.areas == before.areas
        failed, failed_first = part.failed, before is not None and before.failed
        moved[spec.name] = part.moved
        below += part.areas
        parts.append(part)
    drawn = [part for part in parts if part.element is not None]
    face = CardFace(key, width, height, bleed, tuple(part.element for part in drawn),
                    tuple(part.spec.name for part in drawn))
    return BoundFace(face, tuple(parts))


def _pinned(spec: ElementSpec, problem: Problem) -> Problem:
    """A problem with a key bound from the card (`src: "{{art}}"`) is pinned on the fields its
    template names, so it is reported at the line that gave the value, not the card's first."""
    value = spec.values.get(problem.path[0]) if problem.path else None
    if problem.fields or not markup.is_template(value):
        return problem
    return replace(problem, fields=tuple(dict.fromkeys(_FIELD_REF.findall(value))))


def _parse_text(text: str, scope: Scope, noted: list[Problem]) -> markup.Parsed:
    """Parse card text for an element, noting its markup problems against the element.

    Problems are pinned on the fields the element's own text names (`{{ability}}`), not on the
    fields inlined text happens to use, so a too-long ability is reported at its own line."""
    try:
        expanded = scope.expand(text)
    except ExpansionError as exc:
        noted.append(Problem(exc.problem.code, exc.problem.severity.value, ("text",), str(exc),
                             fields=tuple(dict.fromkeys(_FIELD_REF.findall(text)))))
        expanded = _FIELD_REF.sub("", text)
    parsed = markup.parse(expanded, scope.text)
    unbound = {n for n in parsed.fields if scope.text(n) is None}
    if unbound:  # declared but not given on this card: say so; unknown: offer the closest name
        whose = "this card gives" if scope.declared is not None else "this face is given"
        parsed = replace(parsed, problems=tuple(
            replace(p, message=_explain_unbound(p.message, unbound, scope, whose))
            for p in parsed.problems))
    named = tuple(dict.fromkeys(_FIELD_REF.findall(text)))
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
    printed = _FIELD_REF.findall(expanded)
    both = [i for i in dict.fromkeys(parsed.icons) if named and not printed and i in ICONS
            and scope.field_named(i) and scope.text(i) not in (None, "")]
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


def _shows_nothing(template, scope: Scope) -> bool:
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
    return _MARKUP_ONLY.fullmatch(_FIELD_REF.sub("", template)) is not None


def _left_out(field: str, scope: Scope) -> bool:
    return field in scope.declared and field not in scope.values


@dataclass(frozen=True)
class KeyBinding:
    """How an element of a layout takes its keys' values, worked out once a resolve run: those
    the same on every card (a default, or a value written in the layout that is no card text),
    and those each card binds, in the order they are checked."""

    kind: type
    fixed: Mapping          # key -> its value on every card
    bound: tuple            # (key, Key) of the keys each card binds

    @classmethod
    def of(cls, spec: ElementSpec) -> KeyBinding:
        kind = ELEMENT_TYPES[spec.type]
        fixed, bound = {}, []
        for key, key_spec in {**COMMON_KEYS, **kind.KEYS}.items():
            if key not in spec.values:
                fixed[key] = key_spec.default
            elif key in spec.static and key not in kind.MARKUP_KEYS:
                fixed[key] = spec.static[key]
            else:
                bound.append((key, key_spec))
        return cls(kind, frozen_map(fixed), tuple(bound))


def _bind_element(spec: ElementSpec, binding: KeyBinding, scope: Scope, ctx: BindContext,
                  width: float, height: float, cap: float | None = None, shift: float = 0.0):
    """The element for one card, or None; `shift` is how far up it moves (`after`)."""
    kind = binding.kind
    when = spec.static.get("when")
    if when is not None:
        unknown = sorted(n for n in when.names if not scope.knows(n) and n != "__always__")
        if unknown:
            ctx.problem("when", f"the condition '{when.text}' names {', '.join(unknown)}, which "
                        "is neither a field nor a deck, game or card value")
            return None
        if not when.holds(scope.raw):
            return None
    if _shows_nothing(spec.values.get(kind.VALUE_KEY), scope):
        return None
    values = dict(binding.fixed)
    filled = {}             # key -> the names its template took values from
    for key, key_spec in binding.bound:
        value = spec.values[key]
        if markup.is_template(value) and key not in kind.MARKUP_KEYS:
            filled[key] = markup.template_fields(value)
            value, unknown = markup.substitute(value, scope.text)
            if unknown:
                named = ", ".join(n + scope.hint(n) for n in unknown)
                ctx.problem(key, f"unknown field(s) {named}")
                return None
        if key in kind.MARKUP_KEYS:
            values[key] = value if isinstance(value, str) else str(value)
            continue
        try:
            values[key] = key_spec.parse(value, spec.origins.get(key))
            if key in filled and key_spec.parse is color_name:   # at the value that gave it
                ctx.color(values[key])
        except Invalid as exc:     # a value from the data, when the template took one
            ctx.problem(key, str(exc), filled.get(key, ()),
                        code="layout" if exc.problem.code == "type" else exc.problem.code)
            return None
    if cap is not None and values.get("size") is not None:
        values["size"] = min(values["size"], cap)
        if values.get("min_size") is not None:
            values["min_size"] = min(values["min_size"], cap)
    box = Box(_length(values["x"], width), _length(values["y"], height) - shift,
              _length(values["width"], width),
              _length(values["height"], height) + (shift if values["stretch"] else 0.0))
    if kind.NEEDS_AREA and (box.width <= 0 or box.height <= 0):
        ctx.problem("width" if box.width <= 0 else "height",
                    f"a {spec.type} element needs a width and height above 0; "
                    f"found {box.width:g} x {box.height:g} mm")
        return None
    try:
        element = kind.build(box, values, ctx)
    except Reported:    # its problems are noted already
        return None
    except Invalid as exc:            # may come of any value a template took from the data
        ctx.problem("", str(exc), tuple(n for names in filled.values() for n in names))
        return None
    return element
