"""Colour values: a layout's named colours, CSS names, #hex, and cmyk(c, m, y, k)."""
from __future__ import annotations

import re
from typing import Mapping

from reportlab.lib import colors as rl

from cardgen.base.errors import did_you_mean
from cardgen.shared.css_colors import CSS_COLORS
from cardgen.shared.schema import Invalid

_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
_CMYK = re.compile(r"^cmyk\(\s*([^)]*)\)$", re.IGNORECASE)
NONE_NAMES = {"none", "transparent"}


def parse_color(value, palette: Mapping[str, str] | None = None, _seen: tuple = ()):
    """A reportlab colour, or None for 'none'. Names look in `palette` (layout colours) first,
    then among the CSS colour names (reportlab's own names, such as 'fidred', are not colours
    here: a layout must mean the same in a browser)."""
    if not isinstance(value, str):
        raise Invalid(f"expected a colour (a name, '#rrggbb' or 'cmyk(c, m, y, k)'), found '{value}'",
                      code="color")
    text = value.strip()
    if text.lower() in NONE_NAMES:
        return None
    if palette and text in palette:
        if text in _seen:
            raise Invalid(f"colour '{text}' is defined in terms of itself", code="color")
        return parse_color(palette[text], palette, _seen + (text,))
    if _HEX.match(text):
        digits = text[1:]
        if len(digits) == 3:
            digits = "".join(c * 2 for c in digits)
        return rl.HexColor("#" + digits)
    match = _CMYK.match(text)
    if match:
        return _cmyk(match.group(1), text)
    if text.lower() in CSS_COLORS:
        return rl.HexColor(CSS_COLORS[text.lower()])
    names = list(palette or {}) + list(CSS_COLORS)
    raise Invalid(f"unknown colour '{text}'{did_you_mean(text, names)}; use a CSS colour name, "
                  "a name from the layout's colours, '#rrggbb' or 'cmyk(c, m, y, k)'", code="color")


def _cmyk(body: str, text: str):
    parts = [p.strip() for p in body.split(",")]
    if len(parts) != 4:
        raise Invalid(f"expected cmyk(c, m, y, k) with four values, found '{text}'", code="color")
    values = []
    for part in parts:
        percent = part.endswith("%")
        try:
            number = float(part.rstrip("%"))
        except ValueError:
            raise Invalid(f"expected numbers in '{text}', found '{part}'", code="color") from None
        number = number / 100 if percent or number > 1 else number
        if not 0 <= number <= 1:
            raise Invalid(f"cmyk values run from 0 to 1 (or 0% to 100%), found '{part}'", code="color")
        values.append(number)
    return rl.CMYKColor(*values)


# a dark colour this close to grey prints on the black plate alone: type in near-black set in
# four inks fringes wherever the plates misregister
NEUTRAL_SPREAD = 16 / 255      # most its R, G and B may differ
NEUTRAL_DARK = 0.5             # least its K may be


def to_cmyk(color):
    """A colour as DeviceCMYK, for print shops that ask for it: a CMYK colour from the data is
    kept exactly; a dark near-grey (R, G and B within NEUTRAL_SPREAD of each other, K at least
    NEUTRAL_DARK) is black ink only, K = 1 - mean(R, G, B); any other is converted by the plain
    formula with full grey replacement, K = 1 - max(R, G, B) and C = (1 - R - K) / (1 - K)
    (M, Y likewise), so a grey is black ink."""
    color = rl.toColor(color)
    if isinstance(color, rl.CMYKColor):
        if isinstance(color, rl.CMYKColorSep):
            return rl.CMYKColor(color.cyan, color.magenta, color.yellow, color.black,
                                alpha=color.alpha)
        return color
    r, g, b = color.red, color.green, color.blue
    k = 1 - max(r, g, b)
    if k >= 1 - 1e-9:
        return rl.CMYKColor(0, 0, 0, 1, alpha=color.alpha)
    if k >= NEUTRAL_DARK and max(r, g, b) - min(r, g, b) <= NEUTRAL_SPREAD + 1e-9:
        return rl.CMYKColor(0, 0, 0, round(1 - (r + g + b) / 3, 6), alpha=color.alpha)
    c, m, y = ((1 - v - k) / (1 - k) for v in (r, g, b))
    return rl.CMYKColor(round(c, 6), round(m, 6), round(y, 6), round(k, 6), alpha=color.alpha)
