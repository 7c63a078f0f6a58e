"""The docs keep up with the code: the reference is generated, and every schema key is documented."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from cardgen import catalog

from cardgen.authoring import reference
from cardgen.fields import FIELD_TYPES
from cardgen.resolve.library import LAYOUT_KEYS
from cardgen.load import game_schema
from cardgen.shared.schema import Key
from cardgen.drawing.elements import COMMON_KEYS, ELEMENT_TYPES
from cardgen.drawing.icons import ICONS
from cardgen.base.errors import Report
from cardgen.load.rule_schema import RULE_KEYS

DOCS = Path(__file__).resolve().parent.parent / "docs"
GUIDES = ("data-format.md", "layouts.md", "printing.md", "add-a-game.md")
REGENERATE = "docs/reference.md is out of date: run `python -m cardgen.authoring.reference --write`"

# reference.md section heading -> the schema whose keys it must list
GAME_SCHEMA_SECTIONS = {
    "GAME_KEYS": "game.yaml",
    "CARD_TYPE_KEYS": "Card types",
    "FIELD_KEYS": "Field declarations",
    "DECK_KEYS": "Decks",
    "FACE_KEYS": "Faces",
    "PRINT_KEYS": "Print settings",
    "LEGIBILITY_KEYS": "Legibility settings",
    "FONT_KEYS": "Fonts",
    "TOKEN_SET_KEYS": "Token sets",
    "TOKEN_KEYS": "Tokens",
    "OWNER_KEYS": "Token owners",
    "BOARD_KEYS": "Boards",
    "DOCUMENT_KEYS": "Documents",
    "CARD_KEYS": "Card entries",
    "DEFINITION_KEYS": "Definitions",
    "GLOSSARY_ENTRY_KEYS": "Glossary entries",
    "ERRATUM_KEYS": "Errata",
    "CHANGELOG_KEYS": "Changelog entries",
}


def read(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def sections(text: str) -> dict[str, str]:
    """Heading text -> the heading and everything under it, up to the next heading of its level."""
    lines = text.splitlines()
    heads = [(i, len(m.group(1)), m.group(2).strip()) for i, line in enumerate(lines)
             if (m := re.match(r"^(#{1,6})\s+(.*)$", line))]
    out = {}
    for n, (start, level, title) in enumerate(heads):
        end = next((i for i, lv, _ in heads[n + 1:] if lv <= level), len(lines))
        assert title not in out, f"reference.md has two sections called '{title}'"
        out[title] = "\n".join(lines[start:end])
    return out


def schema_groups() -> list[tuple[str, dict[str, Key]]]:
    """(section heading, keys) for every schema the reference must cover."""
    groups = [(heading, getattr(game_schema, name)) for name, heading in GAME_SCHEMA_SECTIONS.items()]
    groups += [(f"Rule `{kind}`", keys) for kind, keys in RULE_KEYS.items()]
    groups += [("Layout files", LAYOUT_KEYS), ("Common keys", COMMON_KEYS)]
    groups += [(f"Element `{name}`", cls.KEYS) for name, cls in ELEMENT_TYPES.items()]
    groups += [(f"Field type `{name}`", kind.options) for name, kind in FIELD_TYPES.items()]
    return groups


@pytest.fixture(scope="module")
def ref_sections() -> dict[str, str]:
    return sections(read("reference.md"))


def test_reference_is_generated_from_the_code():
    assert (DOCS / "reference.md").is_file(), REGENERATE
    assert read("reference.md") == reference.generate(), REGENERATE


def test_generation_is_deterministic():
    assert reference.generate() == reference.generate()


def test_every_game_schema_has_a_section():
    """A new *_KEYS schema in game_schema.py must be added to the reference (and to this test)."""
    schemas = {name for name, value in vars(game_schema).items() if name.endswith("_KEYS")
               and isinstance(value, dict) and all(isinstance(k, Key) for k in value.values())}
    assert schemas <= set(GAME_SCHEMA_SECTIONS), f"undocumented schema(s): {schemas - set(GAME_SCHEMA_SECTIONS)}"


@pytest.mark.parametrize("heading,keys", schema_groups(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_schema_key_is_in_its_section(ref_sections, heading, keys):
    assert heading in ref_sections, f"docs/reference.md has no section '{heading}'. {REGENERATE}"
    body = ref_sections[heading]
    missing = [key for key in keys if f"`{key}`" not in body]
    assert not missing, f"section '{heading}' of docs/reference.md lacks {missing}. {REGENERATE}"


@pytest.mark.parametrize("heading,keys", schema_groups(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_key_has_a_doc(heading, keys):
    undocumented = [name for name, key in keys.items() if not key.doc.strip()]
    assert not undocumented, f"{heading}: Key(doc=...) missing for {undocumented}"


def test_registries_are_listed_in_their_sections(ref_sections):
    groups = [("Deck rules", RULE_KEYS), ("Layout elements", ELEMENT_TYPES),
              ("Field types", FIELD_TYPES), ("Icons", ICONS), ("Card sizes", catalog.card_sizes()),
              ("Paper sizes", catalog.page_sizes())]
    for heading, names in groups:
        body = ref_sections[heading]
        missing = [name for name in names if f"`{name}`" not in body]
        assert not missing, f"section '{heading}' lacks {missing}. {REGENERATE}"


def test_field_type_descriptions_are_in_the_reference(ref_sections):
    for name, kind in FIELD_TYPES.items():
        assert kind.description.strip(), f"field type '{name}' has no description"
        assert " ".join(kind.description.split()) in ref_sections[f"Field type `{name}`"]


@pytest.mark.parametrize("guide", GUIDES)
def test_guides_exist(guide):
    assert (DOCS / guide).is_file()
    assert "```yaml" in read(guide), f"{guide} has no YAML example"


def test_every_element_and_field_type_is_explained_in_a_guide():
    text = read("layouts.md") + read("data-format.md")
    missing = [f"element type '{n}'" for n in ELEMENT_TYPES if f"`{n}`" not in text]
    missing += [f"field type '{n}'" for n in FIELD_TYPES if f"`{n}`" not in text]
    missing += [f"rule '{n}'" for n in RULE_KEYS if f"`{n}`" not in read("data-format.md")]
    assert not missing, f"not mentioned in docs/layouts.md or docs/data-format.md: {missing}"


def yaml_blocks() -> list[tuple[str, int, str]]:
    out = []
    for path in sorted(DOCS.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"^```yaml[ \t]*\n(.*?)^```", text, re.MULTILINE | re.DOTALL):
            out.append((path.name, text[:match.start()].count("\n") + 1, match.group(1)))
    return out


@pytest.mark.parametrize("name,line,block", yaml_blocks(), ids=lambda v: str(v) if not
                         isinstance(v, str) or "\n" not in v else "")
def test_yaml_examples_parse(name, line, block):
    try:
        yaml.safe_load(block)
    except yaml.YAMLError as exc:
        pytest.fail(f"docs/{name}:{line}: YAML example does not parse: {exc}")


def _fragment_schema(data) -> tuple[str, dict] | None:
    """The schema a docs example is a piece of: game.yaml, a layout, or a deck's rules."""
    from cardgen.authoring.json_schema import _rules, game_file_schema, layout_file_schema
    if not isinstance(data, dict) or not data:
        return None
    if all(isinstance(v, dict) and v.get("type") in ELEMENT_TYPES for v in data.values()):
        return "layout's elements", {"type": "object",
                                     "properties": {"elements": layout_file_schema()["properties"]
                                                    ["elements"]}}
    if set(data) <= set(game_schema.GAME_KEYS):
        return "game.yaml", {k: v for k, v in game_file_schema().items() if k != "required"}
    if set(data) <= set(LAYOUT_KEYS):
        return "layout", {k: v for k, v in layout_file_schema().items() if k != "required"}
    if set(data) == {"rules"}:
        return "rules", {"type": "object", "properties": {"rules": _rules()}}
    return None


