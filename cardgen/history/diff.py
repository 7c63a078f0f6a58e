"""What changed between two states of a game: cards added, removed and changed, each changed
field from what to what, and cards that look different though their fields did not change (a
layout, font or picture changed): what is drawn is compared, not only the data. The version
stamp is left out of the comparison, so a new version number alone changes no card. A layout
that changed is listed too, with every card that uses it and whether each looks different.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from io import BytesIO
from pathlib import Path

from cardgen.drawing import fonts
from cardgen.base.errors import Report
from cardgen.fields import field_type
from cardgen.resolve.library import LayoutLibrary
from cardgen.resolve.resolve import Faces
from cardgen.load.game import load_game
from cardgen.base.model import Card, Game
from cardgen.render.booklets import plain_pdf
from cardgen.render.raster import face_job
from cardgen.pipeline import resolve, validate


@dataclass(frozen=True)
class FieldChange:
    field: str
    was: str
    now: str


@dataclass(frozen=True)
class CardChange:
    deck: str
    card: str                    # its id
    name: str
    status: str                  # added, removed or changed
    fields: tuple[FieldChange, ...] = ()
    looks: bool = False          # drawn differently beyond its fields: a layout, font or picture


@dataclass(frozen=True)
class LayoutChange:
    """A layout whose elements or colours changed, and the cards that use it: (deck id, card
    name, whether the card looks different), and the deck backs it draws."""

    layout: str
    cards: tuple[tuple[str, str, bool], ...]
    backs: tuple[tuple[str, bool], ...] = ()     # decks whose back it draws: (deck id, looks different)


@dataclass(frozen=True)
class Compared:
    """A game loaded, checked and drawn for comparing: its version stamp off."""

    game: Game
    faces: Faces
    fronts: dict                 # (deck id, card id) -> fingerprint of the drawn front
    backs: dict                  # deck id -> fingerprint of the drawn back
    layouts: dict                # layout name -> fingerprint of its merged elements and colours
    version: str                 # the game's own version, before the two sides were made alike


@dataclass(frozen=True)
class GameDiff:
    title: str
    was: str                     # versions
    now: str
    cards: tuple[CardChange, ...] = ()
    backs: tuple[str, ...] = ()  # decks whose back looks different
    pages: dict = field(default_factory=dict)   # document file -> its pages that changed
    layouts: tuple[LayoutChange, ...] = ()

    @property
    def unchanged(self) -> bool:
        """Nothing to print again or to tell: no card, back or document page changed."""
        return not (self.cards or self.backs or any(self.pages.values()))

    @property
    def reprint(self) -> tuple[CardChange, ...]:
        """The cards to print again: added and changed ones."""
        return tuple(c for c in self.cards if c.status != "removed")

    def as_dict(self) -> dict:
        return {"game": self.title, "was": self.was, "now": self.now,
                "cards": [{"deck": c.deck, "card": c.card, "name": c.name, "status": c.status,
                           "fields": {f.field: {"was": f.was, "now": f.now} for f in c.fields},
                           "looks_different": c.looks} for c in self.cards],
                "backs_changed": list(self.backs),
                "layouts_changed": [{"layout": c.layout, "cards": [
                    {"deck": deck, "name": name, "looks_different": looks}
                    for deck, name, looks in c.cards], "backs": [
                    {"deck": deck, "looks_different": looks} for deck, looks in c.backs]}
                    for c in self.layouts],
                "document_pages_changed": {k: list(v) for k, v in self.pages.items()}}

    def lines(self) -> list[str]:
        head = f"{self.title}: version {self.was}" + (f" -> {self.now}" if self.now != self.was else "")
        out = [head]
        for c in self.cards:
            what = "; ".join(f"{f.field} {f.was or '(none)'} -> {f.now or '(none)'}" for f in c.fields)
            if c.looks:
                what = (what + "; " if what else "") + "looks different (its layout, fonts or pictures)"
            out.append(f"  {c.status:8} {c.deck}: {c.name}" + (f": {what}" if what else ""))
        out += [f"  changed  {deck}: the back looks different" for deck in self.backs]
        out += [f"  changed  {name}: page(s) {', '.join(map(str, pages))}"
                for name, pages in self.pages.items()]
        for change in self.layouts:
            alike = [f"{deck}: {name}" for deck, name, looks in change.cards if not looks]
            used = [f"{len(change.cards)} card(s), {len(change.cards) - len(alike)} look "
                    "different"] if change.cards else []
            used += [f"the back of deck(s) {', '.join(deck for deck, _ in change.backs)}"
                     ] if change.backs else []
            out.append(f"  changed  layout '{change.layout}': used by {' and '.join(used)}"
                       + (f"; looking the same: {', '.join(alike)}" if alike else ""))
        if len(out) == 1:
            out.append("  no card changed")
        return out


def compared(game_dir: Path, report: Report, version: str | None = None,
             top: Path | None = None) -> Compared | None:
    """The game loaded, validated and resolved with its version stamp off (and, once validated,
    its version set to `version`, so the two sides of a comparison print alike), each face
    fingerprinted. `top`: the project the game belongs to, as for load_game."""
    game = load_game(game_dir, report, top)
    if game is None:
        return None
    validate(game, (), report)
    own_version = game.version
    game = replace(game, version=version or game.version,
                   print=replace(game.print, version_stamp=False))
    faces = resolve(game, report)
    if report.has_errors():
        return None
    fronts = {(d.deck.id, card_id): _fingerprint(face) for d in faces.decks
              for card_id, face in d.fronts.items()}
    fronts.update({(d.deck.id, f"{card_id}/back"): _fingerprint(face) for d in faces.decks
                   for card_id, face in d.backs.items()})
    backs = {d.deck.id: _fingerprint(d.back) for d in faces.decks}
    return Compared(game, faces, fronts, backs, _layout_prints(game), own_version)


def _card_layouts(game: Game, card: Card) -> set[str]:
    return {game.card_types[card.card_type].layout} | ({card.back.layout} if card.back else set())


def _layout_prints(game: Game) -> dict[str, str]:
    """Each layout the cards and deck backs use, fingerprinted as merged (its parents' elements and colours in
    it), so a change to a parent layout is a change to every layout that extends it."""
    quiet = Report()                    # the resolve step has reported any problem already
    library = LayoutLibrary(game.layout_dirs, quiet, fonts.game_families(game.fonts, quiet),
                            game.skipped_layout_dirs)
    names = {name for deck in game.decks for card in deck.cards for name in _card_layouts(game, card)}
    names |= {deck.back.layout for deck in game.decks}
    out = {}
    for name in sorted(names):
        layout = library.get(name)
        if layout is not None:
            drawn = (dict(layout.colors), [(e.name, e.type, dict(e.values)) for e in layout.elements])
            out[name] = hashlib.sha256(repr(drawn).encode()).hexdigest()
    return out


def _fingerprint(face) -> str:
    return hashlib.sha256(face_job(face, 72, "png").pdf).hexdigest()


def compare(old: Compared, new: Compared) -> GameDiff:
    changes = []
    old_decks = {d.id: d for d in old.game.decks}
    for deck in new.game.decks:
        before = {c.id: c for c in old_decks[deck.id].cards} if deck.id in old_decks else {}
        after = {c.id: c for c in deck.cards}
        for card in deck.cards:
            if card.id not in before:
                changes.append(CardChange(deck.id, card.id, card.name, "added"))
                continue
            fields = _fields(old.game, before[card.id], new.game, card)
            looks = any(old.fronts.get((deck.id, key)) != new.fronts.get((deck.id, key))
                        for key in (card.id, f"{card.id}/back"))
            if fields or looks:
                changes.append(CardChange(deck.id, card.id, card.name, "changed", fields,
                                          looks and not fields))
        changes += [CardChange(deck.id, c.id, c.name, "removed") for c in before.values()
                    if c.id not in after]
    for deck_id, deck in old_decks.items():
        if deck_id not in {d.id for d in new.game.decks}:
            changes += [CardChange(deck_id, c.id, c.name, "removed") for c in deck.cards]
    backs = tuple(d for d in new.backs if d in old.backs and old.backs[d] != new.backs[d])
    pages = _document_pages(old, new)
    return GameDiff(new.game.title, old.version, new.game.version, tuple(changes), backs, pages,
                    _layout_changes(old, new))


def _layout_changes(old: Compared, new: Compared) -> tuple:
    """Each layout both sides have whose fingerprint differs, with every card and deck back
    using it, and whether each is drawn differently."""
    def drawn_anew(deck_id: str, card_id: str) -> bool:
        return any(old.fronts.get((deck_id, key)) != new.fronts.get((deck_id, key))
                   for key in (card_id, f"{card_id}/back"))

    out = []
    for name, print_ in new.layouts.items():
        if old.layouts.get(name, print_) == print_:
            continue
        cards = tuple((deck.id, card.name, drawn_anew(deck.id, card.id)) for deck in new.game.decks
                      for card in deck.cards if name in _card_layouts(new.game, card))
        backs = tuple((deck.id, old.backs.get(deck.id) != new.backs[deck.id])
                      for deck in new.game.decks if deck.back.layout == name)
        out.append(LayoutChange(name, cards, backs))
    return tuple(out)


def _fields(old_game: Game, old: Card, new_game: Game, new: Card) -> tuple[FieldChange, ...]:
    """Each field whose printed value changed, and the copies and own back."""
    out = []
    decls = {d.name: d for d in new_game.card_types[new.card_type].fields}
    for name in dict.fromkeys([*old.values, *new.values]):
        kind = field_type(decls[name].type) if name in decls else None
        was = _text(kind, old.values.get(name))
        now = _text(kind, new.values.get(name))
        if was != now:
            out.append(FieldChange(name, was, now))
    if old.copies != new.copies:
        out.append(FieldChange("copies", str(old.copies), str(new.copies)))
    if (old.back and (old.back.layout, dict(old.back.values))) != \
            (new.back and (new.back.layout, dict(new.back.values))):
        out.append(FieldChange("back", old.back.layout if old.back else "",
                               new.back.layout if new.back else ""))
    return tuple(out)


def _text(kind, value) -> str:
    if value is None:
        return ""
    return kind.as_text(value) if kind is not None else str(value)


def _document_pages(old: Compared, new: Compared) -> dict[str, tuple[int, ...]]:
    """For each document both sides have, the pages of its plain PDF whose text changed."""
    out = {}
    old_documents = {d.id: d for d in old.game.documents}
    for document in new.game.documents:
        if document.id not in old_documents:
            continue
        texts = [_page_texts(plain_pdf(side.game, side.faces, doc))
                 for side, doc in ((old, old_documents[document.id]), (new, document))]
        changed = tuple(n for n in range(1, len(texts[1]) + 1)
                        if n > len(texts[0]) or texts[0][n - 1] != texts[1][n - 1])
        if changed:
            out[f"{document.id}.pdf"] = changed
    return out


def _page_texts(pdf: bytes) -> list[str]:
    from pypdf import PdfReader           # only when documents are compared

    return [" ".join(page.extract_text().split()) for page in PdfReader(BytesIO(pdf)).pages]
