"""SVG pictures from game data: read under limits, refused where a drawing could reach outside
itself, then turned into reportlab shapes (svglib) and drawn as vectors.

An SVG file can name other files and URLs, declare entities and repeat itself without end, so it
is read here before svglib sees it, and refused (code `svg`, with the SVG's line) when it has:
- a DOCTYPE, any: its entities could name files or URLs or multiply text, and a drawing needs none;
- a reference (href, xlink:href, url(...)) to anything but an `#id` within the drawing, and
  `@import` in a style;
- an <image> (a raster, or another file, inside the drawing) or text (svglib would look its font
  up on the machine): a picture element draws a raster; text is converted to paths;
- more than the limits: SVG_BYTES before and while it is read, SVG_ELEMENTS, SVG_PATH_CHARS and
  SVG_DEPTH while it is parsed, so memory stays small whatever the file.
Messages never quote the file's content, only its name as the data wrote it and a line.
"""
from __future__ import annotations

import logging
import re
import stat
from pathlib import Path

from lxml import etree
from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing
from svglib.svglib import SvgRenderer

from cardgen.base.limits import SVG_BYTES, SVG_DEPTH, SVG_ELEMENTS, SVG_PATH_CHARS
from cardgen.drawing.images import SVG, ImageInfo
from cardgen.shared.schema import Invalid

SVG_NS = "{http://www.w3.org/2000/svg}"
PX_TO_PT = 0.75                     # an SVG's px is a CSS px, 1/96 inch
CHUNK = 64 * 1024
_REFUSED_ELEMENTS = {
    "image": "an <image> (a picture inside the drawing) is not drawn: show a raster with a "
             "picture element of its own",
    "text": "text is not drawn: convert it to paths (Inkscape: Path > Object to Path)",
}
_URL = re.compile(r"url\(\s*['\"]?\s*([^)'\"\s]*)", re.IGNORECASE)
_PATH_DATA = ("d", "points")

logging.getLogger("svglib").addHandler(logging.NullHandler())
logging.getLogger("svglib").propagate = False     # its notes on unsupported features are not ours


def _refused(shown: str, line: int | None, what: str) -> Invalid:
    return Invalid(f"picture '{shown}' line {line}: {what}", code="svg")


def _local(name) -> str:
    return etree.QName(name).localname if isinstance(name, str) else ""


def _check_element(element, shown: str) -> int:
    """Refuse what the element may not have; return its characters of path data."""
    line, name = element.sourceline, _local(element.tag)
    if name in _REFUSED_ELEMENTS or name in ("tspan", "textPath"):
        raise _refused(shown, line, _REFUSED_ELEMENTS.get(name, _REFUSED_ELEMENTS["text"]))
    path_chars = 0
    for key, value in element.attrib.items():
        local = _local(key)
        if local == "href" and not value.strip().startswith("#"):
            raise _refused(shown, line, f"<{name}> refers to something outside the drawing "
                                        "(only '#id' references within it are drawn)")
        if any(not target.startswith("#") for target in _URL.findall(value)):
            raise _refused(shown, line, f"<{name}>'s {local} refers to something outside the "
                                        "drawing with url() (only url(#id) is drawn)")
        if local in _PATH_DATA:
            path_chars += len(value)
    return path_chars


def _check_style(element, shown: str) -> None:
    text = element.text or ""
    if "@import" in text.lower() or any(not t.startswith("#") for t in _URL.findall(text)):
        raise _refused(shown, element.sourceline, "a style refers to something outside the "
                                                   "drawing (@import or url())")


def parsed_svg(path: Path, shown: str):
    """The SVG file's root element, read and checked as the module says, or Invalid."""
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            raise Invalid(f"picture '{shown}' is not an ordinary file")
        handle = path.open("rb")
    except OSError:
        raise Invalid(f"picture '{shown}' not found") from None
    if status.st_size > SVG_BYTES:
        handle.close()
        raise _too_big(shown, status.st_size)
    parser = etree.XMLPullParser(events=("start", "end"), resolve_entities=False, no_network=True,
                                 load_dtd=False, remove_comments=True, remove_pis=True)
    read = elements = path_chars = depth = 0
    with handle:
        try:
            while chunk := handle.read(CHUNK):
                read += len(chunk)
                if read > SVG_BYTES:          # it grew after it was measured
                    raise _too_big(shown, read)
                parser.feed(chunk)
                for event, element in parser.read_events():
                    if event == "end":
                        depth -= 1
                        if _local(element.tag) == "style":
                            _check_style(element, shown)
                        continue
                    if elements == 0:
                        _check_root(element, shown)
                    elements, depth = elements + 1, depth + 1
                    if elements > SVG_ELEMENTS:
                        raise Invalid(f"picture '{shown}' draws more than {SVG_ELEMENTS:,} "
                                      "elements (<use> copies counted)", code="svg")
                    if depth > SVG_DEPTH:
                        raise Invalid(f"picture '{shown}' nests its elements deeper than "
                                      f"{SVG_DEPTH} levels", code="svg")
                    path_chars += _check_element(element, shown)
                    if path_chars > SVG_PATH_CHARS:
                        raise Invalid(f"picture '{shown}' has more than {SVG_PATH_CHARS:,} "
                                      "characters of path data", code="svg")
            root = parser.close()
        except etree.XMLSyntaxError as exc:
            raise Invalid(f"picture '{shown}' is not a well-formed SVG file (line {exc.lineno}: "
                          f"{exc.msg.split(', line')[0]})", code="svg") from None
    if root is None or not elements:
        raise Invalid(f"picture '{shown}' is an empty SVG file", code="svg")
    drawn_elements(root, shown)
    return root


