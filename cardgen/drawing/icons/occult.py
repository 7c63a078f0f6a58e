"""Icons of dark magic: barrier (a warding dome), doll (a voodoo doll), drops (of blood), fang,
flask (of poison), footprints, ghost, jar (of souls), pentagram, rune (stone), scroll (a sealed
pact), shadowbolt."""
from __future__ import annotations

import math

from cardgen.drawing.icons.pen import circle, line, plus_points, polygon, radial, rotate, shape


def _bezier(p0, p1, p2, p3, steps=24):
    """Points along a cubic Bezier curve, both ends included."""
    def at(t):
        u = 1 - t
        return tuple(u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d
                     for a, b, c, d in zip(p0, p1, p2, p3))
    return [at(k / steps) for k in range(steps + 1)]


def _ribbon(p, pts, start_half, end_half):
    """A band along the polyline `pts`, its half-width going linearly from `start_half` to
    `end_half` (0 ends in a point)."""
    n = len(pts) - 1
    left, right = [], []
    for k, (x, y) in enumerate(pts):
        (xa, ya), (xb, yb) = pts[max(k - 1, 0)], pts[min(k + 1, n)]
        length = math.hypot(xb - xa, yb - ya)
        nx, ny = -(yb - ya) / length, (xb - xa) / length
        half = start_half + (end_half - start_half) * k / n
        left.append((x + nx * half, y + ny * half))
        right.append((x - nx * half, y - ny * half))
    polygon(p, left + right[::-1])


def _arc_points(cx, cy, r, a0, a1, steps=24):
    return [(cx + r * math.cos(math.radians(a0 + (a1 - a0) * k / steps)),
             cy + r * math.sin(math.radians(a0 + (a1 - a0) * k / steps))) for k in range(steps + 1)]


def _drop(p, cx, cy, r):
    """A drop falling: a round belly of radius `r` centred on (cx, cy), its point straight up."""
    tip = cy + r * 2.1
    p.moveTo(cx, tip)
    p.curveTo(cx + r * 0.35, cy + r * 1.45, cx + r, cy + r * 0.85, cx + r, cy)
    p.curveTo(cx + r, cy - r * 0.55, cx + r * 0.55, cy - r, cx, cy - r)
    p.curveTo(cx - r * 0.55, cy - r, cx - r, cy - r * 0.55, cx - r, cy)
    p.curveTo(cx - r, cy + r * 0.85, cx - r * 0.35, cy + r * 1.45, cx, tip)
    p.close()


def _cross_mark(cx, cy, arm, half):
    """An X (a plus turned by 45 degrees) centred on (cx, cy)."""
    return [(x - 0.5 + cx, y - 0.5 + cy) for x, y in rotate(plus_points(arm, half), 45)]


def _barrier(c, ink):
    """A warding dome of force standing on the ground, drawn as a globe's arcs, sparks around it."""
    dome = c.beginPath()
    dome.arc(0.10, -0.24, 0.90, 0.56, 0, 180)
    dome.arc(0.30, -0.24, 0.70, 0.56, 0, 180)
    dome.moveTo(0.5, 0.56)
    dome.lineTo(0.5, 0.16)
    dome.moveTo(0.15, 0.36)
    dome.curveTo(0.30, 0.30, 0.70, 0.30, 0.85, 0.36)
    line(c, ink, dome, 0.065)
    ground = c.beginPath()
    ground.roundRect(0.03, 0.08, 0.94, 0.09, 0.03)
    shape(c, ink, ground)
    sparks = c.beginPath()
    for cx, cy, r in ((0.86, 0.74, 0.08), (0.14, 0.76, 0.06), (0.72, 0.91, 0.05)):
        polygon(sparks, radial(cx, cy, (r, r * 0.3), 8))
    shape(c, ink, sparks)


def _doll(c, ink):
    """A stitched voodoo doll: a button eye and a stitched-cross eye, a seam down its body,
    pins stuck into its head and side."""
    p = c.beginPath()
    p.moveTo(0.58, 0.61)
    p.lineTo(0.78, 0.61)
    p.curveTo(0.86, 0.61, 0.86, 0.47, 0.78, 0.47)
    p.lineTo(0.63, 0.47)
    p.lineTo(0.65, 0.28)
    p.lineTo(0.71, 0.12)
    p.curveTo(0.73, 0.04, 0.58, 0.02, 0.57, 0.09)
    p.lineTo(0.5, 0.27)
    p.lineTo(0.43, 0.09)
    p.curveTo(0.42, 0.02, 0.27, 0.04, 0.29, 0.12)
    p.lineTo(0.35, 0.28)
    p.lineTo(0.37, 0.47)
    p.lineTo(0.22, 0.47)
    p.curveTo(0.14, 0.47, 0.14, 0.61, 0.22, 0.61)
    p.lineTo(0.42, 0.61)
    p.arcTo(0.33, 0.59, 0.67, 0.93, 242, -304)
    p.close()
    circle(p, 0.43, 0.78, 0.045)
    polygon(p, _cross_mark(0.575, 0.78, 0.065, 0.02))
    p.rect(0.485, 0.30, 0.03, 0.24)
    for y in (0.35, 0.43, 0.51):
        p.rect(0.45, y - 0.012, 0.1, 0.024)
    shape(c, ink, p, even_odd=True)
    pins = c.beginPath()
    for (x0, y0), (x1, y1) in (((0.62, 0.84), (0.84, 0.96)), ((0.36, 0.38), (0.12, 0.30))):
        _ribbon(pins, [(x0, y0), (x1, y1)], 0.014, 0.014)
        circle(pins, x1, y1, 0.045)
    shape(c, ink, pins)


