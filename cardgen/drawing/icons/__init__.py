"""cardgen's vector icons: drawn with path operations, so they print sharp at any size. The
built-in ones, and the icon sets installed distributions register as entry points in the group
`cardgen.icons`, each loading a mapping of icon name -> draw function `f(canvas, ink)` that draws
in the unit square, y up, with the helpers of `cardgen.drawing.icons.pen`."""
from __future__ import annotations

from collections.abc import Mapping

from cardgen.drawing.icons import figures, nature, occult, radiant, spells, symbols
from cardgen.drawing.icons.pen import OUTLINE_WIDTH, Ink
from cardgen.shared.registry import Registry, unfit

GROUP = "cardgen.icons"


def _registered(name: str, loaded) -> dict:
    if not (isinstance(loaded, Mapping) and all(
            isinstance(k, str) and callable(v) for k, v in loaded.items())):
        raise unfit(GROUP, name, "a mapping of icon name -> draw function", loaded)
    return dict(loaded)


# icon name -> draw function, names in alphabetical order
ICONS: Mapping = Registry(
    GROUP, lambda: {**symbols.ICONS, **nature.ICONS, **figures.ICONS, **spells.ICONS, **occult.ICONS,
                    **radiant.ICONS, "health": symbols.ICONS["heart"]},
    _registered, alphabetical=True)


def draw_icon(canvas, name: str, x: float, y: float, size: float, fill, stroke=None) -> None:
    """Draw icon `name` in the square whose lower-left corner is (x, y) and whose side is `size`,
    all in PDF points (y up). `fill` and `stroke` are reportlab Color objects (stroke None = no outline).
    Raises KeyError for an unknown name. Leaves the canvas graphics state as it found it (saveState/restoreState)."""
    func = ICONS[name]
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
