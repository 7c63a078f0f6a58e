"""The card sheets' own checks: cards fit their sleeves and the page, a deck's size is bounded,
the page footer can be printed, and the marks the grid leaves out are said."""
from __future__ import annotations

from cardgen import catalog
from cardgen.errors import Report
from cardgen.model import Game, Source
from cardgen.drawing import fonts
from cardgen.imposition import ImpositionError, plan_sheet
from cardgen.outputs.sheet_drawing import FOOTER_FAMILY

MAX_PRINTED_CARDS = 10_000   # a deck's PDF past this is hundreds of sheets: a mistake, or many decks


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
        if deck.card_count > MAX_PRINTED_CARDS:
            report.error(deck.source.file, deck.source.line, deck.source.path,
                         f"deck '{deck.id}' prints {deck.card_count:,} cards (copies counted); the "
                         f"limit is {MAX_PRINTED_CARDS:,} a deck: split it into several decks",
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
            report.error(where.file, where.line, where.path, str(exc), code="page-fit")
            continue
        if plan.unmarked and settings.mark_every_cut is None:
            _unmarked_cuts(game, deck, plan, page_size, where, report)
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