def _drops(c, ink):
    """Three drops of blood in a triangle, each with a glint cut in it."""
    p = c.beginPath()
    for cx, cy in ((0.5, 0.60), (0.25, 0.18), (0.75, 0.18)):
        _drop(p, cx, cy, 0.15)
        _ribbon(p, _arc_points(cx, cy, 0.09, 150, 215, 10), 0.018, 0.012)
    shape(c, ink, p, even_odd=True)


def _fang(c, ink):
    """A long curved fang hanging from the gum, a drop of blood falling from its point."""
    gum = c.beginPath()
    gum.moveTo(0.06, 0.94)
    gum.lineTo(0.94, 0.94)
    gum.curveTo(0.98, 0.82, 0.90, 0.74, 0.80, 0.78)
    gum.curveTo(0.60, 0.86, 0.36, 0.86, 0.20, 0.78)
    gum.curveTo(0.10, 0.74, 0.02, 0.82, 0.06, 0.94)
    gum.close()
    shape(c, ink, gum)
    p = c.beginPath()
    p.moveTo(0.26, 0.82)
    p.lineTo(0.70, 0.82)
    p.curveTo(0.70, 0.56, 0.62, 0.38, 0.40, 0.26)
    p.curveTo(0.46, 0.40, 0.46, 0.60, 0.26, 0.82)
    p.close()
    _ribbon(p, _bezier((0.60, 0.72), (0.61, 0.60), (0.57, 0.48), (0.49, 0.39), 12), 0.02, 0.004)
    shape(c, ink, p, even_odd=True)
    drop = c.beginPath()
    _drop(drop, 0.40, 0.10, 0.065)
    shape(c, ink, drop)


def _flask(c, ink):
    """A round-bottomed flask half full of poison, bubbles inside it and rising from its mouth."""
    cx, cy, r, wall = 0.5, 0.33, 0.28, 0.06
    neck, lip_top = 0.11, 0.78

    def side_angle(radius, half):
        return math.degrees(math.acos(half / radius))

    glass = c.beginPath()
    outer = side_angle(r, neck)
    inner = side_angle(r - wall, neck - wall)
    glass.moveTo(cx - neck + wall, lip_top)
    glass.lineTo(cx - neck - 0.07, lip_top)
    glass.lineTo(cx - neck - 0.07, lip_top - 0.07)
    glass.lineTo(cx - neck, lip_top - 0.07)
    glass.arcTo(cx - r, cy - r, cx + r, cy + r, 180 - outer, 180 + 2 * outer)
    glass.lineTo(cx + neck, lip_top - 0.07)
    glass.lineTo(cx + neck + 0.07, lip_top - 0.07)
    glass.lineTo(cx + neck + 0.07, lip_top)
    glass.lineTo(cx + neck - wall, lip_top)
    ri = r - wall
    glass.arcTo(cx - ri, cy - ri, cx + ri, cy + ri, inner, -(180 + 2 * inner))
    glass.close()
    shape(c, ink, glass)
    level = cy + 0.06
    liquid = c.beginPath()
    rl = ri + 0.01
    a = math.degrees(math.asin((level - cy) / rl))
    half_width = math.sqrt(rl * rl - (level - cy) ** 2)
    x0, x1 = cx - half_width, cx + half_width
    liquid.moveTo(x1, level)
    liquid.arcTo(cx - rl, cy - rl, cx + rl, cy + rl, a, -(180 + 2 * a))
    third = (x1 - x0) / 3
    liquid.curveTo(x0 + third * 0.5, level + 0.05, x0 + third, level + 0.05, x0 + third * 1.5, level)
    liquid.curveTo(x0 + third * 2, level - 0.05, x0 + third * 2.5, level - 0.05, x1, level)
    liquid.close()
    for bx, by, br in ((0.42, 0.24, 0.04), (0.58, 0.17, 0.03), (0.56, 0.31, 0.025)):
        circle(liquid, bx, by, br)
    shape(c, ink, liquid, even_odd=True)
    bubbles = c.beginPath()
    for bx, by, br in ((0.56, 0.86, 0.035), (0.44, 0.93, 0.03), (0.52, 0.58, 0.025)):
        circle(bubbles, bx, by, br)
    shape(c, ink, bubbles)


