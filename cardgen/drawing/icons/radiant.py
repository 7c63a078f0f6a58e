"""Icons of light, blessing and the elements: aegis, bandage, banner, bell, blaze, crystal, dove,
halo, lantern, lotus, magnet, staff, storm."""
from __future__ import annotations

import math

from reportlab.pdfgen.canvas import FILL_EVEN_ODD

from cardgen.drawing.icons.pen import circle, line, polygon, radial, rotate, shape


def _wedge(p, cx, cy, angle, r0, r1, half):
    """A ray of light: a thin wedge from radius r0 (`half` wide either side) to a point at r1."""
    a, n = math.radians(angle), math.radians(angle + 90)
    bx, by = cx + r0 * math.cos(a), cy + r0 * math.sin(a)
    polygon(p, [(bx + half * math.cos(n), by + half * math.sin(n)),
                (cx + r1 * math.cos(a), cy + r1 * math.sin(a)),
                (bx - half * math.cos(n), by - half * math.sin(n))])


def _strip(p, cx, cy, angle, x0, x1, half):
    """A straight strip along direction `angle` through (cx, cy), from x0 to x1 along it,
    `half` wide either side."""
    pts = [(cx + x0, cy - half), (cx + x1, cy - half), (cx + x1, cy + half), (cx + x0, cy + half)]
    polygon(p, rotate(pts, angle, cx, cy))


def _flame(p, cx, base, half, height):
    """A flame standing on (cx, base), `half` wide: its tip curling to the right, a smaller tongue
    licking up on its left, a tongue-shaped hollow cut in its heart (fill it even-odd)."""
    def pt(u, v):
        return cx + u * half, base + v * height
    tip = pt(0.10, 1.0)
    p.moveTo(*tip)
    p.curveTo(*pt(0.40, 0.78), *pt(0.92, 0.60), *pt(0.90, 0.30))
    p.curveTo(*pt(0.88, 0.06), *pt(0.55, 0.0), *pt(0.0, 0.0))
    p.curveTo(*pt(-0.55, 0.0), *pt(-0.90, 0.08), *pt(-0.90, 0.32))
    p.curveTo(*pt(-0.90, 0.50), *pt(-0.80, 0.62), *pt(-0.62, 0.74))
    p.curveTo(*pt(-0.62, 0.58), *pt(-0.50, 0.50), *pt(-0.32, 0.47))
    p.curveTo(*pt(-0.28, 0.66), *pt(-0.10, 0.84), *tip)
    p.close()
    p.moveTo(*pt(0.08, 0.50))
    p.curveTo(*pt(0.42, 0.34), *pt(0.46, 0.12), *pt(0.0, 0.12))
    p.curveTo(*pt(-0.44, 0.12), *pt(-0.36, 0.34), *pt(0.08, 0.50))
    p.close()


def _aegis(c, ink):
    """A heater shield with a cross cut into it, rays of light fanning out behind it."""
    p = c.beginPath()
    p.moveTo(0.27, 0.72)
    p.curveTo(0.42, 0.70, 0.58, 0.70, 0.73, 0.72)
    p.lineTo(0.73, 0.46)
    p.curveTo(0.73, 0.28, 0.62, 0.15, 0.5, 0.07)
    p.curveTo(0.38, 0.15, 0.27, 0.28, 0.27, 0.46)
    p.close()
    polygon(p, [(0.465, 0.22), (0.535, 0.22), (0.535, 0.46), (0.64, 0.46), (0.64, 0.53),
                (0.535, 0.53), (0.535, 0.64), (0.465, 0.64), (0.465, 0.53), (0.36, 0.53),
                (0.36, 0.46), (0.465, 0.46)])
    shape(c, ink, p, even_odd=True)
    rays = c.beginPath()
    for k, angle in enumerate(range(-20, 201, 20)):
        _wedge(rays, 0.5, 0.48, angle, 0.32, 0.48 if k % 2 else 0.41, 0.035)
    shape(c, ink, rays)


def _bandage(c, ink):
    """Two adhesive bandages crossed: the upper one whole, its pad outlined in its middle, the lower
    one broken where the upper lies over it; air holes dotted on their ends."""
    length, half, gap = 0.50, 0.13, 0.045
    c.saveState()
    c.translate(0.5, 0.5)
    c.rotate(45)
    upper = c.beginPath()
    upper.roundRect(-length, -half, 2 * length, 2 * half, half)
    upper.rect(-0.17, -half + 0.035, 0.34, 2 * half - 0.07)
    upper.rect(-0.13, -half + 0.075, 0.26, 2 * half - 0.15)
    lower = c.beginPath()
    for end in (-1, 1):
        lower.moveTo(-half, end * (half + gap))
        lower.lineTo(-half, end * (length - half))
        lower.arcTo(-half, end * length - half, half, end * length + half, 180, -180 * end)
        lower.lineTo(half, end * (half + gap))
        lower.close()
        for x in (0.30, 0.41):
            for y in (-0.05, 0.05):
                circle(upper, end * x, y, 0.022)
                circle(lower, y, end * x, 0.022)
    shape(c, ink, upper, even_odd=True)
    shape(c, ink, lower, even_odd=True)
    c.restoreState()


