"""Property tests: any card text parses without raising, and text that is said to fit stays in its box."""
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.base.markup import parse
from cardgen.drawing import fonts
from cardgen.drawing.richtext import fit_text

SANS = fonts.families()["sans"]
card_text = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=300) | \
    st.lists(st.sampled_from(["**", "*", "[[Front]]", "{damage}", "{{x}}", "\n", " ", "word",
                              "<img src='x'/>", "\\*", "Wort\u00e4", "longwordwithoutanybreaks"]),
             max_size=40).map("".join)


@settings(max_examples=150, deadline=None)
@given(text=card_text)
def test_any_text_parses(text):
    parsed = parse(text, lambda name: "3" if name == "x" else None)
    assert all(p.code == "markup" for p in parsed.problems)


@settings(max_examples=150, deadline=None)
@given(text=card_text, width=st.floats(20, 400), height=st.floats(10, 300),
       size=st.floats(6, 20), leading=st.floats(1.0, 1.6))
def test_fitted_text_never_leaves_its_box(text, width, height, size, leading):
    layout = fit_text(parse(text).runs, SANS, size, 4, width, height, leading)
    assert 4 - 1e-9 <= layout.size <= size + 1e-9
    if layout.fits:
        assert layout.height <= height + 1e-6
        for line in layout.lines:
            for piece in line.pieces:
                assert piece.x >= -1e-6
                assert piece.x + piece.width <= width + 1e-6