def _footprints(c, ink):
    """Two bare footprints, the right one a stride ahead of the left."""
    def foot(x, y, turn, mirror):
        c.saveState()
        c.translate(x, y)
        c.rotate(turn)
        c.scale(-1.25 if mirror else 1.25, 1.25)
        p = c.beginPath()
        p.moveTo(0.0, 0.0)
        p.curveTo(0.07, 0.0, 0.085, 0.10, 0.08, 0.16)
        p.curveTo(0.075, 0.22, 0.10, 0.27, 0.085, 0.31)
        p.curveTo(0.065, 0.355, -0.06, 0.36, -0.08, 0.30)
        p.curveTo(-0.095, 0.25, -0.04, 0.20, -0.045, 0.14)
        p.curveTo(-0.05, 0.08, -0.07, 0.0, 0.0, 0.0)
        p.close()
        for tx, ty, tr in ((-0.055, 0.405, 0.038), (0.005, 0.415, 0.026), (0.045, 0.40, 0.022),
                           (0.078, 0.375, 0.019), (0.10, 0.34, 0.016)):
            circle(p, tx, ty, tr)
        shape(c, ink, p)
        c.restoreState()

    foot(0.30, 0.05, 8, True)
    foot(0.70, 0.42, -8, False)


def _ghost(c, ink):
    """A wailing ghost: a sheet with a rounded head, hollow eyes and a gaping mouth, arms raised
    and a wavy hem blowing to one side."""
    p = c.beginPath()
    p.moveTo(0.22, 0.58)
    p.curveTo(0.22, 1.02, 0.80, 1.02, 0.80, 0.58)
    p.curveTo(0.86, 0.64, 0.92, 0.70, 0.95, 0.66)
    p.curveTo(0.93, 0.56, 0.86, 0.46, 0.80, 0.42)
    p.curveTo(0.80, 0.30, 0.86, 0.18, 0.92, 0.10)
    p.curveTo(0.84, 0.04, 0.78, 0.14, 0.72, 0.10)
    p.curveTo(0.66, 0.04, 0.58, 0.04, 0.54, 0.10)
    p.curveTo(0.48, 0.04, 0.40, 0.04, 0.36, 0.12)
    p.curveTo(0.30, 0.06, 0.22, 0.10, 0.18, 0.14)
    p.curveTo(0.22, 0.24, 0.22, 0.34, 0.22, 0.42)
    p.curveTo(0.16, 0.46, 0.09, 0.56, 0.07, 0.66)
    p.curveTo(0.10, 0.70, 0.16, 0.64, 0.22, 0.58)
    p.close()
    p.ellipse(0.34, 0.64, 0.10, 0.14)
    p.ellipse(0.56, 0.64, 0.10, 0.14)
    p.ellipse(0.42, 0.34, 0.14, 0.20)
    shape(c, ink, p, even_odd=True)


def _jar(c, ink):
    """A soul jar: an urn, its lid tipped open, a spiralling wisp of soul drawn down into its mouth."""
    p = c.beginPath()
    p.moveTo(0.36, 0.50)
    p.curveTo(0.14, 0.45, 0.12, 0.30, 0.22, 0.20)
    p.curveTo(0.28, 0.14, 0.34, 0.12, 0.36, 0.09)
    p.lineTo(0.64, 0.09)
    p.curveTo(0.66, 0.12, 0.72, 0.14, 0.78, 0.20)
    p.curveTo(0.88, 0.30, 0.86, 0.45, 0.64, 0.50)
    p.close()
    p.rect(0.14, 0.34, 0.72, 0.035)
    p.rect(0.17, 0.25, 0.66, 0.035)
    shape(c, ink, p, even_odd=True)
    rims = c.beginPath()
    rims.roundRect(0.30, 0.48, 0.40, 0.07, 0.03)
    rims.roundRect(0.32, 0.03, 0.36, 0.07, 0.03)
    shape(c, ink, rims)
    c.saveState()
    c.translate(0.28, 0.58)
    c.rotate(62)
    lid = c.beginPath()
    lid.moveTo(0.0, 0.0)
    lid.curveTo(0.0, 0.12, 0.38, 0.12, 0.38, 0.0)
    lid.close()
    circle(lid, 0.19, 0.11, 0.04)
    shape(c, ink, lid)
    c.restoreState()
    wisp = c.beginPath()
    turns = 1.4
    spiral = [(0.70 + r * math.cos(a), 0.79 + r * math.sin(a))
              for r, a in ((0.02 + 0.17 * t, math.radians(330) - 2 * math.pi * turns * t)
                           for t in (k / 40 for k in range(41)))]
    tail = _bezier(spiral[-1], (0.60, 0.74), (0.46, 0.70), (0.52, 0.56), 12)[1:]
    _ribbon(wisp, spiral + tail, 0.012, 0.038)
    shape(c, ink, wisp)


