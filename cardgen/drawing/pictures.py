"""Pictures made ready to draw: cropped, scaled to what their box needs, in the sheet's colours.

A picture is decoded and scaled once per PDF however many faces show it; a PictureCache belongs
to one PDF being drawn and keeps the few pictures last used (a card back's art, a frame shared by
a deck), so a deck of large pictures never holds them all in memory at once.
"""
from __future__ import annotations

from collections import OrderedDict

from PIL import Image
from reportlab.lib.utils import ImageReader

from cardgen.drawing.images import SVG, ImageInfo, opened_picture
from cardgen.shared.colors import to_cmyk as color_to_cmyk
from cardgen.base.units import mm_to_pt
from cardgen.base.limits import PICTURE_DPI

MM_PER_INCH = 25.4


def prepare(info: ImageInfo, crop: tuple | None, width_mm: float, height_mm: float,
            cmyk: bool) -> Image.Image:
    """The picture (or its crop) as drawn in a width x height mm area, at most PICTURE_DPI."""
    with opened_picture(info.path, info.format) as image:
        image.load()
        image = _upright(image)
        part = image.crop((crop[0], crop[1], crop[0] + crop[2], crop[1] + crop[3])) if crop else image
        part = _plain_mode(part)
        limit = (max(1, round(width_mm / MM_PER_INCH * PICTURE_DPI)),
                 max(1, round(height_mm / MM_PER_INCH * PICTURE_DPI)))
        if part.width > limit[0] and part.height > limit[1]:
            scale = max(limit[0] / part.width, limit[1] / part.height)
            part = part.resize((max(1, round(part.width * scale)),
                                max(1, round(part.height * scale))), Image.LANCZOS)
        return to_cmyk(part) if cmyk else part


def _upright(image: Image.Image) -> Image.Image:
    """The picture as it is meant to be seen: turned by its EXIF orientation, as a phone's photo
    is shown on the phone."""
    from PIL import ImageOps     # PIL's helpers imported where a picture is prepared, not to check
    try:
        return ImageOps.exif_transpose(image)
    except Exception:         # unreadable EXIF: drawn as stored
        return image


def _plain_mode(image: Image.Image) -> Image.Image:
    """RGB, RGBA, L or CMYK: the modes a PDF image takes (palettes, 16-bit and the like are not)."""
    if image.mode in ("RGB", "RGBA", "L", "CMYK"):
        return image.copy()
    if image.mode in ("P", "PA", "LA") or "transparency" in image.info:
        return image.convert("RGBA")
    if image.mode.startswith("I") or image.mode == "F":
        return image.convert("L") if image.mode in ("I;16", "I;16B", "I;16L", "I", "F") else image.convert("RGB")
    return image.convert("RGB")


# 400% ink: the formula below never makes it (K = 1 leaves no C, M or Y), so in a picture it
# converted it marks the clear pixels, which the PDF's colour-key mask leaves undrawn
CLEAR = (255, 255, 255, 255)
OPAQUE_FROM = 128               # alpha from which a pixel is drawn, in a CMYK picture


def to_cmyk(image: Image.Image) -> Image.Image:
    """A picture in CMYK by the formula colours use: K = 1 - max(R, G, B), C = (1 - R - K) / (1 - K)
    (M, Y likewise). CMYK PDFs (print services' PDF/X-1a) allow no soft transparency: a pixel
    less than half opaque is CLEAR (marked as such in the image's info, as PIL marks a colour
    key), any other is drawn in its own colour, so the picture's outline stays, without the
    soft edge, over whatever is beneath."""
    from PIL import ImageChops, ImageMath
    if image.mode == "CMYK":
        return image
    alpha = image.getchannel("A") if image.mode == "RGBA" else None
    r, g, b = image.convert("RGB").split()
    top = ImageChops.lighter(ImageChops.lighter(r, g), b)          # max(R, G, B) = 255 (1 - K)
    k = ImageChops.invert(top)

    def ink(channel):
        return ImageMath.lambda_eval(
            lambda e: e["convert"](((e["m"] - e["c"]) * 255) / (e["m"] + (e["m"] == 0)), "L"),
            m=top, c=channel)
    cmyk = Image.merge("CMYK", (ink(r), ink(g), ink(b), k))
    if alpha is not None and alpha.getextrema()[0] < OPAQUE_FROM:
        cmyk.paste(CLEAR, mask=alpha.point(lambda a: 255 if a < OPAQUE_FROM else 0))
        cmyk.info["transparency"] = CLEAR
    return cmyk


