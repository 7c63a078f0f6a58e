from pathlib import Path

from cardgen.base.errors import Report
from cardgen.resolve.library import LayoutLibrary

FIXTURES = Path(__file__).parent / "fixtures"


def library(scenario: str) -> tuple[LayoutLibrary, Report]:
    report = Report()
    return LayoutLibrary((FIXTURES / scenario,), report), report


def test_several_parents_merge_in_order_and_child_keys_override():
    lib, report = library("several-parents")
    layout = lib.get("card")
    assert report.diagnostics == []
    assert [e.name for e in layout.elements] == ["background", "title", "health", "art"]
    title = next(e for e in layout.elements if e.name == "title")
    assert title.values["size"] == "14pt" and title.values["align"] == "center"
    assert title.values["text"] == "{{name}}"          # inherited from frame
    assert layout.colors["ink"] == "#222222"            # the later parent wins
    assert layout.colors["paper"] == "#fafafa"


def test_extends_cycle_is_reported_with_file_and_line():
    lib, report = library("extends-cycle")
    assert lib.get("a") is None
    [diagnostic] = report.errors
    assert diagnostic.code == "extends-cycle"
    assert diagnostic.file.endswith("b.yaml") and diagnostic.line == 2
    assert "a -> b -> a" in diagnostic.message


def test_missing_parent_is_an_error_not_a_silent_skip():
    lib, report = library("missing-parent")
    assert lib.get("child") is None
    [diagnostic] = report.errors
    assert diagnostic.code == "unknown-layout"
    assert diagnostic.file.endswith("child.yaml") and diagnostic.line == 2
    assert "unknown layout 'nowhere'" in diagnostic.message


def test_unknown_layout_suggests_a_close_name():
    lib, report = library("several-parents")
    assert lib.get("crad") is None
    assert "did you mean 'card'" in report.errors[0].message