def _banner(c, ink):
    """A swallow-tailed flag flying from a pole topped with a spearhead."""
    pole = c.beginPath()
    pole.roundRect(0.15, 0.04, 0.07, 0.80, 0.03)
    polygon(pole, [(0.185, 0.97), (0.235, 0.86), (0.185, 0.82), (0.135, 0.86)])
    shape(c, ink, pole)
    flag = c.beginPath()
    flag.moveTo(0.22, 0.82)
    flag.curveTo(0.42, 0.92, 0.60, 0.74, 0.92, 0.84)
    flag.lineTo(0.74, 0.63)
    flag.lineTo(0.92, 0.42)
    flag.curveTo(0.60, 0.32, 0.42, 0.50, 0.22, 0.40)
    flag.close()
    shape(c, ink, flag)


def _bell(c, ink):
    """A temple bell hung from a beam: a domed body flaring out, a rim below it, its clapper
    hanging beneath."""
    beam = c.beginPath()
    beam.roundRect(0.10, 0.87, 0.80, 0.08, 0.03)
    shape(c, ink, beam)
    hanger = c.beginPath()
    hanger.rect(0.45, 0.76, 0.10, 0.12)
    shape(c, ink, hanger)
    p = c.beginPath()
    p.moveTo(0.5, 0.80)
    p.curveTo(0.68, 0.80, 0.70, 0.66, 0.70, 0.54)
    p.curveTo(0.70, 0.42, 0.74, 0.36, 0.84, 0.31)
    p.lineTo(0.16, 0.31)
    p.curveTo(0.26, 0.36, 0.30, 0.42, 0.30, 0.54)
    p.curveTo(0.30, 0.66, 0.32, 0.80, 0.5, 0.80)
    p.close()
    p.roundRect(0.10, 0.19, 0.80, 0.08, 0.03)
    circle(p, 0.5, 0.09, 0.075)
    shape(c, ink, p)


def _blaze(c, ink):
    """Spreading fire: three flames side by side on the ground, each lower than the one before,
    leaning the way the fire runs."""
    p = c.beginPath()
    _flame(p, 0.22, 0.15, 0.18, 0.80)
    _flame(p, 0.55, 0.15, 0.145, 0.60)
    _flame(p, 0.82, 0.15, 0.11, 0.42)
    shape(c, ink, p, even_odd=True)
    ground = c.beginPath()
    ground.roundRect(0.04, 0.04, 0.92, 0.08, 0.03)
    shape(c, ink, ground)


def _crystal(c, ink):
    """A cluster of crystals on a rock: a tall pointed prism between two shorter ones leaning
    outwards, a ridge cut down each."""
    p = c.beginPath()
    for cx, base, half, height, tilt in ((0.5, 0.18, 0.12, 0.76, 0),
                                         (0.26, 0.16, 0.09, 0.50, 24),
                                         (0.74, 0.16, 0.09, 0.46, -24)):
        tip = base + height
        shoulder = tip - half * 1.6
        pts = [(cx - half, base), (cx + half, base), (cx + half, shoulder), (cx, tip),
               (cx - half, shoulder)]
        ridge = [(cx - 0.012, base + 0.04), (cx + 0.012, base + 0.04), (cx + 0.012, tip - 0.06),
                 (cx - 0.012, tip - 0.06)]
        polygon(p, rotate(pts, tilt, cx, base))
        polygon(p, rotate(ridge, tilt, cx, base))
    shape(c, ink, p, even_odd=True)
    rock = c.beginPath()
    rock.moveTo(0.08, 0.05)
    rock.lineTo(0.92, 0.05)
    rock.curveTo(0.88, 0.16, 0.70, 0.20, 0.5, 0.20)
    rock.curveTo(0.30, 0.20, 0.12, 0.16, 0.08, 0.05)
    rock.close()
    shape(c, ink, rock)


