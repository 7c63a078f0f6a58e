"""Vector icons for game cards, drawn with reportlab path operations in a unit square."""

from __future__ import annotations

import math
from typing import NamedTuple

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO

OUTLINE_WIDTH = 0.06


class _Ink(NamedTuple):
    fill: object
    stroke: object


def _shape(c, ink, p, even_odd=False):
    c.drawPath(p, fill=1, stroke=1 if ink.stroke is not None else 0,
               fillMode=FILL_EVEN_ODD if even_odd else FILL_NON_ZERO)


def _line(c, ink, p, width):
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


def _polygon(p, pts):
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.close()
    return p


def _radial(cx, cy, radii, n, phase=90.0):
    """Points at angles phase + k*360/n, cycling through `radii`."""
    return [(cx + r * math.cos(math.radians(phase + 360.0 * k / n)),
             cy + r * math.sin(math.radians(phase + 360.0 * k / n)))
            for k, r in ((k, radii[k % len(radii)]) for k in range(n))]


def _rotate(pts, deg, cx=0.5, cy=0.5):
    a = math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca)
            for x, y in pts]


def _circle(p, cx, cy, r):
    p.circle(cx, cy, r)
    return p


def _plus_points(arm, half):
    lo, hi, a, b = 0.5 - arm, 0.5 + arm, 0.5 - half, 0.5 + half
    return [(a, lo), (b, lo), (b, a), (hi, a), (hi, b), (b, b),
            (b, hi), (a, hi), (a, b), (lo, b), (lo, a), (a, a)]


def _damage(c, ink):
    """Explosion burst with twelve uneven spikes."""
    radii = (0.46, 0.24, 0.38, 0.24, 0.44, 0.24, 0.34, 0.24)
    _shape(c, ink, _polygon(c.beginPath(), _radial(0.5, 0.5, radii, 24, 82)))


def _sword(c, ink):
    """Upright sword: blade, crossguard, grip and pommel."""
    p = _polygon(c.beginPath(), [(0.43, 0.34), (0.57, 0.34), (0.57, 0.80),
                                 (0.5, 0.95), (0.43, 0.80)])
    p.roundRect(0.22, 0.26, 0.56, 0.08, 0.03)
    p.rect(0.455, 0.14, 0.09, 0.13)
    _circle(p, 0.5, 0.11, 0.065)
    _shape(c, ink, p)


def _heart(c, ink):
    """Heart."""
    p = c.beginPath()
    p.moveTo(0.5, 0.08)
    p.curveTo(0.36, 0.24, 0.06, 0.40, 0.06, 0.64)
    p.curveTo(0.06, 0.82, 0.18, 0.92, 0.30, 0.92)
    p.curveTo(0.40, 0.92, 0.47, 0.86, 0.5, 0.76)
    p.curveTo(0.53, 0.86, 0.60, 0.92, 0.70, 0.92)
    p.curveTo(0.82, 0.92, 0.94, 0.82, 0.94, 0.64)
    p.curveTo(0.94, 0.40, 0.64, 0.24, 0.5, 0.08)
    p.close()
    _shape(c, ink, p)


def _shield(c, ink):
    """Heater shield with an inset border."""
    p = c.beginPath()
    for k, (lo, hi, top) in enumerate(((0.12, 0.88, 0.93), (0.21, 0.79, 0.84))):
        bottom = 0.06 + 0.12 * k
        p.moveTo(lo, top)
        p.curveTo(0.36, top - 0.03, 0.64, top - 0.03, hi, top)
        p.lineTo(hi, 0.58)
        p.curveTo(hi, 0.32, 0.70 - 0.04 * k, 0.16 + 0.04 * k, 0.5, bottom)
        p.curveTo(0.30 + 0.04 * k, 0.16 + 0.04 * k, lo, 0.32, lo, 0.58)
        p.close()
    _shape(c, ink, p, even_odd=True)


