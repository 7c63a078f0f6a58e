"""Pictures from the game folder (fit, fill or crop) and cardgen's own vector icons."""
from __future__ import annotations

from dataclasses import dataclass

from cardgen.base.errors import did_you_mean
from cardgen.shared import schema as s
from cardgen.drawing.images import SVG, ImageInfo, inspect_image
from cardgen.shared.paths import confined_path
from cardgen.shared.schema import Invalid, Key
from cardgen.drawing.elements.base import BindContext, Box, Element, Ink, color_name
from cardgen.drawing.elements.shapes import bleed_box
from cardgen.drawing.icons import ICONS
from cardgen.base.units import mm_to_pt

PRINT_DPI = 300


def _crop(value, at) -> tuple:
    numbers = s.list_of(s.integer(0))(value, at)
    if len(numbers) != 4:
        raise Invalid(f"expected [left, top, width, height] in pixels, found {value}")
    return numbers


@dataclass(frozen=True, slots=True)
class Picture(Element):
    box: Box
    clip: Box
    info: ImageInfo
    crop: tuple | None

    VALUE_KEY = "src"
    KEYS = {
        "src": Key(s.text, required=True, doc="picture file relative to the game folder (PNG, JPEG, "
                                             "WebP, GIF, TIFF, BMP, or SVG drawn as vectors), or {{field}}"),
        "fit": Key(s.choice("fit", "fill", "crop"), default="fill",
                   doc="fit: whole picture inside the box; fill: cover the box, centred; "
                       "crop: cut the `crop` rectangle out of the picture, then fill"),
        "crop": Key(_crop, doc="[left, top, width, height] in pixels (an SVG's px), for fit: crop"),
        "bleed": Key(s.boolean, default=False, doc="edges on the trim line run on into the bleed"),
    }

    @classmethod
    def build(cls, box, values, ctx: BindContext):
        if not values["src"]:
            return None
        src = values["src"]
        if src not in ctx.images:          # each picture is found and checked once, a bad one too
            try:
                if src.lower().endswith(".svg"):      # lxml and svglib: only for an SVG
                    from cardgen.drawing.svg_pictures import inspect_svg as inspect
                else:
                    inspect = inspect_image
                ctx.images[src] = inspect(confined_path(ctx.root, src), src)
            except Invalid as exc:
                ctx.images[src] = exc
        info = ctx.images[src]
        if isinstance(info, Invalid):
            if info.problem.code == "svg":       # an SVG cardgen refuses, rather than cannot read
                ctx.problem("src", str(info), code="svg")
            else:
                ctx.problem("src", str(info), code="art")
            return None
        clip = bleed_box(box, ctx) if values["bleed"] else box
        crop = values["crop"] if values["fit"] == "crop" else None
        if values["fit"] == "crop" and crop is None:
            ctx.problem("crop", "fit: crop needs crop: [left, top, width, height] in pixels")
            return None
        if crop and (crop[0] + crop[2] > info.width or crop[1] + crop[3] > info.height
                     or not crop[2] or not crop[3]):
            ctx.problem("crop", f"crop {list(crop)} is not inside the {info.width:g} x {info.height:g} "
                        f"pixel picture '{values['src']}'")
            return None
        src_w, src_h = (crop[2], crop[3]) if crop else (info.width, info.height)
        dpi = min(src_w / (clip.width / 25.4), src_h / (clip.height / 25.4))
        if values["fit"] != "fit" and dpi < PRINT_DPI and info.format != SVG:   # vectors: any size
            ctx.problem("src", f"picture '{values['src']}' prints at {dpi:.0f} dpi in its "
                        f"{clip.width:g} x {clip.height:g} mm box; {PRINT_DPI} dpi needs "
                        f"{round(clip.width / 25.4 * PRINT_DPI)} x {round(clip.height / 25.4 * PRINT_DPI)} "
                        "pixels", severity="warning", code="art-resolution")
        scale = (min if values["fit"] == "fit" else max)(clip.width / src_w, clip.height / src_h)
        w, h = src_w * scale, src_h * scale
        placed = Box(clip.x + (clip.width - w) / 2, clip.y + (clip.height - h) / 2, w, h)
        return cls(placed, clip, info, crop)

    def draw(self, pen):
        c = pen.canvas
        c.saveState()
        pen.clip(self.clip.x, self.clip.y, self.clip.width, self.clip.height)
        x, y, _, _ = pen.box(self.box.x, self.box.y, self.box.width, self.box.height)
        form = pen.pictures.form(self.info, self.crop, self.box.width, self.box.height, pen.cmyk)
        c.translate(x, y)
        if form is not None:       # put in the PDF once, before this face's own form
            c.doForm(form)
        else:
            pen.pictures.draw(c, self.info, self.crop, self.box.width, self.box.height, pen.cmyk)
        c.restoreState()

    def pictures(self):
        return ((self.info, self.crop, self.box.width, self.box.height),)

    def inks(self):
        return (Ink("area", self.clip, None),)   # many colours: text over it is not judged


def icon_name(value, at) -> str:
    name = s.text(value, at)
    if "{{" not in name and name not in ICONS:
        raise Invalid(f"unknown icon '{name}'{did_you_mean(name, ICONS)}", code="unknown-icon")
    return name


@dataclass(frozen=True, slots=True)
class Icon(Element):
    """One of cardgen's vector icons, centred in its box at the box's smaller side."""

    box: Box
    name: str
    color: object

    VALUE_KEY = "name"
    KEYS = {
        "name": Key(icon_name, required=True, doc="icon name (see the icon list) or {{field}}"),
        "color": Key(color_name, default="black", doc="icon colour"),
    }
    COLOR_KEYS = frozenset({"color"})

    @classmethod
    def build(cls, box, values, ctx):
        if not values["name"]:
            return None
        if values["name"] not in ICONS:
            ctx.problem("name", f"unknown icon '{values['name']}'{did_you_mean(values['name'], ICONS)}",
                        code="unknown-icon")
            return None
        return cls(box, values["name"], ctx.color(values["color"]))

    def draw(self, pen):
        side = min(self.box.width, self.box.height)
        x = self.box.x + (self.box.width - side) / 2
        y = self.box.y + (self.box.height - side) / 2
        bx, by, _, _ = pen.box(x, y, side, side)
        pen.icon(self.name, bx, by, mm_to_pt(side), self.color)

    def inks(self):
        return (Ink("mark", self.box, self.color, content=self.name),)