def _dove(c, ink):
    """A dove in flight, facing left: a round head and short beak, its wing raised with the
    feathers spread, its tail fanned."""
    p = c.beginPath()
    p.moveTo(0.05, 0.60)
    p.lineTo(0.15, 0.655)
    p.curveTo(0.17, 0.76, 0.33, 0.78, 0.35, 0.66)
    p.curveTo(0.37, 0.60, 0.42, 0.58, 0.46, 0.58)
    p.curveTo(0.46, 0.76, 0.58, 0.92, 0.80, 0.97)
    # the wing's trailing edge: (notch, feather tip) pairs, then where it meets the back
    feathers = ((0.73, 0.86), (0.88, 0.86), (0.76, 0.76), (0.90, 0.73), (0.76, 0.66),
                (0.87, 0.60), (0.70, 0.56))
    for (nx, ny), (tx, ty) in zip(feathers[0::2], feathers[1::2]):
        p.lineTo(nx, ny)
        p.curveTo(nx + 0.06, ny + 0.03, tx + 0.02, ty + 0.04, tx, ty)
    p.lineTo(*feathers[-1])
    p.lineTo(0.93, 0.54)
    p.lineTo(0.89, 0.46)
    p.lineTo(0.96, 0.41)
    p.lineTo(0.88, 0.37)
    p.lineTo(0.90, 0.29)
    p.curveTo(0.76, 0.34, 0.70, 0.38, 0.64, 0.38)
    p.curveTo(0.48, 0.30, 0.28, 0.40, 0.20, 0.54)
    p.lineTo(0.15, 0.575)
    p.close()
    circle(p, 0.25, 0.66, 0.025)
    shape(c, ink, p, even_odd=True)


def _halo(c, ink):
    """A halo: a glowing ring seen edge-on, sparkles beside it, rays of light shining down from
    under it."""
    p = c.beginPath()
    p.ellipse(0.16, 0.68, 0.68, 0.26)
    p.ellipse(0.26, 0.745, 0.48, 0.13)
    shape(c, ink, p, even_odd=True)
    light = c.beginPath()
    for k, angle in enumerate(range(216, 325, 18)):
        _wedge(light, 0.5, 0.81, angle, 0.25, 0.74 if k % 2 else 0.60, 0.04)
    for x, y, r in ((0.08, 0.92, 0.075), (0.92, 0.92, 0.075), (0.10, 0.58, 0.05), (0.90, 0.58, 0.05)):
        polygon(light, radial(x, y, (r, r * 0.42), 8))
    shape(c, ink, light)


def _lantern(c, ink):
    """A hanging lantern: a ring, a roof, a glazed body with a flame burning in it, a footed base."""
    ring = c.beginPath()
    ring.ellipse(0.42, 0.82, 0.16, 0.14)
    line(c, ink, ring, 0.045)
    p = c.beginPath()
    polygon(p, [(0.24, 0.66), (0.76, 0.66), (0.60, 0.80), (0.40, 0.80)])
    p.rect(0.28, 0.20, 0.44, 0.46)
    p.rect(0.35, 0.26, 0.30, 0.36)
    p.roundRect(0.22, 0.12, 0.56, 0.09, 0.03)
    polygon(p, [(0.30, 0.12), (0.70, 0.12), (0.64, 0.05), (0.36, 0.05)])
    shape(c, ink, p, even_odd=True)
    flame = c.beginPath()
    flame.moveTo(0.5, 0.57)
    flame.curveTo(0.54, 0.48, 0.60, 0.42, 0.60, 0.36)
    flame.curveTo(0.60, 0.28, 0.40, 0.28, 0.40, 0.36)
    flame.curveTo(0.40, 0.42, 0.46, 0.48, 0.5, 0.57)
    flame.close()
    shape(c, ink, flame)
    glow = c.beginPath()
    for side in (-1, 1):
        for angle in (-25, 0, 25):
            _wedge(glow, 0.5, 0.44, 90 - side * (90 + angle), 0.30, 0.44, 0.025)
    shape(c, ink, glow)


