"""Where a back goes: the one mirroring of a sheet turned over for its back side."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Flip:
    """A sheet turned over its long edge ("long", and a gutterfold's fold, which mirrors left to
    right) or its short edge ("short"), and the back offset measured on the printer, applied
    after the mirroring. Millimetres, origin at the page's bottom-left corner."""

    edge: str
    page_width: float
    page_height: float
    offset: tuple[float, float] = (0.0, 0.0)

    def box(self, x: float, y: float, width: float = 0.0, height: float = 0.0) -> tuple[float, float]:
        """The bottom-left corner of the back of a `width` x `height` box whose front's is at
        (x, y); with no size, where a point lands (subtracting 0.0 changes no float)."""
        dx, dy = self.offset
        if self.edge == "short":
            return x + dx, self.page_height - y - height + dy
        return self.page_width - x - width + dx, y + dy

    def room(self, left: float, bottom: float, right: float, top: float) -> tuple[float, ...]:
        """Where fronts may go, (left, bottom, right, top) in page coordinates, so that each back,
        mirrored and then moved by the offset, lands inside that same area too (an area as far
        from each edge as from its mirror's, as the printer margin is): it shrinks on the side
        the backs move towards."""
        dx, dy = self.offset
        if self.edge == "short":
            return (left + max(-dx, 0.0), bottom + max(dy, 0.0),
                    right - max(dx, 0.0), top + min(dy, 0.0))
        return (left + max(dx, 0.0), bottom + max(-dy, 0.0),
                right + min(dx, 0.0), top - max(dy, 0.0))