def _bow(c, ink):
    """Bow with a nocked arrow pointing right."""
    c.saveState()
    c.translate(0.5, 0.5)
    c.rotate(45)
    c.translate(-0.5, -0.5)
    string = c.beginPath()
    string.moveTo(0.30, 0.06)
    string.lineTo(0.30, 0.94)
    _line(c, ink, string, 0.04)
    p = c.beginPath()
    p.moveTo(0.30, 0.06)
    p.curveTo(0.92, 0.08, 0.92, 0.92, 0.30, 0.94)
    p.curveTo(0.76, 0.84, 0.76, 0.16, 0.30, 0.06)
    p.close()
    _polygon(p, [(0.14, 0.47), (0.80, 0.47), (0.80, 0.40), (0.98, 0.5), (0.80, 0.60),
                 (0.80, 0.53), (0.14, 0.53), (0.04, 0.62), (0.04, 0.38)])
    _shape(c, ink, p)
    c.restoreState()


def _target(c, ink):
    """Concentric rings with crosshair ticks."""
    p = c.beginPath()
    for r in (0.38, 0.28, 0.19, 0.09):
        _circle(p, 0.5, 0.5, r)
    _shape(c, ink, p, even_odd=True)
    t = c.beginPath()
    for x, y, w, h in ((0.05, 0.46, 0.22, 0.08), (0.73, 0.46, 0.22, 0.08),
                       (0.46, 0.05, 0.08, 0.22), (0.46, 0.73, 0.08, 0.22)):
        t.rect(x, y, w, h)
    _shape(c, ink, t)


def _skull(c, ink):
    """Skull with eye sockets, nose and teeth."""
    p = c.beginPath()
    p.moveTo(0.32, 0.08)
    p.lineTo(0.68, 0.08)
    p.lineTo(0.68, 0.24)
    p.arcTo(0.14, 0.22, 0.86, 0.94, -40, 260)
    p.lineTo(0.32, 0.24)
    p.close()
    _circle(p, 0.36, 0.55, 0.105)
    _circle(p, 0.64, 0.55, 0.105)
    _polygon(p, [(0.5, 0.44), (0.44, 0.33), (0.56, 0.33)])
    for x in (0.395, 0.48, 0.565):
        p.rect(x, 0.12, 0.04, 0.11)
    _shape(c, ink, p, even_odd=True)


def _star(c, ink):
    """Five-pointed star."""
    _shape(c, ink, _polygon(c.beginPath(), _radial(0.5, 0.47, (0.46, 0.19), 10)))


def _crown(c, ink):
    """Three-pointed crown on a band."""
    p = _polygon(c.beginPath(), [(0.18, 0.26), (0.82, 0.26), (0.89, 0.74), (0.68, 0.52),
                                 (0.5, 0.80), (0.32, 0.52), (0.11, 0.74)])
    for x, y in ((0.11, 0.78), (0.5, 0.85), (0.89, 0.78)):
        _circle(p, x, y, 0.065)
    p.roundRect(0.18, 0.10, 0.64, 0.11, 0.03)
    _shape(c, ink, p)


def _mana(c, ink):
    """Droplet with a highlight."""
    p = c.beginPath()
    p.moveTo(0.5, 0.95)
    p.curveTo(0.42, 0.78, 0.20, 0.60, 0.20, 0.38)
    p.arcTo(0.20, 0.08, 0.80, 0.68, 180, 180)
    p.curveTo(0.80, 0.60, 0.58, 0.78, 0.5, 0.95)
    p.close()
    p.moveTo(0.30, 0.38)
    p.curveTo(0.30, 0.26, 0.36, 0.20, 0.44, 0.17)
    p.curveTo(0.40, 0.24, 0.37, 0.30, 0.37, 0.40)
    p.close()
    _shape(c, ink, p, even_odd=True)


def _money(c, ink):
    """Coin: rim, inner disc and a star emblem."""
    p = c.beginPath()
    for r in (0.44, 0.36, 0.30):
        _circle(p, 0.5, 0.5, r)
    _polygon(p, _radial(0.5, 0.49, (0.19, 0.08), 10))
    _shape(c, ink, p, even_odd=True)


def _range(c, ink):
    """Arrow pointing right."""
    _shape(c, ink, _polygon(c.beginPath(), [(0.06, 0.40), (0.54, 0.40), (0.54, 0.18),
                                            (0.94, 0.5), (0.54, 0.82), (0.54, 0.60),
                                            (0.06, 0.60)]))


