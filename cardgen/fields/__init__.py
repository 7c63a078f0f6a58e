"""The registry of card field types, looked up by the `type` a game's data gives a field."""
from __future__ import annotations

from cardgen.fields.base import FieldType
from cardgen.fields.level_formula import DEFAULT_LEVELS, LevelAbilitiesField, LevelFormulaField
from cardgen.fields.range import RangeField
from cardgen.fields.scalars import SCALAR_TYPES
from cardgen.fields.target_code import DEFAULT_MAX_DISTANCE, MAX_DISTANCE, TargetCodeField
from cardgen import schema as s
from cardgen.schema import Key

GRAMMAR_TYPES = [
    RangeField(
        "range", "Positions in a line from 1 at the Front: '1-2', '2+' (2 or further) or '3'.",
        {"max": Key(s.integer(1), doc="the largest position in the line")}),
    LevelFormulaField(
        "level_formula", "A number that depends on Level L: '10', '13 + 2L' or '8 - L'.",
        {"levels": Key(s.list_of(s.integer(0)), default=DEFAULT_LEVELS,
                       doc="the levels the formula is checked at"),
         "min": Key(s.integer(), doc="smallest value allowed at every level")}),
    LevelAbilitiesField(
        "level_abilities", "Abilities gained at levels: a list of 'L2: text', or a mapping.",
        {"max_level": Key(s.integer(1), default=3, doc="the highest level")}),
    TargetCodeField(
        "target_code",
        "Grid target in moves: 'M', '+2S', '4D' (two diagonal steps), a union '+2S, 2D', '!' to "
        "ignore occupation, 'No target'.",
        {"max_distance": Key(s.integer(1, MAX_DISTANCE), default=DEFAULT_MAX_DISTANCE,
                             doc="the farthest distance a code may name (a grid shows at most 10)")}),
]

FIELD_TYPES: dict[str, FieldType] = {t.name: t for t in [*SCALAR_TYPES, *GRAMMAR_TYPES]}


def field_type(name: str) -> FieldType | None:
    return FIELD_TYPES.get(name)
