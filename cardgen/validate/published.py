"""A game's printed values against its published edition (`published.yaml`, written by `cardgen
publish`): a value that differs from the published one without an erratum saying what it was and
what it is now is an unannounced change. A value the edition marks prototype may change freely;
taking its mark away is a change. A card, token or board added or removed is a change too (its
erratum's field is `card`, `token_set` or `board`, from '' to `printed` or back; a token's
field is its name, its value its copies); a glossary
term or definition may be added freely."""
from __future__ import annotations

from cardgen.base.errors import Report
from cardgen.base.model import Game, Source
from cardgen.load.snapshot import Printed, Snapshot, printed
from cardgen.validate.errata import PRESENT

ADDED_FREELY = ("glossary", "definitions")
SHOWN_CHARS = 60            # longer texts are shown round what changed


def check_published(game: Game, snapshot: Snapshot | None, report: Report) -> None:
    """The game against its published edition `snapshot` (None: it has none, or it cannot be
    read)."""
    if snapshot is None:
        return
    now = _renamed(printed(game), snapshot.things, game)
    unread = {d.id for d in game.decks if not d.complete} | set(game.failed_decks)
    for key in list(now) + [k for k in snapshot.things if k not in now]:
        if key[0] == "cards" and key[1] in unread:
            continue
        before, after = snapshot.things.get(key), now.get(key)
        if after is None:
            _presence(game, report, before, PRESENT, "", _gone_from(game, key))
        elif before is None:
            if key[0] not in ADDED_FREELY:
                _presence(game, report, after, "", PRESENT, after.source)
        else:
            for field in dict.fromkeys([*before.values, *after.values]):
                _compare(game, report, before, after, field)


def changed_cards(game: Game, snapshot: Snapshot | None) -> dict[str, frozenset]:
    """Deck id -> the ids of its cards added or changed since the published edition."""
    if snapshot is None:
        return {}
    out: dict = {}
    for key, thing in _renamed(printed(game), snapshot.things, game).items():
        before = snapshot.things.get(key)
        if key[0] == "cards" and (before is None or before.values != thing.values):
            out.setdefault(key[1], set()).add(key[2])
    return {deck: frozenset(ids) for deck, ids in out.items()}


def _renamed(now: dict, published, game: Game) -> dict:
    """The cards an erratum renames keyed as published: a card's id is made from its name."""
    out = dict(now)
    for erratum in game.errata:
        if erratum.kind != "card" or erratum.field != "name":
            continue
        old = [k for k, t in published.items() if k[0] == "cards" and t.name == erratum.was]
        new = [k for k, t in now.items() if k[0] == "cards" and t.name == erratum.now]
        for old_key in old:
            for new_key in new:
                if old_key[1] == new_key[1] and old_key not in now and new_key not in published:
                    out[old_key] = out.pop(new_key)
    return out


def _gone_from(game: Game, key: tuple) -> Source:
    deck = next((d for d in game.decks if d.id == key[1]), None)
    return deck.source if deck is not None else game.where(key[0])


def _compare(game: Game, report: Report, before: Printed, after: Printed, field: str) -> None:
    was, now = before.values.get(field, ""), after.values.get(field, "")
    if field in before.prototype:
        if field in after.prototype or field not in after.values:
            return
        unmarked = True
    elif was == now:
        return
    else:
        unmarked = False
    if _announced(game, report, after, field, was, now):
        return
    shown_was, shown_now = _shown(was, now)
    entry = _entry(after, field, was, now)
    where = after.where(field)
    if unmarked:
        message = (f"{after.name}'s {field} was published as the prototype value {shown_was} and "
                   f"is now {shown_now}, no longer marked prototype: add an errata entry "
                   f"({entry}) or mark it prototype again")
    else:
        message = (f"{_whose(after)} {field} was published as {shown_was} and is now {shown_now}: "
                   f"add an errata entry ({entry}) or set it back")
    report.error(where.file, where.line, where.path, message, code="unannounced-change")


def _presence(game: Game, report: Report, thing: Printed, was: str, now: str,
              where: Source) -> None:
    field = "card" if thing.kind == "card" else thing.kind
    if _announced(game, report, thing, field, was, now):
        return
    what = f"{thing.kind.replace('_', ' ')} '{thing.name}'"
    entry = _entry(thing, field, was, now)
    if now:
        message = (f"{what} is not in the published edition: add an errata entry ({entry}) or "
                   "take it out")
    else:
        message = f"{what} of the published edition is gone: add an errata entry ({entry}) or put it back"
    report.error(where.file, where.line, where.path, message, code="unannounced-change")


def _announced(game: Game, report: Report, thing: Printed, field: str, was: str, now: str) -> bool:
    """Whether an erratum covers the change; an erratum for it whose `was` is not the published
    value is reported (and stands for the change: one mistake, one message)."""
    errata = [e for e in game.errata
              if (e.kind, e.card, e.field) == (thing.kind, thing.name, field) and e.now == now]
    if any(e.was == was for e in errata):
        return True
    for erratum in errata:
        where = erratum.source
        report.error(where.file, where.line, where.path + ("was",),
                     f"erratum says {thing.name}'s {field} was {_shown(erratum.was, was)[0]}, but "
                     f"the published edition has {_shown(was, erratum.was)[0]}", code="errata")
    return bool(errata)


def _whose(thing: Printed) -> str:
    return f"{thing.name}'s" if thing.kind in ("card", "term") else \
        f"{thing.kind.replace('_', ' ')} '{thing.name}':"


def _entry(thing: Printed, field: str, was: str, now: str) -> str:
    long = len(was) > SHOWN_CHARS or len(now) > SHOWN_CHARS
    values = ("was: the published text, now: the new one" if long else
              f"was: {_written(was)}, now: {_written(now)}")
    return f"{thing.kind}: {thing.name}, field: {field}, {values}"


def _written(value: str) -> str:
    """A value as YAML would take it back as text."""
    plain = value and value.replace(" ", "").replace("+", "").replace(".", "").isalnum()
    return value if plain else "'" + value.replace("'", "''") + "'"


def _shown(was: str, now: str) -> tuple[str, str]:
    """Both values quoted, a long one cut to the part round where they differ."""
    if not was:
        return "(none)", _quoted(now[:SHOWN_CHARS] + ("..." * (len(now) > SHOWN_CHARS)))
    if not now:
        return _quoted(was[:SHOWN_CHARS] + ("..." * (len(was) > SHOWN_CHARS))), "(none)"
    if max(len(was), len(now)) <= SHOWN_CHARS:
        return _quoted(was), _quoted(now)
    start = next((i for i, (a, b) in enumerate(zip(was, now)) if a != b), min(len(was), len(now)))
    start = max(0, start - SHOWN_CHARS // 3)
    return tuple(_quoted(("..." if start else "") + text[start:start + SHOWN_CHARS]
                         + ("..." if len(text) > start + SHOWN_CHARS else ""))
                 for text in (was, now))


def _quoted(value: str) -> str:
    value = value.replace("\n", " ")
    return value if value.replace(" ", "").replace(".", "").replace("+", "").isalnum() and \
        " " not in value else f"'{value}'"
