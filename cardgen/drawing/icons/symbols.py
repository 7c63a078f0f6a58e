"""Game symbols: weapons, stats, resources and tools."""
from __future__ import annotations

import math

from cardgen.drawing.icons.pen import (circle, heart, line, plus_points, polygon, radial, rotate,
                                       shape)


def _damage(c, ink):
    """Explosion burst with twelve uneven spikes."""
    radii = (0.46, 0.24, 0.38, 0.24, 0.44, 0.24, 0.34, 0.24)
    shape(c, ink, polygon(c.beginPath(), radial(0.5, 0.5, radii, 24, 82)))


def _sword(c, ink):
    """Upright sword: blade, crossguard, grip and pommel."""
    p = polygon(c.beginPath(), [(0.42, 0.34), (0.58, 0.34), (0.58, 0.80),
                                 (0.5, 0.95), (0.42, 0.80)])
    p.roundRect(0.21, 0.25, 0.58, 0.09, 0.03)
    p.rect(0.45, 0.14, 0.10, 0.13)
    circle(p, 0.5, 0.11, 0.065)
    shape(c, ink, p)


def _heart(c, ink):
    """Heart."""
    p = c.beginPath()
    heart(p)
    shape(c, ink, p)


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
    shape(c, ink, p, even_odd=True)


def _bow(c, ink):
    """Bow with a nocked arrow pointing right."""
    c.saveState()
    c.translate(0.5, 0.5)
    c.rotate(45)
    c.translate(-0.5, -0.5)
    string = c.beginPath()
    string.moveTo(0.30, 0.07)
    string.lineTo(0.30, 0.93)
    line(c, ink, string, 0.045)
    p = c.beginPath()
    p.moveTo(0.30, 0.06)
    p.curveTo(0.89, 0.08, 0.89, 0.92, 0.30, 0.94)
    p.curveTo(0.73, 0.82, 0.73, 0.18, 0.30, 0.06)
    p.close()
    polygon(p, [(0.14, 0.465), (0.78, 0.465), (0.78, 0.38), (0.96, 0.5), (0.78, 0.62),
                (0.78, 0.535), (0.14, 0.535), (0.05, 0.63), (0.05, 0.37)])
    shape(c, ink, p)
    c.restoreState()


def _target(c, ink):
    """Concentric rings with crosshair ticks."""
    p = c.beginPath()
    for r in (0.38, 0.28, 0.19, 0.09):
        circle(p, 0.5, 0.5, r)
    shape(c, ink, p, even_odd=True)
    t = c.beginPath()
    for x, y, w, h in ((0.05, 0.46, 0.22, 0.08), (0.73, 0.46, 0.22, 0.08),
                       (0.46, 0.05, 0.08, 0.22), (0.46, 0.73, 0.08, 0.22)):
        t.rect(x, y, w, h)
    shape(c, ink, t)


def _skull(c, ink):
    """Skull with eye sockets, nose and teeth."""
    p = c.beginPath()
    p.moveTo(0.32, 0.08)
    p.lineTo(0.68, 0.08)
    p.lineTo(0.68, 0.24)
    p.arcTo(0.14, 0.22, 0.86, 0.94, -40, 260)
    p.lineTo(0.32, 0.24)
    p.close()
    circle(p, 0.36, 0.55, 0.105)
    circle(p, 0.64, 0.55, 0.105)
    polygon(p, [(0.5, 0.44), (0.44, 0.33), (0.56, 0.33)])
    for x in (0.395, 0.48, 0.565):
        p.rect(x, 0.12, 0.04, 0.11)
    shape(c, ink, p, even_odd=True)


def _star(c, ink):
    """Five-pointed star."""
    shape(c, ink, polygon(c.beginPath(), radial(0.5, 0.47, (0.46, 0.19), 10)))


def _crown(c, ink):
    """Three-pointed crown on a band."""
    p = polygon(c.beginPath(), [(0.18, 0.26), (0.82, 0.26), (0.89, 0.74), (0.68, 0.52),
                                 (0.5, 0.80), (0.32, 0.52), (0.11, 0.74)])
    for x, y in ((0.11, 0.78), (0.5, 0.85), (0.89, 0.78)):
        circle(p, x, y, 0.065)
    p.roundRect(0.18, 0.10, 0.64, 0.11, 0.03)
    shape(c, ink, p)


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
    shape(c, ink, p, even_odd=True)


