"""Icons of spells at work: boulder, candle, chain (forked lightning), chalice, fireball,
firewall, hearts, quake, shard (of ice), sparks, tornado, tower, wilt (a withered flower)."""
from __future__ import annotations

import math

from cardgen.drawing.icons.pen import circle, heart, line, polygon, shape


def _tongue(p, cx, base, half, height, lean=0.0):
    """A flame tongue standing on (cx, base): round-bottomed, its tip leaning by `lean`."""
    tip = (cx + lean, base + height)
    p.moveTo(*tip)
    p.curveTo(cx + half * 0.9, base + height * 0.62, cx + half * 1.1, base + height * 0.30,
              cx + half, base + height * 0.16)
    p.curveTo(cx + half * 0.8, base - height * 0.04, cx - half * 0.8, base - height * 0.04,
              cx - half, base + height * 0.16)
    p.curveTo(cx - half * 1.1, base + height * 0.30, cx - half * 0.6, base + height * 0.70, *tip)
    p.close()


def _sliver(p, a, b, half):
    """A thin quadrilateral along a-b, `half` wide either side: a groove cut by even-odd."""
    (x0, y0), (x1, y1) = a, b
    length = math.hypot(x1 - x0, y1 - y0)
    nx, ny = -(y1 - y0) / length * half, (x1 - x0) / length * half
    polygon(p, [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)])


def _boulder(c, ink):
    """A faceted boulder on the ground, grooves between its faces."""
    p = polygon(c.beginPath(), [(0.08, 0.12), (0.92, 0.12), (0.95, 0.42), (0.76, 0.78),
                                 (0.46, 0.88), (0.18, 0.70), (0.05, 0.40)])
    _sliver(p, (0.46, 0.86), (0.52, 0.50), 0.022)
    _sliver(p, (0.52, 0.50), (0.93, 0.42), 0.022)
    _sliver(p, (0.52, 0.50), (0.30, 0.14), 0.022)
    _sliver(p, (0.52, 0.50), (0.16, 0.62), 0.022)
    shape(c, ink, p, even_odd=True)


def _candle(c, ink):
    """A lit candle in its dish, light shining from the flame."""
    p = c.beginPath()
    p.roundRect(0.20, 0.04, 0.60, 0.08, 0.03)
    p.rect(0.38, 0.11, 0.24, 0.44)
    _tongue(p, 0.5, 0.58, 0.10, 0.34)
    shape(c, ink, p)
    rays = c.beginPath()
    for angle in (10, 45, 80, 100, 135, 170):
        a = math.radians(angle)
        rays.moveTo(0.5 + 0.24 * math.cos(a), 0.70 + 0.20 * math.sin(a))
        rays.lineTo(0.5 + 0.40 * math.cos(a), 0.70 + 0.26 * math.sin(a))
    line(c, ink, rays, 0.045)


def _chain(c, ink):
    """Chain lightning: a bolt striking down that forks into two, each ending in a point."""
    bolt = c.beginPath()
    bolt.moveTo(0.34, 0.95)
    bolt.lineTo(0.52, 0.68)
    bolt.lineTo(0.40, 0.62)
    bolt.lineTo(0.55, 0.42)
    bolt.lineTo(0.32, 0.30)
    bolt.lineTo(0.20, 0.14)
    bolt.moveTo(0.55, 0.42)
    bolt.lineTo(0.66, 0.30)
    bolt.lineTo(0.60, 0.22)
    bolt.lineTo(0.80, 0.12)
    line(c, ink, bolt, 0.085)
    tips = c.beginPath()
    polygon(tips, [(0.12, 0.05), (0.27, 0.13), (0.17, 0.20)])
    polygon(tips, [(0.92, 0.07), (0.81, 0.19), (0.76, 0.08)])
    shape(c, ink, tips)


