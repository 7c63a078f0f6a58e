"""The ink saver: card faces redrawn light for a home printer, on the same geometry. A fill that
covers most of a face (a back's ground, a frame running into the bleed) becomes a pale tint of its
colour; on a back, light ink that stood out against that ground (a label, an emblem) takes the
ground's own colour instead, so it still shows on the pale tint. Nothing moves or changes size."""
from __future__ import annotations

from dataclasses import fields, replace

from reportlab.lib.colors import CMYKColor, Color

from cardgen.resolve.bind import CardFace
from cardgen.resolve.resolve import DeckFaces
from cardgen.base.model import frozen_map

TINT = 0.12            # how much of a ground's colour its tint keeps
GROUND = 0.3           # a fill covering this share of the card or more is a ground
LIGHT = 0.6            # luminance above which ink on a back is light ink


def _luminance(color: Color) -> float:
    r, g, b = color.rgb()
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _tint(color: Color) -> Color:
    r, g, b = color.rgb()
    return Color(*(1 - TINT * (1 - v) for v in (r, g, b)), alpha=color.alpha)


def _colors(element) -> dict:
    return {f.name: getattr(element, f.name) for f in fields(element)
            if isinstance(getattr(element, f.name), Color)
            and not isinstance(getattr(element, f.name), CMYKColor)}


def _is_ground(element, face: CardFace) -> bool:
    box = element.box
    return box.width * box.height >= GROUND * face.width * face.height


def light_face(face: CardFace, back: bool) -> CardFace:
    """A face with its grounds tinted; on a back, light ink darkened to the ground's colour."""
    grounds = [element for element in face.elements
               if "fill" in _colors(element) and _is_ground(element, face)
               and (back or _covers_card(element, face))]
    if not grounds:
        return face
    dark = min((e.fill for e in grounds), key=_luminance)
    out = []
    for element in face.elements:
        colors = _colors(element)
        if element in grounds:
            changed = {"fill": _tint(colors["fill"])}
        elif back:
            changed = {k: dark for k, c in colors.items() if _luminance(c) > LIGHT}
        else:
            changed = {}
        out.append(replace(element, **changed) if changed else element)
    return replace(face, elements=tuple(out))


def _covers_card(element, face: CardFace) -> bool:
    """A front's ground is only what reaches the trim all round (its frame, into the bleed)."""
    box = element.box
    return (box.x <= 0 and box.y <= 0 and box.x + box.width >= face.width
            and box.y + box.height >= face.height)


def light_deck(faces: DeckFaces) -> DeckFaces:
    return replace(faces,
                   fronts=frozen_map({k: light_face(f, False) for k, f in faces.fronts.items()}),
                   back=light_face(faces.back, True),
                   backs=frozen_map({k: light_face(f, True) for k, f in faces.backs.items()}))
