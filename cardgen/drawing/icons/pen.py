"""Path helpers the icons are drawn with: every icon works in a unit square, y up."""
from __future__ import annotations

import math
from typing import NamedTuple

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO

OUTLINE_WIDTH = 0.04


class Ink(NamedTuple):
    fill: object
    stroke: object


def shape(c, ink, p, even_odd=False):
    c.drawPath(p, fill=1, stroke=1 if ink.stroke is not None else 0,
               fillMode=FILL_EVEN_ODD if even_odd else FILL_NON_ZERO)


def line(c, ink, p, width):
    c.saveState()
    c.setLineCap(1)
    if ink.stroke is not None:
        c.setStrokeColor(ink.stroke)
        c.setLineWidth(width + OUTLINE_WIDTH)
        c.drawPath(p, fill=0, stroke=1)
    c.setStrokeColor(ink.fill)
    c.setLineWidth(width)
    c.drawPath(p, fill=0, stroke=1)
    c.restoreState()


def polygon(p, pts):
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.close()
    return p


def radial(cx, cy, radii, n, phase=90.0):
    """Points at angles phase + k*360/n, cycling through `radii`."""
    return [(cx + r * math.cos(math.radians(phase + 360.0 * k / n)),
             cy + r * math.sin(math.radians(phase + 360.0 * k / n)))
            for k, r in ((k, radii[k % len(radii)]) for k in range(n))]


def rotate(pts, deg, cx=0.5, cy=0.5):
    a = math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca)
            for x, y in pts]


def circle(p, cx, cy, r):
    p.circle(cx, cy, r)
    return p


def plus_points(arm, half):
    lo, hi, a, b = 0.5 - arm, 0.5 + arm, 0.5 - half, 0.5 + half
    return [(a, lo), (b, lo), (b, a), (hi, a), (hi, b), (b, b),
            (b, hi), (a, hi), (a, b), (lo, b), (lo, a), (a, a)]


def heart(p, cx: float = 0.5, cy: float = 0.5, size: float = 1.0):
    """A heart `size` wide centred on (cx, cy), added to path `p`."""
    def pt(x, y):
        return cx + (x - 0.5) * size, cy + (y - 0.5) * size
    p.moveTo(*pt(0.5, 0.08))
    p.curveTo(*pt(0.36, 0.24), *pt(0.06, 0.40), *pt(0.06, 0.64))
    p.curveTo(*pt(0.06, 0.82), *pt(0.18, 0.92), *pt(0.30, 0.92))
    p.curveTo(*pt(0.40, 0.92), *pt(0.47, 0.86), *pt(0.5, 0.76))
    p.curveTo(*pt(0.53, 0.86), *pt(0.60, 0.92), *pt(0.70, 0.92))
    p.curveTo(*pt(0.82, 0.92), *pt(0.94, 0.82), *pt(0.94, 0.64))
    p.curveTo(*pt(0.94, 0.40), *pt(0.64, 0.24), *pt(0.5, 0.08))
    p.close()
