"""Registries cardgen can be extended through from outside: field types, elements, icons and
output kinds.

Each is a group of Python entry points (`cardgen.field_types`, `cardgen.elements`,
`cardgen.icons`, `cardgen.outputs`) that any installed distribution may declare in its metadata,
beside the ones built into cardgen. A registry reads its group once, when first asked, and is
read-only after; `forget()` drops what was read, so the next question reads the installed
distributions again. The installed distributions' entry points are read in one pass for every
registry. A built-in entry may be `Deferred`: named by its module, which is imported
the first time the entry is asked for.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import import_module
from importlib.metadata import EntryPoint, entry_points
from typing import Callable, Iterator


class ExtensionError(Exception):
    """An installed extension cardgen cannot use: it fails to load, is not what its group
    holds, or takes a name that is taken already. A fault of the installation, not the data."""


@dataclass(frozen=True)
class Deferred:
    """A built-in entry by where it is defined: its module is imported when the entry is first
    asked for (and found in sys.modules after), so a command that never uses it never pays for
    what that module imports."""

    module: str
    attribute: str

    def load(self):
        return getattr(import_module(self.module), self.attribute)


class Registry(Mapping):
    """Name -> what is registered under it: the built-in ones first, in their own order, then
    those of the entry points of `group` in order of the entry points' names (or every name in
    alphabetical order, with `alphabetical`). `entries(name, loaded)` turns what an entry point
    loads into the names it adds, raising ExtensionError when it is not what the group holds."""

    def __init__(self, group: str, built_in: Callable[[], Mapping[str, object]],
                 entries: Callable[[str, object], Mapping[str, object]],
                 alphabetical: bool = False):
        self.group = group
        self.built_in = built_in
        self.entries = entries
        self.alphabetical = alphabetical

    def __getitem__(self, name: str):
        item = _contents(self)[name]
        return item.load() if isinstance(item, Deferred) else item

    def __iter__(self) -> Iterator[str]:
        return iter(_contents(self))

    def __len__(self) -> int:
        return len(_contents(self))

    def __repr__(self) -> str:
        return f"Registry({self.group!r})"

    # identity, not contents: a registry is the key its contents are cached under
    __eq__ = object.__eq__
    __hash__ = object.__hash__

    def gather(self) -> dict[str, object]:
        found = dict(self.built_in())
        owners = {name: "cardgen" for name in found}
        seen: dict[str, str] = {}
        for point in sorted(_installed().select(group=self.group), key=lambda p: p.name):
            if seen.get(point.name) == point.value:
                continue        # one distribution found twice on the path
            seen[point.name] = point.value
            owner = _owner(point)
            for name, item in self.entries(point.name, _load(point, owner)).items():
                if name in found:
                    raise ExtensionError(f"{owner} registers '{name}' in {self.group}, but "
                                         f"{owners[name]} has that name already")
                found[name], owners[name] = item, owner
        return dict(sorted(found.items())) if self.alphabetical else found


@lru_cache(maxsize=None)
def _contents(registry: Registry) -> dict[str, object]:
    return registry.gather()


@lru_cache(maxsize=1)
def _installed():
    """Every entry point of every installed distribution: reading them walks the import path
    and each distribution's metadata, as costly for one group as for all."""
    return entry_points()


def forget() -> None:
    """Drop what every registry has read: the next question reads the installed
    distributions again (after one is installed or removed)."""
    _installed.cache_clear()
    _contents.cache_clear()


def _owner(point: EntryPoint) -> str:
    dist = getattr(point, "dist", None)
    return f"the extension '{dist.name if dist else point.value}'"


def _load(point: EntryPoint, owner: str):
    try:
        return point.load()
    except Exception as exc:      # whatever an extension's own import raises
        raise ExtensionError(f"{owner}: its entry point '{point.name} = {point.value}' in "
                             f"{point.group} cannot be loaded: {type(exc).__name__}: {exc}") from exc


def unfit(group: str, name: str, expected: str, found: object) -> ExtensionError:
    """The error for an entry point that loads something its group does not hold."""
    return ExtensionError(f"the entry point '{name}' in {group} should load {expected}, "
                          f"but loads {type(found).__name__} {found!r}"[:400])
