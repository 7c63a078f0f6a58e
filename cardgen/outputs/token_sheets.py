"""The token sheets output: every token set of a game in one PDF, `tokens.pdf`, tokens packed
densely inside the printer margin, each with its own back behind it on the flip side, and a thin
cut line along its outline."""
from __future__ import annotations

import io
from typing import Callable, Sequence

from reportlab.lib.colors import Color

from cardgen import catalog
from cardgen.drawing import fonts
from cardgen.errors import Report
from cardgen.layout.bind import CardFace, Scope, bind_face
from cardgen.layout.library import LayoutLibrary
from cardgen.layout.resolve import DeckFaces, _as_text, _report
from cardgen.model import Face, Game, Source, Token, TokenSet, frozen_map
from cardgen.outputs.sheet_drawing import define_form, draw_footer, new_canvas
from cardgen.packing import TOKEN_BLEED, PackingError, footprint, outline, plan_tokens
from cardgen.units import mm_to_pt

CUT_LINE = Color(0.45, 0.45, 0.45)
FILE = "tokens.pdf"


class TokenSheets:
    name = "tokens"
    description = "token sheets: every token set of the game, packed to cut"

    def check(self, game: Game, report: Report) -> None:
        page = catalog.page_sizes()[game.print.page]
        for token_set in game.token_sets:
            try:
                plan_tokens(page, token_set.shape, token_set.size, game.print.margin)
            except PackingError as exc:
                where = token_set.source
                report.error(where.file, where.line, where.path + ("size",), str(exc),
                             code="page-fit")
        bind_tokens(game, report)

    def file_names(self, game: Game) -> dict[str, list[tuple[str, Source]]]:
        if not game.token_sets:
            return {}
        return {FILE: [(f"token set '{game.token_sets[0].id}'", game.token_sets[0].source)]}

    def render(self, game: Game, faces: Sequence[DeckFaces],
               progress: Callable[[int], None]) -> dict[str, bytes]:
        if not game.token_sets:
            return {}
        return {FILE: render_tokens(game, bind_tokens(game, Report()))}


def bind_tokens(game: Game, report: Report) -> dict[tuple, CardFace]:
    """Every token's front and back, bound to their layouts: (set id, token index, side) -> face."""
    families = fonts.game_families(game.fonts, Report())
    library = LayoutLibrary(game.layout_dirs, report, families)
    shared = {"root": game.root, "images": {}, "legibility": game.legibility, "families": families}
    out = {}
    for token_set in game.token_sets:
        width, height = footprint(token_set.shape, token_set.size)
        for index, token in enumerate(token_set.tokens):
            for side, face in (("front", token.face or token_set.face), ("back", token.back or token_set.back)):
                if face is None:
                    continue
                layout = library.get(face.layout, face.source)
                if layout is None:
                    continue
                bound, problems = bind_face(f"{token_set.id}/{index}/{side}", layout,
                                            _scope(game, token_set, token, face), width, height,
                                            TOKEN_BLEED, shared)
                _report(problems, None, layout.name, report, face.source)
                out[token_set.id, index, side] = bound
    return out


def _scope(game: Game, token_set: TokenSet, token: Token, face: Face) -> Scope:
    values = {**{f"game.{k}": v for k, v in game.values.items()},
              "set.id": token_set.id, "set.name": token_set.name, "name": token.name,
              "copies": token.copies, **face.values, **token.values}
    return Scope(frozen_map(values), frozen_map({k: _as_text(v) for k, v in values.items()}))


def render_tokens(game: Game, faces: dict[tuple, CardFace]) -> bytes:
    page = catalog.page_sizes()[game.print.page]
    duplex = "short" if game.print.duplex == "short" else "long"
    first = plan_tokens(page, game.token_sets[0].shape, game.token_sets[0].size, game.print.margin)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, first, f"{game.title} - tokens", ", ".join(game.credits), duplex,
                        game.print.cmyk)
    for key, face in faces.items():
        define_form(canvas, _form(key), face)
    for token_set in game.token_sets:
        plan = plan_tokens(page, token_set.shape, token_set.size, game.print.margin)
        sequence = [index for index, token in enumerate(token_set.tokens) for _ in range(token.copies)]
        two_sided = any((token_set.id, i, "back") in faces for i in range(len(token_set.tokens)))
        for start in range(0, len(sequence), plan.per_page):
            sheet = sequence[start:start + plan.per_page]
            for (x, y), index in zip(plan.centres, sheet):
                _place(canvas, _form((token_set.id, index, "front")), token_set, x, y, cut=True)
            _footer(canvas, plan, game, token_set, "fronts")
            canvas.showPage()
            if two_sided:
                for (x, y), index in zip(plan.backs(duplex), sheet):
                    if (token_set.id, index, "back") in faces:
                        _place(canvas, _form((token_set.id, index, "back")), token_set, x, y, cut=False)
                _footer(canvas, plan, game, token_set, "backs")
                canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _form(key: tuple) -> str:
    set_id, index, side = key
    return f"token-{set_id}-{index}-{side}"


def _place(canvas, form: str, token_set: TokenSet, x: float, y: float, cut: bool) -> None:
    """A token's face centred on (x, y), clipped to its outline plus bleed; its cut line on top."""
    width, height = footprint(token_set.shape, token_set.size)
    canvas.saveState()
    canvas.clipPath(_path(canvas, token_set, x, y, TOKEN_BLEED), stroke=0, fill=0)
    canvas.translate(mm_to_pt(x - width / 2), mm_to_pt(y - height / 2))
    canvas.doForm(form)
    canvas.restoreState()
    if cut:
        canvas.saveState()
        canvas.setStrokeColor(CUT_LINE)
        canvas.setLineWidth(0.25)
        canvas.drawPath(_path(canvas, token_set, x, y, 0.0), stroke=1, fill=0)
        canvas.restoreState()


def _path(canvas, token_set: TokenSet, x: float, y: float, grow: float):
    path = canvas.beginPath()
    if token_set.shape == "circle":
        path.circle(mm_to_pt(x), mm_to_pt(y), mm_to_pt(token_set.size / 2 + grow))
        return path
    if token_set.shape == "rounded":
        width, _ = footprint("square", token_set.size)
        radius = token_set.size * 0.15
        path.roundRect(mm_to_pt(x - width / 2 - grow), mm_to_pt(y - width / 2 - grow),
                       mm_to_pt(width + 2 * grow), mm_to_pt(width + 2 * grow), mm_to_pt(radius + grow))
        return path
    corners = outline(token_set.shape, x, y, token_set.size, grow)
    path.moveTo(*(mm_to_pt(v) for v in corners[0]))
    for corner in corners[1:]:
        path.lineTo(*(mm_to_pt(v) for v in corner))
    path.close()
    return path


class _SheetSize:
    """What new_canvas and draw_footer need of a plan: the page and where the footer goes."""

    def __init__(self, plan, footer):
        self.page_width, self.page_height, self.footer = plan.page_width, plan.page_height, footer


def _footer(canvas, plan, game: Game, token_set: TokenSet, side: str) -> None:
    sheet = _SheetSize(plan, (game.print.margin + 1.0, game.print.margin + 1.0,
                              plan.page_width - 2 * game.print.margin - 2.0, False))
    draw_footer(canvas, sheet, (f"{game.title} \u00b7 {token_set.name} \u00b7 version "
                                f"{game.version} \u00b7 {side}", f"{token_set.name} \u00b7 {side}"))

