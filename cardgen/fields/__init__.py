"""The registry of card field types, looked up by the `type` a game's data gives a field: the
plain ones built in, and those installed distributions register as entry points in the group
`cardgen.field_types`, each loading a FieldType whose name is the entry point's."""
from __future__ import annotations

from collections.abc import Mapping

from cardgen.fields.base import Diagram, FieldType
from cardgen.fields.scalars import SCALAR_TYPES
from cardgen.shared.registry import Registry, unfit

GROUP = "cardgen.field_types"


def _registered(name: str, loaded) -> dict[str, FieldType]:
    if not isinstance(loaded, FieldType) or loaded.name != name:
        raise unfit(GROUP, name, f"a FieldType named '{name}'", loaded)
    return {name: loaded}


FIELD_TYPES: Mapping[str, FieldType] = Registry(
    GROUP, lambda: {kind.name: kind for kind in SCALAR_TYPES}, _registered)


def field_type(name: str) -> FieldType | None:
    return FIELD_TYPES.get(name)


__all__ = ["FIELD_TYPES", "Diagram", "FieldType", "field_type"]
