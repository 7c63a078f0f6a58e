"""Lengths: every length in cardgen's data is parsed here, and kept in millimetres."""
from __future__ import annotations

import math
import re

from cardgen.base.errors import ProblemError

MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0, "px": 25.4 / 300.0}
PT_PER_MM = 72.0 / 25.4

_LENGTH = re.compile(r"^\s*([-+]?(?:\d+(?:\.\d*)?|\.\d+))\s*(mm|cm|in|pt|px)?\s*$")


class UnitError(ProblemError, ValueError):
    code = "type"


def as_float(number) -> float:
    """A number as a float; a whole number too large for one is an infinity of its sign, which
    every bound refuses (float() would raise OverflowError instead)."""
    try:
        return float(number)
    except OverflowError:
        return math.inf if number > 0 else -math.inf


def parse_length(value) -> float:
    """'5mm', '0.25in', '12pt', '300px' (at 300 dpi) or a bare number (millimetres) -> mm."""
    if isinstance(value, bool):
        raise UnitError(_expected(value))
    if isinstance(value, (int, float)):
        return as_float(value)
    if isinstance(value, str):
        match = _LENGTH.match(value)
        if match:
            number, unit = match.groups()
            return float(number) * MM_PER[unit or "mm"]
    raise UnitError(_expected(value))


def _expected(value) -> str:
    return f"expected a length such as '5mm', '0.25in' or '12pt', found '{value}'"


def parse_font_size(value) -> float:
    """Font sizes are points: a bare number is points, a length with a unit is converted."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return as_float(value)
    if isinstance(value, str) and _LENGTH.match(value) and not _LENGTH.match(value).group(2):
        return float(_LENGTH.match(value).group(1))   # "12" is 12 pt, as 12 is
    return parse_length(value) * PT_PER_MM


def mm_to_pt(mm: float) -> float:
    return mm * PT_PER_MM


def pt_to_mm(pt: float) -> float:
    return pt / PT_PER_MM
