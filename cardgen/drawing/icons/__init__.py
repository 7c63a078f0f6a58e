"""cardgen's vector icons: drawn with path operations, so they print sharp at any size."""
from __future__ import annotations

from cardgen.drawing.icons import nature, symbols
from cardgen.drawing.icons.pen import OUTLINE_WIDTH, Ink

_ICONS = {**symbols.ICONS, **nature.ICONS, "health": symbols.ICONS["heart"]}

ICON_NAMES: tuple[str, ...] = tuple(sorted(_ICONS))


def draw_icon(canvas, name: str, x: float, y: float, size: float, fill, stroke=None) -> None:
    """Draw icon `name` in the square whose lower-left corner is (x, y) and whose side is `size`,
    all in PDF points (y up). `fill` and `stroke` are reportlab Color objects (stroke None = no outline).
    Raises KeyError for an unknown name. Leaves the canvas graphics state as it found it (saveState/restoreState)."""
    func = _ICONS[name]
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(size, size)
    canvas.setFillColor(fill)
    if stroke is not None:
        canvas.setStrokeColor(stroke)
    canvas.setLineWidth(OUTLINE_WIDTH)
    canvas.setLineJoin(1)
    canvas.setLineCap(1)
    try:
        func(canvas, Ink(fill, stroke))
    finally:
        canvas.restoreState()
