"""Safe YAML reading (cardgen/load/yaml_source.py): plain values, refusals, line numbers, encodings."""
from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.base.errors import Report
from cardgen.shared import yaml_source
from cardgen.base.limits import YAML_DEPTH as MAX_DEPTH
from cardgen.shared.yaml_source import load_yaml, parse_yaml


def parse(text: str):
    """(Document or None, report) for YAML text."""
    report = Report()
    return parse_yaml(text, Path("test.yaml"), "test.yaml", report), report


def value_of(scalar: str):
    doc, report = parse(f"v: {scalar}\n")
    assert doc is not None, [d.format() for d in report.diagnostics]
    assert not report.diagnostics
    return doc.data["v"]


def only_error(report: Report):
    assert len(report.diagnostics) == 1, [d.format() for d in report.diagnostics]
    diagnostic = report.diagnostics[0]
    assert diagnostic.severity.value == "error"
    return diagnostic


# YAML 1.1 surprises stay text --------------------------------------------------------------------

@pytest.mark.parametrize("scalar", ["no", "No", "NO", "yes", "Yes", "on", "On", "off", "OFF",
                                    "y", "n", "1:20", "190:20:30", "2024-01-02",
                                    "2024-01-02T10:30:00Z", "1_000", "="])
def test_yaml_1_1_surprises_stay_text(scalar):
    assert value_of(scalar) == scalar


@pytest.mark.parametrize("key", ["no", "on", "yes", "off", "1", "2024-01-02", "null", "true"])
def test_keys_are_always_text(key):
    doc, report = parse(f"{key}: x\n")
    assert doc.data == {key: "x"}


def test_a_norway_list_stays_countries():
    doc, _ = parse("countries: [GB, NO, SE, FI]\n")
    assert doc.data == {"countries": ["GB", "NO", "SE", "FI"]}


# numbers, booleans, nulls -------------------------------------------------------------------------

@pytest.mark.parametrize("scalar, expected", [
    ("10", 10), ("0", 0), ("-3", -3), ("+4", 4), ("012", 12),
    ("2.5", 2.5), ("-0.5", -0.5), (".5", 0.5), ("1.", 1.0), ("1e3", 1000.0), ("6.02E23", 6.02e23),
])
def test_numbers_parse(scalar, expected):
    value = value_of(scalar)
    assert value == expected
    assert type(value) is type(expected)


@pytest.mark.parametrize("scalar, expected", [
    ("true", True), ("True", True), ("TRUE", True), ("false", False), ("False", False),
    ("null", None), ("~", None), ("", None),
])
def test_booleans_and_nulls(scalar, expected):
    assert value_of(scalar) is expected


@pytest.mark.parametrize("scalar, expected", [
    ('"10"', "10"), ("'2.5'", "2.5"), ('"true"', "true"), ("''", ""), ('"null"', "null"),
    ("|\n  10\n", "10\n"), (">-\n  no\n", "no"),
])
def test_quoted_and_block_scalars_are_text(scalar, expected):
    assert value_of(scalar) == expected


def test_source_text_keeps_a_number_as_written():
    doc, _ = parse("version: 1.10\ncount: 007\nname: x\n")
    assert doc.data == {"version": 1.1, "count": 7, "name": "x"}
    assert doc.source_text(("version",), 1.1) == "1.10"
    assert doc.source_text(("count",), 7) == "007"
    assert doc.source_text(("name",), "x") == "x"


# duplicate keys -----------------------------------------------------------------------------------

def test_duplicate_key_is_refused_with_both_lines():
    doc, report = parse("a: 1\nb: 2\na: 3\n")
    assert doc is None
    error = only_error(report)
    assert error.line == 3
    assert error.path == ("a",)
    assert "duplicate key 'a'" in error.message and "line 1" in error.message


def test_nested_duplicate_key():
    doc, report = parse("deck:\n  name: A\n  cards: []\n  name: B\n")
    assert doc is None
    error = only_error(report)
    assert (error.line, error.path) == (4, ("deck", "name"))
    assert "first given on line 2" in error.message


def test_same_key_in_different_mappings_is_fine():
    doc, report = parse("- name: a\n- name: b\n")
    assert doc.data == [{"name": "a"}, {"name": "b"}]
    assert not report.diagnostics


# tags, aliases, merge keys -------------------------------------------------------------------------

def test_python_tag_is_refused_and_never_run(tmp_path):
    marker = tmp_path / "pwned"
    text = f"title: ok\nbad: !!python/object/apply:os.system [\"touch {marker}\"]\n"
    doc, report = parse(text)
    assert doc is None
    error = only_error(report)
    assert error.line == 2
    assert "!!python/object/apply:os.system" in error.message and "not allowed" in error.message
    assert not marker.exists()