def _chalice(c, ink):
    """A chalice: a deep bowl on a stem with a knop, on a flared foot, a star shining above."""
    p = c.beginPath()
    p.moveTo(0.20, 0.74)
    p.lineTo(0.80, 0.74)
    p.curveTo(0.80, 0.52, 0.66, 0.42, 0.5, 0.42)
    p.curveTo(0.34, 0.42, 0.20, 0.52, 0.20, 0.74)
    p.close()
    p.rect(0.46, 0.16, 0.08, 0.28)
    circle(p, 0.5, 0.30, 0.06)
    polygon(p, [(0.26, 0.05), (0.74, 0.05), (0.60, 0.17), (0.40, 0.17)])
    polygon(p, [(0.5, 0.96), (0.53, 0.87), (0.62, 0.84), (0.53, 0.81), (0.5, 0.78),
                (0.47, 0.81), (0.38, 0.84), (0.47, 0.87)])
    shape(c, ink, p)


def _fireball(c, ink):
    """A ball of fire: a round core under three rising tongues of flame (two shapes, so that
    their windings never cut holes in each other)."""
    p = c.beginPath()
    _tongue(p, 0.5, 0.30, 0.22, 0.66)
    _tongue(p, 0.27, 0.28, 0.13, 0.44, lean=-0.06)
    _tongue(p, 0.73, 0.28, 0.13, 0.44, lean=0.06)
    shape(c, ink, p)
    shape(c, ink, circle(c.beginPath(), 0.5, 0.34, 0.30))


def _firewall(c, ink):
    """A wall of brick with three flames rising from it."""
    p = c.beginPath()
    for row, y in enumerate((0.05, 0.20)):
        x = 0.05 - (0.15 if row else 0.0)
        while x < 0.95:
            x0, x1 = max(x, 0.05), min(x + 0.28, 0.95)
            p.rect(x0 + 0.015, y, x1 - x0 - 0.03, 0.13)
            x += 0.30
    _tongue(p, 0.5, 0.36, 0.14, 0.60)
    _tongue(p, 0.20, 0.36, 0.12, 0.44, lean=-0.04)
    _tongue(p, 0.80, 0.36, 0.12, 0.44, lean=0.04)
    shape(c, ink, p)


def _hearts(c, ink):
    """Three hearts: a large one in front, two smaller above it to either side."""
    p = c.beginPath()
    heart(p, 0.5, 0.32, 0.56)
    heart(p, 0.21, 0.76, 0.38)
    heart(p, 0.79, 0.76, 0.38)
    shape(c, ink, p)


def _quake(c, ink):
    """Ground split by a jagged crack, one side dropped, shaking lines above it."""
    p = polygon(c.beginPath(), [(0.04, 0.06), (0.44, 0.06), (0.34, 0.22), (0.46, 0.34),
                                 (0.38, 0.50), (0.04, 0.50)])
    polygon(p, [(0.54, 0.06), (0.96, 0.06), (0.96, 0.42), (0.46, 0.42), (0.54, 0.28),
                (0.44, 0.18)])
    shape(c, ink, p)
    shake = c.beginPath()
    for x0, y0 in ((0.08, 0.66), (0.58, 0.58)):
        shake.moveTo(x0, y0)
        for k in range(1, 5):
            shake.lineTo(x0 + 0.085 * k, y0 + (0.08 if k % 2 else 0.0))
    for x0, y0 in ((0.14, 0.86), (0.64, 0.78)):
        shake.moveTo(x0, y0)
        for k in range(1, 4):
            shake.lineTo(x0 + 0.085 * k, y0 + (0.08 if k % 2 else 0.0))
    line(c, ink, shake, 0.05)


def _shard(c, ink):
    """A lance of ice, point to the upper right: a long faceted crystal, its ridge cut down the middle."""
    c.saveState()
    c.translate(0.5, 0.5)
    c.rotate(-45)
    c.translate(-0.5, -0.5)
    p = polygon(c.beginPath(), [(0.5, 1.18), (0.61, 0.86), (0.58, -0.06), (0.5, -0.16),
                                 (0.42, -0.06), (0.39, 0.86)])
    _sliver(p, (0.5, 1.06), (0.5, -0.04), 0.018)
    shape(c, ink, p, even_odd=True)
    c.restoreState()


