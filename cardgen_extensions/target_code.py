"""Target codes on a square grid around a character: 'M', '+2S', '4D', '+3S!', 'No target'.

Grammar (decided here): a code is 'No target' / 'none', or one or more parts joined by ','
(a union), with at most one '!' at the very start or end of the whole code. A part is 'M'
(the 8 surrounding tiles) or an optional '+' ("up to"), a distance and 'S' (straight) or 'D'
(diagonal). A bare number is not a code. Case and spacing are free; the canonical text is
upper case, parts in the written order joined by ', ', with '!' at the end.

Distances are counted in moves, and a move never goes diagonally, so a diagonal tile (k, k) is
2k moves away: '2D' is the four tiles touching the character's corners, '4D' the four beyond
them, '+4D' both; an odd 'nD' (or '+1D') names no tile at all and is refused.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from cardgen.shared import schema as s
from cardgen.fields.base import Diagram, FieldType, whole
from cardgen.shared.schema import At, Invalid, Key
from cardgen_extensions.range import found, shown
from cardgen.base.model import FieldDecl

EXPECTED = "expected a target code such as 'M', '+2S', '4D', '+3S!' or 'No target'"
DEFAULT_MAX_DISTANCE = 5
MAX_DISTANCE = 10       # the farthest any code may reach: a printed grid is at most 21 cells a side
NO_TARGET = "No target"
_PART = re.compile(r"(\+?)\s*([0-9]+)\s*([SD])|(M)", re.ASCII | re.IGNORECASE)


@dataclass(frozen=True)
class TargetPart:
    """One part of a code: `kind` 'S', 'D' or 'M'; `up_to` covers distances 1..distance."""

    kind: str
    distance: int = 1
    up_to: bool = False

    def tiles(self) -> frozenset[tuple[int, int]]:
        if self.kind == "M":       # the 8 tiles round the character, corners included
            return frozenset((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
        if self.kind == "S":
            steps = ((1, 0), (-1, 0), (0, 1), (0, -1))
            reach = range(1, self.distance + 1) if self.up_to else (self.distance,)
        else:                 # (k, k) is 2k moves away
            steps = ((1, 1), (1, -1), (-1, 1), (-1, -1))
            exact = (self.distance // 2,) if self.distance % 2 == 0 else ()
            reach = range(1, self.distance // 2 + 1) if self.up_to else exact
        return frozenset((dx * d, dy * d) for d in reach for dx, dy in steps if d)

    def __str__(self) -> str:
        if self.kind == "M":
            return "M"
        return f"{'+' if self.up_to else ''}{self.distance}{self.kind}"


@dataclass(frozen=True)
class TargetCode:
    """The tiles an effect may target, as offsets (dx, dy) from the character."""

    parts: tuple[TargetPart, ...] = ()
    ignores_occupation: bool = False
    none: bool = False

    def tiles(self) -> frozenset[tuple[int, int]]:
        out: frozenset[tuple[int, int]] = frozenset()
        for part in self.parts:
            out |= part.tiles()
        return out

    def __str__(self) -> str:
        if self.none:
            return NO_TARGET
        return ", ".join(map(str, self.parts)) + ("!" if self.ignores_occupation else "")


class TargetCodeField(FieldType):
    """A target code; see the module docstring for the grammar."""

    booklet_column = True
    diagram = Diagram(element="target_grid", key="code")   # a grid for every code the cards use

    def parse(self, value, decl: FieldDecl, at: At) -> TargetCode:
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**9:
            raise Invalid(f"{EXPECTED}, found {value}: a distance needs S (straight) "
                          f"or D (diagonal) after it, such as '{value}S'")
        if not isinstance(value, str):
            raise Invalid(f"{EXPECTED}, found {found(value)}")
        return _read(value, decl.options.get("max_distance", DEFAULT_MAX_DISTANCE))

    def to_json(self, value):
        if value is None:
            return None
        return {"text": str(value), "none": value.none,
                "ignores_occupation": value.ignores_occupation,
                "tiles": [list(tile) for tile in sorted(value.tiles())]}

    def json_schema(self, decl):
        words = r"[Nn][Oo]\s+[Tt][Aa][Rr][Gg][Ee][Tt]|[Nn][Oo][Nn][Ee]"
        return {"type": "string", "pattern": rf"^[+0-9SDMsdm!,\s]+$|^\s*({words})\s*$"}


TARGET_CODE = TargetCodeField(
    "target_code",
    "Grid target in moves: 'M', '+2S', '4D' (two diagonal steps), a union '+2S, 2D', '!' to "
    "ignore occupation, 'No target'.",
    {"max_distance": Key(s.integer(1, MAX_DISTANCE), default=DEFAULT_MAX_DISTANCE,
                         doc="the farthest distance a code may name (a grid shows at most 10)")})


def _read(text: str, largest: int) -> TargetCode:
    quoted = shown(text)
    code = text.strip()
    if " ".join(code.split()).lower() in ("no target", "none"):
        return TargetCode(none=True)
    bang = code.count("!")
    if bang > 1:
        raise Invalid(f"{EXPECTED}, found {quoted}: '!' appears more than once")
    if bang and not (code.startswith("!") or code.endswith("!")):
        raise Invalid(f"{EXPECTED}, found {quoted}: '!' goes at the start or end of the code")
    code = code.strip("!")
    if not code.strip():
        raise Invalid(f"{EXPECTED}, found {quoted}")
    parts: list[TargetPart] = []
    pieces = code.split(",")
    for piece in pieces:
        part = _part(piece.strip(), quoted, largest, alone=len(pieces) == 1)
        if part in parts:
            raise Invalid(f"{EXPECTED}, found {quoted}: '{part}' appears twice")
        parts.append(part)
    return TargetCode(tuple(parts), ignores_occupation=bool(bang))


def _part(piece: str, quoted: str, largest: int, alone: bool) -> TargetPart:
    if not piece:
        raise Invalid(f"{EXPECTED}, found {quoted}: a part between commas is empty")
    match = _PART.fullmatch(piece)
    if not match:
        hint = (": a distance needs S (straight) or D (diagonal) after it"
                if re.fullmatch(r"\+?\s*[0-9]+", piece, re.ASCII) else "")
        part = "" if alone else f" (the part {shown(piece)})"
        raise Invalid(f"{EXPECTED}, found {quoted}{part}{hint}")
    plus, digits, kind, melee = match.groups()
    if melee:
        return TargetPart("M")
    distance = whole(digits) if len(digits.lstrip("0")) <= 6 else largest + 1
    if not 1 <= distance <= largest:
        raise Invalid(f"{EXPECTED}, found {quoted}: distances go from 1 to {largest}")
    part = TargetPart(kind.upper(), distance, bool(plus))
    if part.kind == "D" and not part.tiles():
        raise Invalid(f"{EXPECTED}, found {quoted}: '{part}' names no tile, since a diagonal tile "
                      "is an even number of moves away (2D: the four at the corners, 4D: the "
                      "four beyond them)", code="target-code")
    return part
