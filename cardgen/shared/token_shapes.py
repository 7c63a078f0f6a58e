"""A token's outline as geometry: its footprint, the corners of a square, hexagon or path, an
outline grown by its bleed, a fold-over pair's hinge, and where the outline ends on the right.
Pure geometry, in millimetres; a position is a token's centre."""
from __future__ import annotations

import math

ROUNDED_RADIUS = 0.15  # a rounded square's corner radius, as a share of its side


def footprint(shape: str, size: float, points: tuple = ()) -> tuple[float, float]:
    """Width and height of a token's outline: a hexagon stands on a corner, `size` across its
    flat sides; a path is as large as its corners reach."""
    if shape == "path":
        return (max(x for x, _ in points), max(y for _, y in points))
    return (size, size * 2 / math.sqrt(3)) if shape == "hexagon" else (size, size)


def polygon(shape: str, cx: float, cy: float, size: float, grow: float = 0.0,
            points: tuple = (), mirror: str = "") -> list[tuple[float, float]]:
    """The corners of a square, hexagon or path centred on (cx, cy), grown by `grow` mm all round
    (a path is grown to its box: grown_outline grows it true). `mirror` "x" or "y" flips a path,
    as the back of the sheet shows it."""
    width, height = footprint(shape, size, points)
    if shape == "hexagon":
        r = height / 2 + grow * 2 / math.sqrt(3)
        return [(cx + r * math.cos(math.radians(90 + 60 * i)),
                 cy + r * math.sin(math.radians(90 + 60 * i))) for i in range(6)]
    if shape == "path" and not grow:
        sx, sy = (-1 if mirror == "x" else 1), (-1 if mirror == "y" else 1)
        return [(cx + sx * (x - width / 2), cy + sy * (y - height / 2)) for x, y in points]
    half_w, half_h = width / 2 + grow, height / 2 + grow
    return [(cx - half_w, cy - half_h), (cx + half_w, cy - half_h), (cx + half_w, cy + half_h),
            (cx - half_w, cy + half_h)]


def grown_outline(points: list[tuple[float, float]], grow: float) -> list[list[tuple[float, float]]]:
    """An outline grown by `grow` mm all round, as pieces whose union is the grown shape: the
    outline itself, a band along each side and a disc at each corner, all turning the same way
    (so a nonzero-winding fill or clip of them all is their union), for outlines of any shape."""
    def ccw(poly):
        area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]))
        return poly if area >= 0 else poly[::-1]

    pieces = [ccw(list(points))]
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        nx, ny = (y1 - y0) / length * grow, (x0 - x1) / length * grow
        pieces.append(ccw([(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny),
                           (x0 - nx, y0 - ny)]))
    for x, y in points:
        pieces.append([(x + grow * math.cos(a * math.pi / 12), y + grow * math.sin(a * math.pi / 12))
                       for a in range(24)])
    return pieces


def fold_band(shape: str, size: float, points: tuple = ()) -> float:
    """Half the height of the hinge a fold-over pair keeps uncut at its fold line: the whole
    shared side of squares, the flat side of hexagons, a band across the middle otherwise."""
    width, height = footprint(shape, size, points)
    if shape == "square":
        return height / 2
    if shape == "rounded":
        return height / 2 - ROUNDED_RADIUS * size
    return height / 4


def right_edge(shape: str, cx: float, cy: float, size: float, y: float, points: tuple = ()) -> float:
    """Where the outline of a token centred on (cx, cy) ends on the right at height y."""
    width, height = footprint(shape, size, points)
    if shape == "circle":
        return cx + math.sqrt(max(0.0, (size / 2) ** 2 - (y - cy) ** 2))
    if shape in ("square", "rounded"):
        return cx + width / 2
    corners = polygon(shape, cx, cy, size, points=points)
    found = []
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]):
        if min(y0, y1) <= y <= max(y0, y1) and y0 != y1:
            found.append(x0 + (x1 - x0) * (y - y0) / (y1 - y0))
    return max(found) if found else cx + width / 2
