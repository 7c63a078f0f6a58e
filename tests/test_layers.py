"""Imports run one way: command line -> library -> stages -> shared pieces. A module may import
its own layer or a lower one, never a higher one; no modules import each other in a circle; and
the command line reaches the library only through `cardgen.api`. Every import counts: at the top
of a file or inside a function, absolute or relative, or a module named to `importlib`.

Each rule is shown failing on a small package with that one fault planted in it."""
from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "cardgen"

# lowest first; a module's layer is that of its top-level module or package under cardgen/
LAYERS = [
    {"base"},
    {"shared", "imposition", "catalog"},
    {"fields"},
    {"drawing"},
    {"load"},
    {"validate"},
    {"resolve"},
    {"render"},
    {"write", "pipeline"},
    {"api", "history", "authoring", "serve"},
    {"cli"},
    {"entry", "__main__"},   # the process's start: checks its environment, then runs the CLI
]
COMMAND_LINE = len(LAYERS) - 2
GATEWAY = "api"          # the one library module the command line may import


@dataclass(frozen=True)
class Import:
    source: str          # the importing module, dotted: cardgen.load.game
    target: str          # the imported module, dotted
    line: int


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The module an ImportFrom names, its dots resolved against the importing module."""
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _named_to_importlib(node: ast.Call) -> str | None:
    """`importlib.import_module("cardgen.x")`, `import_module(...)` or `__import__(...)`."""
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if name in ("import_module", "__import__") and node.args:
        first = node.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value
    return None


def imports_of(root: Path) -> list[Import]:
    """Every import of a module of the package at `root` by a module of that package."""
    top = root.name
    found = []
    for path in sorted(root.rglob("*.py")):
        module = module_name(path, root)
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = []
            if isinstance(node, ast.ImportFrom):
                base = _absolute(node, module, is_package)
                targets = [f"{base}.{a.name}" for a in node.names]    # a name or a submodule
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.Call):
                targets = [t for t in [_named_to_importlib(node)] if t]
            found += [Import(module, t, node.lineno) for t in targets
                      if t == top or t.startswith(top + ".")]
    return found


def existing(target: str, modules: set[str]) -> str:
    """The module `target` names: itself, or the module holding the name it imports."""
    while target not in modules and "." in target:
        target = target.rsplit(".", 1)[0]
    return target


def layer_of(module: str, layers) -> int | None:
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else "__init__"
    return next((n for n, names in enumerate(layers) if top in names), None)


def upward_imports(root: Path, layers) -> list[str]:
    found = []
    for i in imports_of(root):
        mine, theirs = layer_of(i.source, layers), layer_of(i.target, layers)
        if mine is not None and theirs is not None and theirs > mine:
            found.append(f"{i.source}:{i.line} imports {i.target}, a higher layer")
    return found


def command_line_around_the_gateway(root: Path, layers, command_line: int) -> list[str]:
    top = root.name
    allowed = {f"{top}.{name}" for name in layers[command_line] | {GATEWAY}}
    found = []
    for i in imports_of(root):
        if layer_of(i.source, layers) == command_line:
            if not any(i.target == a or i.target.startswith(a + ".") for a in allowed):
                found.append(f"{i.source}:{i.line} imports {i.target}, not through {GATEWAY}")
    return found


def cycles(root: Path) -> list[list[str]]:
    """Every set of modules that import each other in a circle (Tarjan's strongly connected
    components of more than one module, or a module importing itself)."""
    modules = {module_name(p, root) for p in root.rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for i in imports_of(root):
        target = existing(i.target, modules)
        if target in modules and not i.source.startswith(target + ".") and target != i.source:
            if not (i.source + ".").startswith(target + ".") and target != root.name:
                graph[i.source].add(target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(start: str) -> None:          # iterative Tarjan: deep import chains are fine
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


# the package itself ------------------------------------------------------------------------------

def test_every_module_has_a_layer():
    tops = {p.relative_to(PACKAGE).parts[0].removesuffix(".py") for p in PACKAGE.rglob("*.py")}
    named = set().union(*LAYERS)
    assert tops - {"__init__"} <= named, sorted(tops - named - {"__init__"})


def test_no_module_imports_a_higher_layer():
    found = upward_imports(PACKAGE, LAYERS)
    assert not found, "\n".join(found)


def test_the_command_line_goes_through_the_api():
    found = command_line_around_the_gateway(PACKAGE, LAYERS, COMMAND_LINE)
    assert not found, "\n".join(found)


def test_no_modules_import_each_other_in_a_circle():
    found = cycles(PACKAGE)
    assert not found, "\n".join(" <-> ".join(c) for c in found)


# each rule, shown failing on a planted fault ------------------------------------------------------

PLANTED_LAYERS = [{"base"}, {"stage"}, {"api", "library"}, {"cli"}]
CLEAN = {
    "__init__.py": "",
    "base.py": "X = 1\n",
    "stage/__init__.py": "",
    "stage/first.py": "from pkg.base import X\n",
    "stage/second.py": "from pkg.stage import first\n",
    "library.py": "from pkg.stage.second import first\n",
    "api.py": "from pkg import library\n",
    "cli.py": "from pkg import api\n",
}


def plant(tmp_path: Path, **changes: str) -> Path:
    root = tmp_path / "pkg"
    for name, text in {**CLEAN, **changes}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def all_faults(root: Path) -> list:
    return (upward_imports(root, PLANTED_LAYERS) + command_line_around_the_gateway(root, PLANTED_LAYERS, 3)
            + cycles(root))


def test_the_clean_package_passes(tmp_path):
    assert all_faults(plant(tmp_path)) == []


@pytest.mark.parametrize("fault, changes", [
    ("upward, absolute", {"base.py": "from pkg.stage import first\n"}),
    ("upward, relative", {"stage/first.py": "from .. import api\n"}),
    ("upward, relative module", {"stage/second.py": "from ..library import X\n"}),
    ("upward, inside a function", {"base.py": "def f():\n    import pkg.library\n"}),
    ("upward, through importlib", {"base.py": "import importlib\nimportlib.import_module('pkg.api')\n"}),
    ("upward, through __import__", {"base.py": "__import__('pkg.cli')\n"}),
    ("command line around the api", {"cli.py": "from pkg import api\nfrom pkg.stage import first\n"}),
    ("command line around the api, relative", {"cli.py": "from .library import X\n"}),
    ("a circle within a layer", {"library.py": "from pkg import api\n"}),
    ("a circle within a package", {"stage/first.py": "from pkg.stage.second import Y\n"}),
])
def test_each_fault_planted_is_found(tmp_path, fault, changes):
    assert all_faults(plant(tmp_path, **changes)), fault
