"""Where a word may be broken with a hyphen: the hyphenation points of pyphen's dictionary (the
patterns TeX and LibreOffice use), for card text that would otherwise shrink for one long word.

The language is US English: games declare none. A point is kept only between two letters, so a
word already hyphenated or ending in punctuation is never broken next to its own marks; a word
longer than HYPHENATED_WORD_CHARS (a web address, a code) is not a word to hyphenate.
"""
from __future__ import annotations

import functools

from cardgen.base.limits import HYPHENATED_WORD_CHARS

LANGUAGE = "en_US"


@functools.cache
def _dictionary():
    import pyphen            # loaded the first time a word is too wide for its box
    return pyphen.Pyphen(lang=LANGUAGE)


@functools.lru_cache(maxsize=10_000)
def break_points(word: str) -> tuple[int, ...]:
    """The character offsets where `word` may break (a hyphen added before the offset), in
    order; none for a word longer than HYPHENATED_WORD_CHARS."""
    if len(word) > HYPHENATED_WORD_CHARS:
        return ()
    return tuple(at for at in _dictionary().positions(word)
                 if word[at - 1].isalpha() and word[at].isalpha())
