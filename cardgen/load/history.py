"""A game's history as its data keeps it: errata to published values, and the changelog of its
versions."""
from __future__ import annotations

from cardgen.shared import schema as s
from cardgen.load.game_schema import CHANGELOG_KEYS, ERRATUM_KEYS
from cardgen.base.model import ChangelogEntry, Erratum, Source
from cardgen.shared.schema import At

ERRATUM_SUBJECTS = ("card", "term", "token_set", "board")   # the keys that name what changed


def read_errata(raw: tuple, at: At) -> tuple[Erratum, ...]:
    out = []
    for i, spec in enumerate(raw):
        item_at = at.child(i)
        values = s.read_mapping(spec, item_at, ERRATUM_KEYS, "erratum")
        if values is None or not values.ok:
            continue
        named = [kind for kind in ERRATUM_SUBJECTS if values[kind] is not None]
        if len(named) != 1:
            item_at.error(f"an erratum names what changed with one of {', '.join(ERRATUM_SUBJECTS)}"
                          f"; found {', '.join(named) or 'none'}", code="errata")
            continue
        out.append(Erratum(values[named[0]], values["field"], values["was"], values["now"],
                           values["note"], Source(at.doc.name, item_at.line, item_at.path),
                           named[0]))
    return tuple(out)


def read_changelog(raw: tuple, at: At) -> tuple[ChangelogEntry, ...]:
    out = []
    for i, spec in enumerate(raw):
        item_at = at.child(i)
        values = s.read_mapping(spec, item_at, CHANGELOG_KEYS, "changelog entry ({version, date, "
                                "changes})")
        if values is not None and values.ok:
            out.append(ChangelogEntry(values["version"], values["date"], tuple(values["changes"]),
                                      Source(at.doc.name, item_at.line, item_at.path)))
    return tuple(out)
