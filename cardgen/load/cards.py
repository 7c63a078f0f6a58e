"""Card files: each card's values parsed by the field types its card type declares."""
from __future__ import annotations

import re
import unicodedata

from cardgen.base.errors import closest, describe, did_you_mean
from cardgen.fields import field_type
from cardgen.shared import schema as s
from cardgen.load.faces import read_face
from cardgen.load.game_schema import CARD_KEYS
from cardgen.shared.schema import At, Invalid
from cardgen.base.model import Card, CardType, KeySources, Source, frozen_map
from cardgen.base.limits import ID_CHARS


def slug(text: str) -> str:
    """An id made from a name: 'Café Noir' -> 'cafe-noir' (accents dropped, as file names want)."""
    plain = unicodedata.normalize("NFKD", str(text).lower()).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:ID_CHARS] or "card"


def read_cards(at: At, card_type: CardType, deck_id: str,
               default_copies: int) -> tuple[list[Card], bool]:
    """The cards of one card file (`cards:` list), and whether every one of them loaded."""
    top = s.read_mapping(at.doc.data, at, {"cards": s.Key(s.any_value, required=True)},
                         "card file with a 'cards:' list")
    if not top or "cards" not in top:
        return [], False
    items = top["cards"]
    list_at = at.child("cards")
    if not isinstance(items, list):
        list_at.error(f"expected a list of cards, found {describe(items)}", code="type")
        return [], False
    cards = [read_card(item, list_at.child(i), card_type, deck_id, default_copies)
             for i, item in enumerate(items)]
    return [c for c in cards if c is not None], None not in cards


def read_card(item, at: At, card_type: CardType, deck_id: str, default_copies: int) -> Card | None:
    if not isinstance(item, dict):
        at.error(f"expected a card (a mapping of fields), found {describe(item)}", code="type")
        return None
    known = {**{f.name: f for f in card_type.fields}}
    values, lines, ok = {}, {}, True      # lines: each field's, and a given id's
    misspelt = set()    # fields an unknown key is taken for: not missing too, one mistake
    for key, raw in item.items():
        key_at = at.child(key)
        if key in CARD_KEYS:
            continue
        decl = known.get(key)
        if decl is None:
            names = list(known) + list(CARD_KEYS)
            guess = closest(key, names)
            if guess is not None:
                misspelt.add(guess)
            hint = f" (did you mean '{guess}'?)" if guess is not None else ""
            key_at.error(f"unknown field '{key}' for card type '{card_type.id}'{hint}",
                         code="unknown-key")
            ok = False
            continue
        try:
            values[key] = field_type(decl.type).parse(raw, decl, key_at)
        except Invalid as exc:
            key_at.raised(exc, code="type")
            ok = False
            continue
        lines[key] = key_at.line
    for decl in card_type.fields:
        if decl.name in item or decl.name in misspelt:
            continue
        if decl.required:
            at.error(f"missing required field '{decl.name}' (card type '{card_type.id}')",
                     code="missing-field")
            ok = False
        elif decl.default is not None:
            values[decl.name] = decl.default
    meta = s.read_mapping({k: v for k, v in item.items() if k in CARD_KEYS}, at, CARD_KEYS)
    if not ok or meta is None:
        return None
    card_id = meta["id"] or slug(values.get("name", f"card-{at.line}"))
    if meta["id"]:   # a given id is found at its own line (an id made from the name is not)
        lines["id"] = at.child("id").line
    prototype = _prototype(meta["prototype"], values, at.child("prototype"))
    copies = meta["copies"] if meta["copies"] is not None else default_copies
    back = None
    if meta["back"] is not None:
        back = read_face(meta["back"], at.child("back"), name_ok=True)
        if back is None:
            return None
    return Card(card_id, deck_id, card_type.id, frozen_map(values), copies,
                Source(at.doc.name, at.line, at.path), KeySources(at.doc.name, at.path, lines),
                prototype, back)


def _prototype(value, values: dict, at: At) -> frozenset:
    if value in (None, False):
        return frozenset()
    if value is True:
        return frozenset(values)
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        at.error(f"expected true or a list of field names, found {describe(value)}", code="type")
        return frozenset()
    unknown = [v for v in value if v not in values]
    if unknown:
        at.error(f"prototype names field(s) this card does not give: {', '.join(unknown)}",
                 code="unknown-key")
    return frozenset(v for v in value if v in values)
