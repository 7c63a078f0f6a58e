"""Card text markup: **bold**, *italic*, [[Term]], {icon}, {{field}}, and line breaks. A field
may be a sum, `{{a.damage + b.damage - 2}}`, where the lookup can work one out (documents).

Everything else is literal text: a `<font>` or `<img>` tag in card data is printed as written.
The parser never fails; what it cannot read is kept as text and reported as a problem.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, NamedTuple

from cardgen.base.errors import Problem, Severity

_TOKEN = re.compile(
    r"\\(?P<escaped>[\\*\[\]{}])"
    r"|\{\{\s*(?P<field>[A-Za-z_][\w.-]*(?:\s+[-+]\s+(?:[A-Za-z_][\w.-]*|\d+))*)\s*\}\}"
    r"|\[\[(?P<term>[^\[\]\n|]+)(?:\|(?P<shown>[^\[\]\n]+))?\]\]"
    r"|\{(?P<icon>[a-z][a-z0-9_-]*)\}"
    r"|(?P<bold>\*\*)"
    r"|(?P<italic>\*)"
    r"|(?P<newline>\n)"
)


class Run(NamedTuple):
    """A piece of text in one style, or an inline icon (text empty), or a line break. A tuple:
    the text setter's caches hash a text's runs each time they look it up."""

    text: str = ""
    bold: bool = False
    italic: bool = False
    icon: str | None = None
    term: str | None = None
    line_break: bool = False


@dataclass(frozen=True)
class Parsed:
    runs: tuple[Run, ...]
    problems: tuple[Problem, ...] = ()    # each `markup`, its severity its own
    terms: tuple[str, ...] = ()
    icons: tuple[str, ...] = ()
    fields: tuple[str, ...] = ()

    @property
    def plain(self) -> str:
        return "".join("\n" if r.line_break else (r.text if not r.icon else f"[{r.icon}]")
                       for r in self.runs)


Lookup = Callable[[str], "str | None"]


def _pairable(tokens: list, kind: str) -> set[int]:
    """Indices of style markers that have a partner; an odd last marker stays literal."""
    positions = [i for i, (k, _) in enumerate(tokens) if k == kind]
    return set(positions[: len(positions) - len(positions) % 2])


def parse(text: str, lookup: Lookup | None = None) -> Parsed:
    """Split card text into styled runs. `lookup` gives a `{{field}}`'s text (None: unknown)."""
    kept = len(text) <= KEPT_TEXT_CHARS
    names = () if "{{" not in text else (_field_names if kept else _field_names.__wrapped__)(text)
    shown = tuple(lookup(n) for n in names) if lookup else (None,) * len(names)
    return (_parse if kept else _parse.__wrapped__)(text, shown)


# Card texts are short and many cards share them (a template, a word, an ability), and a deck's
# texts are parsed again when its faces are bound again (one text size a deck): a card's text is
# parsed once, through bounded caches of pure functions of immutable input. A document's long
# text is parsed each time, not kept.
KEPT_TEXT_CHARS = 2000


@lru_cache(maxsize=16_384)
def _field_names(text: str) -> tuple[str, ...]:
    return tuple(m.group("field") for m in _TOKEN.finditer(text) if m.lastgroup == "field")


def forget_parsed() -> None:
    """Empty the caches of texts parsed (drawing.richtext.forget_set_texts)."""
    _parse.cache_clear()
    _field_names.cache_clear()


@lru_cache(maxsize=32_768)
def _parse(text: str, shown_fields: tuple[str | None, ...]) -> Parsed:
    """`text` parsed, its `{{field}}`s showing `shown_fields` in order (None: unknown)."""
    shown_in_turn = iter(shown_fields)
    tokens: list[tuple[str, object]] = []
    pos = 0
    for match in _TOKEN.finditer(text):
        if match.start() > pos:
            tokens.append(("text", text[pos:match.start()]))
        kind = match.lastgroup if match.lastgroup != "shown" else "term"
        tokens.append((kind, match))
        pos = match.end()
    if pos < len(text):
        tokens.append(("text", text[pos:]))

    paired = _pairable(tokens, "bold") | _pairable(tokens, "italic")
    runs: list[Run] = []
    problems, terms, icons, fields = [], [], [], []
    bold = italic = False

    def add(chunk: str, **style) -> None:
        if chunk:
            runs.append(Run(chunk, style.get("bold", bold), style.get("italic", italic),
                            term=style.get("term")))

    for index, (kind, value) in enumerate(tokens):
        if kind == "text":
            add(value)
        elif kind == "escaped":
            add(value.group("escaped"))
        elif kind in ("bold", "italic"):
            if index not in paired:
                add(value.group(0))
                problems.append(Problem("markup", Severity.WARNING, (),
                                        f"unclosed '{value.group(0)}' is printed as written"))
            elif kind == "bold":
                bold = not bold
            else:
                italic = not italic
        elif kind == "term":
            term = value.group("term").strip()
            terms.append(term)
            add((value.group("shown") or term).strip(), bold=True, term=term)
        elif kind == "icon":
            icons.append(value.group("icon"))
            runs.append(Run(icon=value.group("icon"), bold=bold, italic=italic))
        elif kind == "field":
            name = value.group("field")
            fields.append(name)
            shown = next(shown_in_turn)
            if shown is None:
                problems.append(Problem("markup", Severity.ERROR, (),
                                        f"unknown field '{{{{{name}}}}}'"))
                shown = value.group(0)
            add(shown)
        elif kind == "newline":
            runs.append(Run(line_break=True))
    return Parsed(tuple(runs), tuple(problems), tuple(terms), tuple(icons), tuple(fields))


TEMPLATE_FIELD = re.compile(r"\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}")


def substitute(text: str, lookup: Lookup) -> tuple[str, list[str]]:
    """Replace `{{field}}` references in a plain template (layout attributes); returns unknown names."""
    unknown: list[str] = []

    def replace(match: re.Match) -> str:
        shown = lookup(match.group(1))
        if shown is None:
            unknown.append(match.group(1))
            return ""
        return shown

    return TEMPLATE_FIELD.sub(replace, text), unknown


@lru_cache(maxsize=4096)
def template_fields(text: str) -> tuple[str, ...]:
    """The names a plain template's `{{field}}` references use (a layout's few templates, read
    for every card)."""
    return tuple(TEMPLATE_FIELD.findall(text))


def is_template(value) -> bool:
    return isinstance(value, str) and "{{" in value


def escaped(text: str) -> str:
    """Plain text as card markup that prints it as it is (a data value, not read as markup)."""
    return "".join("\\" + c if c in "\\*[]{}" else c for c in text)
