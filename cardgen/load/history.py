"""A game's history as its data keeps it: errata to published values, and the changelog of its
versions."""
from __future__ import annotations

from cardgen.shared import schema as s
from cardgen.load.game_schema import CHANGELOG_KEYS, ERRATUM_KEYS
from cardgen.base.model import ChangelogEntry, Erratum, Source
from cardgen.shared.schema import At


def read_errata(raw: tuple, at: At) -> tuple[Erratum, ...]:
    out = []
    for i, spec in enumerate(raw):
        item_at = at.child(i)
        values = s.read_mapping(spec, item_at, ERRATUM_KEYS, "erratum")
        if values is not None and values.ok:
            out.append(Erratum(values["card"], values["field"], values["was"], values["now"],
                               values["note"], Source(at.doc.name, item_at.line, item_at.path)))
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
