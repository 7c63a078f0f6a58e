"""A number written with thousands of leading zeros is still that number in every field grammar:
Python refuses to convert strings of more than 4,300 digits, so the zeros go first."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.base.errors import Report
from cardgen.fields import FIELD_TYPES
from cardgen.base.model import FieldDecl, frozen_map
from cardgen.shared.schema import At
from cardgen.shared.yaml_source import Document

ZEROS = "0" * 5000


def parse(kind: str, value):
    decl = FieldDecl("x", kind, options=frozen_map())
    return FIELD_TYPES[kind].parse(value, decl, At(Document(Path("t.yaml"), "t.yaml", None), (), Report()))


@pytest.mark.parametrize("kind, value, same_as", [
    ("range", f"{ZEROS}1-{ZEROS}2", "1-2"),
    ("level_formula", f"{ZEROS}3 + {ZEROS}2L", "3 + 2L"),
    ("target_code", f"+{ZEROS}2S", "+2S"),
    ("level_abilities", [f"L{ZEROS}2: Draw a card."], ["L2: Draw a card."]),
])
def test_leading_zeros_do_not_change_a_number(kind, value, same_as):
    assert parse(kind, value) == parse(kind, same_as)
