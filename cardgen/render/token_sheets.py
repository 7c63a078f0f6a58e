"""The token sheets output: every token set of a game in one PDF, `tokens.pdf`, tokens packed
in plain rows inside the printer margin with bare paper between them, each with one cut line
on its outline, a white core edged in dark grey, the same on every token. A two-sided token's
back goes behind its front on the flip side of the sheet (duplex long or short), or beside it
to fold over (duplex fold); with duplex none only the fronts print."""
from __future__ import annotations

import io
from typing import Callable

from cardgen import catalog
from cardgen.base.errors import Report
from cardgen.drawing.pictures import PictureCache
from cardgen.resolve.resolve import Faces
from cardgen.base.model import Game, Source, TokenSet
from cardgen.render.base import SIDES, OutputKind, listed
from cardgen.imposition import FOOTER_CLEAR, FooterRoom
from cardgen.render.page_footer import check_printable, draw_footer, fit_footer, footer_forms
from cardgen.render.pages import DOT, document_info, identity, identity_line, new_document, page_size, save
from cardgen.render.sheet_drawing import define_form
from cardgen.render.token_outlines import (crop_ticks, cut_line, fold_pair_cut_line,
                                            place_face)
from cardgen.shared.packing import (FOOTER_ROOM, PRINT_INSET, Item, PackingError, Placed, TokenPlan,
                                    keep_clear, plan_token_sheets)

FILE = "tokens.pdf"


class TokenSheets(OutputKind):
    name = "tokens"
    description = "token sheets: every token set of the game, packed to cut"
    default = True

    def check(self, game: Game, report: Report) -> None:
        fits = True
        for token_set in game.token_sets:
            where = token_set.source
            check_printable(token_set.name, Source(where.file, where.line, where.path + ("name",)),
                            f"token set '{token_set.id}' name", report)
            try:
                plan_for(game, [token_set])
            except PackingError as exc:
                report.raised(exc, where.file, where.line, where.path + ("size",))
                fits = False
        if fits and game.token_sets:
            _check_footers(game, report)

    def file_names(self, game: Game) -> dict[str, list[tuple[str, Source]]]:
        if not game.token_sets:
            return {}
        return {FILE: [(f"token set '{game.token_sets[0].id}'", game.token_sets[0].source)]}

    def assembly(self, game: Game) -> str | None:
        if not game.token_sets:
            return None
        flips = {sides(game, token_set) for token_set in game.token_sets}
        how = next((f for f in ("long", "short", "fold") if f in flips), "none")
        fold = "; fold each pair on its dashed line, printed sides out," if how == "fold" else ";"
        return (f"Tokens: {listed(self.file_names(game))}, {SIDES[how]}{fold} then cut each "
                "token out on its outline, the white line: its colour runs 1 mm past it, so "
                "that a cut a little wide shows no paper.")

    def render(self, game: Game, faces: Faces, progress: Callable[[int], None]) -> dict[str, bytes]:
        if not game.token_sets:
            return {}
        return {FILE: render_tokens(game, faces.tokens)}


def sides(game: Game, token_set: TokenSet) -> str:
    """How the set's backs print: "none" (one-sided, or fronts only), "fold" (beside the front),
    or the duplex flip, "long" or "short"."""
    if not token_set.two_sided or game.print.duplex == "none":
        return "none"
    return "fold" if token_set.backs == "fold" else game.print.duplex


def item_of(game: Game, token_set: TokenSet) -> Item:
    return Item(token_set.shape, token_set.size, token_set.points,
                paired=sides(game, token_set) == "fold", ticks=token_set.crop_ticks)


def plan_for(game: Game, token_sets) -> TokenPlan:
    page = catalog.page_sizes()[game.print.page]
    flips = {sides(game, s) for s in game.token_sets} & {"long", "short"}
    clear = keep_clear(page, game.print.margin, flips.pop() if flips else "none",
                       game.print.back_offset)
    return plan_token_sheets(page, clear, [(item_of(game, s), _labels(s)) for s in token_sets])


def _labels(token_set: TokenSet) -> list[tuple]:
    """Each printed token's owner and name, in print order: the packing starts a row for each."""
    return [(token.values.get("owner"), token.name) for token in token_set.tokens
            for _ in range(token.copies)]