def _move(c, ink):
    """Double chevron pointing right."""
    p = c.beginPath()
    for a in (0.10, 0.46):
        _polygon(p, [(a, 0.14), (a + 0.19, 0.14), (a + 0.44, 0.5), (a + 0.19, 0.86),
                     (a, 0.86), (a + 0.25, 0.5)])
    _shape(c, ink, p)


def _hourglass(c, ink):
    """Hourglass with sand run into the lower bulb."""
    p = c.beginPath()
    p.roundRect(0.16, 0.05, 0.68, 0.09, 0.03)
    p.roundRect(0.16, 0.86, 0.68, 0.09, 0.03)
    p.moveTo(0.24, 0.86)
    p.lineTo(0.76, 0.86)
    p.curveTo(0.76, 0.66, 0.56, 0.60, 0.56, 0.5)
    p.curveTo(0.56, 0.40, 0.76, 0.34, 0.76, 0.14)
    p.lineTo(0.24, 0.14)
    p.curveTo(0.24, 0.34, 0.44, 0.40, 0.44, 0.5)
    p.curveTo(0.44, 0.60, 0.24, 0.66, 0.24, 0.86)
    p.close()
    p.moveTo(0.33, 0.79)
    p.lineTo(0.67, 0.79)
    p.curveTo(0.66, 0.72, 0.58, 0.68, 0.5, 0.66)
    p.curveTo(0.42, 0.68, 0.34, 0.72, 0.33, 0.79)
    p.close()
    _shape(c, ink, p, even_odd=True)


def _lightning(c, ink):
    """Zig-zag lightning bolt."""
    _shape(c, ink, _polygon(c.beginPath(), [(0.60, 0.95), (0.20, 0.45), (0.47, 0.45),
                                            (0.36, 0.05), (0.81, 0.57), (0.54, 0.57),
                                            (0.74, 0.95)]))


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
    _shape(c, ink, p, even_odd=True)


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
    _line(c, ink, p, 0.075)


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
    _line(c, ink, p, 0.08)


def _mountain(c, ink):
    """Two peaks with a snow line on the taller one."""
    p = _polygon(c.beginPath(), [(0.05, 0.14), (0.37, 0.82), (0.53, 0.48),
                                 (0.67, 0.66), (0.95, 0.14)])
    _polygon(p, [(0.29, 0.62), (0.45, 0.62), (0.41, 0.57), (0.37, 0.60), (0.33, 0.57)])
    _shape(c, ink, p, even_odd=True)


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
    _shape(c, ink, _polygon(c.beginPath(), outer + inner[::-1]))


def _plus(c, ink):
    """Thick plus sign."""
    _shape(c, ink, _polygon(c.beginPath(), _plus_points(0.40, 0.14)))


def _cross(c, ink):
    """Thick diagonal cross."""
    _shape(c, ink, _polygon(c.beginPath(), _rotate(_plus_points(0.46, 0.13), 45)))


def _eye(c, ink):
    """Almond eye with iris and pupil."""
    p = c.beginPath()
    for x0, cy in ((0.05, 0.24), (0.16, 0.16)):
        x1 = 1 - x0
        p.moveTo(x0, 0.5)
        p.curveTo(0.28, 0.5 + 2 * cy * 0.75, 0.72, 0.5 + 2 * cy * 0.75, x1, 0.5)
        p.curveTo(0.72, 0.5 - 2 * cy * 0.75, 0.28, 0.5 - 2 * cy * 0.75, x0, 0.5)
        p.close()
    _circle(p, 0.5, 0.5, 0.16)
    _circle(p, 0.5, 0.5, 0.06)
    _shape(c, ink, p, even_odd=True)


def _book(c, ink):
    """Open book with lines of text."""
    p = c.beginPath()
    for s in (-1, 1):
        xs, xe = 0.5 + 0.03 * s, 0.5 + 0.45 * s
        p.moveTo(xs, 0.16)
        p.curveTo(0.5 + 0.15 * s, 0.24, 0.5 + 0.30 * s, 0.24, xe, 0.18)
        p.lineTo(xe, 0.76)
        p.curveTo(0.5 + 0.30 * s, 0.82, 0.5 + 0.15 * s, 0.82, xs, 0.74)
        p.close()
        for y in (0.36, 0.48, 0.60):
            x0, x1 = sorted((0.5 + 0.10 * s, 0.5 + 0.36 * s))
            p.rect(x0, y, x1 - x0, 0.045)
    _shape(c, ink, p, even_odd=True)


