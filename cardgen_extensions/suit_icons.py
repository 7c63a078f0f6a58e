"""The five suit icons of the Line Battle games, one for each dragon type of Dragon Line
Deluxe: wind (Air), mountain (Earth), flame (Fire), snowflake (Ice) and spirit (Spirit)."""
from __future__ import annotations

import math

from cardgen.drawing.icons.pen import line, polygon, shape


def _wind(c, ink):
    """Three gusts, two ending in curls."""
    p = c.beginPath()
    p.moveTo(0.08, 0.66)
    p.lineTo(0.62, 0.66)
    p.arcTo(0.52, 0.66, 0.72, 0.86, -90, 270)
    p.moveTo(0.14, 0.48)
    p.lineTo(0.82, 0.48)
    p.moveTo(0.08, 0.30)
    p.lineTo(0.56, 0.30)
    p.arcTo(0.46, 0.10, 0.66, 0.30, 90, -270)
    line(c, ink, p, 0.08)


def _mountain(c, ink):
    """Two peaks, the taller one with a snow cap."""
    top, foot_l, foot_r = (0.37, 0.84), (0.05, 0.14), (0.53, 0.48)

    def slope(y, foot):
        return top[0] + (foot[0] - top[0]) * (top[1] - y) / (top[1] - foot[1])

    def snow_line(y):
        return [(slope(y, foot_l), y), (0.32, y - 0.06), (0.37, y), (0.42, y - 0.06),
                (slope(y, foot_r), y)]

    p = polygon(c.beginPath(), [top] + snow_line(0.63)[::-1])
    polygon(p, [foot_l] + snow_line(0.565) + [foot_r, (0.67, 0.66), (0.95, 0.14)])
    shape(c, ink, p)


def _flame(c, ink):
    """Flame with an inner tongue."""
    p = c.beginPath()
    p.moveTo(0.5, 0.05)
    p.curveTo(0.26, 0.05, 0.14, 0.22, 0.16, 0.42)
    p.curveTo(0.18, 0.56, 0.26, 0.62, 0.30, 0.74)
    p.curveTo(0.36, 0.66, 0.38, 0.62, 0.40, 0.56)
    p.curveTo(0.48, 0.68, 0.58, 0.80, 0.54, 0.95)
    p.curveTo(0.74, 0.84, 0.86, 0.62, 0.84, 0.40)
    p.curveTo(0.82, 0.20, 0.70, 0.05, 0.5, 0.05)
    p.close()
    p.moveTo(0.5, 0.14)
    p.curveTo(0.38, 0.14, 0.33, 0.22, 0.34, 0.32)
    p.curveTo(0.35, 0.42, 0.46, 0.48, 0.52, 0.60)
    p.curveTo(0.60, 0.50, 0.67, 0.40, 0.66, 0.30)
    p.curveTo(0.65, 0.20, 0.60, 0.14, 0.5, 0.14)
    p.close()
    shape(c, ink, p, even_odd=True)


def _snowflake(c, ink):
    """Six-armed snowflake with forked arm tips."""
    p = c.beginPath()
    for k in range(6):
        a = math.radians(90 + 60 * k)
        tip = (0.5 + 0.40 * math.cos(a), 0.5 + 0.40 * math.sin(a))
        p.moveTo(0.5, 0.5)
        p.lineTo(*tip)
        fork = (0.5 + 0.24 * math.cos(a), 0.5 + 0.24 * math.sin(a))
        for side in (-1, 1):
            b = a + side * math.radians(45)
            p.moveTo(*fork)
            p.lineTo(fork[0] + 0.13 * math.cos(b), fork[1] + 0.13 * math.sin(b))
    line(c, ink, p, 0.075)


def _spirit(c, ink):
    """Tapered swirl."""
    turns, n = 2.25, 90
    outer, inner = [], []
    for i in range(n + 1):
        t = i / n
        th = math.radians(90) + t * turns * 2 * math.pi
        r = 0.03 + 0.37 * t
        w = 0.015 + 0.05 * t
        outer.append((0.5 + (r + w) * math.cos(th), 0.5 + (r + w) * math.sin(th)))
        inner.append((0.5 + (r - w) * math.cos(th), 0.5 + (r - w) * math.sin(th)))
    shape(c, ink, polygon(c.beginPath(), outer + inner[::-1]))


ICONS = {
    "wind": _wind,
    "mountain": _mountain,
    "flame": _flame,
    "snowflake": _snowflake,
    "spirit": _spirit,
}
