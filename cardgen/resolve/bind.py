"""Binding a resolved layout to one card's values (its Scope): conditions, `{{field}}`
templates, typed values, element by element, each checked by the preflight over those under it.

The result is a CardFace: a frozen list of drawable elements with every size already fitted.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import partial
from typing import Mapping, NamedTuple

from cardgen.base import markup
from cardgen.base.errors import Problem, Severity
from cardgen.base.limits import TEXT_EXPANSION
from cardgen.base.model import frozen_map
from cardgen.drawing import fonts
from cardgen.drawing.elements import COMMON_KEYS, ELEMENT_TYPES, BindContext, Box, Element
from cardgen.drawing.elements.base import Ink, Percent, color_name
from cardgen.resolve.library import ElementSpec, Layout
from cardgen.resolve.preflight import check_element, underneath
from cardgen.resolve.scope import FIELD_REF, Scope, parse_text, shows_nothing
from cardgen.shared.schema import Invalid, Reported


@dataclass(frozen=True)
class ElementProblem:
    """A problem of one element of a face: its key is the element's (`text`, `src` ...)."""

    element: ElementSpec
    problem: Problem


@dataclass(frozen=True, slots=True)
class CardFace:
    key: str
    width: float
    height: float
    bleed: float
    elements: tuple[Element, ...]
    names: tuple[str, ...] = ()     # the layout's name of each element, in the same order


def _length(value, total: float) -> float:
    return value.of(total) if isinstance(value, Percent) else float(value)


class BoundElement(NamedTuple):
    """One element of a layout as a face binds it, kept so that the face bound again under caps
    (the deck's one text size) binds again only the elements the caps change (a tuple: one is
    made for every element of every face)."""

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
    alike = context.setdefault("elements", {})         # the elements and boxes faces drew so far
    fixed = context.setdefault("fixed", {})   # an element the same on every face, bound and checked
    built = context.setdefault("built", Built())    # elements by what they were built of
    # what a build reads of the card beyond the names its keys give (Built): the fields it gives
    given = frozenset(name for name in scope.declared or () if scope.text(name) not in (None, ""))
    earlier = first.parts if first is not None else (None,) * len(layout.elements)
    found: list[Problem] = []   # the face's problems, element by element
    # the reader shares the context's problem list, not the context: no cycle for the GC
    ctx = BindContext(width, height, bleed, layout.colors,
                      partial(parse_text, scope=scope, noted=found), context["root"],
                      context["images"], colors, found, families)
    for spec, before in zip(layout.elements, earlier):
        shift = moved.get(spec.static.get("after"), 0.0)
        capped = spec.name in caps
        kept = before is not None and not capped and shift == before.shift
        same = None if capped else (id(spec), width, height, bleed, shift, failed)  # in `fixed`
        if kept and same_below and failed == failed_first:
            part = before       # bound the same, and checked over the same: as it was
        elif same in fixed:
            part = fixed[same]
        else:
            start = len(found)  # this element's problems are those noted from here
            if kept:
                element, moves = before.element, before.moved
                found += before.bound
            else:
                known = bindings.get(id(spec))
                if known is None:  # the spec is kept with it: no other spec is found under its id
                    known = bindings[id(spec)] = (spec, KeyBinding.of(spec))
                element = _shared(_bind_element(spec, known[1], scope, ctx, width, height, alike,
                                                caps.get(spec.name), shift, built, given), alike)
                moves = shift + (element.room_below() if element is not None
                                 else _length(spec.static.get("height", 0.0), height))
            binding = len(found)    # the problems of binding it; the preflight's follow
            inks = element.inks() if element is not None and rules is not None else ()
            if inks:
                check_element(inks, None if failed else below, ctx, rules, contrasts)
            part = BoundElement(spec, element, tuple(found[start:binding]),
                                tuple(found[binding:]), shift, moves, underneath(inks),
                                failed or any(p.severity is Severity.ERROR for p in found[start:]))
            if not kept and same is not None and _same_on_every_face(spec, known[1], element):
                fixed[same] = part
        same_below = same_below and before is not None and part.areas == before.areas
        failed, failed_first = part.failed, before is not None and before.failed
        moved[spec.name] = part.moved
        below += part.areas
        parts.append(part)
    drawn = [part for part in parts if part.element is not None]
    face = CardFace(key, width, height, bleed, tuple(part.element for part in drawn),
                    tuple(part.spec.name for part in drawn))
    return BoundFace(face, tuple(parts))


def _same_on_every_face(spec: ElementSpec, binding: KeyBinding, element: Element | None) -> bool:
    """Whether an element binds and checks the same on every face of its size (a frame, a
    panel): none of its keys takes a card's value, it has no condition, and it prints no text
    (whose contrast would be judged against what each face draws under it, and whose size a
    deck may cap)."""
    return (not binding.bound and spec.static.get("when") is None
            and (element is None or (element.fitted_size() is None
                                     and all(ink.kind != "text" for ink in element.inks()))))