def _money(c, ink):
    """Coin: rim, inner disc and a star emblem."""
    p = c.beginPath()
    for r in (0.44, 0.36, 0.30):
        circle(p, 0.5, 0.5, r)
    polygon(p, radial(0.5, 0.49, (0.19, 0.08), 10))
    shape(c, ink, p, even_odd=True)


def _range(c, ink):
    """Arrow pointing right."""
    shape(c, ink, polygon(c.beginPath(), [(0.06, 0.40), (0.54, 0.40), (0.54, 0.18),
                                            (0.94, 0.5), (0.54, 0.82), (0.54, 0.60),
                                            (0.06, 0.60)]))


def _move(c, ink):
    """Double chevron pointing right."""
    p = c.beginPath()
    for a in (0.10, 0.46):
        polygon(p, [(a, 0.14), (a + 0.19, 0.14), (a + 0.44, 0.5), (a + 0.19, 0.86),
                     (a, 0.86), (a + 0.25, 0.5)])
    shape(c, ink, p)


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
    shape(c, ink, p, even_odd=True)


def _plus(c, ink):
    """Thick plus sign."""
    shape(c, ink, polygon(c.beginPath(), plus_points(0.40, 0.14)))


def _cross(c, ink):
    """Thick diagonal cross."""
    shape(c, ink, polygon(c.beginPath(), rotate(plus_points(0.46, 0.13), 45)))


def _ban(c, ink):
    """Ring struck through by a diagonal bar: the sign for "no"."""
    ring = c.beginPath()
    circle(ring, 0.5, 0.5, 0.44)
    circle(ring, 0.5, 0.5, 0.31)
    shape(c, ink, ring, even_odd=True)
    bar = rotate([(0.16, 0.43), (0.84, 0.43), (0.84, 0.57), (0.16, 0.57)], -45)
    shape(c, ink, polygon(c.beginPath(), bar))


def _check(c, ink):
    """Thick check mark: a short stroke down to the left of a long one rising to the right."""
    shape(c, ink, polygon(c.beginPath(), [(0.08, 0.50), (0.21, 0.63), (0.40, 0.44), (0.79, 0.86),
                                           (0.92, 0.73), (0.40, 0.18)]))


def _eye(c, ink):
    """Almond eye with iris and pupil."""
    p = c.beginPath()
    for x0, cy in ((0.05, 0.24), (0.16, 0.16)):
        x1 = 1 - x0
        p.moveTo(x0, 0.5)
        p.curveTo(0.28, 0.5 + 2 * cy * 0.75, 0.72, 0.5 + 2 * cy * 0.75, x1, 0.5)
        p.curveTo(0.72, 0.5 - 2 * cy * 0.75, 0.28, 0.5 - 2 * cy * 0.75, x0, 0.5)
        p.close()
    circle(p, 0.5, 0.5, 0.16)
    circle(p, 0.5, 0.5, 0.06)
    shape(c, ink, p, even_odd=True)


def _book(c, ink):
    """Open book: two pages curving down into the spine, each with two lines of text, on the
    cover that shows beneath them."""
    p = c.beginPath()
    p.moveTo(0.5, 0.12)
    p.curveTo(0.36, 0.20, 0.18, 0.20, 0.02, 0.16)
    p.lineTo(0.02, 0.76)
    p.lineTo(0.08, 0.76)
    p.lineTo(0.08, 0.22)
    p.curveTo(0.22, 0.26, 0.38, 0.26, 0.5, 0.18)
    p.curveTo(0.62, 0.26, 0.78, 0.26, 0.92, 0.22)
    p.lineTo(0.92, 0.76)
    p.lineTo(0.98, 0.76)
    p.lineTo(0.98, 0.16)
    p.curveTo(0.82, 0.20, 0.64, 0.20, 0.5, 0.12)
    p.close()
    for s in (-1, 1):
        xs, xe = 0.5 + 0.035 * s, 0.5 + 0.38 * s
        p.moveTo(xs, 0.26)
        p.curveTo(0.5 + 0.14 * s, 0.33, 0.5 + 0.26 * s, 0.33, xe, 0.29)
        p.lineTo(xe, 0.84)
        p.curveTo(0.5 + 0.26 * s, 0.90, 0.5 + 0.14 * s, 0.90, xs, 0.80)
        p.close()
        for y in (0.50, 0.64):
            x0, x1 = sorted((0.5 + 0.11 * s, 0.5 + 0.30 * s))
            p.rect(x0, y, x1 - x0, 0.06)
    shape(c, ink, p, even_odd=True)


