"""What every card field type provides: its options, a parser, and the answers to what the rest
of cardgen asks of a value: how it prints, how a table cell and a booklet show it, what a
document's diagram draws of it, its JSON, and the cards it names."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardgen.shared.schema import At, Key
from cardgen.base.model import FieldDecl


@dataclass(frozen=True)
class Diagram:
    """How a document's `@diagrams` directive shows a field of this type. Without `element`:
    a table of each card's value and its parts (a level formula at each level). With one: every
    value the deck's cards use, drawn by that element type with the value's text as its key
    `key`, as the first card using the value draws it when the card's face has such an element."""

    element: str | None = None
    key: str = ""


@dataclass(frozen=True)
class FieldType:
    """A grammar for one kind of card value. Subclasses override `parse`, and whichever of the
    other answers differ from a plain value's. Nothing else in cardgen looks at a type's name."""

    name: str
    description: str
    options: dict[str, Key] = field(default_factory=dict)

    # class attributes, not dataclass fields: what a type is, the same for every declaration
    markup = False           # card text: printed with its markup and {{field}} values filled
                             # in, its [[Term]]s checked
    booklet_column = False   # shown in a booklet's card reference when no columns are named
    table_cell = "value"     # a table cell (CSV, sheet) is read as a value typed like YAML
                             # ("value"), as the text written ("text"), or as items split on ';'
                             # ("list")
    diagram = None           # a Diagram: what @diagrams draws of it; None: it draws nothing

    def parse(self, value: Any, decl: FieldDecl, at: At) -> Any:
        raise NotImplementedError

    def as_text(self, value: Any) -> str:
        """How `{{field}}` prints this value on a card, and a booklet's tables show it."""
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

    def part_heading(self, part: str) -> str:
        """A part's column heading in a booklet's diagram table."""
        return part

    def json_schema(self, decl: FieldDecl) -> dict:
        """What an editor's JSON schema allows for the value in a card file."""
        return {}

    def cards_named(self, value: Any) -> tuple[str, ...]:
        """The names of other cards the value refers to, for the validator to find."""
        return ()


def whole(digits: str) -> int:
    """A run of ASCII digits as a number. Leading zeros go first: Python refuses to convert a
    string of more than 4,300 digits, and '000...01' is 1, however many zeros it has."""
    return int(digits.lstrip("0") or "0")