def _shared(element: Element | None, alike: dict) -> Element | None:
    """The element equal to `element` that an earlier face drew, if there is one: a deck's
    thousands of faces then hold one frame, picture or badge between them, not a copy each.
    Text fitted face by face is left out: a deck's one size binds it again, and the table would
    keep what that replaced."""
    if element is None or element.fitted_size() is not None:
        return element
    try:
        return alike.setdefault(element, element)
    except TypeError:       # a value in it that cannot be hashed: it keeps its own
        return element


def _pinned(spec: ElementSpec, problem: Problem) -> Problem:
    """A problem with a key bound from the card (`src: "{{art}}"`) is pinned on the fields its
    template names, so it is reported at the line that gave the value, not the card's first."""
    value = spec.values.get(problem.path[0]) if problem.path else None
    if problem.fields or not markup.is_template(value):
        return problem
    return replace(problem, fields=tuple(dict.fromkeys(FIELD_REF.findall(value))))


@dataclass(frozen=True)
class KeyBinding:
    """How an element of a layout takes its keys' values, worked out once a resolve run: those
    the same on every card (a default, or a value written in the layout that is no card text),
    and those each card binds, in the order they are checked."""

    kind: type
    fixed: Mapping          # key -> its value on every card
    bound: tuple            # (key, Key) of the keys each card binds
    reads: tuple = ()       # the names its keys' texts take values from ({{field}}, {icon})
    template_chars: int = 0     # how long its keys' texts naming them are, together
    references: int = 0         # how often they name them

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
        texts = [spec.values[key] for key, _ in bound if isinstance(spec.values[key], str)]
        named = [name for text in texts for name in _NAMED.findall(text)]
        return cls(kind, frozen_map(fixed), tuple(bound), tuple(dict.fromkeys(named)),
                   sum(len(text) for text in texts) if named else 0, len(named))


_NAMED = re.compile(r"\{\{?\s*([A-Za-z_][\w.-]*)\s*\}\}?")   # {{field}} or {icon}
BUILT_KEPT = 64     # elements kept for each layout element by what they were built of (Built)


class Built:
    """Elements built without a problem, kept by what each was built of, so that a face binding
    the same values (a deck's few costs, powers and pictures) takes the element an earlier face
    built: the same values, read the same way, build the same element. A text a field inlines
    that names other fields leaves its element out (what it reads is not known beforehand).
    Owned by one resolve run; at most BUILT_KEPT for each layout element, the oldest let go of
    first (an element whose values differ on every card keeps only its last few)."""

    def __init__(self) -> None:
        self._by_spec: dict[int, dict[tuple, Element]] = {}

    @staticmethod
    def key(binding: KeyBinding, scope: Scope, given: frozenset, *inputs) -> tuple | None:
        """What an element's build reads: `inputs`, the card type's fields, the fields the card
        gives, and the texts of the names its keys give; None when that is not all (a text that
        names further fields, or one that filled in could grow near the TEXT_EXPANSION bound,
        which other fields of each card widen)."""
        texts = tuple(scope.text(name) for name in binding.reads)
        if any(text is not None and "{{" in text for text in texts):
            return None
        longest = max((len(text) for text in texts if text), default=0)
        if binding.template_chars + binding.references * longest > TEXT_EXPANSION:
            return None     # (filled in, it is at most this long; the bound is at least that)
        return (*inputs, scope.markup_fields, scope.declared, given, texts)

    def get(self, spec: ElementSpec, key: tuple) -> Element | None:
        return self._by_spec.get(id(spec), {}).get(key)

    def keep(self, spec: ElementSpec, key: tuple, element: Element) -> None:
        kept = self._by_spec.setdefault(id(spec), {})
        if len(kept) >= BUILT_KEPT:
            del kept[next(iter(kept))]
        kept[key] = element


def _bind_element(spec: ElementSpec, binding: KeyBinding, scope: Scope, ctx: BindContext,
                  width: float, height: float, alike: dict, cap: float | None = None,
                  shift: float = 0.0, built: Built | None = None, given: tuple = ()):
    """The element for one card, or None; `shift` is how far up it moves (`after`); its box is
    the one in `alike` that other faces' elements sit in, when there is one; one in `built`
    when an earlier face built it of the same values (`given`: what else of the card a build
    reads, see bind_elements)."""
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
    if shows_nothing(spec.values.get(kind.VALUE_KEY), scope):
        return None
    key = Built.key(binding, scope, given, width, height, ctx.bleed, cap, shift) if built else None
    if key is not None:
        element = built.get(spec, key)
        if element is not None:
            return element
    start = len(ctx.problems)
    element = _build(spec, binding, scope, ctx, width, height, alike, cap, shift)
    if key is not None and element is not None and len(ctx.problems) == start:
        built.keep(spec, key, element)
    return element


def _build(spec: ElementSpec, binding: KeyBinding, scope: Scope, ctx: BindContext,
           width: float, height: float, alike: dict, cap: float | None, shift: float):
    """The element for one card, its keys' values bound (None when it cannot be drawn)."""
    kind = binding.kind
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
    box = alike.setdefault(box, box)
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