def render_tokens(game: Game, faces) -> bytes:
    sets = game.token_sets
    items = [item_of(game, s) for s in sets]
    plan = plan_for(game, sets)
    printed = [[i for i, token in enumerate(s.tokens) for _ in range(token.copies)] for s in sets]
    flips = {sides(game, s) for s in sets} & {"long", "short"}
    duplex = flips.pop() if flips else "none"          # what the print dialog is told
    buffer = io.BytesIO()
    canvas = new_document(buffer, page_size(plan.page_width, plan.page_height),
                          document_info(game, "tokens", duplex))
    pictures = PictureCache()                  # one a PDF: each picture is put in it once
    for key, face in faces.items():
        define_form(canvas, _form(key), face, pictures, game.print.cmyk)
    for number, sheet in enumerate(plan.sheets, start=1):
        names = _set_names(sets, sheet)
        for placed in sheet:
            token_set = sets[placed.group]
            _front(canvas, plan, items[placed.group], token_set,
                   (token_set.id, printed[placed.group][placed.number]), placed, faces)
        with_backs = [p for p in sheet if sides(game, sets[p.group]) in ("long", "short")
                      and (sets[p.group].id, printed[p.group][p.number], "back") in faces]
        folded = any(items[p.group].paired for p in sheet)
        cut = "fold on the dashed lines, then cut on each white line" if folded else \
            "cut on each token's white line"
        _footer(canvas, plan, game, names, _page(number, duplex, 0),
                f"fronts{DOT}{cut}" if duplex != "none" else cut)
        canvas.showPage()
        if duplex != "none":        # a sheet of one-sided tokens gets a blank back, so the
            for placed in with_backs:   # next sheet's fronts are not printed on it
                token_set, item = sets[placed.group], items[placed.group]
                x, y = plan.back(item, placed, duplex, game.print.back_offset)
                key = (token_set.id, printed[placed.group][placed.number], "back")
                place_face(canvas, _form(key), token_set, x, y, "x" if duplex == "long" else "y")
            _footer(canvas, plan, game, names, _page(number, duplex, 1),
                    "backs" if with_backs else "blank back", at_top=duplex == "short")
            canvas.showPage()
    return save(canvas, buffer)


def _front(canvas, plan: TokenPlan, item: Item, token_set: TokenSet, token: tuple,
           placed: Placed, faces) -> None:
    """A token's front with its cut line and ticks; in a fold-over pair, its back beside it."""
    x, y = placed.x, placed.y
    back = (*token, "back")
    if not item.paired or back not in faces:
        place_face(canvas, _form((*token, "front")), token_set, x, y)
        cut_line(canvas, token_set, x, y)
        box = (x - item.width / 2, y - item.height / 2, x + item.width / 2, y + item.height / 2)
    else:
        fold = x + item.width / 2
        place_face(canvas, _form((*token, "front")), token_set, x, y,
                   keep=(0.0, 0.0, fold, plan.page_height))
        place_face(canvas, _form(back), token_set, x + item.width, y, "x",
                   keep=(fold, 0.0, plan.page_width, plan.page_height))
        fold_pair_cut_line(canvas, token_set, (x, y), (plan.page_width, plan.page_height))
        box = (x - item.width / 2, y - item.height / 2, x + 1.5 * item.width, y + item.height / 2)
    if token_set.crop_ticks:
        crop_ticks(canvas, box)


def _check_footers(game: Game, report: Report) -> None:
    """Every sheet's footer says the game, its token sets and the version at 5 pt or more, in
    the longest form the sheets are drawn with."""
    sets, plan = game.token_sets, plan_for(game, game.token_sets)
    total = 2 * len(plan.sheets)          # the widest page number, with backs
    for sheet in plan.sheets:
        names = _set_names(sets, sheet)
        if fit_footer((_footer_room(plan, game),), _footer_forms(game, names, total, total,
                                                                  "blank back")) is None:
            where = sets[sheet[0].group].source
            report.warning(where.file, where.line, where.path, f"on {game.print.page} paper, "
                           f"the footer of a token sheet has no room for "
                           f"'{identity_line(game, f'tokens: {names}')}' at 5 pt; a shorter "
                           "game title or token set name would fit", code="footer-room")
            return


def _set_names(sets, sheet) -> str:
    return ", ".join(dict.fromkeys(sets[p.group].name for p in sheet))


def _form(key: tuple) -> str:
    set_id, index, side = key
    return f"token-{set_id}-{index}-{side}"


def _page(sheet: int, duplex: str, side: int) -> tuple[int, int]:
    """(the page, of how many a sheet) of a sheet's fronts (side 0) or backs (side 1)."""
    per_sheet = 1 if duplex == "none" else 2
    return (sheet - 1) * per_sheet + side + 1, per_sheet


def _footer(canvas, plan, game: Game, names: str, page: tuple[int, int], side: str,
            at_top: bool = False) -> None:
    """The footer of a page, numbered among all the PDF's pages as every output numbers them."""
    number, per_sheet = page
    draw_footer(canvas, (_footer_room(plan, game, at_top),),
                _footer_forms(game, names, number, len(plan.sheets) * per_sheet, side), centred=True)


def _footer_room(plan: TokenPlan, game: Game, at_top: bool = False) -> FooterRoom:
    """The band the packing keeps free of tokens along the bottom of the fronts: the top of
    the backs, when a short-edge flip turns the sheet upside down."""
    margin, depth = game.print.margin + PRINT_INSET, FOOTER_ROOM - FOOTER_CLEAR
    low = plan.page_height - margin - depth if at_top else margin
    return FooterRoom(margin, low, plan.page_width - margin, low + depth)


def _footer_forms(game: Game, names: str, number: int, total: int, side: str):
    return footer_forms(identity(game, f"tokens: {names}"), side, number, total)
