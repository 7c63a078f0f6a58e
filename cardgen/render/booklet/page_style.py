"""A document page's size, margins and body text size, and the band its footer is set in: what
the booklets' checks need, without the typesetter."""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color

from cardgen.imposition import FooterRoom

# the footer's band, mm: from under the body's margin to just above it, clear of the text frame
FOOTER_BELOW, FOOTER_ABOVE = 4.0, 2.0
FRAME_RAISE = 4.0          # mm the body text's frame stands above the margin


@dataclass(frozen=True)
class PageStyle:
    """A page size and how text sits on it, in mm and pt."""

    width: float
    height: float
    margin: float              # on every side; the printer margin is well inside it
    body: float                # body text size, pt
    accent: Color

    @property
    def heading_sizes(self) -> tuple[float, float, float]:
        return (self.body * 1.75, self.body * 1.3, self.body * 1.1)


def footer_room(style: PageStyle, printer_margin: float) -> FooterRoom:
    """The band a body page's footer is centred in: about the bottom margin, under the text's
    frame and above the edge the printer cannot reach (mm)."""
    low = max(printer_margin, style.margin - FOOTER_BELOW)
    return FooterRoom(style.margin, low, style.width - style.margin, style.margin + FOOTER_ABOVE)
