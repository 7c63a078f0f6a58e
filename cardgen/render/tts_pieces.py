"""Tokens and boards for Tabletop Simulator: an image of each token kind's front (and back, when
it has one) cut to its outline, and of each board copy, PNG at most MAX_SIDE pixels a side; and
what the saved object says of each (tts_save.SavedPiece).

Every image sits in the tts folder itself, beside the deck sheets, so that one address
(`--base-url`) reaches them all: `token-<set>-<n>-<name>.png`, `board-<id>.png`.
"""
from __future__ import annotations

from typing import Iterator

from cardgen.base.model import Game, Source
from cardgen.load.cards import slug
from cardgen.render.raster import FaceImage, capped_dpi
from cardgen.render.token_outlines import outline_of
from cardgen.render.tts_save import BOARD_THICKNESS, MAX_SIDE, SavedPiece
from cardgen.resolve.resolve import Faces
from cardgen.shared.token_shapes import footprint

TOKEN_DPI = 300


def _token_file(token_set, index: int, token, side: str) -> str:
    """`token-<set>.png` for a set of one kind, else `token-<set>-<n>-<name>.png`."""
    suffix = "-back" if side == "back" else ""
    if len(token_set.tokens) == 1:
        return f"token-{token_set.id}{suffix}.png"
    width = len(str(len(token_set.tokens)))
    return f"token-{token_set.id}-{index + 1:0{width}d}-{slug(token.name)}{suffix}.png"


def _board_file(board, number: int) -> str:
    return f"board-{board.id}.png" if board.copies == 1 else f"board-{board.id}-{number}.png"


def piece_names(game: Game) -> Iterator[tuple[str, str, Source]]:
    """(file name in the tts folder, what makes it, where that is written) for every image."""
    for token_set in game.token_sets:
        for index, token in enumerate(token_set.tokens):
            where = token.source or token_set.source
            yield _token_file(token_set, index, token, "front"), f"token '{token.name}'", where
            if (token.back or token_set.back) is not None and token_set.shape != "path":
                yield _token_file(token_set, index, token, "back"), f"token '{token.name}'", where
    for board in game.boards:
        for number in range(1, board.copies + 1):
            yield _board_file(board, number), f"board '{board.id}'", board.source


def pieces(game: Game, faces: Faces) -> tuple[dict[str, FaceImage], list[SavedPiece]]:
    """Every token and board image (file name in the tts folder -> the image to make), and each
    piece of the saved object."""
    wanted: dict[str, FaceImage] = {}
    saved: list[SavedPiece] = []
    for token_set in game.token_sets:
        width, height = footprint(token_set.shape, token_set.size, token_set.points)
        dpi = capped_dpi(TOKEN_DPI, width, height, MAX_SIDE)
        for index, token in enumerate(token_set.tokens):
            names = {}
            for side in ("front", "back"):
                face = faces.tokens.get((token_set.id, index, side))
                if face is None or (side == "back" and token_set.shape == "path"):
                    continue
                names[side] = _token_file(token_set, index, token, side)
                wanted[names[side]] = FaceImage(face, dpi, "png", 0.0, outline=outline_of(token_set))
            if "front" in names:
                owner = token.values.get("owner_mark")
                named = token.name + (f" ({owner})" if owner is not None else "")
                saved.append(SavedPiece(named, token_set.name, token_set.shape, width,
                                        height, names["front"], names.get("back"),
                                        token.copies))
    for board in game.boards:
        dpi = capped_dpi(TOKEN_DPI, board.width, board.height, MAX_SIDE)
        for number, face in enumerate(faces.boards.get(board.id, ()), start=1):
            name = _board_file(board, number)
            wanted[name] = FaceImage(face, dpi, "png", 0.0)
            copy = board.copy_name(number)
            saved.append(SavedPiece(board.name + (f" ({copy})" if copy else ""), "", "square",
                                    board.width, board.height, name, None,
                                    thickness=BOARD_THICKNESS))
    return wanted, saved
