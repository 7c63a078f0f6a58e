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
