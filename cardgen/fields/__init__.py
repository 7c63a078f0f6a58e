"""The registry of card field types, looked up by the `type` a game's data gives a field."""
from __future__ import annotations

from cardgen.fields.base import FieldType
from cardgen.fields.scalars import SCALAR_TYPES

FIELD_TYPES: dict[str, FieldType] = {t.name: t for t in SCALAR_TYPES}


def field_type(name: str) -> FieldType | None:
    return FIELD_TYPES.get(name)
