"""Setting styled runs into lines: wrapping words measured at size 1 (text_measure.py) and
shrinking the text to fit a box.

All sizes here are PDF points. The result is plain data; drawing it is the elements' job. With
`hyphenate`, a word wider than the box is broken with hyphens (word_breaks.py) rather than
making the whole text shrink for it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from cardgen.base import markup
from cardgen.base.markup import Run
from cardgen.drawing import fonts
from cardgen.drawing.text_measure import Piece, forget_measured, measured, unit_width
from cardgen.drawing.word_breaks import placed


@dataclass(frozen=True, slots=True)
class Line:
    """A set line: its words as measured at size 1 (shared by every line that sets the same
    word, so a deck's thousands of lines hold references, not copies), the space between them
    and the size; where each word starts, and the pieces, are worked out when the line is drawn."""

    words: tuple[tuple[Piece, ...], ...]
    space: float
    size: float
    width: float

    @property
    def starts(self) -> list[float]:
        starts, x = [], 0.0
        for n, word in enumerate(self.words):
            start = x + (self.space if n else 0.0)
            starts.append(start)
            x = start + unit_width(word) * self.size
        return starts

    @property
    def pieces(self) -> tuple[Piece, ...]:
        size = self.size
        return tuple(Piece(start + p.x * size, p.width * size, p.text, p.font, p.icon)
                     for word, start in zip(self.words, self.starts) for p in word)

    def drawn(self) -> tuple[list[tuple[float, str, str]], list[tuple[str, float, float]]]:
        """The line as drawn: its text as runs (x, text, font), words one space apart in one
        font joined with that space (the font's own space puts each word where it was set, in
        fewer operators), and its icons (name, x, width)."""
        size, runs, icons = self.size, [], []
        end, font, space = 0.0, None, 0.0
        for word, start in zip(self.words, self.starts):
            for p in word:
                x = start + p.x * size
                if p.icon:
                    icons.append((p.icon, x, p.width * size))
                    continue
                if not p.text:
                    continue
                if p.font == font and abs(x - end - space) < 1e-3:
                    x0, joined, _ = runs[-1]
                    runs[-1] = (x0, f"{joined} {p.text}", font)
                else:
                    runs.append((x, p.text, p.font))
                    if p.font != font:
                        font, space = p.font, fonts.space_width(p.font, size)
                end = x + p.width * size
        return runs, icons


@dataclass(frozen=True, slots=True)
class TextLayout:
    size: float
    leading: float
    lines: tuple[Line, ...]
    width: float          # widest line
    height: float         # top of first line's ascent to bottom of last line's descent
    ascent: float
    fits: bool


def set_lines(runs: tuple[Run, ...], family: fonts.Family, size: float,
              width: float | None, max_lines: int | None = None,
              hyphenate: bool = False) -> tuple[list[Line], bool]:
    """Greedy line breaking; width None means one line per hard break. Returns (lines, all words fit).

    A paragraph never ends on a lone word when the line before it can spare one ("it." alone on
    a last line reads as a mistake). With `max_lines`, setting stops once there are more lines
    than that (returning False): text that cannot fit is found in the time its box's lines take,
    not the whole text's."""
    space = fonts.space_width(family.face(), size)
    lines: list[Line] = []
    paragraph: list[list[tuple[tuple[Piece, ...], float]]] = [[]]   # lines of (pieces, width)
    x = 0.0
    words_fit = True
    over = False        # more lines than max_lines: told when a line is added, read next item

    def close_paragraph() -> None:
        _avoid_widow(paragraph, space, width)
        lines.extend(_line(words, space, size) for words in paragraph)

    def too_many() -> bool:
        return max_lines is not None and len(lines) + len(paragraph) - 1 > max_lines

    for item in measured(runs, family):
        if over:
            words_fit = False
            break
        if item == "\n":
            close_paragraph()
            paragraph, x = [[]], 0.0
            over = too_many()
        elif item != " ":
            word_width = item[1] * size
            if width is None or not (hyphenate and word_width > width + 1e-6):
                line = paragraph[-1]          # the word whole, on this line or the next
                if line and x + space + word_width > width if width is not None else False:
                    line = []
                    paragraph.append(line)
                    x = 0.0
                    over = too_many()
                if width is not None and word_width > width + 1e-6:
                    words_fit = False
                x += (space if line else 0.0) + word_width
                line.append((item[0], word_width))
                continue
            gap = space if paragraph[-1] else 0.0
            for (pieces, unit), new_line in placed(item, size, x, gap, bool(paragraph[-1]), width,
                                                   hyphenate):
                word_width = unit * size
                if new_line and paragraph[-1]:
                    paragraph.append([])
                    x = 0.0
                    over = too_many()
                gap = space if paragraph[-1] else 0.0
                if width is not None and word_width > width + 1e-6:
                    words_fit = False
                paragraph[-1].append((pieces, word_width))
                x += gap + word_width
    close_paragraph()
    return lines, words_fit


def _avoid_widow(paragraph: list[list], space: float, width: float | None) -> None:
    """Move the last word of the line before a lone last word down to it, if it fits there and
    leaves at least two words behind."""
    if width is None or len(paragraph) < 2 or len(paragraph[-1]) != 1 or len(paragraph[-2]) < 3:
        return
    moved, last = paragraph[-2][-1], paragraph[-1][0]
    if moved[1] + space + last[1] <= width + 1e-6:
        paragraph[-2].pop()
        paragraph[-1].insert(0, moved)


def _line(words: list[tuple[tuple[Piece, ...], float]], space: float, size: float) -> Line:
    """A line at `size`, from words measured at size 1."""
    x = 0.0
    for n, (_, word_width) in enumerate(words):
        x = x + (space if n else 0.0) + word_width      # as the starts are found: same rounding
    return Line(tuple(word for word, _ in words), space, size, x)


def layout_text(runs: tuple[Run, ...], family: fonts.Family, size: float, width: float | None,
                height: float | None, leading: float = 1.2, hyphenate: bool = False) -> TextLayout:
    """Set text at one size. The same text in the same box (two player decks printing one card
    file, copies of a card) is set once: the result depends on nothing else."""
    return _layout_text(runs, family, size, width, height, leading, hyphenate)


@lru_cache(maxsize=1024)
def _layout_text(runs: tuple[Run, ...], family: fonts.Family, size: float, width: float | None,
                 height: float | None, leading: float, hyphenate: bool) -> TextLayout:
    asc = fonts.ascent(family.face()) * size
    desc = fonts.descent(family.face()) * size
    max_lines = None
    if height is not None:   # the most lines the height holds; more cannot fit
        max_lines = max(0, math.floor((height + 1e-6 - asc - desc) / (size * leading))) + 1
    lines, words_fit = set_lines(runs, family, size, width, max_lines, hyphenate)
    block = asc + desc + (len(lines) - 1) * size * leading
    widest = max((line.width for line in lines), default=0.0)
    fits = words_fit and (width is None or widest <= width + 1e-6) and (
        height is None or block <= height + 1e-6)
    return TextLayout(size, size * leading, tuple(lines), widest, block, asc, fits)


def fit_text(runs: tuple[Run, ...], family: fonts.Family, max_size: float, min_size: float,
             width: float | None, height: float | None, leading: float = 1.2,
             step: float = 0.1, hyphenate: bool = False) -> TextLayout:
    """The largest size from max_size down to min_size at which the text fits the box (with
    `hyphenate`, its words too wide for the box broken with hyphens).

    If even min_size does not fit, the min_size layout is returned with fits=False.
    """
    def fits(size: float) -> bool:
        return _fits(runs, family, size, width, height, leading, hyphenate)

    largest = layout_text(runs, family, max_size, width, height, leading, hyphenate)
    if max_size <= min_size or largest.fits:     # most texts fit at their largest size
        return largest
    if not fits(min_size):
        return layout_text(runs, family, min_size, width, height, leading, hyphenate)
    low, high = min_size, max_size
    while high - low > step:
        mid = (low + high) / 2
        if fits(mid):
            low = mid
        else:
            high = mid
    return layout_text(runs, family, low, width, height, leading, hyphenate)


def _fits(runs: tuple[Run, ...], family: fonts.Family, size: float, width: float | None,
          height: float | None, leading: float, hyphenate: bool) -> bool:
    """Whether `layout_text` at `size` fits, found by counting lines from the words' widths
    alone: the pieces of a size that is only tried are never made."""
    face = family.face()
    asc, desc = fonts.ascent(face) * size, fonts.descent(face) * size
    max_lines = None
    if height is not None:
        max_lines = max(0, math.floor((height + 1e-6 - asc - desc) / (size * leading))) + 1
    space = fonts.space_width(face, size)
    count, in_line, x = 1, 0, 0.0      # lines so far; words on the line being set, its width
    for item in measured(runs, family):
        if item == "\n":
            count, in_line, x = count + 1, 0, 0.0
        elif item != " ":
            word_width = item[1] * size
            if width is None or not (hyphenate and word_width > width + 1e-6):
                if in_line and width is not None and x + space + word_width > width:
                    count, in_line, x = count + 1, 0, 0.0
                if width is not None and word_width > width + 1e-6:
                    return False
                x += (space if in_line else 0.0) + word_width
                in_line += 1
            else:
                gap = space if in_line else 0.0
                for (_, unit), new_line in placed(item, size, x, gap, in_line > 0, width,
                                                  hyphenate):
                    word_width = unit * size
                    if new_line and in_line:
                        count, in_line, x = count + 1, 0, 0.0
                    gap = space if in_line else 0.0
                    if width is not None and word_width > width + 1e-6:
                        return False
                    in_line += 1
                    x += gap + word_width
        if max_lines is not None and count > max_lines:
            return False
    block = asc + desc + (count - 1) * size * leading
    return height is None or block <= height + 1e-6


def forget_set_texts() -> None:
    """Empty the bounded caches that text parsed, measured and set fills while faces are bound.
    They serve a deck's faces bound again at its one text size; once every face of a build is
    resolved none is read again, and the memory they hold (tens of megabytes for a deck of
    thousands of cards) is then the render's to draw with."""
    markup.forget_parsed()
    forget_measured()
    for cached in (_layout_text, fonts.missing_glyphs, fonts.split_by_font):
        cached.cache_clear()
