"""The card sheets' own checks: cards fit their sleeves and the page, a deck's size is bounded,
the page footer can be printed, and the marks the grid leaves out and the bleed the page cuts
back are said."""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import Sequence

from cardgen import catalog
from cardgen.base.errors import Report
from cardgen.imposition import ImpositionError, SheetPlan, plan_sheet
from cardgen.imposition.arrange import arrange, in_order, mismatches, on_sheet
from cardgen.resolve.bind import CardFace
from cardgen.resolve.preflight import area_inks, bleed_colours, bleeds_differ
from cardgen.resolve.resolve import DeckFaces
from cardgen.base.limits import PRINTED_CARDS
from cardgen.load.cards import slug
from cardgen.base.model import CardSize, Deck, Game, PrintSettings, Source
from cardgen.render.page_footer import check_printable
from cardgen.render.pages import DOT, identity
from cardgen.render.sheet_drawing import decks_part, footer_style, sheet_sides


def check_footer(game: Game, report: Report) -> None:
    """The page footer prints the title, version and deck names: each must be printable."""
    check_printable(game.title, game.where("title"), "title", report)
    check_printable(game.version, game.where("version"), "version", report)
    for deck in game.decks:
        check_printable(deck.name, Source(deck.source.file, deck.source.line,
                                          deck.source.path + ("name",)),
                        f"deck '{deck.id}' name", report)


def sheet_groups(items, pack: bool) -> list[tuple[str, list]]:
    """The PDFs to make from decks (or their faces): one per deck's `file` (its id unless it names
    one), or with `pack` one per card size shared by several decks (named after the size), in the
    order the decks are written."""
    if not pack:
        by_file: dict[str, list] = {}
        for item in items:
            by_file.setdefault(_deck(item).file_name, []).append(item)
        return list(by_file.items())
    by_size: dict[tuple, list] = {}
    for item in items:
        by_size.setdefault((_deck(item).size.width, _deck(item).size.height), []).append(item)
    return [(_deck(group[0]).id if len(group) == 1 else f"{slug(_deck(group[0]).size.name)}-decks",
             group) for group in by_size.values()]


def sheet_plan(settings: PrintSettings, page: tuple[float, float], size: CardSize,
               separate: bool = False, even: bool = True, **changes) -> SheetPlan:
    """The sheet plan for cards of `size` under the print settings, any of them changed;
    `separate`: with gutters where the page has room (the cards' bleeds differ)."""
    settings = replace(settings, **changes)
    return plan_sheet(page, (size.width, size.height), settings.bleed, settings.margin,
                      settings.duplex, settings.crop_marks, settings.back_offset,
                      bool(settings.mark_every_cut), bool(settings.full_bleed), separate, even)


def printed_faces(group: Sequence[DeckFaces]) -> list[tuple[str, CardFace]]:
    """(card name, front) of every card a PDF of `group` prints, copies counted, in print order:
    the order its sheets take them in."""
    return [(card.name, faces.fronts[card.id]) for faces in group for card in faces.deck.cards
            if card.id in faces.fronts for _ in range(card.copies)]


class EdgeColours:
    """Each face's bleed colours by side (`edge_colours`), worked out once a face however many
    copies of it print and however often its sheets are planned. A cache owned by one build's
    card sheets (PlannedSheets): it holds each face it judged, so no id it keys is reused."""

    def __init__(self) -> None:
        self._by_face: dict[int, tuple[CardFace, dict]] = {}
        self._by_areas: dict[tuple, dict] = {}   # faces painting the same areas share colours

    def __call__(self, face: CardFace) -> dict:
        known = self._by_face.get(id(face))
        if known is None:
            areas = area_inks(face)
            painted = (face.width, face.height, face.bleed, areas)
            colours = self._by_areas.get(painted)
            if colours is None:
                colours = self._by_areas[painted] = bleed_colours(*painted)
            known = self._by_face[id(face)] = (face, colours)
        return known[1]


