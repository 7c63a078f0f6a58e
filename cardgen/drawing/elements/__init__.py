"""The drawable element types a layout may use, by the name its `type:` key gives: the basic
ones built in, and those installed distributions register as entry points in the group
`cardgen.elements`, each loading an Element subclass."""
from __future__ import annotations

from collections.abc import Mapping

from cardgen.drawing.elements.badge import Badge
from cardgen.drawing.elements.grid import Grid
from cardgen.drawing.elements.base import COMMON_KEYS, BindContext, Box, Element, Ink
from cardgen.drawing.elements.picture import Icon, Picture
from cardgen.drawing.elements.shapes import Ellipse, Line, Rect
from cardgen.drawing.elements.text import Text, TextBox
from cardgen.shared.registry import Registry, unfit

GROUP = "cardgen.elements"

BUILT_IN: dict[str, type[Element]] = {
    "rect": Rect,
    "ellipse": Ellipse,
    "line": Line,
    "text": Text,
    "textbox": TextBox,
    "image": Picture,
    "icon": Icon,
    "badge": Badge,
    "grid": Grid,
}


def _registered(name: str, loaded) -> dict[str, type[Element]]:
    if not (isinstance(loaded, type) and issubclass(loaded, Element)):
        raise unfit(GROUP, name, "a subclass of cardgen.drawing.elements.Element", loaded)
    return {name: loaded}


ELEMENT_TYPES: Mapping[str, type[Element]] = Registry(GROUP, lambda: BUILT_IN, _registered)

__all__ = ["ELEMENT_TYPES", "COMMON_KEYS", "BindContext", "Box", "Element", "Ink"]
