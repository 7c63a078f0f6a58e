"""Icons of the sky, the weather and the land: balloon, lightning, meteor, moon, sun, tree, wave."""
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



def _meteor(c, ink):
    """A falling stone, bottom-left, trailing three streaks of fire up to the right."""
    p = circle(c.beginPath(), 0.30, 0.30, 0.21)
    for start, end, half in (((0.40, 0.50), (0.93, 0.93), 0.07), ((0.50, 0.36), (0.95, 0.62), 0.045),
                             ((0.30, 0.52), (0.58, 0.95), 0.045)):
        (x0, y0), (x1, y1) = start, end
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        nx, ny = -(y1 - y0) / length * half, (x1 - x0) / length * half
        polygon(p, [(x0 + nx, y0 + ny), (x1, y1), (x0 - nx, y0 - ny)])
    shape(c, ink, p)


def _tree(c, ink):
    """Leafy tree: a round crown of three overlapping clumps on a trunk that spreads into roots."""
    crown = c.beginPath()
    circle(crown, 0.5, 0.68, 0.26)
    circle(crown, 0.30, 0.52, 0.20)
    circle(crown, 0.70, 0.52, 0.20)
    shape(c, ink, crown)
    trunk = c.beginPath()
    trunk.moveTo(0.44, 0.46)
    trunk.lineTo(0.44, 0.16)
    trunk.curveTo(0.42, 0.10, 0.34, 0.06, 0.26, 0.05)
    trunk.lineTo(0.74, 0.05)
    trunk.curveTo(0.66, 0.06, 0.58, 0.10, 0.56, 0.16)
    trunk.lineTo(0.56, 0.46)
    trunk.close()
    shape(c, ink, trunk)


def _wave(c, ink):
    """A breaking wave: a tall crest curling over to the left above a wide base of water."""
    p = c.beginPath()
    p.moveTo(0.04, 0.10)
    p.lineTo(0.96, 0.10)
    p.curveTo(0.98, 0.55, 0.78, 0.92, 0.44, 0.90)
    p.curveTo(0.22, 0.89, 0.12, 0.72, 0.20, 0.58)
    p.curveTo(0.28, 0.70, 0.44, 0.70, 0.48, 0.58)
    p.curveTo(0.36, 0.56, 0.34, 0.42, 0.46, 0.38)
    p.curveTo(0.30, 0.30, 0.12, 0.28, 0.04, 0.10)
    p.close()
    shape(c, ink, p)
    foam = c.beginPath()
    foam.moveTo(0.06, 0.04)
    foam.curveTo(0.22, 0.10, 0.36, -0.01, 0.50, 0.04)
    foam.curveTo(0.64, 0.09, 0.78, -0.01, 0.94, 0.04)
    line(c, ink, foam, 0.04)


ICONS = {
    "balloon": _balloon,
    "lightning": _lightning,
    "meteor": _meteor,
    "moon": _moon,
    "sun": _sun,
    "tree": _tree,
    "wave": _wave,
}
