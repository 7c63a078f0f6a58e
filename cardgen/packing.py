"""Where tokens go on a sheet: as many as fit inside the printer margin, circles and hexagons in
offset rows (each row shifted half a token, as coins pack), squares in a grid. Pure geometry, in
millimetres from the page's bottom-left corner; a position is a token's centre."""
from __future__ import annotations

import math
from dataclasses import dataclass

TOKEN_BLEED = 1.5      # mm of background past the cut line, each side
CUT_GAP = 2 * TOKEN_BLEED   # between two tokens: each one's bleed
OFFSET_SHAPES = ("circle", "hexagon")


class PackingError(ValueError):
    pass


def footprint(shape: str, size: float) -> tuple[float, float]:
    """Width and height of a token's outline: a hexagon stands on a corner, `size` across its
    flat sides."""
    return (size, size * 2 / math.sqrt(3)) if shape == "hexagon" else (size, size)


@dataclass(frozen=True)
class TokenPlan:
    page_width: float
    page_height: float
    width: float              # one token's outline
    height: float
    centres: tuple[tuple[float, float], ...]

    @property
    def per_page(self) -> int:
        return len(self.centres)

    def backs(self, duplex: str) -> tuple[tuple[float, float], ...]:
        """Where each token's back goes on the back of the sheet: mirrored for the flip."""
        if duplex == "short":
            return tuple((x, self.page_height - y) for x, y in self.centres)
        return tuple((self.page_width - x, y) for x, y in self.centres)


FOOTER_ROOM = 4.0      # kept free at the bottom of every sheet for its footer


def plan_tokens(page: tuple[float, float], shape: str, size: float, margin: float) -> TokenPlan:
    page_w, page_h = page
    width, height = footprint(shape, size)
    left, right = margin + TOKEN_BLEED + width / 2, page_w - margin - TOKEN_BLEED - width / 2
    bottom = margin + FOOTER_ROOM + TOKEN_BLEED + height / 2
    top = page_h - margin - TOKEN_BLEED - height / 2
    if left > right or bottom > top:
        raise PackingError(f"a {size:g} mm token does not fit on a {page_w:g} x {page_h:g} mm page "
                           f"inside a {margin:g} mm margin")
    pitch_x = width + CUT_GAP
    offset = shape in OFFSET_SHAPES
    if shape == "hexagon":
        pitch_y = (height * 0.75) + CUT_GAP * math.sqrt(3) / 2
    elif shape == "circle":
        pitch_y = pitch_x * math.sqrt(3) / 2
    else:
        pitch_y = height + CUT_GAP
    rows = int((top - bottom) / pitch_y + 1e-9) + 1
    centres = []
    for row in range(rows):
        y = top - row * pitch_y
        shift = pitch_x / 2 if offset and row % 2 else 0.0
        count = int((right - left - shift) / pitch_x + 1e-9) + 1 if right - left >= shift else 0
        centres += [(left + shift + i * pitch_x, y) for i in range(count)]
    used_w = max(x for x, _ in centres) - min(x for x, _ in centres)
    used_h = max(y for _, y in centres) - min(y for _, y in centres)
    dx = (right - left - used_w) / 2 - (min(x for x, _ in centres) - left)
    dy = (top - bottom - used_h) / 2 - (top - max(y for _, y in centres))
    return TokenPlan(page_w, page_h, width, height,
                     tuple((x + dx, y - dy) for x, y in centres))


def outline(shape: str, cx: float, cy: float, size: float, grow: float = 0.0) -> list[tuple[float, float]]:
    """The corners of a square or hexagon (grown by `grow` mm all round), for drawing and clipping."""
    width, height = footprint(shape, size)
    if shape == "hexagon":
        r = height / 2 + grow * 2 / math.sqrt(3)
        return [(cx + r * math.cos(math.radians(90 + 60 * i)),
                 cy + r * math.sin(math.radians(90 + 60 * i))) for i in range(6)]
    half_w, half_h = width / 2 + grow, height / 2 + grow
    return [(cx - half_w, cy - half_h), (cx + half_w, cy - half_h), (cx + half_w, cy + half_h),
            (cx - half_w, cy + half_h)]
