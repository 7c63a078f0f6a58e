"""Limits on what a game asks to be made: layout chains, card text, tokens, copies, printed
cards and tokens, board pages and exported images."""
from __future__ import annotations

import math
from pathlib import Path

from cardgen.base.errors import Report
from cardgen.resolve import library, scope
from cardgen.base.limits import COPIES, PATH_POINTS
from cardgen.load.game import load_game
from cardgen.render import card_sheet_checks, images
from cardgen.render.boards import Boards
from cardgen.shared import tiling
from limits.probing import Pair, Run, errors, loaded, sized


def _checked(game_dir: Path, check) -> str | None:
    """The errors of loading the game, then of `check(game, report)`."""
    report = Report()
    game = load_game(game_dir, report)
    if game is not None:
        check(game, report)
    return errors(report)


def _chain(run: Run, length: int) -> str | None:
    """A chain of `length` layouts, each extending the next."""
    folder = run.tmp_path / "layouts"
    folder.mkdir()
    for i in range(1, length + 1):
        parent = f"extends: l{i + 1}\n" if i < length else ""
        (folder / f"l{i}.yaml").write_text(f"{parent}elements:\n  e{i}: {{type: rect}}\n",
                                          encoding="utf-8")
    report = Report()
    library.LayoutLibrary((folder,), report).get("l1")
    return errors(report)


def _expansion(run: Run, growth: int) -> str | None:
    """Card text `{{a}}` whose fields fill in to `growth` characters more than the budget's base."""
    texts = {"a": "{{b}}" * 3, "b": "x" * (growth + 40)}
    try:
        scope.Scope(texts, texts, frozenset(texts)).expand("{{a}}")
    except scope.ExpansionError as exc:
        return str(exc)
    return None


def _path_token(run: Run, corners: int) -> str | None:
    points = ", ".join(f"[{20 + 15 * math.cos(2 * math.pi * i / corners):.3f}, "
                       f"{20 + 15 * math.sin(2 * math.pi * i / corners):.3f}]" for i in range(corners))
    return loaded(run.game(f"token_sets:\n  - {{id: arrows, shape: path, points: [{points}], "
                           "face: {layout: back}, tokens: [{name: Arrow}]}\n"))


def _deck_copies(run: Run, copies: int) -> str | None:
    game = run.game()
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("card_type: hero\n", f"card_type: hero\n"
                                                 f"    copies: {copies}\n"), encoding="utf-8")
    return loaded(game)


def _printed_cards(run: Run, count: int) -> str | None:
    game = run.game()
    cards = game / "cards" / "heroes.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("power: 3\n", f"power: 3\n    copies: {count - 1}\n"),
                     encoding="utf-8")
    return _checked(game, card_sheet_checks.check_print)


def _printed_tokens(run: Run, count: int) -> str | None:
    return loaded(run.game("token_sets:\n  - {id: pawns, size: 20mm, face: {layout: back}, "
                           f"tokens: [{{name: Pawn, copies: {count}}}]}}\n"))


def _board(over: int):
    """A check of a 600 mm board when the limit is the pages it needs, less `over`."""
    def check(run: Run) -> str | None:
        game_dir = run.game("boards:\n  - {id: arena, width: 600mm, height: 600mm, face: {layout: back}}\n")
        game = load_game(game_dir, Report())
        pages = len(tiling.board_plan(game, game.boards[0]).tiles)
        run.limit("BOARD_TILES", pages - over)
        report = Report()
        Boards().check(game, report)
        return errors(report)
    return check


def _image(run: Run, width: str, height: str, dpi: float) -> str | None:
    """The export-images check of a deck of `width` x `height` cards, at `dpi`, no bleed."""
    run.limit("IMAGE_PIXELS", 2_000_000)
    game_dir = run.game()
    text = (game_dir / "game.yaml").read_text(encoding="utf-8")
    (game_dir / "game.yaml").write_text(text.replace("size: poker", f"size: {{width: {width}, "
                                                     f"height: {height}}}"), encoding="utf-8")
    return _checked(game_dir, lambda game, report: images.CardImages(
        {"dpi": dpi, "bleed": False}).check(game, report))


CHECKS = {
    "EXTENDS_DEPTH": sized(_chain, lambda run: run.limit("EXTENDS_DEPTH", 3)),
    "TEXT_EXPANSION": sized(_expansion, lambda run: run.limit("TEXT_EXPANSION", 10)),
    "PATH_POINTS": sized(_path_token, lambda run: PATH_POINTS),
    "COPIES": sized(_deck_copies, lambda run: COPIES),
    "PRINTED_CARDS": sized(_printed_cards, lambda run: run.limit("PRINTED_CARDS", 4)),
    "PRINTED_TOKENS": sized(_printed_tokens, lambda run: run.limit("PRINTED_TOKENS", 5)),
    "BOARD_TILES": Pair(_board(0), _board(1)),
    # 25.4 dpi: a pixel a millimetre
    "IMAGE_SIDE": sized(lambda run, n: _image(run, f"{n}mm", "50mm", 25.4),
                        lambda run: run.limit("IMAGE_SIDE", 100)),
    # 254 dpi: ten pixels a millimetre; 200 x 100 mm is 2,000,000 pixels
    "IMAGE_PIXELS": Pair(lambda run: _image(run, "200mm", "100mm", 254),
                         lambda run: _image(run, "200mm", "100.1mm", 254)),
}
