"""The drawable element types a layout may use, by the name its `type:` key gives."""
from __future__ import annotations

from cardgen.drawing.elements.badge import Badge
from cardgen.drawing.elements.grid import Grid
from cardgen.drawing.elements.base import COMMON_KEYS, BindContext, Box, Element
from cardgen.drawing.elements.picture import Icon, Picture
from cardgen.drawing.elements.shapes import Ellipse, Line, Rect
from cardgen.drawing.elements.target_grid import TargetGrid
from cardgen.drawing.elements.text import Text, TextBox

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
    "grid": Grid,
}

__all__ = ["ELEMENT_TYPES", "COMMON_KEYS", "BindContext", "Box", "Element"]
