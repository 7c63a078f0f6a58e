"""What all drawable elements share: the box they sit in, common keys, and the per-card context."""
from __future__ import annotations

import re
from pathlib import Path
from dataclasses import dataclass, field, replace
from typing import Callable, Mapping, NamedTuple

from cardgen.base.errors import Problem, did_you_mean
from cardgen.shared.conditions import parse_condition
from cardgen.shared import schema as s
from cardgen.shared.schema import At, Invalid, Key
from cardgen.base.markup import Parsed
from cardgen.drawing import fonts
from cardgen.shared.colors import parse_color
from cardgen.base.units import UnitError, parse_font_size, parse_length

_PERCENT = re.compile(r"^\s*([-+]?\d+(?:\.\d*)?)\s*%\s*$")


@dataclass(frozen=True)
class Percent:
    value: float

    def of(self, total: float) -> float:
        return total * self.value / 100.0


LAYOUT_MM = 1000.0   # no element sits or reaches further than this from the card


def layout_length(value, at: At):
    """A length in mm, or a percentage of the card's width (x, width) or height (y, height);
    either within +-1000 (mm or %)."""
    if isinstance(value, str) and _PERCENT.match(value):
        percent = float(_PERCENT.match(value).group(1))
        s.check_bounds(percent, -LAYOUT_MM, LAYOUT_MM, at, unit="%")
        return Percent(percent)
    try:
        mm = parse_length(value)
    except UnitError as exc:
        raise Invalid(replace(exc.problem, message=f"{exc}, or a percentage such as '50%'")) from None
    s.check_bounds(mm, -LAYOUT_MM, LAYOUT_MM, at, unit=" mm")
    return mm


length = s.length(0.0, 100.0)            # widths of lines, radii, dashes
signed_length = s.length(-100.0, 100.0)  # small shifts either way


def font_size(value, at: At) -> float:
    try:
        size = parse_font_size(value)
    except UnitError as exc:
        raise Invalid(exc.problem) from None
    if not 1 <= size <= 400:
        raise Invalid(f"expected a font size from 1pt to 400pt, found {s.shown_number(size, at, 'pt')}",
                      code="range")
    return size


def font_family(value, at: At) -> str:
    """A font family's name; whether the game has it is checked with the layout (the game's own
    fonts are known there) and again when the face is bound."""
    return s.text(value, at)


def unknown_font(name: str, known) -> str:
    return (f"unknown font '{name}'{did_you_mean(name, known)}; fonts: {', '.join(sorted(known))}")


def color_name(value, at: At) -> str:
    """Colours are checked against the layout's palette by the layout loader and at bind time."""
    return s.text(value, at)


def condition(value, at: At):
    return parse_condition(value)


COMMON_KEYS = {
    "type": Key(s.text, required=True, doc="the element type"),
    "x": Key(layout_length, default=0.0, doc="left edge from the trim's left (mm, in, pt or %)"),
    "y": Key(layout_length, default=0.0, doc="top edge from the trim's top"),
    "width": Key(layout_length, default=Percent(100), doc="width (default: the card's)"),
    "height": Key(layout_length, default=Percent(100), doc="height (default: the card's)"),
    "when": Key(condition, doc="draw only when this condition holds for the card"),
    "after": Key(s.text, doc="an earlier text element: this one moves up by the room that "
                             "element's text leaves empty under it on the card (all its box "
                             "when the card draws none), so a section follows the one above"),
    "stretch": Key(s.boolean, default=False,
                   doc="with `after`: the bottom edge stays put, the element taking the room "
                       "it moves up by"),
}

ALIGN = s.choice("left", "center", "right")
VALIGN = s.choice("top", "middle", "bottom")


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    width: float
    height: float


@dataclass
class BindContext:
    """What an element needs to become drawable for one card."""

    card_width: float
    card_height: float
    bleed: float
    palette: Mapping[str, str]
    parse_text: Callable[[str], Parsed]
    root: Path
    images: dict = field(default_factory=dict)     # path -> ImageInfo, shared by every card
    colors: dict = field(default_factory=dict)     # colour value -> colour, shared by a layout's cards
    problems: list[Problem] = field(default_factory=list)   # each at its key of the element
    families: Mapping = field(default_factory=fonts.families)   # the shipped ones and the game's

    def family(self, name: str):
        """The font family `name`; Invalid (reported against the element) when there is none."""
        found = self.families.get(name)
        if found is None:
            raise Invalid(unknown_font(name, self.families))
        return found

    def color(self, value):
        if value not in self.colors:
            self.colors[value] = parse_color(value, self.palette)
        return self.colors[value]

    def problem(self, key: str, message: str, fields: tuple = (), severity: str = "error",
                code: str = "layout") -> None:
        """A problem with the element's `key` (none: the element as a whole), and with the data
        fields `fields` when its value came of them."""
        self.problems.append(Problem(code, severity, (key,) if key else (), message,
                                     fields=tuple(fields)))


class Ink(NamedTuple):
    """Something an element prints, as the legibility preflight sees it: text, a solid area, or a
    mark (an icon, a grid). Boxes are mm from the trim's top-left corner. (A tuple: one is made
    for every element of every face.)"""

    kind: str                 # "text", "area" or "mark"
    box: Box
    color: object             # a reportlab colour; None: not one colour (a picture)
    size: float = 0.0         # text: the size it is set at, pt
    bold: bool = False
    fine: bool = False        # text: fine print (ids, stamps), held to the smaller minimum
    content: str = ""         # text: what it says; mark: what it shows


class Element:
    """Base of the drawable element classes; each subclass is a frozen dataclass with a `box`
    field (where it draws, mm from the trim's top-left corner), and its docstring is its
    description in the reference. Nothing else in cardgen looks at an element's type: it asks
    these."""

    __slots__ = ()      # the built-in elements keep their fields in slots: a deck holds thousands
    KEYS: dict[str, Key] = {}              # its own keys, beside COMMON_KEYS; the reference's table
    MARKUP_KEYS: frozenset = frozenset()   # card text: bound through markup, not substitution
    COLOR_KEYS: frozenset = frozenset()    # colours, checked against the layout's palette
    VALUE_KEY: str | None = None   # the key that holds what it shows: with no value, no element
    NEEDS_AREA = True    # a box of no width or height draws nothing the designer meant

    def fitted_size(self) -> float | None:
        """The font size its text was set at, for an element that shrinks text to fit."""
        return None

    def room_below(self) -> float:
        """How much of its box, in mm, it leaves empty at the bottom: what an element laid
        `after` it moves up by (none, unless it says)."""
        return 0.0

    @classmethod
    def build(cls, box: Box, values: dict, ctx: BindContext) -> "Element | None":
        """The element for one face, from its keys' values with the card's bound in; None, with
        the problem told to `ctx.problem`, when it cannot be drawn."""
        raise NotImplementedError

    def draw(self, pen) -> None:
        raise NotImplementedError

    def inks(self) -> tuple[Ink, ...]:
        """What the element prints, for the legibility preflight (nothing, unless it says)."""
        return ()

    def solid_inks(self) -> tuple[Ink, ...]:
        """Its inks other than text (areas and marks): what its bleed and its colours across a
        deck are read from. An element that prints text alone says so, and its text is not
        gathered up to be set aside."""
        return tuple(ink for ink in self.inks() if ink.kind != "text")

    def pictures(self) -> tuple:
        """The pictures it draws, as (ImageInfo, crop, width mm, height mm): each is put in the
        PDF once, before the faces that draw it (none, unless it says)."""
        return ()
