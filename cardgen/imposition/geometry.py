"""The shapes imposition speaks in: a card's slot on the sheet, a rectangle, a band for the footer.
Millimetres, origin at the page's bottom-left corner (PDF's convention)."""
from __future__ import annotations

from dataclasses import dataclass

from cardgen.base.errors import ProblemError


class ImpositionError(ProblemError, ValueError):
    """No card fits: the card's size is at fault (page-fit), or the back offset (back-offset)."""

    code = "page-fit"


@dataclass(frozen=True)
class Area:
    """A rectangle: x0, y0 bottom-left, x1, y1 top-right."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0


@dataclass(frozen=True)
class Slot:
    """One card position: the bottom-left corner of its trim on the sheet, the bleed kept on each
    side of the sheet, and how far the card is turned (90: a quarter turn anticlockwise; 180,
    upside down, only a back behind a short-edge flip)."""

    x: float
    y: float
    bleed_left: float
    bleed_right: float
    bleed_bottom: float
    bleed_top: float
    rotation: int = 0

    def clip(self, width: float, height: float) -> tuple[float, float, float, float]:
        """The drawn area (trim plus kept bleed) as x, y, width, height; `width` and `height`
        are the card's footprint on the sheet."""
        return (self.x - self.bleed_left, self.y - self.bleed_bottom,
                width + self.bleed_left + self.bleed_right, height + self.bleed_bottom + self.bleed_top)

    def ink(self, width: float, height: float) -> Area:
        """The drawn area as a rectangle."""
        return Area(self.x - self.bleed_left, self.y - self.bleed_bottom,
                    self.x + width + self.bleed_right, self.y + height + self.bleed_top)


@dataclass(frozen=True)
class FooterRoom:
    """A band free of ink where a page footer or label may go. Unless `rotated`, its text runs
    left to right along the band's width; rotated, it runs up the page along its height."""

    x0: float
    y0: float
    x1: float
    y1: float
    rotated: bool = False

    @property
    def length(self) -> float:
        return self.y1 - self.y0 if self.rotated else self.x1 - self.x0

    @property
    def depth(self) -> float:
        return self.x1 - self.x0 if self.rotated else self.y1 - self.y0


def extent(slots, width: float, height: float, bleed: bool = True) -> Area:
    """The rectangle round everything drawn for `slots` (trims and kept bleed), or with
    `bleed` false round their trims alone."""
    inks = [slot.ink(width, height) if bleed else Area(slot.x, slot.y, slot.x + width, slot.y + height)
            for slot in slots]
    return Area(min(a.x0 for a in inks), min(a.y0 for a in inks),
                max(a.x1 for a in inks), max(a.y1 for a in inks))


def cuts(slots, width: float, height: float) -> tuple[list[float], list[float]]:
    """The cut lines of `slots`: x of the upright ones, y of the level ones, sorted."""
    xs = sorted({round(s.x, 6) for s in slots} | {round(s.x + width, 6) for s in slots})
    ys = sorted({round(s.y, 6) for s in slots} | {round(s.y + height, 6) for s in slots})
    return xs, ys
