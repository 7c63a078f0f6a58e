"""Limits on tables of cards: CSV files and .xlsx workbooks, as a game loads them."""
from __future__ import annotations

import zipfile
from pathlib import Path

from openpyxl import Workbook

from cardgen.base.limits import CELL_CHARS
from limits.probing import Pair, Run, loaded, sized


def _game_reading(run: Run, cards: str) -> Path:
    game = run.game()
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("cards/heroes.yaml", cards), encoding="utf-8")
    return game


def _csv(run: Run, rows: list[str]) -> str | None:
    game = _game_reading(run, "cards/heroes.csv")
    (game / "cards" / "heroes.csv").write_text("name,power,text\n" + "".join(rows), encoding="utf-8")
    return loaded(game)


def _xlsx(run: Run, rows: list[list]) -> Path:
    """A game whose cards are the sheet 'hero' of cards/heroes.xlsx, under a header row."""
    game = _game_reading(run, "cards/heroes.xlsx")
    book = Workbook()
    book.active.title = "hero"
    for row in [["name", "power", "text"], *rows]:
        book.active.append(row)
    book.save(game / "cards" / "heroes.xlsx")
    return game


def _workbook(name: str, over: int):
    """A check loading a workbook that is `over` past the limit `name` (its bytes, or its parts'
    bytes unpacked): the limit is set to the workbook's own measure, less `over`."""
    def check(run: Run) -> str | None:
        game = _xlsx(run, [["A Hero", 1, "x"]])
        path = game / "cards" / "heroes.xlsx"
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
        measured = path.stat().st_size if name == "WORKBOOK_BYTES" else unpacked
        run.limit(name, measured - over)
        return loaded(game)
    return check


CHECKS = {
    "TABLE_ROWS": sized(lambda run, n: _csv(run, [f"Hero {i},1,x\n" for i in range(n)]),
                        lambda run: run.limit("TABLE_ROWS", 3)),
    "CELL_CHARS": sized(lambda run, n: _csv(run, [f'A Hero,1,"{"x" * n}"\n']), lambda run: CELL_CHARS),
    "TABLE_COLUMNS": sized(lambda run, n: loaded(_xlsx(run, [["A Hero", 1] + [None] * (n - 3) + ["x"]])),
                           lambda run: run.limit("TABLE_COLUMNS", 3)),
    "WORKBOOK_BYTES": Pair(_workbook("WORKBOOK_BYTES", 0), _workbook("WORKBOOK_BYTES", 1)),
    "WORKBOOK_UNPACKED_BYTES": Pair(_workbook("WORKBOOK_UNPACKED_BYTES", 0),
                                    _workbook("WORKBOOK_UNPACKED_BYTES", 1)),
}