@pytest.mark.parametrize("text", [
    "a: !!binary aGVsbG8=\n", "a: !!set {x, y}\n", "a: !!int '5'\n", "a: !!float 1\n",
    "a: !!timestamp 2024-01-02\n", "a: !custom x\n", "a: !!python/name:os.system\n",
    "a: !!python/object:collections.OrderedDict {x: 1}\n", "!!omap [a: 1]\n",
])
def test_other_tags_are_refused(text):
    doc, report = parse(text)
    assert doc is None
    assert "not allowed" in only_error(report).message


def test_alias_is_refused():
    doc, report = parse("a: &x 1\nb: *x\n")
    assert doc is None
    error = only_error(report)
    assert error.line == 2
    assert "alias '*x'" in error.message


def test_an_anchor_nothing_refers_to_is_accepted():
    doc, report = parse("a: &x 1\nb: &y [2, 3]\n")
    assert doc.data == {"a": 1, "b": [2, 3]}
    assert not report.diagnostics


def test_the_standard_text_list_and_mapping_tags_are_taken():
    doc, report = parse("a: !!str 5\nb: !!seq [1]\nc: !!map {d: 2}\n")
    assert doc.data == {"a": "5", "b": [1], "c": {"d": 2}}
    assert not report.diagnostics


def test_billion_laughs_is_refused_quickly():
    lines = ['l0: &l0 "lol"'] + [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]" for i in range(1, 10)]
    doc, report = parse("\n".join(lines) + "\n")
    assert doc is None
    assert "alias" in only_error(report).message


def test_quoted_merge_key_is_just_a_key():
    doc, report = parse('"<<": x\n')
    assert doc.data == {"<<": "x"}
    assert not report.diagnostics


def test_merge_key_is_refused():
    doc, report = parse("base:\n  a: 1\nitem:\n  <<: {a: 1}\n  b: 2\n")
    assert doc is None
    assert only_error(report).line == 4


def test_non_text_key_is_refused():
    doc, report = parse("? [a, b]\n: 1\n")
    assert doc is None
    assert "key must be plain text" in only_error(report).message


# nesting ------------------------------------------------------------------------------------------

def test_nesting_up_to_the_limit_is_read():
    depth = MAX_DEPTH
    doc, report = parse("[" * depth + "]" * depth + "\n")
    assert doc is not None and not report.diagnostics


@pytest.mark.parametrize("text", [
    "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5),
    "".join("  " * i + f"k{i}:\n" for i in range(MAX_DEPTH + 5)) + "  " * (MAX_DEPTH + 5) + "v\n",
], ids=["flow", "block"])
def test_deep_nesting_is_refused(text):
    doc, report = parse(text)
    assert doc is None
    assert "nested deeper than" in only_error(report).message


@pytest.mark.parametrize("text", [
    "- " * 5000 + "1\n",
    "{a: " * 5000 + "1" + "}" * 5000,
], ids=["block lists", "flow mappings"])
def test_very_deep_nesting_is_refused_without_recursion_error(text):
    assert sys.getrecursionlimit() < 5000     # deep enough to exhaust Python's stack
    doc, report = parse(text)          # must not raise RecursionError
    assert doc is None
    assert "nested deeper than" in only_error(report).message
    # and the reader still works afterwards
    assert parse("a: [1, [2]]\n")[0].data == {"a": [1, [2]]}


# line numbers ----------------------------------------------------------------------------------------

NESTED = """\
# a comment
title: X

deck:
  name: Y
  cards:
    - id: a
      tags: [x, y]
    - id: b
      text: |
        hello
      cost:
        2
"""


@pytest.mark.parametrize("path, line", [
    ((), 1),
    (("title",), 2),
    (("deck",), 4),
    (("deck", "name"), 5),
    (("deck", "cards"), 6),
    (("deck", "cards", 0), 7),
    (("deck", "cards", 0, "id"), 7),
    (("deck", "cards", 0, "tags"), 8),
    (("deck", "cards", 0, "tags", 1), 8),
    (("deck", "cards", 1), 9),
    (("deck", "cards", 1, "text"), 10),
    (("deck", "cards", 1, "cost"), 12),          # the key's line, not the value's
    (("deck", "cards", 1, "no-such-key"), 9),    # falls back to the nearest ancestor
    (("no-such-key",), 1),
])
def test_line_numbers_of_nested_keys(path, line):
    doc, report = parse(NESTED)
    assert not report.diagnostics
    assert doc.line(path) == line


def test_error_in_a_nested_value_names_its_line():
    doc, report = parse("a:\n  b:\n    - 1\n    - [2\n")
    assert doc is None
    assert only_error(report).line in (4, 5)     # at the unclosed flow sequence or the end


def test_tab_indentation_names_its_line_and_says_why():
    doc, report = parse("a:\n  b: 1\n\tc: 2\n")
    assert doc is None
    error = only_error(report)
    assert error.line == 3
    assert "tabs" in error.message


def test_unclosed_quote_names_the_line_it_opened_on():
    text = 'a:\n  - x: "one\n  - x: "two"\n  - x: three\n'
    doc, report = parse(text)
    assert doc is None
    error = only_error(report)
    assert error.line == 2
    assert "quote" in error.message


