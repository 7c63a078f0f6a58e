"""Rectangles (plain or rounded, optionally running into the bleed) and lines."""
from __future__ import annotations

from dataclasses import dataclass

from cardgen.shared import schema as s
from cardgen.shared.schema import Key
from cardgen.drawing.elements.base import BindContext, Box, Element, Ink, color_name, length


def bleed_box(box: Box, ctx: BindContext) -> Box:
    """Grow the edges of `box` that lie on the trim line out to the bleed edge."""
    eps = 0.01
    left = ctx.bleed if box.x <= eps else 0.0
    top = ctx.bleed if box.y <= eps else 0.0
    right = ctx.bleed if box.x + box.width >= ctx.card_width - eps else 0.0
    bottom = ctx.bleed if box.y + box.height >= ctx.card_height - eps else 0.0
    return Box(box.x - left, box.y - top, box.width + left + right, box.height + top + bottom)


@dataclass(frozen=True, slots=True)
class Rect(Element):
    box: Box
    fill: object
    stroke: object
    stroke_width: float
    radius: float

    KEYS = {
        "fill": Key(color_name, doc="fill colour (default none)"),
        "stroke": Key(color_name, doc="outline colour (default none)"),
        "stroke_width": Key(length, default=0.3, doc="outline width"),
        "radius": Key(length, default=0.0, doc="corner radius"),
        "bleed": Key(s.boolean, default=False, doc="edges on the trim line run on into the bleed"),
    }
    COLOR_KEYS = frozenset({"fill", "stroke"})

    @classmethod
    def build(cls, box, values, ctx):
        if values["bleed"]:
            box = bleed_box(box, ctx)
        return cls(box, ctx.color(values["fill"] or "none"), ctx.color(values["stroke"] or "none"),
                   values["stroke_width"], values["radius"])

    def draw(self, pen):
        b = self.box
        pen.rect(b.x, b.y, b.width, b.height, self.fill, self.stroke, self.stroke_width, self.radius)

    def inks(self):
        return (Ink("area", self.box, self.fill),) if self.fill is not None else ()


@dataclass(frozen=True, slots=True)
class Ellipse(Element):
    box: Box
    fill: object
    stroke: object
    stroke_width: float

    KEYS = {k: v for k, v in Rect.KEYS.items() if k in ("fill", "stroke", "stroke_width")}
    COLOR_KEYS = frozenset({"fill", "stroke"})

    @classmethod
    def build(cls, box, values, ctx):
        return cls(box, ctx.color(values["fill"] or "none"), ctx.color(values["stroke"] or "none"),
                   values["stroke_width"])

    def draw(self, pen):
        b = self.box
        pen.ellipse(b.x, b.y, b.width, b.height, self.fill, self.stroke, self.stroke_width)

    def inks(self):
        return (Ink("area", self.box, self.fill),) if self.fill is not None else ()


@dataclass(frozen=True, slots=True)
class Line(Element):
    """A straight line from the box's top-left (x, y) to (x + width, y + height)."""

    box: Box
    color: object
    stroke_width: float
    dash: tuple

    KEYS = {
        "color": Key(color_name, default="black", doc="line colour"),
        "stroke_width": Key(length, default=0.3, doc="line width"),
        "dash": Key(s.list_of(s.length(0.1, 100.0)), default=(), doc="dash pattern, e.g. [1mm, 0.5mm]"),
    }
    COLOR_KEYS = frozenset({"color"})
    NEEDS_AREA = False   # its box runs from one end to the other, either way

    @classmethod
    def build(cls, box, values, ctx):
        return cls(box, ctx.color(values["color"]), values["stroke_width"], tuple(values["dash"]))

    def draw(self, pen):
        b = self.box
        if self.color is not None:
            pen.line(b.x, b.y, b.x + b.width, b.y + b.height, self.color, self.stroke_width, self.dash)
