"""What every card field type provides: its options, a parser, and how its value reads as text."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardgen.schema import At, Key
from cardgen.model import FieldDecl


@dataclass(frozen=True)
class FieldType:
    """A grammar for one kind of card value. Subclasses override `parse` and, if needed, `as_text`."""

    name: str
    description: str
    options: dict[str, Key] = field(default_factory=dict)

    def parse(self, value: Any, decl: FieldDecl, at: At) -> Any:
        raise NotImplementedError

    def as_text(self, value: Any) -> str:
        """How `{{field}}` prints this value on a card."""
        if value is None:
            return ""
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        return str(value)

    def to_json(self, value: Any) -> Any:
        return value

    def parts(self, value: Any, decl: FieldDecl | None = None) -> dict[str, Any]:
        """Derived values layouts may bind as `{{field.part}}` (a level formula's `L0` ... `L3`);
        `decl` is the field's declaration, whose options may say which parts there are."""
        return {}

    def json_schema(self, decl: FieldDecl) -> dict:
        return {}


def whole(digits: str) -> int:
    """A run of ASCII digits as a number. Leading zeros go first: Python refuses to convert a
    string of more than 4,300 digits, and '000...01' is 1, however many zeros it has."""
    return int(digits.lstrip("0") or "0")