def image_mask(image: Image.Image) -> list | str:
    """How drawImage masks a prepared picture: a CMYK one's CLEAR pixels by a colour-key mask
    (not transparency: PDF 1.3 has it); any other as reportlab finds it (an alpha channel)."""
    if image.mode == "CMYK" and image.info.get("transparency") == CLEAR:
        return [value for value in CLEAR for _ in range(2)]
    return "auto"


class PictureCache:
    """The pictures of one PDF, each prepared once (only the `keep` last used stay in memory) and
    put in the PDF once, as a form every face that shows it draws."""

    def __init__(self, keep: int = 8):
        self.keep = keep
        self._readers: OrderedDict = OrderedDict()
        self._forms: dict = {}            # picture, crop, size, colour model -> its form's name

    @staticmethod
    def _key(info: ImageInfo, crop, width_mm: float, height_mm: float, cmyk: bool) -> tuple:
        return (info.path, crop, round(width_mm, 3), round(height_mm, 3), cmyk)

    def define_form(self, canvas, info: ImageInfo, crop, width_mm: float, height_mm: float,
                    cmyk: bool) -> None:
        """The picture as a form of its printed size, drawn at the form's origin: defined once,
        before the first face that shows it (a form cannot be defined inside another)."""
        key = self._key(info, crop, width_mm, height_mm, cmyk)
        if key in self._forms:
            return
        name = f"picture{len(self._forms)}"
        canvas.beginForm(name, 0, 0, mm_to_pt(width_mm), mm_to_pt(height_mm))
        self.draw(canvas, info, crop, width_mm, height_mm, cmyk)
        canvas.endForm()
        self._forms[key] = name

    def draw(self, canvas, info: ImageInfo, crop, width_mm: float, height_mm: float,
             cmyk: bool) -> None:
        """The picture drawn width x height mm at the canvas's origin: a raster as an image, an
        SVG as the paths it is made of."""
        width, height = mm_to_pt(width_mm), mm_to_pt(height_mm)
        if info.format == SVG:
            from cardgen.drawing.svg_pictures import draw_svg    # svglib: only for an SVG
            draw_svg(canvas, self._drawing(info, cmyk), crop, width, height)
        else:
            # a reader, not a file name: the PDF names the image by its content, not its path
            reader, mask = self.image(info, crop, width_mm, height_mm, cmyk)
            canvas.drawImage(reader, 0, 0, width, height, mask=mask)

    def form(self, info: ImageInfo, crop, width_mm: float, height_mm: float, cmyk: bool) -> str | None:
        return self._forms.get(self._key(info, crop, width_mm, height_mm, cmyk))

    def _drawing(self, info: ImageInfo, cmyk: bool):
        """The SVG's drawing, its colours in CMYK when the PDF is, kept as prepared rasters are."""
        key = (info.path, SVG, cmyk)
        if key in self._readers:
            self._readers.move_to_end(key)
            return self._readers[key]
        from cardgen.drawing.svg_pictures import svg_drawing
        drawing = svg_drawing(info.path, info.path.name, color_to_cmyk if cmyk else None)
        self._keep(key, drawing)
        return drawing

    def _keep(self, key: tuple, value) -> None:
        self._readers[key] = value
        while len(self._readers) > self.keep:
            self._readers.popitem(last=False)

    def image(self, info: ImageInfo, crop: tuple | None, width_mm: float, height_mm: float,
              cmyk: bool) -> tuple[ImageReader, list | str]:
        """The prepared picture, and the mask drawImage takes for it."""
        key = self._key(info, crop, width_mm, height_mm, cmyk)
        if key in self._readers:
            self._readers.move_to_end(key)
        else:
            picture = prepare(info, crop, width_mm, height_mm, cmyk)
            self._keep(key, (ImageReader(picture), image_mask(picture)))
        return self._readers[key]
