"""Print services' card files, in one table: what each wants, for `cardgen export images --preset`.
Sizes are those of a poker card; other sizes scale with the card. Check the service's own template
before a paid order: these come from their published specifications."""
from __future__ import annotations

from dataclasses import dataclass

INCH = 25.4


@dataclass(frozen=True)
class Preset:
    service: str
    output: str               # the output kind that makes its files
    dpi: float
    bleed: float              # mm round the trim
    format: str               # of the images (pdf: one card a page)


# each with the size of a poker card's file as the service states it, which these make
PRESETS = {
    "mpc": Preset("MakePlayingCards", "images", 300, 36 / 300 * INCH, "png"),            # 822 x 1122 px
    "tgc": Preset("The Game Crafter", "images", 300, 37.5 / 300 * INCH, "png"),          # 825 x 1125 px
    "drivethru": Preset("DriveThruCards", "card-pdfs", 300, 0.125 * INCH, "pdf"),        # 2.75 x 3.75 in
}