def _pentagram(c, ink):
    """A pentagram, point down, inside a ring: the lines of the star cut where they cross."""
    ring = c.beginPath()
    circle(ring, 0.5, 0.5, 0.47)
    circle(ring, 0.5, 0.5, 0.40)
    shape(c, ink, ring, even_odd=True)
    outer = 0.43
    inner = outer * math.cos(math.radians(72)) / math.cos(math.radians(36))
    gap = 0.035 / math.cos(math.radians(36))
    star = polygon(c.beginPath(), radial(0.5, 0.5, (outer, inner), 10, phase=-90))
    polygon(star, radial(0.5, 0.5, (inner,), 5, phase=-90 + 36))
    polygon(star, radial(0.5, 0.5, (inner - gap,), 5, phase=-90 + 36))
    shape(c, ink, star, even_odd=True)


def _rune(c, ink):
    """A rough-hewn standing stone on a strip of ground, a thorn rune cut into it."""
    p = polygon(c.beginPath(), [(0.22, 0.12), (0.78, 0.12), (0.80, 0.46), (0.74, 0.78),
                                 (0.60, 0.95), (0.40, 0.92), (0.25, 0.72), (0.19, 0.40)])
    p.rect(0.39, 0.24, 0.07, 0.58)
    polygon(p, [(0.46, 0.72), (0.66, 0.53), (0.46, 0.34), (0.46, 0.44), (0.56, 0.53),
                (0.46, 0.62)])
    shape(c, ink, p, even_odd=True)
    ground = c.beginPath()
    ground.roundRect(0.08, 0.04, 0.84, 0.08, 0.03)
    shape(c, ink, ground)


def _scroll(c, ink):
    """A rolled contract: a sheet between two rolls, lines of writing, a wax seal below them."""
    sheet = c.beginPath()
    sheet.rect(0.20, 0.16, 0.60, 0.70)
    for x0, x1, y in ((0.28, 0.72, 0.72), (0.28, 0.72, 0.62), (0.28, 0.48, 0.52)):
        sheet.roundRect(x0, y - 0.02, x1 - x0, 0.04, 0.02)
    circle(sheet, 0.62, 0.36, 0.155)
    shape(c, ink, sheet, even_odd=True)
    rolls = c.beginPath()
    for y in (0.82, 0.06):
        rolls.roundRect(0.12, y, 0.76, 0.12, 0.06)
        circle(rolls, 0.18, y + 0.06, 0.025)
        circle(rolls, 0.82, y + 0.06, 0.025)
    shape(c, ink, rolls, even_odd=True)
    seal = polygon(c.beginPath(), radial(0.62, 0.36, (0.12, 0.105), 18))
    circle(seal, 0.62, 0.36, 0.06)
    circle(seal, 0.62, 0.36, 0.035)
    shape(c, ink, seal, even_odd=True)


def _shadowbolt(c, ink):
    """A bolt of shadow: a dark orb with a swirl cut in it, wavy wisps trailing behind it."""
    cx, cy = 0.69, 0.54
    orb = circle(c.beginPath(), cx, cy, 0.27)
    swirl = [(cx + r * math.cos(a), cy + r * math.sin(a))
             for r, a in ((0.02 + 0.17 * t, 2 * math.pi * 1.1 * t) for t in (k / 40 for k in range(41)))]
    _ribbon(orb, swirl, 0.012, 0.03)
    shape(c, ink, orb, even_odd=True)
    wisps = c.beginPath()
    for spread, reach, phase in ((0.16, 0.50, 0.0), (0.0, 0.62, 2.0), (-0.16, 0.48, 4.0)):
        pts = [(0.60 - reach * t, cy + spread * t + 0.06 * math.sin(2 * math.pi * t + phase) * t)
               for t in (k / 30 for k in range(31))]
        _ribbon(wisps, pts, 0.11, 0.005)
    shape(c, ink, wisps)


ICONS = {
    "barrier": _barrier,
    "doll": _doll,
    "drops": _drops,
    "fang": _fang,
    "flask": _flask,
    "footprints": _footprints,
    "ghost": _ghost,
    "jar": _jar,
    "pentagram": _pentagram,
    "rune": _rune,
    "scroll": _scroll,
    "shadowbolt": _shadowbolt,
}
