"""A stat badge: a shape (circle, hexagon, or any icon's silhouette) with a value set inside it."""
from __future__ import annotations

import math
from dataclasses import dataclass

from cardgen.shared import schema as s
from cardgen.shared.schema import Invalid, Key
from cardgen.drawing.elements.base import (BindContext, Box, Element, Ink, color_name, font_family,
                                          font_size, length, signed_length)
from cardgen.drawing.elements.text import check_characters, draw_layout, text_ink
from cardgen.drawing.icons import ICONS
from cardgen.drawing.richtext import TextLayout, layout_text
from cardgen.drawing.text_measure import one_line_size
from cardgen.base.units import mm_to_pt

SHAPES = ("circle", "square", "rounded", "hexagon", "diamond")
VALUE_AREA = 0.62   # the value fills at most this share of the badge's width and height


def shape_name(value, at) -> str:
    name = s.text(value, at)
    if name not in SHAPES and name not in ICONS:
        raise Invalid(f"unknown badge shape '{name}': use {', '.join(SHAPES)} or an icon name")
    return name


def _polygon(box: Box, corners: int, turn: float) -> list[tuple[float, float]]:
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    return [(cx + box.width / 2 * math.cos(turn + 2 * math.pi * i / corners),
             cy + box.height / 2 * math.sin(turn + 2 * math.pi * i / corners)) for i in range(corners)]


@dataclass(frozen=True, slots=True)
class Badge(Element):
    box: Box
    shape: str
    fill: object
    stroke: object
    stroke_width: float
    value: TextLayout
    value_box: Box
    color: object
    label: TextLayout | None
    label_box: Box | None

    VALUE_KEY = "text"
    KEYS = {
        "text": Key(s.text, required=True, doc="the value shown, usually {{field}}"),
        "shape": Key(shape_name, default="circle", doc=f"{', '.join(SHAPES)} or an icon name"),
        "fill": Key(color_name, default="black", doc="shape colour"),
        "stroke": Key(color_name, doc="outline colour"),
        "stroke_width": Key(length, default=0.4, doc="outline width"),
        "font": Key(font_family, default="condensed", doc="font family of the value"),
        "size": Key(font_size, default=20.0, doc="largest size of the value (pt)"),
        "color": Key(color_name, default="white", doc="colour of the value and label"),
        "label": Key(s.text, default="", doc="small caption under the value, e.g. HEALTH"),
        "min_size": Key(font_size, default=6.0, doc="smallest size of the value before it is reported as too long"),
        "label_size": Key(font_size, default=5.0, doc="caption size (pt)"),
        "offset_y": Key(signed_length, default=0.0, doc="moves the value down (mm), e.g. to centre it in a heart"),
    }
    MARKUP_KEYS = frozenset({"text"})
    COLOR_KEYS = frozenset({"fill", "stroke", "color"})

    @classmethod
    def build(cls, box, values, ctx: BindContext):
        family = ctx.family(values["font"])
        parsed = ctx.parse_text(values["text"])
        label = None
        label_box = None
        inner_h = box.height * VALUE_AREA
        if values["label"]:
            label_runs = ctx.parse_text(values["label"]).runs
            label = _shrunk(label_runs, family, values["label_size"], box.width * 0.9)
            label_h = label.height / mm_to_pt(1)
            label_box = Box(box.x, box.y + box.height * 0.78 - label_h / 2, box.width, label_h)
            inner_h = box.height * 0.5
        value = _shrunk(parsed.runs, family, values["size"], box.width * VALUE_AREA, inner_h)
        check_characters(ctx, "text", parsed.runs, family, parsed.fields)
        if label is not None:
            check_characters(ctx, "label", label_runs, family, ())
        if value.size < values["min_size"] - 1e-6:
            ctx.problem("text", f"value does not fit its {box.width:g} mm badge even at "
                        f"{values['min_size']:g}pt: shorten it, or enlarge the badge",
                        parsed.fields, code="text-overflow")
        top = box.y + values["offset_y"] + (box.height * (0.42 if label else 0.5)) - inner_h / 2
        value_box = Box(box.x, top, box.width, inner_h)
        return cls(box, values["shape"], ctx.color(values["fill"]), ctx.color(values["stroke"] or "none"),
                   values["stroke_width"], value, value_box, ctx.color(values["color"]), label, label_box)

    def draw(self, pen):
        b = self.box
        if self.shape == "circle":
            pen.ellipse(b.x, b.y, b.width, b.height, self.fill, self.stroke, self.stroke_width)
        elif self.shape in ("square", "rounded"):
            radius = min(b.width, b.height) * 0.2 if self.shape == "rounded" else 0
            pen.rect(b.x, b.y, b.width, b.height, self.fill, self.stroke, self.stroke_width, radius)
        elif self.shape == "hexagon":
            pen.polygon(_polygon(b, 6, math.pi / 6), self.fill, self.stroke, self.stroke_width)
        elif self.shape == "diamond":
            pen.polygon(_polygon(b, 4, 0), self.fill, self.stroke, self.stroke_width)
        else:
            side = min(b.width, b.height)
            x, y, _, _ = pen.box(b.x + (b.width - side) / 2, b.y + (b.height - side) / 2, side, side)
            pen.icon(self.shape, x, y, mm_to_pt(side), self.fill)
        draw_layout(pen, self.value, self.value_box, "center", "middle", self.color)
        if self.label is not None:
            draw_layout(pen, self.label, self.label_box, "center", "middle", self.color)

    def inks(self):
        label = (text_ink(self.label, self.label_box, self.color, True),) if self.label else ()
        return self.solid_inks() + (text_ink(self.value, self.value_box, self.color, False),) + label

    def solid_inks(self):
        return (Ink("area", self.box, self.fill),) if self.fill is not None else ()


def _shrunk(runs, family, size: float, width_mm: float, height_mm: float | None = None) -> TextLayout:
    """One line at `size`, scaled down to fit the width (and height) given in mm."""
    size = one_line_size(runs, family, size, mm_to_pt(width_mm),
                         mm_to_pt(height_mm) if height_mm else None)
    return layout_text(runs, family, max(size, 1.0), None, None)
