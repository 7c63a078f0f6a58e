"""The plain field types: text, numbers, yes/no, a choice from a list, lists, and file references."""
from __future__ import annotations

from pathlib import PurePosixPath

from cardgen.base.errors import describe, did_you_mean
from cardgen.fields.base import FieldType
from cardgen.shared.conditions import parse_condition
from cardgen.shared import schema as s
from cardgen.shared.schema import At, Invalid, Key
from cardgen.base.model import FieldDecl


class TextField(FieldType):
    markup = True
    table_cell = "text"

    def parse(self, value, decl: FieldDecl, at: At) -> str:
        result = s.text(value, at)
        limit = decl.options.get("max_length")
        if limit is not None and len(result) > limit:
            raise Invalid(f"expected at most {limit} characters, found {len(result)}")
        return result

    def json_schema(self, decl):
        schema = {"type": ["string", "number"]}
        if decl.options.get("max_length") is not None:
            schema["maxLength"] = decl.options["max_length"]
        return schema


class IntegerField(FieldType):
    booklet_column = True

    def parse(self, value, decl: FieldDecl, at: At) -> int:
        return s.integer(decl.options.get("min"), decl.options.get("max"))(value, at)

    def json_schema(self, decl):
        schema = {"type": "integer"}
        for option, keyword in (("min", "minimum"), ("max", "maximum")):
            if decl.options.get(option) is not None:
                schema[keyword] = decl.options[option]
        return schema


class NumberField(FieldType):
    booklet_column = True

    def parse(self, value, decl: FieldDecl, at: At) -> float:
        return s.number(decl.options.get("min"), decl.options.get("max"))(value, at)

    def json_schema(self, decl):
        return {"type": "number"}


class BooleanField(FieldType):
    def parse(self, value, decl: FieldDecl, at: At) -> bool:
        return s.boolean(value, at)

    def as_text(self, value) -> str:
        return "yes" if value else "no"

    def json_schema(self, decl):
        return {"type": "boolean"}


class ChoiceField(FieldType):
    booklet_column = True
    table_cell = "text"

    def parse(self, value, decl: FieldDecl, at: At) -> str:
        options = decl.options.get("choices") or ()
        if not isinstance(value, str) or value not in options:
            raise Invalid(f"expected one of {', '.join(options)}; found {describe(value)}"
                          f"{did_you_mean(value, options)}")
        return value

    def json_schema(self, decl):
        return {"enum": list(decl.options.get("choices") or ())}


class ListField(FieldType):
    """A list of short texts (tags, categories); with `choices`, each item must be one of them."""

    table_cell = "list"

    def parse(self, value, decl: FieldDecl, at: At) -> tuple:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            raise Invalid(f"expected a list, found {describe(value)}")
        options = decl.options.get("choices")
        items = []
        for i, item in enumerate(value):
            item = s.text(item, at.child(i))
            if options and item not in options:
                raise Invalid(f"item {i + 1}: expected one of {', '.join(options)}; "
                              f"found '{item}'{did_you_mean(item, options)}")
            items.append(item)
        return tuple(items)

    def as_text(self, value) -> str:
        return ", ".join(value or ())

    def to_json(self, value):
        return list(value or ())

    def json_schema(self, decl):
        item = {"enum": list(decl.options["choices"])} if decl.options.get("choices") else {
            "type": "string"}
        return {"type": "array", "items": item}


class ImageField(FieldType):
    """A picture file inside the game's folder, written as a relative path."""

    table_cell = "text"

    def parse(self, value, decl: FieldDecl, at: At) -> str:
        path = s.text(value, at)
        pure = PurePosixPath(path.replace("\\", "/"))
        if pure.is_absolute() or path[1:3] == ":/" or ".." in pure.parts:
            raise Invalid(f"expected a path inside the game folder, found '{path}'")
        return str(pure)

    def json_schema(self, decl):
        return {"type": "string"}


class ReferenceField(FieldType):
    """The name of another card. Checked by the validator once every card is loaded: the card
    must exist, be of `card_type` if given, and meet `where`."""

    table_cell = "text"

    def parse(self, value, decl: FieldDecl, at: At) -> str:
        return s.text(value, at)

    def as_text(self, value) -> str:
        return str(value or "")

    def json_schema(self, decl):
        return {"type": "string"}

    def cards_named(self, value) -> tuple[str, ...]:
        return (value,)


class ReferencesField(ReferenceField):
    """A list of names of other cards, each checked as a reference is."""

    table_cell = "list"

    def parse(self, value, decl: FieldDecl, at: At) -> tuple:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            raise Invalid(f"expected a list of card names, found {describe(value)}")
        return tuple(s.text(v, at.child(i)) for i, v in enumerate(value))

    def as_text(self, value) -> str:
        return ", ".join(value or ())

    def to_json(self, value):
        return list(value or ())

    def json_schema(self, decl):
        return {"type": "array", "items": {"type": "string"}}

    def cards_named(self, value) -> tuple[str, ...]:
        return tuple(value)


def _condition_text(value, at: At) -> str:
    parse_condition(value)
    return value


def _choices(value, at: At) -> tuple:
    return s.list_of(s.text)(value, at)


_REFERENCE_OPTIONS = {
    "card_type": Key(s.text, doc="the card type the named card must be"),
    "where": Key(_condition_text, doc="a condition the named card must meet, e.g. \"class == rogue\""),
}

SCALAR_TYPES = [
    TextField("text", "Text; may use card markup (**bold**, [[Term]], {icon}, {{field}}).",
              {"max_length": Key(s.integer(1), doc="most characters allowed")}),
    IntegerField("integer", "A whole number.",
                 {"min": Key(s.integer(), doc="smallest value allowed"),
                  "max": Key(s.integer(), doc="largest value allowed")}),
    NumberField("number", "A number, whole or decimal.",
                {"min": Key(s.number(), doc="smallest value allowed"),
                 "max": Key(s.number(), doc="largest value allowed")}),
    BooleanField("boolean", "true or false."),
    ChoiceField("choice", "One value from a fixed list.",
                {"choices": Key(_choices, required=True, doc="the values allowed")}),
    ListField("list", "A list of short texts; with choices, each from a fixed list.",
              {"choices": Key(_choices, doc="the values allowed for each item")}),
    ImageField("image", "A picture file, as a path relative to the game folder."),
    ReferenceField("reference", "The name of another card of the game.", _REFERENCE_OPTIONS),
    ReferencesField("references", "A list of names of other cards of the game.",
                    _REFERENCE_OPTIONS),
]
