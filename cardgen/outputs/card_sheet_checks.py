"""The card sheets' own checks: cards fit their sleeves and the page, a deck's size is bounded,
the page footer can be printed, and the marks the grid leaves out are said."""
from __future__ import annotations

from cardgen import catalog
from cardgen.errors import Report
from cardgen.model import Game, Source
from cardgen.drawing import fonts
from cardgen.imposition import ImpositionError, plan_sheet
from cardgen.outputs.page_footer import FOOTER_FAMILY, fit_footer, footer_forms
from cardgen.limits import PRINTED_CARDS



def check_footer(game: Game, report: Report) -> None:
    """The page footer prints the title, version and deck names: each must be printable."""
    face = fonts.family(FOOTER_FAMILY).face()
    texts = [(game.title, game.where("title"), "title"), (game.version, game.where("version"), "version")]
    texts += [(deck.name, Source(deck.source.file, deck.source.line, deck.source.path + ("name",)),
               f"deck '{deck.id}' name") for deck in game.decks]
    for text, where, what in texts:
        missing = fonts.missing_glyphs(text, face)
        backwards = fonts.right_to_left(text)
        if missing:
            report.error(where.file, where.line, where.path, f"the page footer's font has no glyph "
                         f"for {_listed(missing)} in the {what}; it would print as a box",
                         code="missing-glyph")
        if backwards:
            report.error(where.file, where.line, where.path, f"the {what} holds right-to-left text "
                         f"({_listed(backwards)}), which the page footer would print reversed",
                         code="right-to-left")


def _listed(chars) -> str:
    return ", ".join(f"'{c}' (U+{ord(c):04X})" for c in chars[:5])


def check_print(game: Game, report: Report) -> None:
    check_footer(game, report)
    settings = game.print   # with any --page or --duplex of this run already applied
    page_size = catalog.page_sizes()[settings.page]
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
            plan = plan_sheet(page_size, (size.width, size.height), settings.bleed, settings.margin,
                              settings.duplex, settings.crop_marks, settings.back_offset,
                              bool(settings.mark_every_cut))
        except ImpositionError as exc:
            if exc.setting == "back_offset":
                at = _offset_source(game)
                report.error(at.file, at.line, at.path, f"deck '{deck.id}': {exc}; measure the "
                             "offset again (cardgen calibrate) and set print.back_offset or "
                             "--back-offset to what the calibration sheet reads", code="back-offset")
            else:
                report.error(where.file, where.line, where.path, str(exc), code="page-fit")
            continue
        if plan.unmarked and settings.mark_every_cut is None:
            _unmarked_cuts(game, deck, plan, page_size, where, report)
        _offset_cost(game, deck, plan, page_size, report)
        _footer_room(game, deck, plan, where, report)
    if settings.duplex == "fold" and settings.back_offset != (0.0, 0.0):
        at = game.where("print")
        report.warning(at.file, at.line, at.path, "a back offset has no effect on gutterfold "
                       "sheets, where fronts and backs print on one side; it is not applied",
                       code="back-offset-ignored")


def _unmarked_cuts(game: Game, deck, plan, page_size, where: Source, report: Report) -> None:
    """Cut lines the full grid leaves no room to mark: say so, and what the choice costs."""
    settings = game.print
    marked = plan_sheet(page_size, (deck.size.width, deck.size.height), settings.bleed,
                        settings.margin, settings.duplex, True, settings.back_offset, True)
    report.warning(where.file, where.line, where.path,
                   f"on {settings.page} paper, deck '{deck.id}' ({plan.columns} x {plan.rows} "
                   f"cards a sheet) leaves no room for crop marks on the {' or '.join(plan.unmarked)} "
                   f"of the block, so those cuts are unmarked; set print: mark_every_cut: true for "
                   f"{marked.per_page} cards a sheet with every cut marked, or false to keep "
                   f"{plan.per_page} and the marks that fit", code="unmarked-cuts")


def _offset_source(game: Game) -> Source:
    at = game.where("print")
    return Source(at.file, at.line, ("print", "back_offset"))


def _offset_cost(game: Game, deck, plan, page_size, report: Report) -> None:
    """A back offset the fronts make room for may cost cards on each sheet: say so."""
    settings = game.print
    if plan.back_offset == (0.0, 0.0):
        return
    plain = plan_sheet(page_size, (deck.size.width, deck.size.height), settings.bleed,
                       settings.margin, settings.duplex, settings.crop_marks, (0.0, 0.0),
                       bool(settings.mark_every_cut))
    if plain.per_page > plan.per_page:
        at = _offset_source(game)
        dx, dy = plan.back_offset
        report.warning(at.file, at.line, at.path,
                       f"on {settings.page} paper, deck '{deck.id}' prints {plan.per_page} cards a "
                       f"sheet, not {plain.per_page}: the fronts leave room for their backs to move "
                       f"by the back offset ({dx:g}, {dy:g} mm) without reaching the printer margin",
                       code="back-offset-costs-cards")


def _footer_room(game: Game, deck, plan, where: Source, report: Report) -> None:
    """Every page's footer must say the game, the deck and the version at 5 pt or more."""
    identity = (game.title, deck.name, f"version {game.version}")
    sheets = -(-deck.card_count // plan.per_page)
    separate_backs = bool(plan.backs) and not plan.backs_on_same_page
    total = sheets * (2 if separate_backs else 1)
    for rooms in (plan.footer, plan.back_footer) if separate_backs else (plan.footer,):
        side = "fronts and backs" if plan.backs_on_same_page else "fronts"
        if fit_footer(rooms, footer_forms(identity, side, total, total)) is None:
            report.warning(where.file, where.line, where.path,
                           f"on {game.print.page} paper, the page footer of deck '{deck.id}' has no "
                           f"room for '{' · '.join(identity)}' at 5 pt; a shorter game title or "
                           f"deck name would fit", code="footer-room")
            return