SVG_SIDE_PT = 100_000 * PX_TO_PT   # a side past this (or not a number) is no drawing's size


def _too_big(shown: str, size: int) -> Invalid:
    return Invalid(f"picture '{shown}' is {size:,} bytes; the limit for an SVG drawing is "
                   f"{SVG_BYTES:,}", code="svg")


def _check_root(element, shown: str) -> None:
    if element.getroottree().docinfo.doctype:
        raise _refused(shown, element.sourceline, "a DOCTYPE is not read (its entities could "
                                                  "name files or grow the text): remove it")
    if element.tag not in (f"{SVG_NS}svg", "svg"):
        raise Invalid(f"picture '{shown}' is not an SVG drawing (its root element is "
                      f"<{_local(element.tag)}>)", code="svg")


def drawn_elements(root, shown: str) -> int:
    """How many elements the drawing draws, each <use> counted as the element it repeats: a
    few <use>s of <use>s would otherwise draw billions. Raise Invalid past SVG_ELEMENTS, past
    SVG_PATH_CHARS of path data drawn (copies counted too), or at a <use> that repeats itself."""
    ids = {element.get("id"): element for element in root.iter() if element.get("id")}
    weights: dict = {}
    chars: dict = {}             # the path data each element draws, its copies' included
    stack, open_ = [(root, False)], set()
    while stack:
        element, done = stack.pop()
        target = _use_target(element, ids)
        parts = [*(child for child in element if isinstance(child.tag, str)),
                 *((target,) if target is not None else ())]
        if done:
            open_.discard(element)
            weights[element] = min(SVG_ELEMENTS + 1, 1 + sum(weights[p] for p in parts))
            if weights[element] > SVG_ELEMENTS:
                raise Invalid(f"picture '{shown}' draws more than {SVG_ELEMENTS:,} "
                              "elements (<use> copies counted)", code="svg")
            own = sum(len(v) for k, v in element.attrib.items() if _local(k) in _PATH_DATA)
            chars[element] = min(SVG_PATH_CHARS + 1, own + sum(chars[p] for p in parts))
            if chars[element] > SVG_PATH_CHARS:
                raise Invalid(f"picture '{shown}' has more than {SVG_PATH_CHARS:,} "
                              "characters of path data (<use> copies counted)", code="svg")
            continue
        if element in weights:
            continue
        if element in open_:
            raise _refused(shown, element.sourceline, "a <use> repeats an element that holds it")
        open_.add(element)
        stack.append((element, True))
        stack.extend((p, False) for p in parts if p not in weights)
    return weights[root]


def _use_target(element, ids: dict):
    if _local(element.tag) != "use":
        return None
    for key, value in element.attrib.items():
        if _local(key) == "href" and value.strip().startswith("#"):
            return ids.get(value.strip()[1:])
    return None


def svg_drawing(path: Path, shown: str, color_converter=None) -> Drawing:
    """The checked SVG as a reportlab Drawing, its colours through `color_converter` (CMYK)."""
    root = parsed_svg(path, shown)
    renderer = SvgRenderer(str(path), color_converter=color_converter,
                           external_reference_root=str(path.parent))
    try:
        drawing = renderer.render(root)
    except Exception:    # svglib raises many kinds on odd drawings: all mean it cannot be drawn
        raise Invalid(f"picture '{shown}' is an SVG drawing cardgen cannot draw", code="svg") from None
    if not (0 < drawing.width < SVG_SIDE_PT and 0 < drawing.height < SVG_SIDE_PT):
        raise Invalid(f"picture '{shown}' is an SVG drawing of no size, or of no sane one (give "
                      "it a viewBox, or width and height, each under 100,000 px)", code="svg")
    return drawing


def inspect_svg(path: Path, shown: str) -> ImageInfo:
    """Check an SVG picture and draw it once; its size is in the SVG's px (1/96 inch), the unit
    a crop of it is given in."""
    drawing = svg_drawing(path, shown)
    return ImageInfo(path, drawing.width / PX_TO_PT, drawing.height / PX_TO_PT, "vector", SVG)


def draw_svg(canvas, drawing: Drawing, crop: tuple | None, width: float, height: float) -> None:
    """The drawing (or its crop, in px from its top left) scaled into width x height points at
    the canvas's origin, clipped there."""
    left, top, across, down = crop or (0, 0, drawing.width / PX_TO_PT, drawing.height / PX_TO_PT)
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(0, 0, width, height)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.scale(width / (across * PX_TO_PT), height / (down * PX_TO_PT))
    canvas.translate(-left * PX_TO_PT, (top + down) * PX_TO_PT - drawing.height)
    renderPDF.draw(drawing, canvas, 0, 0)
    canvas.restoreState()