def _sparks(c, ink):
    """A charged orb with zig-zag sparks all round it."""
    p = circle(c.beginPath(), 0.5, 0.5, 0.15)
    shape(c, ink, p)
    s = c.beginPath()
    for k in range(6):
        a = math.radians(30 + 60 * k)
        d = (math.cos(a), math.sin(a))
        n = (-d[1], d[0])
        pts = [(0.22, 0.0), (0.30, 0.06), (0.36, -0.06), (0.44, 0.0)]
        s.moveTo(0.5 + d[0] * pts[0][0] + n[0] * pts[0][1], 0.5 + d[1] * pts[0][0] + n[1] * pts[0][1])
        for r, off in pts[1:]:
            s.lineTo(0.5 + d[0] * r + n[0] * off, 0.5 + d[1] * r + n[1] * off)
    line(c, ink, s, 0.05)


def _tornado(c, ink):
    """A tornado: a funnel of whirling bands, wide at the sky, narrowing and swaying to the ground."""
    bands = ((0.50, 0.88, 0.40), (0.54, 0.74, 0.32), (0.50, 0.60, 0.24), (0.43, 0.46, 0.17),
             (0.45, 0.32, 0.11), (0.52, 0.19, 0.06), (0.56, 0.08, 0.02))
    p = c.beginPath()
    for cx, y, half in bands:
        p.moveTo(cx - half, y)
        p.curveTo(cx - half / 2, y - 0.04, cx + half / 2, y - 0.04, cx + half, y)
    line(c, ink, p, 0.075)


def _tower(c, ink):
    """A watchtower: battlements on a wide top, an arrow slit, an arched door at the foot."""
    p = c.beginPath()
    polygon(p, [(0.26, 0.05), (0.74, 0.05), (0.72, 0.66), (0.84, 0.72), (0.84, 0.95),
                (0.72, 0.95), (0.72, 0.85), (0.57, 0.85), (0.57, 0.95), (0.43, 0.95),
                (0.43, 0.85), (0.28, 0.85), (0.28, 0.95), (0.16, 0.95), (0.16, 0.72),
                (0.28, 0.66)])
    p.moveTo(0.40, 0.05)
    p.lineTo(0.40, 0.22)
    p.curveTo(0.40, 0.32, 0.60, 0.32, 0.60, 0.22)
    p.lineTo(0.60, 0.05)
    p.close()
    p.rect(0.47, 0.44, 0.06, 0.14)
    shape(c, ink, p, even_odd=True)


def _wilt(c, ink):
    """A withered flower: its stem bowed over, the head hanging, a leaf drooping, a petal fallen."""
    stem = c.beginPath()
    stem.moveTo(0.36, 0.05)
    stem.curveTo(0.34, 0.50, 0.44, 0.86, 0.64, 0.82)
    stem.curveTo(0.74, 0.80, 0.76, 0.72, 0.74, 0.64)
    line(c, ink, stem, 0.05)
    p = c.beginPath()
    p.moveTo(0.74, 0.66)
    p.curveTo(0.90, 0.62, 0.92, 0.44, 0.84, 0.32)
    p.lineTo(0.78, 0.42)
    p.lineTo(0.72, 0.30)
    p.lineTo(0.66, 0.42)
    p.lineTo(0.60, 0.32)
    p.curveTo(0.54, 0.46, 0.60, 0.62, 0.74, 0.66)
    p.close()
    p.moveTo(0.355, 0.34)
    p.curveTo(0.24, 0.38, 0.14, 0.30, 0.10, 0.16)
    p.curveTo(0.22, 0.20, 0.30, 0.24, 0.355, 0.30)
    p.close()
    p.ellipse(0.56, 0.06, 0.14, 0.07)
    shape(c, ink, p)


ICONS = {
    "boulder": _boulder,
    "candle": _candle,
    "chain": _chain,
    "chalice": _chalice,
    "fireball": _fireball,
    "firewall": _firewall,
    "hearts": _hearts,
    "quake": _quake,
    "shard": _shard,
    "sparks": _sparks,
    "tornado": _tornado,
    "tower": _tower,
    "wilt": _wilt,
}
