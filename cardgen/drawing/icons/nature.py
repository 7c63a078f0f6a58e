"""Icons of the sky and the weather: balloon, lightning, moon, sun."""
from __future__ import annotations

import math

from cardgen.drawing.icons.pen import circle, line, polygon, radial, shape


def _balloon(c, ink):
    """Round balloon with its knot and a trailing string."""
    p = c.beginPath()
    p.ellipse(0.22, 0.34, 0.56, 0.62)
    polygon(p, [(0.5, 0.36), (0.44, 0.27), (0.56, 0.27)])
    shape(c, ink, p)
    s = c.beginPath()
    s.moveTo(0.5, 0.27)
    s.curveTo(0.42, 0.18, 0.58, 0.12, 0.5, 0.03)
    line(c, ink, s, 0.04)


def _lightning(c, ink):
    """Zig-zag lightning bolt."""
    shape(c, ink, polygon(c.beginPath(), [(0.60, 0.95), (0.20, 0.45), (0.47, 0.45),
                                            (0.36, 0.05), (0.81, 0.57), (0.54, 0.57),
                                            (0.74, 0.95)]))


def _moon(c, ink):
    """Crescent moon."""
    cx, cy, r, bx, by, rb = 0.5, 0.5, 0.42, 0.66, 0.62, 0.36
    d = math.hypot(bx - cx, by - cy)
    phi = math.degrees(math.atan2(by - cy, bx - cx))
    alpha = math.degrees(math.acos((d * d + r * r - rb * rb) / (2 * d * r)))
    pts = [(cx + r * math.cos(math.radians(phi + s * alpha)),
            cy + r * math.sin(math.radians(phi + s * alpha))) for s in (1, -1)]
    b1, b2 = (math.degrees(math.atan2(y - by, x - bx)) for x, y in (pts[1], pts[0]))
    p = c.beginPath()
    p.arc(cx - r, cy - r, cx + r, cy + r, phi + alpha, 360 - 2 * alpha)
    p.arcTo(bx - rb, by - rb, bx + rb, by + rb, b1, -((b1 - b2) % 360))
    p.close()
    shape(c, ink, p)


def _sun(c, ink):
    """Sun disc with eight pointed rays."""
    p = circle(c.beginPath(), 0.5, 0.5, 0.21)
    for k in range(8):
        a = 360.0 * k / 8
        polygon(p, radial(0.5, 0.5, (0.46,), 1, a) + radial(0.5, 0.5, (0.28,), 1, a - 14)
                 + radial(0.5, 0.5, (0.28,), 1, a + 14))
    shape(c, ink, p)



ICONS = {
    "balloon": _balloon,
    "lightning": _lightning,
    "moon": _moon,
    "sun": _sun,
}
