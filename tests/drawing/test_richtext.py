from cardgen.base.markup import parse
from cardgen.drawing import fonts
from cardgen.drawing.richtext import fit_text, layout_text

SANS = fonts.families()["sans"]
TEXT = parse("Strikes the enemy **Front** for 3 {damage}. Every hit aimed elsewhere lands on "
             "your Front instead.").runs


def test_text_wraps_within_the_width():
    layout = layout_text(TEXT, SANS, 9, 120, None)
    assert len(layout.lines) > 1
    assert all(line.width <= 120 for line in layout.lines)
    for line in layout.lines:
        assert all(p.x + p.width <= 120 + 1e-6 for p in line.pieces)


def test_fit_shrinks_to_the_largest_size_that_fits():
    layout = fit_text(TEXT, SANS, 12, 5, 120, 40)
    assert layout.fits and 5 <= layout.size < 12
    assert layout.height <= 40
    bigger = layout_text(TEXT, SANS, layout.size + 0.2, 120, 40)
    assert not bigger.fits


def test_text_that_cannot_fit_reports_it():
    layout = fit_text(TEXT * 20, SANS, 9, 6, 120, 30)
    assert not layout.fits and layout.size == 6


def test_an_icon_after_a_space_never_starts_a_line():
    runs = parse("aaaa 3 {damage}").runs
    width = layout_text(parse("aaaa 3").runs, SANS, 10, None, None).width + 2
    layout = layout_text(runs, SANS, 10, width, None)
    assert [bool(p.icon) for p in layout.lines[-1].pieces][-1]
    assert any(p.text.strip() == "3" for p in layout.lines[-1].pieces)


def test_accents_and_symbols_have_glyphs_in_the_shipped_fonts():
    text = "Élan, naïve façade, Ærø — ½ ♥ → ≥ € “quoted” ♔ ⚅"
    for family in (f for f in fonts.families().values() if f.name != fonts.SYMBOLS):
        for bold in (False, True):
            for italic in (False, True):
                for piece, font in fonts.split_by_font(text, family.chain(bold, italic)):
                    assert fonts.missing_glyphs(piece, font) == (), (family.name, piece)
    assert fonts.missing_glyphs("a漢", SANS.face()) == ("漢",)


def test_a_glyph_the_family_lacks_is_taken_from_its_fallback():
    symbols = fonts.families()[fonts.SYMBOLS].face()
    layout = layout_text(parse("Play ⌛ then 🃡.").runs, SANS, 10, None, None)
    fonts_used = {p.text: p.font for line in layout.lines for p in line.pieces if p.text}
    assert fonts_used["Play"] == SANS.face()
    assert fonts_used["⌛"] == symbols and fonts_used["🃡"] == symbols
    assert fonts_used["then"] == SANS.face() and fonts_used["."] == SANS.face()
    assert all(fonts.missing_glyphs(p.text, p.font) == () for line in layout.lines
               for p in line.pieces if p.text)


def test_a_glyph_no_font_of_the_chain_has_stays_in_the_first_and_is_reported():
    layout = layout_text(parse("a漢").runs, SANS, 10, None, None)
    [piece] = [p for line in layout.lines for p in line.pieces if p.text]
    assert piece.font == SANS.face() and fonts.missing_glyphs(piece.text, piece.font) == ("漢",)


def _words(line) -> list[str]:
    return [p.text for p in line.pieces if p.text]


def test_a_paragraph_never_ends_on_a_lone_word():
    runs = parse("Strikes the enemy front and every enemy behind it.").runs
    family = fonts.family("sans")
    natural = layout_text(runs, family, 10, None, None).width
    # a width where greedy breaking leaves "it." alone on the last line
    greedy = layout_text(parse("Strikes the enemy front and every enemy behind").runs, family, 10,
                         None, None).width
    layout = layout_text(runs, family, 10, greedy + 1, None)
    assert natural > greedy + 1
    assert [len(_words(line)) for line in layout.lines][-1] == 2
    assert _words(layout.lines[-1]) == ["behind", "it."]
    assert all(line.width <= greedy + 1 + 1e-6 for line in layout.lines)


def test_a_widow_stays_when_moving_a_word_would_leave_one_alone():
    family = fonts.family("sans")
    width = layout_text(parse("Draw cards.").runs, family, 10, None, None).width + 0.5
    layout = layout_text(parse("Draw cards. Now.").runs, family, 10, width, None)
    # "Draw cards." / "Now.": moving "cards." down would leave "Draw" alone instead
    assert [_words(line) for line in layout.lines] == [["Draw", "cards."], ["Now."]]


# a word too wide for its box ------------------------------------------------------------------

def _lines(layout) -> list[str]:
    return [" ".join("".join(p.text for p in word) for word in line.words)
            for line in layout.lines]


def test_a_word_too_wide_for_the_box_is_hyphenated_rather_than_shrinking_the_text():
    runs = parse("Cast a Transmogrification on any card.").runs
    word = layout_text(parse("Transmogrification").runs, SANS, 10, None, None).width
    width = word * 0.65                       # the word alone needs 10pt x 0.65: it cannot stay whole
    shrunk = fit_text(runs, SANS, 10, 5, width, 80)
    hyphenated = fit_text(runs, SANS, 10, 5, width, 80, hyphenate=True)
    assert shrunk.fits and shrunk.size < 7 and "Transmogrification" in _lines(shrunk)[1]
    assert hyphenated.fits and hyphenated.size == 10
    lines = _lines(hyphenated)
    broken = next(n for n, line in enumerate(lines) if line.endswith("-"))
    head, tail = lines[broken].split()[-1], lines[broken + 1].split()[0]
    assert head in ("Trans-", "Transmo-", "Transmogri-", "Transmogrifi-") and \
        head[:-1] + tail == "Transmogrification"            # broken where en_US breaks it
    assert all(line.width <= width + 1e-6 for line in hyphenated.lines)
    assert hyphenated == fit_text(runs, SANS, 10, 5, width, 80, hyphenate=True)


def test_a_hyphenated_word_starts_on_the_line_being_set_when_a_break_fits_there():
    runs = parse("Go Transmogrification").runs
    width = layout_text(parse("Go Transmo-").runs, SANS, 10, None, None).width + 0.5
    assert _lines(layout_text(runs, SANS, 10, width, None, hyphenate=True)) == \
        ["Go Transmo-", "grification"]


def test_a_word_with_no_break_that_fits_or_an_icon_still_shrinks_the_text():
    for text in ("Transmogrification{damage}", "Xxxxxxxxxxxxxxxxxxxxxxx"):
        runs = parse(text).runs
        width = layout_text(runs, SANS, 10, None, None).width * 0.6
        layout = fit_text(runs, SANS, 10, 4, width, 80, hyphenate=True)
        assert layout.size < 10 and len(layout.lines) == 1


def test_a_word_of_64_characters_is_hyphenated_and_one_of_65_is_not():
    word = ("Transmogrification" * 4)[:64]
    for text, hyphenated in ((word, True), (word + "s", False)):
        runs = parse(text).runs
        width = layout_text(runs, SANS, 10, None, None).width / 3
        layout = fit_text(runs, SANS, 10, 2, width, 200, hyphenate=True)
        assert (layout.size == 10 and len(layout.lines) > 3) is hyphenated, text
