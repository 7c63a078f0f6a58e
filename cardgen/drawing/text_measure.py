"""Card text measured at size 1: runs split into words (the parts that stay together on a
line), each word's pieces in the face that has its characters and their widths. Widths grow with
the size, so a word measured once serves every size a text is tried at, and every card that
prints it; the text setter (richtext.py) scales them."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache, partial

from cardgen.base.markup import Run
from cardgen.drawing import fonts

ICON_EM = 1.0  # an inline icon is as wide as the font size
_SPACES = re.compile(r"([^\S\u00a0]+)")     # a no-break space joins the words either side


@dataclass(frozen=True, slots=True)
class Piece:
    x: float
    width: float
    text: str = ""
    font: str = ""
    icon: str | None = None


def _items(runs: tuple[Run, ...]) -> list:
    """Runs -> a list of words (lists of (text, bold, italic, icon): parts that must stay
    together, plain tuples so that finding a word measured already compares no objects), ' '
    and '\\n'."""
    items: list = []
    word: list[tuple] = []
    for run in runs:
        if run.line_break:
            if word:
                items.append(word)
                word = []
            items.append("\n")
        elif run.icon:
            if not word and len(items) >= 2 and items[-1] == " " and isinstance(items[-2], list):
                # an icon after a space belongs to the word before it ("3 {damage}" never splits)
                items.pop()
                word = items.pop() + [(" ", run.bold, run.italic, None)]
            word.append(("", run.bold, run.italic, run.icon))
        else:
            for part in _SPACES.split(run.text):
                if not part:
                    continue
                if part.isspace():
                    if word:
                        items.append(word)
                        word = []
                    items.append(" ")
                else:
                    word.append((part, run.bold, run.italic, None))
    if word:
        items.append(word)
    return items


@lru_cache(maxsize=16)
def _word_measure(family: fonts.Family):
    """`_measure` for one family, keyed by the word alone: looked up for every word set, so the
    family is not hashed again each time."""
    return lru_cache(maxsize=20_000)(partial(_measure, family=family))


def _measure(word: tuple[tuple, ...], family: fonts.Family) -> tuple[tuple[Piece, ...], float]:
    """A word's pieces at size 1 and its width: each part in its face, a character its font lacks
    in the first family of the fallback chain that has it. Widths grow with the size, so a word
    measured once serves every size the text is tried at, and every card that prints it."""
    pieces, x = [], 0.0
    for text, bold, italic, icon in word:
        if icon:
            pieces.append(Piece(x, ICON_EM, icon=icon))
            x += ICON_EM
            continue
        for part, font in fonts.split_by_font(text, family.chain(bold, italic)):
            width = fonts.text_width(part, font, 1.0)
            pieces.append(Piece(x, width, part, font))
            x += width
    return tuple(pieces), x


@lru_cache(maxsize=32_768)
def measured(runs: tuple[Run, ...], family: fonts.Family) -> tuple:
    """The text's words (pieces and width at size 1), spaces ' ' and breaks '\\n': each text is
    split and measured once, however many sizes fitting it tries, and again when a deck's one
    text size sets it once more (the cache holds a large deck's texts between the two)."""
    measure = _word_measure(family)
    return tuple(item if isinstance(item, str) else measure(tuple(item)) for item in _items(runs))


def forget_measured() -> None:
    """Empty the caches of texts and words measured (richtext.forget_set_texts)."""
    measured.cache_clear()
    _word_measure.cache_clear()


Measured = tuple[tuple[Piece, ...], float]      # a word's pieces and its width, at size 1


def unit_width(word: tuple[Piece, ...]) -> float:
    """A word's width at size 1, as measuring it added it up."""
    return word[-1].x + word[-1].width if word else 0.0


def measured_texts(texts: list[tuple[str, str]]) -> Measured:
    """Pieces of text, each in its font, as one word measured at size 1."""
    pieces, x = [], 0.0
    for text, font in texts:
        width = fonts.text_width(text, font, 1.0)
        pieces.append(Piece(x, width, text, font))
        x += width
    return tuple(pieces), x


def natural_widths(runs: tuple[Run, ...], family: fonts.Family, size: float) -> tuple[float, float]:
    """The text's widest word and its widest line unbroken (a line to each hard break) at
    `size`: the widths `layout_text` finds setting it a word to a line and in no width, found
    from the words' widths alone, in the same sums."""
    space = fonts.space_width(family.face(), size)
    word = line = x = 0.0
    starts = True                  # no word yet on the line being summed
    for item in measured(runs, family):
        if item == "\n":
            line, x, starts = max(line, x), 0.0, True
        elif item != " ":
            width = item[1] * size
            word = max(word, width)
            x = (x if starts else x + space) + width
            starts = False
    return word, max(line, x)


def one_line_size(runs: tuple[Run, ...], family: fonts.Family, size: float, width: float,
                  height: float | None = None, leading: float = 1.2) -> float:
    """The largest size, up to `size`, at which the text set a line to each hard break (a title,
    a badge's value) fits `width` and `height` points: found from its size-1 extent, as
    `layout_text` would set it, without setting its lines."""
    _, widest = natural_widths(runs, family, 1.0)
    if widest > 0:
        size = min(size, width / widest)
    if height is not None:
        face = family.face()
        lines = measured(runs, family).count("\n") + 1
        tall = fonts.ascent(face) + fonts.descent(face) + (lines - 1) * 1.0 * leading
        if tall > 0:
            size = min(size, height / tall)
    return size
