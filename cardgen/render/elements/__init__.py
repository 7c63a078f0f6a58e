"""The drawable element types a layout may use, by the name its `type:` key gives."""
from __future__ import annotations

from cardgen.render.elements.badge import Badge
from cardgen.render.elements.base import COMMON_KEYS, BindContext, Box, Element
from cardgen.render.elements.picture import Icon, Picture
from cardgen.render.elements.shapes import Ellipse, Line, Rect
from cardgen.render.elements.target_grid import TargetGrid
from cardgen.render.elements.text import Text, TextBox

ELEMENT_TYPES: dict[str, type[Element]] = {
    "rect": Rect,
    "ellipse": Ellipse,
    "line": Line,
    "text": Text,
    "textbox": TextBox,
    "image": Picture,
    "icon": Icon,
    "badge": Badge,
    "target_grid": TargetGrid,
}

__all__ = ["ELEMENT_TYPES", "COMMON_KEYS", "BindContext", "Box", "Element"]
