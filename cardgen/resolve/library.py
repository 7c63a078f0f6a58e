"""Layout templates: found by name, `extends` resolved (several parents, cycles caught), then checked.

What leaves this module is a flat Layout: every element with all inherited keys merged in.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from cardgen import catalog
from cardgen.base.errors import Report, did_you_mean, relative_name
from cardgen.shared import schema as s
from cardgen.shared.paths import confined_path, is_file
from cardgen.shared.schema import At, Key
from cardgen.shared.yaml_source import Document, load_yaml
from cardgen.base.markup import is_template
from cardgen.base.model import Source, frozen_map
from cardgen.shared.colors import parse_color
from cardgen.drawing import fonts
from cardgen.drawing.elements import COMMON_KEYS, ELEMENT_TYPES
from cardgen.drawing.elements.base import Percent, unknown_font
from cardgen.base.limits import EXTENDS_DEPTH


LAYOUT_KEYS = {
    "extends": Key(s.list_of(s.text, single_ok=True), default=(), doc="parent layout(s), merged in order"),
    "description": Key(s.text, default="", doc="what the layout is for"),
    "colors": Key(s.mapping_of(s.text), default={}, doc="colour name -> '#rrggbb', cmyk(...) or a name"),
    "elements": Key(s.mapping_of(s.any_value), default={}, doc="element name -> element, drawn in order"),
}


@dataclass(frozen=True)
class ElementSpec:
    """One element of a resolved layout: its merged raw values and where each key was written."""

    name: str
    type: str
    values: Mapping
    origins: Mapping   # key -> At (document and key path that set it)
    source: Source
    static: Mapping = field(default_factory=frozen_map)  # parsed values of keys that bind no card value


@dataclass(frozen=True)
class Layout:
    name: str
    colors: Mapping
    elements: tuple[ElementSpec, ...]
    source: Source


@dataclass
class _Raw:
    name: str
    doc: Document
    values: dict


class LayoutLibrary:
    """Loads layouts from a list of folders, each at most once per run."""

    def __init__(self, dirs: tuple[Path, ...], report: Report, families: Mapping | None = None,
                 skipped: tuple[Path, ...] = ()):
        self.dirs = dirs
        self.skipped = skipped   # layouts folders not read: they lead outside the game
        self.report = report
        self.families = families if families is not None else fonts.families()   # font names
        self._raw: dict[str, _Raw | None] = {}
        self._merged: dict[str, tuple | None] = {}
        self._resolved: dict[str, Layout | None] = {}
        self._hidden: dict[str, list[Path]] = {}    # name -> the files of that name not used

    def available(self) -> list[str]:
        names = set()
        for folder in self.dirs:
            names |= {p.relative_to(folder).with_suffix("").as_posix() for p in folder.rglob("*.yaml")
                      if is_file(p)}
        return sorted(names)

    def get(self, name: str, where: Source | None = None) -> Layout | None:
        """The resolved layout `name`; `where` is where it was asked for, for a 'not found' message."""
        if name not in self._resolved:
            merged = self._merge(name, where, ())
            self._resolved[name] = self._check(name, *merged) if merged else None
        return self._resolved[name]

    def _file(self, name: str) -> Path | None:
        """The first layouts folder's `<name>.yaml`; raises Invalid for a name that is no path,
        a file that leads out of its folder, or one that is there but is no regular file (a pipe
        or a device would block or never end; a folder is no layout)."""
        if ".." in name.split("/"):
            return None
        for index, folder in enumerate(self.dirs):
            path = confined_path(folder, f"{name}.yaml")
            if is_file(path):
                self._hidden[name] = [other / f"{name}.yaml" for other in self.dirs[index + 1:]
                                      if _defines(other, name)]
                return folder / f"{name}.yaml"
            if path.exists():
                raise s.Invalid(f"{relative_name(folder / f'{name}.yaml')} is not a regular file "
                                "(a pipe, device or folder), so it is not read", code="unreadable")
        return None

    def _load(self, name: str, where: Source | None) -> _Raw | None:
        if name in self._raw:
            return self._raw[name]
        where = where or Source(name, None)
        try:
            path = self._file(name)
        except s.Invalid as exc:
            self.report.raised(exc, where.file, where.line, where.path, f"layout '{name}': {exc}")
            self._raw[name] = None
            return None
        raw = None
        if path is None:
            message = (f"unknown layout '{name}'{did_you_mean(name, self.available())}; "
                       f"looked in: {', '.join(_shown(d) for d in self.dirs) or 'no layouts folder'}")
            if self.skipped:
                message += (f"; skipped {', '.join(relative_name(d) for d in self.skipped)}, "
                            "which leads outside the game folder")
            self.report.error(where.file, where.line, where.path, message, code="unknown-layout")
        else:
            for hidden in self._hidden.get(name, ()):
                self.report.warning(where.file, where.line, where.path,
                                    f"layout '{name}' is {_shown_file(path)}, which hides "
                                    f"{_shown_file(hidden)} of the same name: rename one if that is "
                                    "not meant", code="layout-shadowed")
            doc = load_yaml(path, self.report)
            if doc is not None:
                values = s.read_mapping(doc.data if doc.data is not None else {},
                                        At(doc, (), self.report), LAYOUT_KEYS, "layout")
                raw = _Raw(name, doc, values) if values is not None else None
        self._raw[name] = raw
        return raw

    def _merge(self, name: str, where: Source | None, chain: tuple[str, ...]):
        """(colors, elements, origins) with parents merged in, or None when the chain is broken.
        Each layout is merged once (a parent shared by many is not merged again)."""
        if name in self._merged:
            return self._merged[name]
        raw = self._load(name, where)
        if raw is None:
            return None
        if len(chain) >= EXTENDS_DEPTH:
            shown = " -> ".join(chain[:3] + ("...",) + chain[-2:] + (name,))
            root = At(raw.doc, (), self.report)
            root.child("extends").error(f"extends chain is more than {EXTENDS_DEPTH} layouts "
                                        f"deep ({shown})", code="extends-depth")
            return None
        merged = self._merge_parents(name, raw, chain)
        self._merged[name] = merged
        return merged

    def _merge_parents(self, name: str, raw: "_Raw", chain: tuple[str, ...]):
        root = At(raw.doc, (), self.report)
        colors: dict = {}
        elements: dict[str, dict] = {}
        origins: dict[str, dict] = {}
        for i, parent in enumerate(raw.values["extends"]):
            parent_at = root.child("extends").child(i) if isinstance(
                raw.doc.data.get("extends"), list) else root.child("extends")
            if parent in chain + (name,):
                cycle = " -> ".join(chain + (name, parent))
                parent_at.error(f"extends cycle: {cycle}", code="extends-cycle")
                return None
            merged = self._merge(parent, Source(raw.doc.name, parent_at.line, parent_at.path),
                                 chain + (name,))
            if merged is None:
                return None
            p_colors, p_elements, p_origins = merged
            colors.update(p_colors)
            for el_name, values in p_elements.items():
                elements.setdefault(el_name, {}).update(values)
                origins.setdefault(el_name, {}).update(p_origins[el_name])
        colors.update(raw.values["colors"])
        for el_name, values in raw.values["elements"].items():
            el_at = root.child("elements").child(el_name)
            if not isinstance(values, dict):
                el_at.error(f"expected an element (a mapping with a type), found {values!r}", code="type")
                return None
            elements.setdefault(el_name, {}).update(values)
            origins.setdefault(el_name, {}).update({k: el_at.child(k) for k in values})
            origins[el_name][""] = el_at
        return colors, elements, origins

    def _check(self, name: str, colors: dict, elements: dict, origins: dict) -> Layout | None:
        raw = self._raw[name]
        failed = set()
        for color_name, value in colors.items():
            try:
                parse_color(color_name, colors)
            except s.Invalid as exc:
                failed.add(color_name)
                At(raw.doc, ("colors", color_name), self.report).raised(exc, code="color")
        ok = not failed
        specs = []
        for el_name, values in elements.items():
            el_at = origins[el_name][""]
            spec = check_element(el_name, values, origins[el_name], el_at, colors, self.families,
                                 failed)
            if spec is not None and not _follows_earlier(spec, list(elements)):
                spec = None
            ok = ok and spec is not None
            if spec is not None:
                specs.append(spec)
        if not ok:
            return None
        return Layout(name, frozen_map(colors), tuple(specs), Source(raw.doc.name, 1))


def _shown_file(path: Path) -> str:
    """A layout file as a designer knows it: the shipped ones by their name below cardgen's own."""
    if path.resolve().is_relative_to(catalog.SHIPPED_LAYOUTS):
        return f"cardgen's own {path.resolve().relative_to(catalog.SHIPPED_LAYOUTS).as_posix()}"
    return relative_name(path)


