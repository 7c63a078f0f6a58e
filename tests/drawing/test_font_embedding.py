"""Embedded fonts: the text layer of a PDF reads back every character, those beyond U+FFFF (a
playing card, say) as well."""
from __future__ import annotations

import io
import re

from pypdf import PdfReader
from reportlab.pdfbase.ttfonts import makeToUnicodeCMap
from reportlab.pdfgen.canvas import Canvas

from cardgen.drawing import fonts
from cardgen.drawing.font_embedding import to_unicode_cmap, utf16_hex

CARD = "\N{PLAYING CARD TRUMP-1}"            # U+1F0E1, beyond the 16-bit range


def pdf_with(text: str, font: str) -> bytes:
    out = io.BytesIO()
    canvas = Canvas(out)
    canvas.setFont(font, 12)
    canvas.drawString(72, 720, text)
    canvas.save()
    return out.getvalue()


def test_a_character_beyond_u_ffff_reads_back_from_the_pdf():
    symbols = fonts.family(fonts.SYMBOLS).face()
    assert not fonts.missing_glyphs(CARD + "\N{WHITE CHESS KING}", symbols)
    data = pdf_with(f"{CARD} \N{WHITE CHESS KING} {CARD}", symbols)
    text = PdfReader(io.BytesIO(data)).pages[0].extract_text()
    assert text.count(CARD) == 2 and "\N{WHITE CHESS KING}" in text


def test_the_map_gives_such_a_character_as_a_surrogate_pair():
    assert utf16_hex(0x1F0E1) == "D83CDCE1"
    assert utf16_hex(0x10FFFF) == "DBFFDFFF"
    assert utf16_hex(0x41) == "0041" and utf16_hex(0xFFFD) == "FFFD"
    cmap = to_unicode_cmap("X", [0, 0x41, 0x1F0E1])
    assert "<02> <D83CDCE1>" in cmap
    assert "<02> <1F0E1>" in makeToUnicodeCMap("X", [0, 0x41, 0x1F0E1])   # what it replaces


def test_the_map_is_otherwise_reportlabs_with_no_block_over_100_entries():
    subset = list(range(32, 32 + 256))
    ours = to_unicode_cmap("X", subset)
    theirs = makeToUnicodeCMap("X", subset)
    entries = lambda cmap: re.findall(r"^<[0-9A-F]{2}> <[0-9A-F]+>$", cmap, re.MULTILINE)
    assert entries(ours) == entries(theirs)
    assert [int(n) for n in re.findall(r"^(\d+) beginbfchar$", ours, re.MULTILINE)] == [100, 100, 56]
    assert ours.splitlines()[:13] == theirs.splitlines()[:13]