def test_multiple_documents_are_refused():
    doc, report = parse("a: 1\n---\nb: 2\n")
    assert doc is None
    assert only_error(report).line == 2


# files: encodings, empty, size ---------------------------------------------------------------------

def load_file(tmp_path: Path, data: bytes):
    path = tmp_path / "cards.yaml"
    path.write_bytes(data)
    report = Report()
    return load_yaml(path, report, tmp_path), report


def test_non_utf8_file(tmp_path):
    doc, report = load_file(tmp_path, "title: ok\nname: café\n".encode("latin-1"))
    assert doc is None
    error = only_error(report)
    assert error.code == "encoding"
    assert error.file == "cards.yaml"
    assert error.line == 2
    assert "UTF-8" in error.message and "0xe9" in error.message


def test_utf16_file_is_not_utf8(tmp_path):
    doc, report = load_file(tmp_path, "a: 1\n".encode("utf-16"))
    assert doc is None
    assert only_error(report).code == "encoding"


def test_utf8_with_bom_is_read(tmp_path):
    doc, report = load_file(tmp_path, "\ufeffname: café\n".encode("utf-8"))
    assert doc.data == {"name": "café"}
    assert not report.diagnostics


@pytest.mark.parametrize("data", [b"", b"\n\n", b"# only a comment\n", b"   \n"])
def test_empty_file_is_an_empty_document(tmp_path, data):
    doc, report = load_file(tmp_path, data)
    assert doc is not None
    assert doc.data is None
    assert not report.diagnostics
    assert doc.line(("anything",)) == 1   # whole-file problems point at line 1


def test_missing_file(tmp_path):
    report = Report()
    assert load_yaml(tmp_path / "nope.yaml", report, tmp_path) is None
    assert only_error(report).code == "unreadable"


def test_file_over_the_size_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(yaml_source, "DATA_FILE_BYTES", 100)
    doc, report = load_file(tmp_path, b"a: " + b"x" * 200 + b"\n")
    assert doc is None
    assert only_error(report).code == "file-too-large"


# any text survives a round trip -------------------------------------------------------------------

printable = st.characters(blacklist_categories=("Cs", "Cc"), whitelist_characters="\t\n")


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


@settings(max_examples=100, deadline=None)
@given(st.text(printable, max_size=40), st.text(printable, min_size=1, max_size=20))
def test_any_printable_quoted_text_reads_back_in_nfc_form(value, key):
    text = yaml.safe_dump({key: value}, default_style='"', allow_unicode=True)
    doc, report = parse(text)
    assert not report.diagnostics
    assert doc.data == {nfc(key): nfc(value)}


@settings(max_examples=50, deadline=None)
@given(st.text(printable, max_size=10), st.characters(categories=("Cc", "Cs"), exclude_characters="\t\n"))
def test_control_characters_and_lone_surrogates_in_text_are_refused(value, bad):
    quoted = yaml.safe_dump({"text": value}, default_style='"', allow_unicode=True).rstrip()
    doc, report = parse(quoted[:-1] + f"\\u{ord(bad):04x}" + '"\n')
    assert doc is None
    assert f"(U+{ord(bad):04X}), which cannot be printed" in only_error(report).message


def test_composed_and_decomposed_names_are_one():
    doc, report = parse('"Caf\u00e9": 1\n"Cafe\u0301": 2\n')
    assert doc is None and "duplicate key 'Café'" in only_error(report).message


@settings(max_examples=100, deadline=None)
@given(st.integers(-10**12, 10**12), st.floats(allow_nan=False, allow_infinity=False))
def test_numbers_read_back_unchanged(whole, real):
    doc, _ = parse(f"i: {whole}\nf: {real!r}\n")
    assert doc.data["i"] == whole and type(doc.data["i"]) is int
    assert doc.data["f"] == real and type(doc.data["f"]) is float


yaml_like = st.text(alphabet=st.sampled_from(list("ab: -[]{}'\"!&*|>#\n\t,?%@`0123456789.~\\")),
                    max_size=200) | st.text(max_size=200)


@settings(max_examples=300, deadline=None)
@given(yaml_like)
def test_arbitrary_text_gives_data_or_diagnostics_never_an_exception(text):
    doc, report = parse(text)
    if doc is None:
        assert report.errors and all(d.line is None or d.line >= 1 for d in report.errors)
    else:
        assert not report.errors


@pytest.mark.parametrize("game_file", sorted((Path(__file__).resolve().parents[1] / "data")
                                             .glob("*/**/*.yaml")), ids=lambda p: p.name)
def test_libyaml_and_pure_python_read_the_same(game_file, monkeypatch):
    from cardgen.shared import yaml_source
    text = game_file.read_text(encoding="utf-8")
    fast, fast_report = parse(text)
    monkeypatch.setattr(yaml_source, "CParser", None)
    slow, slow_report = parse(text)
    assert not fast_report.diagnostics and not slow_report.diagnostics
    assert (fast.data, fast.lines, fast.raw) == (slow.data, slow.lines, slow.raw)