def test_yaml_examples_are_valid_against_their_schemas():
    from jsonschema import Draft202012Validator
    from cardgen.shared.yaml_source import parse_yaml
    checked, wrong = 0, []
    for name, line, block in yaml_blocks():
        doc = parse_yaml(block, Path(name), name, Report())
        found = _fragment_schema(doc.data if doc else None)
        if found is None:
            continue
        kind, schema = found
        data = {"elements": doc.data} if kind == "layout's elements" else doc.data
        checked += 1
        for error in Draft202012Validator(schema).iter_errors(data):
            wrong.append(f"docs/{name}:{line}: a {kind} example: {list(error.absolute_path)}: "
                         f"{error.message[:160]}")
    assert checked >= 15, f"only {checked} examples were recognised"
    assert not wrong, "\n".join(wrong)


def test_ci_runs_the_readmes_test_command():
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"^(python3 -m venv .*)$", readme, re.MULTILINE)
    assert len(commands) == 2, "the set-up is two commands"
    ci = (DOCS.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci.splitlines()
    assert all(not re.search(r"(^|\s)python\s", c) for c in commands), "a fresh machine may have only python3"


def _fenced(text: str) -> list[tuple[str, str, str]]:
    """Each fenced block of a Markdown text: (its language, its text, the paragraph above it)."""
    blocks, lines, n = [], text.splitlines(keepends=True), 0
    while n < len(lines):
        if lines[n].startswith("```"):
            end = next(i for i in range(n + 1, len(lines)) if lines[i].startswith("```"))
            start = n - 1
            while start > 0 and not lines[start].strip():
                start -= 1
            while start > 0 and lines[start - 1].strip():
                start -= 1
            before = "".join(lines[start:n])        # the paragraph just above the block
            blocks.append((lines[n][3:].strip(), "".join(lines[n + 1:end]), before))
            n = end
        n += 1
    return blocks


def _walk_through() -> tuple[dict[str, str], list[str], list[str]]:
    """docs/add-a-game.md as parts: each file it writes (the YAML block under its path), then
    the YAML blocks of its later edits and its output blocks, in order."""
    text = (DOCS / "add-a-game.md").read_text(encoding="utf-8")
    files, edits, outputs = {}, [], []
    for language, body, before in _fenced(text):
        named = re.match(r"^`(data/potion-market/[\w/.-]+)`", before)
        if language == "yaml" and named and named.group(1) not in files:
            files[named.group(1)] = body
        elif language == "yaml":
            edits.append(body)
        elif language == "":
            outputs.append(body.strip())
    return files, edits, outputs


def test_the_walk_through_gives_what_it_says(tmp_path, monkeypatch, edit):
    from click.testing import CliRunner
    from cardgen.cli import main

    files, (rule, elixir), outputs = _walk_through()
    assert sorted(files) == ["data/potion-market/cards/potions.yaml",
                             "data/potion-market/game.yaml", "data/potion-market/layouts/potion.yaml"]
    for name, body in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(body, encoding="utf-8")
    monkeypatch.chdir(tmp_path)

    def said(*args) -> str:
        result = CliRunner().invoke(main, list(args), prog_name="cardgen")
        return (result.stdout + result.stderr).strip()

    game = "data/potion-market"
    assert said("validate", game) == outputs[0] == "ok: 1 game(s), no problems"
    assert said("build", game) == outputs[1]
    assert said("list", game) == outputs[2]
    game_yaml = tmp_path / game / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    start, end = text.index("card_types:"), text.index("\ndecks:")
    game_yaml.write_text(text[:start] + rule + text[end:], encoding="utf-8")
    assert said("validate", game) == outputs[3]
    cards = tmp_path / game / "cards" / "potions.yaml"
    cards.write_text(cards.read_text(encoding="utf-8") + elixir, encoding="utf-8")
    assert said("validate", game) == outputs[4]
    edit(cards, "cost: 12", "cost: 6")
    assert said("validate", game) == outputs[5]
