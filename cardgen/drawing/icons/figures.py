"""Icons of arms and of life and death: ankh, bomb, dagger, grave, helmet, lance, spear, wings."""
from __future__ import annotations

from cardgen.drawing.icons.pen import circle, line, polygon, radial, shape


def _turned(c, degrees):
    """Turn what is drawn next about the square's centre (undone by restoreState)."""
    c.saveState()
    c.translate(0.5, 0.5)
    c.rotate(degrees)
    c.translate(-0.5, -0.5)


def _ankh(c, ink):
    """Ankh: an open loop above a crossbar and a flaring stem."""
    loop = c.beginPath()
    loop.ellipse(0.31, 0.50, 0.38, 0.46)
    loop.ellipse(0.40, 0.59, 0.20, 0.28)
    shape(c, ink, loop, even_odd=True)
    p = c.beginPath()
    p.roundRect(0.16, 0.44, 0.68, 0.11, 0.03)
    polygon(p, [(0.44, 0.50), (0.56, 0.50), (0.61, 0.04), (0.39, 0.04)])
    shape(c, ink, p)


def _bomb(c, ink):
    """Round bomb with a neck, a curling fuse and a spark at its end."""
    p = circle(c.beginPath(), 0.42, 0.40, 0.34)
    _turned(c, -45)
    p2 = c.beginPath()
    p2.roundRect(0.42, 0.74, 0.16, 0.12, 0.02)
    shape(c, ink, p2)
    c.restoreState()
    shape(c, ink, p)
    fuse = c.beginPath()
    fuse.moveTo(0.68, 0.68)
    fuse.curveTo(0.74, 0.80, 0.82, 0.74, 0.84, 0.84)
    line(c, ink, fuse, 0.045)
    shape(c, ink, polygon(c.beginPath(), radial(0.86, 0.88, (0.12, 0.05), 12)))


def _dagger(c, ink):
    """Dagger, corner to corner, point to the upper right: a short leaf-shaped blade with a groove
    down it, a crossguard curving towards the point, a grip and a round pommel."""
    _turned(c, -45)
    p = c.beginPath()
    p.moveTo(0.5, 1.08)
    p.curveTo(0.60, 0.86, 0.62, 0.60, 0.58, 0.40)
    p.lineTo(0.42, 0.40)
    p.curveTo(0.38, 0.60, 0.40, 0.86, 0.5, 1.08)
    p.close()
    p.rect(0.485, 0.46, 0.03, 0.38)
    shape(c, ink, p, even_odd=True)
    hilt = c.beginPath()
    hilt.moveTo(0.24, 0.44)
    hilt.curveTo(0.34, 0.36, 0.66, 0.36, 0.76, 0.44)
    hilt.lineTo(0.76, 0.36)
    hilt.curveTo(0.66, 0.28, 0.34, 0.28, 0.24, 0.36)
    hilt.close()
    hilt.rect(0.455, 0.08, 0.09, 0.24)
    circle(hilt, 0.5, 0.05, 0.07)
    shape(c, ink, hilt)
    c.restoreState()


def _grave(c, ink):
    """Round-topped gravestone with a cross cut into it, on a strip of ground."""
    p = c.beginPath()
    p.moveTo(0.22, 0.14)
    p.lineTo(0.22, 0.60)
    p.curveTo(0.22, 0.95, 0.78, 0.95, 0.78, 0.60)
    p.lineTo(0.78, 0.14)
    p.close()
    polygon(p, [(0.455, 0.34), (0.545, 0.34), (0.545, 0.58), (0.64, 0.58), (0.64, 0.66),
                (0.545, 0.66), (0.545, 0.77), (0.455, 0.77), (0.455, 0.66), (0.36, 0.66),
                (0.36, 0.58), (0.455, 0.58)])
    shape(c, ink, p, even_odd=True)
    ground = c.beginPath()
    ground.roundRect(0.08, 0.05, 0.84, 0.08, 0.03)
    shape(c, ink, ground)


def _helmet(c, ink):
    """Closed helmet: a dome with cheek guards, an eye slit and a gap down the face."""
    p = c.beginPath()
    p.moveTo(0.16, 0.10)
    p.lineTo(0.16, 0.52)
    p.curveTo(0.16, 0.97, 0.84, 0.97, 0.84, 0.52)
    p.lineTo(0.84, 0.10)
    p.lineTo(0.56, 0.10)
    p.lineTo(0.56, 0.42)
    p.lineTo(0.44, 0.42)
    p.lineTo(0.44, 0.10)
    p.close()
    p.rect(0.25, 0.47, 0.50, 0.08)
    shape(c, ink, p, even_odd=True)


def _lance(c, ink):
    """Jousting lance, corner to corner, tip to the upper right: a long tapering cone, the wide
    bell of its hand guard and the grip behind it."""
    _turned(c, -45)
    p = polygon(c.beginPath(), [(0.5, 1.18), (0.58, 0.30), (0.42, 0.30)])
    p.moveTo(0.40, 0.31)
    p.lineTo(0.60, 0.31)
    p.curveTo(0.62, 0.22, 0.68, 0.16, 0.74, 0.13)
    p.lineTo(0.26, 0.13)
    p.curveTo(0.32, 0.16, 0.38, 0.22, 0.40, 0.31)
    p.close()
    p.rect(0.46, -0.12, 0.08, 0.26)
    circle(p, 0.5, -0.13, 0.055)
    shape(c, ink, p)
    c.restoreState()


def _spear(c, ink):
    """Spear, corner to corner, head to the upper left: a shaft, a collar and a long pointed
    blade with straight edges, a spike at the butt."""
    _turned(c, 45)
    p = c.beginPath()
    p.rect(0.465, -0.10, 0.07, 0.92)
    p.rect(0.43, 0.80, 0.14, 0.05)
    polygon(p, [(0.5, 1.19), (0.595, 0.96), (0.54, 0.85), (0.46, 0.85), (0.405, 0.96)])
    polygon(p, [(0.465, -0.10), (0.535, -0.10), (0.5, -0.17)])
    shape(c, ink, p)
    c.restoreState()


def _wings(c, ink):
    """A pair of spread wings, each of three feathered tiers, about a small round body."""
    p = circle(c.beginPath(), 0.5, 0.52, 0.09)
    for side in (-1, 1):
        def x(u):
            return 0.5 + side * u
        p.moveTo(x(0.06), 0.60)
        p.curveTo(x(0.20), 0.86, x(0.40), 0.92, x(0.48), 0.90)
        p.lineTo(x(0.40), 0.76)
        p.lineTo(x(0.47), 0.74)
        p.lineTo(x(0.36), 0.60)
        p.lineTo(x(0.44), 0.57)
        p.lineTo(x(0.30), 0.42)
        p.lineTo(x(0.36), 0.38)
        p.curveTo(x(0.20), 0.30, x(0.10), 0.36, x(0.06), 0.46)
        p.close()
    shape(c, ink, p)


ICONS = {
    "ankh": _ankh,
    "bomb": _bomb,
    "dagger": _dagger,
    "grave": _grave,
    "helmet": _helmet,
    "lance": _lance,
    "spear": _spear,
    "wings": _wings,
}