def _lotus(c, ink):
    """A lotus flower open on the water: a tall petal in front, two pairs of petals fanning out
    behind it, two ripples below."""
    base = (0.5, 0.28)

    def petal(p, angle, height, width, grow=0.0):
        x, y = base
        pts = [(x, y - grow), (x + width + grow, y + height * 0.42),
               (x, y + height + grow), (x - width - grow, y + height * 0.42)]
        a, b, tip, d = rotate(pts, angle, x, y)
        p.moveTo(*a)
        p.curveTo(*b, *b, *tip)
        p.curveTo(*d, *d, *a)
        p.close()

    rows = (((66, 0.40, 0.11), (-66, 0.40, 0.11)), ((33, 0.54, 0.13), (-33, 0.54, 0.13)),
            ((0, 0.66, 0.15),))
    for k, row in enumerate(rows):   # each row clipped clear of the row in front, a gap between
        c.saveState()
        if k + 1 < len(rows):
            hide = c.beginPath()
            hide.rect(-1, -1, 3, 3)
            for front in rows[k + 1]:
                petal(hide, *front, grow=0.045)
            c.clipPath(hide, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
        p = c.beginPath()
        for angle, height, width in row:
            petal(p, angle, height, width)
        shape(c, ink, p)
        c.restoreState()
    water = c.beginPath()
    for y, x0, x1 in ((0.20, 0.08, 0.92), (0.08, 0.20, 0.80)):
        water.moveTo(x0, y)
        w = (x1 - x0) / 4
        for xa in (x0, x0 + w, x0 + 2 * w, x0 + 3 * w):
            water.curveTo(xa + w * 0.25, y + 0.04, xa + w * 0.75, y - 0.04, xa + w, y)
    line(c, ink, water, 0.05)


def _magnet(c, ink):
    """A horseshoe magnet tilted to open at the lower right, its poles marked off at the ends of
    its arms, sparks leaping from between them."""
    cx, cy, ro, ri, end = 0.5, 0.60, 0.28, 0.12, 0.26
    c.saveState()
    c.translate(0.36, 0.64)
    c.rotate(45)
    c.translate(-cx, -cy)
    p = c.beginPath()
    p.moveTo(cx - ro, cy)
    p.arcTo(cx - ro, cy - ro, cx + ro, cy + ro, 180, -180)
    p.lineTo(cx + ro, end + 0.07)
    p.lineTo(cx + ri, end + 0.07)
    p.lineTo(cx + ri, cy)
    p.arcTo(cx - ri, cy - ri, cx + ri, cy + ri, 0, 180)
    p.lineTo(cx - ri, end + 0.07)
    p.lineTo(cx - ro, end + 0.07)
    p.close()
    for x in (cx - ro, cx + ri):
        p.rect(x, end - 0.12, ro - ri, 0.145)
    shape(c, ink, p)
    sparks = c.beginPath()
    for x, angle in ((cx, -90), (cx - 0.12, -120), (cx + 0.12, -60)):
        a, n = math.radians(angle), math.radians(angle + 90)
        x0, y0 = x + 0.06 * math.cos(a), end - 0.12 + 0.06 * math.sin(a)
        sparks.moveTo(x0, y0)
        for k, off in ((1, 0.035), (2, -0.035), (3, 0.0)):
            sparks.lineTo(x0 + 0.05 * k * math.cos(a) + off * math.cos(n),
                          y0 + 0.05 * k * math.sin(a) + off * math.sin(n))
    line(c, ink, sparks, 0.04)
    c.restoreState()


def _staff(c, ink):
    """A mage's staff, an orb at its head at the upper right, crossed by a sword pointing to the
    upper left; the staff is broken where the blade lies over it."""
    staff = c.beginPath()
    _strip(staff, 0.5, 0.5, 45, -0.62, -0.14, 0.06)
    _strip(staff, 0.5, 0.5, 45, 0.14, 0.32, 0.06)
    circle(staff, 0.79, 0.79, 0.15)
    circle(staff, 0.75, 0.83, 0.04)
    shape(c, ink, staff, even_odd=True)
    sword = c.beginPath()
    parts = ([(0.42, 0.32), (0.58, 0.32), (0.58, 0.82), (0.5, 0.97), (0.42, 0.82)],
             [(0.29, 0.22), (0.71, 0.22), (0.71, 0.32), (0.29, 0.32)],
             [(0.45, 0.08), (0.55, 0.08), (0.55, 0.22), (0.45, 0.22)])
    for part in parts:
        polygon(sword, rotate(part, 45))
    (px, py), = rotate([(0.5, 0.06)], 45)
    circle(sword, px, py, 0.075)
    shape(c, ink, sword)


def _storm(c, ink):
    """A storm cloud with a lightning bolt striking down from under it."""
    cloud = c.beginPath()
    circle(cloud, 0.32, 0.64, 0.16)
    circle(cloud, 0.54, 0.74, 0.20)
    circle(cloud, 0.74, 0.62, 0.15)
    cloud.roundRect(0.14, 0.48, 0.74, 0.18, 0.09)
    shape(c, ink, cloud)
    shape(c, ink, polygon(c.beginPath(), [(0.44, 0.43), (0.64, 0.43), (0.55, 0.30), (0.66, 0.30),
                                            (0.38, 0.03), (0.46, 0.22), (0.34, 0.22)]))


ICONS = {
    "aegis": _aegis,
    "bandage": _bandage,
    "banner": _banner,
    "bell": _bell,
    "blaze": _blaze,
    "crystal": _crystal,
    "dove": _dove,
    "halo": _halo,
    "lantern": _lantern,
    "lotus": _lotus,
    "magnet": _magnet,
    "staff": _staff,
    "storm": _storm,
}