class PlannedSheets:
    """Each PDF's sheets planned once a build (its checks and its drawing read one plan), with
    each face's bleed colours (EdgeColours). Owned by one build's card sheets: it keeps what it
    planned for, so no id it keys is reused."""

    def __init__(self) -> None:
        self.colours_of = EdgeColours()
        self._plans: dict[tuple, tuple] = {}

    def __call__(self, settings: PrintSettings, page: tuple[float, float],
                 group: Sequence[DeckFaces]) -> tuple[SheetPlan, list, list[dict]]:
        key = (id(settings), page, tuple(id(faces) for faces in group))
        known = self._plans.get(key)
        if known is None:
            known = self._plans[key] = (settings, tuple(group),
                                        sheets_for(settings, page, group, self.colours_of))
        return known[2]


def sheets_for(settings: PrintSettings, page: tuple[float, float], group: Sequence[DeckFaces],
               colours_of: EdgeColours | None = None) -> tuple[SheetPlan, list, list[dict]]:
    """The plan of a PDF of `group`, which slot of which sheet each card takes, and each card's
    bleed colours by side of the sheet. Cards whose bleeds differ get gutters where the page
    has room; with `separate_colours`, a slot is left empty where two would share a cut."""
    colours_of = colours_of or EdgeColours()
    edges = [colours_of(face) for _, face in printed_faces(group)]
    known = {c for e in edges for c in e.values() if c is not None}
    mixed = any(bleeds_differ(a, b) for a, b in combinations(known, 2))
    plan = sheet_plan(settings, page, group[0].deck.size, separate=mixed)
    turned = [on_sheet(e, plan.fronts[0].rotation) for e in edges]
    if mixed and settings.separate_colours:
        sheets = arrange(plan, turned, bleeds_differ)
        if len(sheets) <= -(-len(turned) // len(plan.fronts)):
            return plan, sheets, turned          # as few sheets as the cards can take
        # even gutters read as meant; uneven ones only where they save a sheet
        uneven = sheet_plan(settings, page, group[0].deck.size, separate=True, even=False)
        if uneven.fronts[0].rotation == plan.fronts[0].rotation:
            fewer = arrange(uneven, turned, bleeds_differ)
            if len(fewer) < len(sheets):
                return uneven, fewer, turned
        return plan, sheets, turned
    return plan, in_order(plan, len(edges)), turned


def check_shared_cuts(game: Game, faces, report: Report, planned: PlannedSheets) -> None:
    """Cards whose bleeds differ visibly in colour sharing a cut, on a PDF's sheets as they
    are printed: a cut a little off the line leaves a sliver of one on the other."""
    settings = game.print
    if settings.separate_colours is not None:
        return
    page = catalog.page_sizes()[settings.page]
    for name, group in sheet_groups(faces.decks, settings.pack):
        try:
            plan, sheets, turned = planned(settings, page, group)
        except ImpositionError:
            return                  # said already, deck by deck
        names = [card for card, _ in printed_faces(group)]
        found = []
        for number, taken in enumerate(sheets, start=1):
            cards = dict(taken)
            found += [(number, cards[a], cards[b]) for a, b in
                      mismatches(plan, {slot: turned[i] for slot, i in taken}, bleeds_differ)]
        if not found:
            continue
        separated = sheets_for(replace(settings, separate_colours=True), page, group,
                               planned.colours_of)[1]
        number, a, b = found[0]
        deck = group[0].deck
        where = Source(deck.source.file, deck.source.line, deck.source.path)
        report.warning(where.file, where.line, where.path,
                       f"on {settings.page} paper, {name}.pdf has {len(found)} cut"
                       f"{'s' * (len(found) > 1)} shared by cards whose bleeds differ in colour "
                       f"(the first: '{names[a]}' and '{names[b]}', sheet {number}): a cut a little "
                       f"off the line leaves a sliver of one on the other; set print: "
                       f"separate_colours: true to leave a slot empty between them "
                       f"({_sheets(len(separated))} instead of {len(sheets)}), or false to keep "
                       "them", code="shared-cut-colours")


def _sheets(count: int) -> str:
    return f"{count} sheet{'s' * (count != 1)}"


def _deck(item) -> Deck:
    return item.deck if isinstance(item, DeckFaces) else item


def check_print(game: Game, report: Report) -> None:
    check_footer(game, report)
    settings = game.print   # with any --page or --duplex of this run already applied
    page_size = catalog.page_sizes()[settings.page]
    thin: dict[tuple, list] = {}       # card size -> (deck, plan) of decks whose bleed is cut back
    for deck in game.decks:
        if deck.card_count > PRINTED_CARDS:
            report.error(deck.source.file, deck.source.line, deck.source.path,
                         f"deck '{deck.id}' prints {deck.card_count:,} cards (copies counted); the "
                         f"limit is {PRINTED_CARDS:,} a deck: split it into several decks",
                         code="too-many-cards")
        size = deck.size
        where = deck.size_source or Source(deck.source.file, deck.source.line,
                                           deck.source.path + ("size",))
        if size.sleeve_width is not None:
            spare_w = size.sleeve_width - size.width
            spare_h = size.sleeve_height - size.height
            if min(spare_w, spare_h) < catalog.SLEEVE_CLEARANCE_MM - 1e-6:
                report.error(where.file, where.line, where.path,
                             f"a {size.width:g} x {size.height:g} mm card leaves only "
                             f"{min(spare_w, spare_h):g} mm in a {size.sleeve} sleeve; it needs "
                             f"{catalog.SLEEVE_CLEARANCE_MM:g} mm", code="sleeve-fit")
        try:
            plan = sheet_plan(settings, page_size, size)
        except ImpositionError as exc:
            if exc.problem.code == "back-offset":
                at = _offset_source(game)
                report.raised(exc, at.file, at.line, at.path, f"deck '{deck.id}': {exc}; measure "
                              "the offset again (cardgen calibrate) and set print.back_offset or "
                              "--back-offset to what the calibration sheet reads")
            else:
                report.raised(exc, where.file, where.line, where.path)
            continue
        if plan.unmarked and settings.mark_every_cut is None:
            _unmarked_cuts(game, deck, plan, page_size, where, report)
        if settings.full_bleed is None and plan.thin:
            thin.setdefault((size.width, size.height), []).append((deck, plan))
        _offset_cost(game, deck, plan, page_size, report)
    for decks in thin.values():
        _thin_bleed(game, decks, page_size, report)
    for _, decks in sheet_groups(game.decks, settings.pack):
        _footer_room(game, decks, page_size, report)
    if settings.duplex == "fold" and settings.back_offset != (0.0, 0.0):
        at = game.where("print")
        report.warning(at.file, at.line, at.path, "a back offset has no effect on gutterfold "
                       "sheets, where fronts and backs print on one side; it is not applied",
                       code="back-offset-ignored")


def _unmarked_cuts(game: Game, deck, plan, page_size, where: Source, report: Report) -> None:
    """Cut lines the full grid leaves no room to mark: say so, and what the choice costs."""
    settings = game.print
    marked = sheet_plan(settings, page_size, deck.size, crop_marks=True, mark_every_cut=True)
    report.warning(where.file, where.line, where.path,
                   f"on {settings.page} paper, deck '{deck.id}' ({plan.columns} x {plan.rows} "
                   f"cards a sheet) leaves no room for crop marks on the {' or '.join(plan.unmarked)} "
                   f"of the block, so those cuts are unmarked; set print: mark_every_cut: true for "
                   f"{marked.per_page} cards a sheet with every cut marked, or false to keep "
                   f"{plan.per_page} and the marks that fit", code="unmarked-cuts")


def _thin_bleed(game: Game, decks: list, page_size, report: Report) -> None:
    """Bleed the page cuts back round the block of cards of one size, below what the game asks:
    say where, how much is left, and what keeping it all would cost."""
    settings = game.print
    deck, plan = decks[0]
    kept = plan.kept_bleed()
    thin = [f"{round(kept[side], 2):g} mm {WHERE[side]}" for side in ("bottom", "top", "left", "right")
            if kept[side] < settings.bleed - 1e-6]
    full = sheet_plan(settings, page_size, deck.size, full_bleed=True)
    if full.thin:
        offer = "no grid on this paper keeps it all"
    else:
        offer = (f"set print: full_bleed: true for {full.per_page} a sheet with the whole bleed, "
                 f"or false to keep {plan.per_page} and say nothing")
    names = ", ".join(f"'{d.id}'" for d, _ in decks)
    where = deck.size_source or Source(deck.source.file, deck.source.line,
                                       deck.source.path + ("size",))
    report.warning(where.file, where.line, where.path,
                   f"on {settings.page} paper, {plan.per_page} cards a sheet ({plan.columns} x "
                   f"{plan.rows}, deck{'s' * (len(decks) > 1)} {names}) keep only "
                   f"{' and '.join(thin)} of the {settings.bleed:g} mm bleed (the page has no more room "
                   f"round the block and its crop marks): a cut that far off the line shows white; "
                   f"{offer}",
                   code="bleed-cut-back")


WHERE = {"bottom": "below the block", "top": "above it", "left": "left of it", "right": "right of it"}


def _offset_source(game: Game) -> Source:
    at = game.where("print")
    return Source(at.file, at.line, ("print", "back_offset"))


def _offset_cost(game: Game, deck, plan, page_size, report: Report) -> None:
    """A back offset the fronts make room for may cost cards on each sheet: say so."""
    settings = game.print
    if plan.back_offset == (0.0, 0.0):
        return
    plain = sheet_plan(settings, page_size, deck.size, back_offset=(0.0, 0.0))
    if plain.per_page > plan.per_page:
        at = _offset_source(game)
        dx, dy = plan.back_offset
        report.warning(at.file, at.line, at.path,
                       f"on {settings.page} paper, deck '{deck.id}' prints {plan.per_page} cards a "
                       f"sheet, not {plain.per_page}: the fronts leave room for their backs to move "
                       f"by the back offset ({dx:g}, {dy:g} mm) without reaching the printer margin",
                       code="back-offset-costs-cards")


def _footer_room(game: Game, decks, page_size, report: Report) -> None:
    """Every page of a PDF of cards (one deck's, or the decks packed into it) must say the game,
    its decks and the version at 5 pt or more, as the renderer prints them."""
    settings, size = game.print, decks[0].size
    try:
        plan = sheet_plan(settings, page_size, size)
    except ImpositionError:
        return                  # said already, deck by deck
    total = -(-sum(d.card_count for d in decks) // plan.per_page) * len(sheet_sides(plan, settings.duplex))
    _say_footer_room(game, decks, plan, total, report)


def check_footers_between_gutters(game: Game, faces, report: Report,
                                  planned: PlannedSheets) -> None:
    """The footer check again, on the sheets of a PDF whose cards' bleeds differ in colour: their
    gutters move the block, its marks and so the room the footer has, and parted colours may
    take more sheets."""
    settings = game.print
    page = catalog.page_sizes()[settings.page]
    for _, group in sheet_groups(faces.decks, settings.pack):
        decks = [item.deck for item in group]
        try:
            plan, sheets, _ = planned(settings, page, group)
            plain = sheet_plan(settings, page, decks[0].size)
        except ImpositionError:
            return              # said already, deck by deck
        if plan == plain and len(sheets) == -(-sum(d.card_count for d in decks) // plan.per_page):
            continue            # the sheets the check before the faces judged
        _say_footer_room(game, decks, plan, len(sheets) * len(sheet_sides(plan, settings.duplex)),
                         report)


def _say_footer_room(game: Game, decks, plan, pages: int, report: Report) -> None:
    settings = game.print
    says = identity(game, decks_part(decks))
    if footer_style(says, plan, settings.duplex, pages) is None:
        deck = decks[0]
        where = deck.size_source or Source(deck.source.file, deck.source.line,
                                           deck.source.path + ("size",))
        whose = (f"deck '{deck.id}'" if len(decks) == 1 else
                 "the decks packed together, " + ", ".join(f"'{d.id}'" for d in decks))
        report.warning(where.file, where.line, where.path,
                       f"on {settings.page} paper, the page footer of {whose} has no room for "
                       f"'{DOT.join(says)}' at 5 pt; a shorter game title or deck name would fit",
                       code="footer-room")
