"""Imports run one way: command line -> library -> stages -> shared pieces. A module may import
its own layer or a lower one, never a higher one; this test fails the day one does."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "cardgen"

# lowest first; a module's layer is that of its top-level module or package under cardgen/
LAYERS = [
    {"errors", "units", "model", "markup", "staged", "limits"},
    {"yaml_errors", "yaml_source", "schema", "paths", "conditions", "colors", "colour_vision",
     "imposition", "packing", "tiling", "saddle_stitch", "catalog"},
    {"fields"},
    {"drawing"},
    {"load"},
    {"rules"},
    {"layout"},
    {"outputs"},
    {"write", "pipeline"},
    {"api", "dump", "json_schema", "schema_files", "reference", "scaffold", "diff", "git_tree",
     "git_command", "errata_sheets", "watching"},
    {"cli", "cli_shared", "cli_export", "cli_history", "__main__"},
]
LEVEL = {name: level for level, names in enumerate(LAYERS) for name in names}


def _top(module: str) -> str:
    return module.split(".")[1] if module.count(".") else module


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("cardgen"):
            if node.module == "cardgen":
                found |= {alias.name for alias in node.names}
            else:
                found.add(_top(node.module))
        elif isinstance(node, ast.Import):
            found |= {_top(a.name) for a in node.names if a.name.startswith("cardgen.")}
    return found


def test_every_module_has_a_layer():
    tops = {p.relative_to(PACKAGE).parts[0].removesuffix(".py") for p in PACKAGE.rglob("*.py")}
    assert tops - {"__init__"} <= set(LEVEL), sorted(tops - set(LEVEL) - {"__init__"})


def test_no_module_imports_a_higher_layer():
    upward = []
    for path in sorted(PACKAGE.rglob("*.py")):
        own = path.relative_to(PACKAGE).parts[0].removesuffix(".py")
        if own == "__init__":
            continue
        for name in _imports(path):
            if name in LEVEL and LEVEL[name] > LEVEL[own]:
                upward.append(f"{path.relative_to(PACKAGE.parent)} imports {name}")
    assert not upward, "\n".join(upward)