def _scythe(c, ink):
    """Scythe: long handle and curved blade."""
    h = c.beginPath()
    h.moveTo(0.36, 0.07)
    h.lineTo(0.66, 0.88)
    h.moveTo(0.42, 0.42)
    h.lineTo(0.58, 0.36)
    _line(c, ink, h, 0.08)
    p = c.beginPath()
    p.moveTo(0.70, 0.90)
    p.curveTo(0.48, 0.99, 0.18, 0.90, 0.06, 0.60)
    p.curveTo(0.24, 0.74, 0.46, 0.78, 0.64, 0.74)
    p.close()
    _shape(c, ink, p)


def _gear(c, ink):
    """Eight-toothed gear with an axle hole."""
    n, pts = 8, []
    for k in range(n):
        base = 360.0 * k / n
        for da, r in ((-22.5, 0.33), (-11, 0.33), (-7, 0.45), (7, 0.45), (11, 0.33)):
            a = math.radians(base + da)
            pts.append((0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
    p = _polygon(c.beginPath(), pts)
    _circle(p, 0.5, 0.5, 0.13)
    _shape(c, ink, p, even_odd=True)


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
    _shape(c, ink, p)


def _sun(c, ink):
    """Sun disc with eight pointed rays."""
    p = _circle(c.beginPath(), 0.5, 0.5, 0.21)
    for k in range(8):
        a = 360.0 * k / 8
        _polygon(p, _radial(0.5, 0.5, (0.46,), 1, a) + _radial(0.5, 0.5, (0.28,), 1, a - 14)
                 + _radial(0.5, 0.5, (0.28,), 1, a + 14))
    _shape(c, ink, p)


def _clock(c, ink):
    """Clock face with hands at ten past two."""
    p = c.beginPath()
    _circle(p, 0.5, 0.5, 0.44)
    _circle(p, 0.5, 0.5, 0.35)
    _shape(c, ink, p, even_odd=True)
    h = c.beginPath()
    h.moveTo(0.5, 0.5)
    h.lineTo(0.5, 0.78)
    h.moveTo(0.5, 0.5)
    h.lineTo(0.67, 0.40)
    _line(c, ink, h, 0.08)


_ICONS = {
    "book": _book, "bow": _bow, "clock": _clock, "cross": _cross, "crown": _crown,
    "damage": _damage, "eye": _eye, "flame": _flame, "gear": _gear, "health": _heart,
    "heart": _heart, "hourglass": _hourglass, "lightning": _lightning, "mana": _mana,
    "money": _money, "moon": _moon, "mountain": _mountain, "move": _move, "plus": _plus,
    "range": _range, "scythe": _scythe, "shield": _shield, "skull": _skull,
    "snowflake": _snowflake, "spirit": _spirit, "star": _star, "sun": _sun,
    "sword": _sword, "target": _target, "wind": _wind,
}

ICON_NAMES: tuple[str, ...] = tuple(sorted(_ICONS))


def draw_icon(canvas, name: str, x: float, y: float, size: float, fill, stroke=None) -> None:
    """Draw icon `name` in the square whose lower-left corner is (x, y) and whose side is `size`,
    all in PDF points (y up). `fill` and `stroke` are reportlab Color objects (stroke None = no outline).
    Raises KeyError for an unknown name. Leaves the canvas graphics state as it found it (saveState/restoreState)."""
    func = _ICONS[name]
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(size, size)
    canvas.setFillColor(fill)
    if stroke is not None:
        canvas.setStrokeColor(stroke)
    canvas.setLineWidth(OUTLINE_WIDTH)
    canvas.setLineJoin(1)
    canvas.setLineCap(1)
    try:
        func(canvas, _Ink(fill, stroke))
    finally:
        canvas.restoreState()
