"""A deck's faces kept compact: the built-in elements, their boxes and sources hold their fields
in slots, with no per-object dictionary."""
from __future__ import annotations

from cardgen.base.model import Source
from cardgen.drawing.elements import ELEMENT_TYPES, Box


def test_built_in_elements_boxes_and_sources_carry_no_dict():
    assert not hasattr(Box(0.0, 0.0, 1.0, 1.0), "__dict__")
    assert "__dict__" not in dir(Source)
    for kind in ELEMENT_TYPES.values():
        if kind.__module__.startswith("cardgen."):
            assert "__slots__" in vars(kind), kind.__name__