def _shown(folder: Path) -> str:
    return "cardgen's own layouts" if folder == catalog.SHIPPED_LAYOUTS else relative_name(folder)


def check_element(name: str, values: dict, origins: dict, el_at: At, colors: dict,
                  families: Mapping | None = None, failed_colors=frozenset()) -> ElementSpec | None:
    """Check keys and every value that does not depend on a card; None if anything is wrong.
    A value naming one of `failed_colors` (layout colours reported already) fails quietly."""
    kind = ELEMENT_TYPES.get(values.get("type"))
    if kind is None:
        at = origins.get("type", el_at)
        found = values.get("type")
        at.error(f"unknown element type '{found}'{did_you_mean(found, ELEMENT_TYPES)}; "
                 f"types: {', '.join(ELEMENT_TYPES)}" if found else
                 f"element '{name}' has no type; types: {', '.join(ELEMENT_TYPES)}", code="unknown-element")
        return None
    keys = {**COMMON_KEYS, **kind.KEYS}
    ok = True
    static = {}
    for key, value in values.items():
        at = origins.get(key, el_at)
        if key not in keys:
            at.error(f"unknown key '{key}' for a {values['type']} element{did_you_mean(key, keys)}",
                     code="unknown-key")
            ok = False
        elif not is_template(value) or key in kind.MARKUP_KEYS:
            parsed = s.read_value(value, at, keys[key].parse)
            if s.failed(parsed):
                ok = False
            elif key in kind.COLOR_KEYS and not _check_color(value, at, colors, failed_colors):
                ok = False
            elif key == "font" and families is not None and parsed not in families:
                at.error(unknown_font(parsed, families), code="type")
                ok = False
            else:
                static[key] = parsed
    for key in ("width", "height"):
        size = static.get(key)
        if kind.NEEDS_AREA and size is not None and (size.value if isinstance(size, Percent)
                                                      else size) <= 0:
            origins.get(key, el_at).error(f"a {values['type']} element needs a {key} above 0",
                                          code="range")
            ok = False
    for key, spec in keys.items():
        if spec.required and key not in values:
            el_at.error(f"{values['type']} element '{name}' needs '{key}'", code="missing-key")
            ok = False
    if not ok:
        return None
    return ElementSpec(name, values["type"], frozen_map(values), frozen_map(origins),
                       Source(el_at.doc.name, el_at.line, el_at.path), frozen_map(static))