def _scythe(c, ink):
    """Scythe: a long upright snath with two grips, the blade hooking down from its head."""
    h = c.beginPath()
    h.moveTo(0.60, 0.04)
    h.curveTo(0.64, 0.36, 0.62, 0.64, 0.66, 0.92)
    h.moveTo(0.50, 0.30)
    h.lineTo(0.74, 0.34)
    h.moveTo(0.52, 0.60)
    h.lineTo(0.74, 0.62)
    line(c, ink, h, 0.07)
    p = c.beginPath()
    p.moveTo(0.70, 0.94)
    p.curveTo(0.42, 1.0, 0.12, 0.88, 0.04, 0.60)
    p.curveTo(0.22, 0.76, 0.44, 0.80, 0.64, 0.76)
    p.close()
    shape(c, ink, p)


def _buckler(c, ink):
    """Round shield: rim, face and a central boss."""
    p = c.beginPath()
    for r in (0.44, 0.36, 0.13):
        circle(p, 0.5, 0.5, r)
    shape(c, ink, p, even_odd=True)
    shape(c, ink, circle(c.beginPath(), 0.5, 0.5, 0.07))


def _wall(c, ink):
    """Brick wall with a crenellated top, four courses of bricks."""
    p = c.beginPath()
    for row in range(4):
        y = 0.08 + row * 0.17
        offset = 0.0 if row % 2 == 0 else 0.14
        x = 0.06 - offset
        while x < 0.94:
            x0, x1 = max(x, 0.06), min(x + 0.26, 0.94)
            p.rect(x0 + 0.015, y, x1 - x0 - 0.03, 0.14)
            x += 0.28
    for x in (0.06, 0.36, 0.66):
        p.rect(x + 0.015, 0.76, 0.25, 0.14)
    shape(c, ink, p)


def _gear(c, ink):
    """Eight-toothed gear with an axle hole."""
    n, pts = 8, []
    for k in range(n):
        base = 360.0 * k / n
        for da, r in ((-22.5, 0.33), (-11, 0.33), (-7, 0.45), (7, 0.45), (11, 0.33)):
            a = math.radians(base + da)
            pts.append((0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
    p = polygon(c.beginPath(), pts)
    circle(p, 0.5, 0.5, 0.13)
    shape(c, ink, p, even_odd=True)


def _clock(c, ink):
    """Clock face with hands at ten past two."""
    p = c.beginPath()
    circle(p, 0.5, 0.5, 0.44)
    circle(p, 0.5, 0.5, 0.35)
    shape(c, ink, p, even_odd=True)
    h = c.beginPath()
    h.moveTo(0.5, 0.5)
    h.lineTo(0.5, 0.78)
    h.moveTo(0.5, 0.5)
    h.lineTo(0.67, 0.40)
    line(c, ink, h, 0.08)


ICONS = {
    "damage": _damage,
    "sword": _sword,
    "heart": _heart,
    "shield": _shield,
    "bow": _bow,
    "target": _target,
    "skull": _skull,
    "star": _star,
    "crown": _crown,
    "mana": _mana,
    "money": _money,
    "range": _range,
    "move": _move,
    "hourglass": _hourglass,
    "plus": _plus,
    "cross": _cross,
    "ban": _ban,
    "check": _check,
    "eye": _eye,
    "book": _book,
    "scythe": _scythe,
    "buckler": _buckler,
    "wall": _wall,
    "gear": _gear,
    "clock": _clock,
}
