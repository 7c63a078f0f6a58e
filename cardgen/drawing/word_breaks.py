"""A word too wide for its box broken at its hyphenation points (hyphenation.py), rather than
the whole text shrunk for it: its first part ends the line being set if a break fits there, and
each part after starts a line."""
from __future__ import annotations

from functools import lru_cache

from cardgen.drawing.hyphenation import break_points
from cardgen.drawing.text_measure import Measured, Piece, measured_texts


def placed(word: Measured, size: float, x: float, gap: float, in_line: bool,
           width: float | None, hyphenate: bool) -> tuple[tuple[Measured, bool], ...]:
    """Where a word goes: its parts (the word whole, or broken with hyphens) each with whether
    it starts a new line, the line being set `x` wide so far (`in_line`: with a word on it)."""
    if width is None:
        return ((word, False),)
    if hyphenate and word[1] * size > width + 1e-6:
        broken = _broken(word, size, width - x - gap if in_line else None, width)
        if broken is not None:
            parts, here = broken
            return tuple((part, n > 0 or not here) for n, part in enumerate(parts))
    return ((word, in_line and x + gap + word[1] * size > width),)


@lru_cache(maxsize=20_000)
def _broken(word: Measured, size: float, room: float | None,
            width: float) -> tuple[tuple[Measured, ...], bool] | None:
    """A word wider than `width` broken at its hyphenation points, as late as each line allows:
    (its parts, and whether the first goes in `room`, what is left of the line being set); None
    it cannot be (no points, an icon in it, a part that fits nowhere)."""
    pieces, _ = word
    if any(piece.icon for piece in pieces):
        return None
    points = break_points("".join(piece.text for piece in pieces))
    parts: list[Measured] = []
    rest, done, here = word, 0, room is not None
    while rest[1] * size > width + 1e-6:
        space = room if here and not parts else width
        fitting = [(at, split) for at in points if at > done
                   if (split := _split(rest[0], at - done))[0][1] * size <= space + 1e-6]
        if fitting:
            done, (head, rest) = fitting[-1]
            parts.append(head)
        elif here and not parts:
            here = False            # no break fits what is left of the line: start a new one
        else:
            return None
    return (*parts, rest), here


@lru_cache(maxsize=20_000)
def _split(pieces: tuple[Piece, ...], at: int) -> tuple[Measured, Measured]:
    """A word's pieces broken before character `at`: the head with a hyphen in the face of the
    letter before it, and the tail, each measured at size 1."""
    head: list[tuple[str, str]] = []
    tail: list[tuple[str, str]] = []
    seen = 0
    for piece in pieces:
        cut = min(max(at - seen, 0), len(piece.text))
        if cut:
            head.append((piece.text[:cut], piece.font))
        if cut < len(piece.text):
            tail.append((piece.text[cut:], piece.font))
        seen += len(piece.text)
    text, font = head[-1]
    head[-1] = (text + "-", font)
    return measured_texts(head), measured_texts(tail)