def _follows_earlier(spec: ElementSpec, order: list[str]) -> bool:
    """Whether an element's `after`, if it has one, names an element drawn before it (reported
    when not: a section can only follow one already set). `order`: the layout's element names."""
    if "after" not in spec.values:
        return True
    named = spec.static.get("after")
    earlier = order[:order.index(spec.name)]
    if named in earlier:
        return True
    at = spec.origins["after"]
    if named is None:
        at.error("'after' names an element of the layout, not a card value: found "
                 f"{spec.values['after']!r}", code="layout")
    elif named in order:
        at.error(f"'after' names '{named}', which comes after '{spec.name}' in the layout: an "
                 "element can only follow one drawn before it", code="layout")
    else:
        at.error(f"'after' names '{named}', which is no element of the layout"
                 f"{did_you_mean(named, earlier)}", code="layout")
    return False


def _check_color(value, at: At, colors: dict, failed_colors) -> bool:
    """Whether `value` is a colour; a layout colour that failed is reported already."""
    if isinstance(value, str) and value.strip() in failed_colors:
        return False
    try:
        parse_color(value, colors)
        return True
    except s.Invalid as exc:
        at.raised(exc, code="color")
        return False


def _defines(folder: Path, name: str) -> bool:
    try:
        return is_file(confined_path(folder, f"{name}.yaml"))
    except s.Invalid:
        return False
