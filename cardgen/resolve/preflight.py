"""The legibility preflight: what a player would struggle to read on a printed card.

Each bound element is checked against what was drawn before it on its face: text shrunk below
the game's minimum, anything that runs off the card or into the band a cut may land in, and text
too faint against the colour behind it. Across cards, colours that alone tell decks or suits
apart are checked as colour-blind players see them, and decks' backs that look alike to anyone.
Every finding is a warning: `--strict` fails on it.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Sequence

from cardgen.base.errors import Report
from cardgen.base.model import Legibility, Source
from cardgen.shared.colour_vision import RGB, confusion, contrast, delta_e, hex_name, rgb
from cardgen.drawing.elements.base import BindContext, Box, Ink

CUT_ZONE = 1.6           # mm either side of the trim a cut may land (1/16 in)
BLEED_DIFFERENCE = 10.0  # Delta E 2000 from which a sliver of one bleed shows on another
BACK_DIFFERENCE = 10.0   # Delta E 2000 under which two backs' grounds read as one colour
EDGE_SAMPLES = (0.25, 0.5, 0.75)   # where along an edge its bleed colour is read
LARGE_TEXT = (18.0, 14.0)  # pt: text this size (or the second, bold) needs only LARGE_CONTRAST
LARGE_CONTRAST = 3.0
PAPER = (1.0, 1.0, 1.0)


def check_element(inks: Sequence[Ink], below: Sequence[Ink] | None, ctx: BindContext,
                  rules: Legibility, contrasts: dict) -> None:
    """Report what would print badly about an element that prints `inks`, drawn over what
    `below` prints on one face. With nothing `below` known (an element under it failed), its
    contrast is not judged. `contrasts` is the resolve run's cache of `_contrast_of`."""
    for ink in inks:
        if ink.kind == "text":
            _text_size(ink, ctx, rules)
            if below is not None:
                _contrast(ink, [*below, *underneath(inks)], ctx, rules, contrasts)
        _placement(ink, ctx)


def underneath(inks: Sequence[Ink]) -> tuple[Ink, ...]:
    """What the checks of the elements drawn over an element read of what it prints: its areas,
    the ground their text is judged against."""
    return tuple(ink for ink in inks if ink.kind == "area")


def _text_size(ink: Ink, ctx: BindContext, rules: Legibility) -> None:
    floor = rules.min_fine_print_size if ink.fine else rules.min_text_size
    if ink.size < floor - 1e-6:
        what = "fine print" if ink.fine else "text"
        ctx.problem("text", f"{what} is set at {ink.size:.1f} pt, under the {floor:g} pt minimum: "
                    "enlarge its box or shorten it" + ("" if ink.fine else ", or mark it "
                                                       "fine_print if it is an id or a stamp"),
                    severity="warning", code="small-text")


def _placement(ink: Ink, ctx: BindContext) -> None:
    b, w, h = ink.box, ctx.card_width, ctx.card_height
    if ink.kind == "area":
        edge = ctx.bleed + 1e-6      # a background may run into the bleed, not past it
        if b.x < -edge or b.y < -edge or b.x + b.width > w + edge or b.y + b.height > h + edge:
            ctx.problem("", f"it runs off the card past its {ctx.bleed:g} mm bleed "
                        f"({_extent(b)} on a {w:g} x {h:g} mm card)", severity="warning",
                        code="off-card")
        return
    inside = min(b.x, b.y, w - b.x - b.width, h - b.y - b.height)
    if inside < -1e-6:
        ctx.problem("", f"it runs off the {w:g} x {h:g} mm card ({_extent(b)}), where it is cut "
                    "away", severity="warning", code="off-card")
    elif inside < CUT_ZONE - 1e-6:
        ctx.problem("", f"it comes within {inside:.1f} mm of the cut line ({_extent(b)}); a cut "
                    f"can land {CUT_ZONE:g} mm either side, so keep it that far in",
                    severity="warning", code="cut-zone")


def _extent(b: Box) -> str:
    return f"x {b.x:g} to {b.x + b.width:g} mm, y {b.y:g} to {b.y + b.height:g} mm"


def _contrast(ink: Ink, below: list[Ink], ctx: BindContext, rules: Legibility,
              contrasts: dict) -> None:
    if ink.color is None or not ink.content.strip():
        return
    cx, cy = ink.box.x + ink.box.width / 2, ink.box.y + ink.box.height / 2
    behind = next((i for i in reversed(below) if i.kind == "area" and _contains(i.box, cx, cy)), None)
    if behind is not None and behind.color is None:
        return                        # over a picture: no one colour to judge against
    pair = (ink.color, behind.color if behind else None)
    judged = contrasts.get(pair)
    if judged is None:
        judged = contrasts[pair] = _contrast_of(*pair)
    ratio, text, ground = judged
    large = ink.size >= LARGE_TEXT[0] or (ink.bold and ink.size >= LARGE_TEXT[1])
    needed = LARGE_CONTRAST if large else rules.min_contrast
    if ratio < needed - 1e-9:
        ctx.problem("color", f"text in {hex_name(text)} on {hex_name(ground)} has a contrast of "
                    f"{ratio:.1f}:1; {'large ' if large else ''}text needs {needed:g}:1",
                    severity="warning", code="low-contrast")


def _contrast_of(text_color, ground_color) -> tuple[float, tuple, tuple]:
    """The contrast of text in one colour on another (None: the paper), and the two as RGB.
    Worked out once per colour pair a resolve run meets: a card's face repeats its layout's few
    colours, so the run keeps each pair's answer in a dict it owns (reportlab colours compare and
    hash by their components)."""
    text = rgb(text_color)
    ground = PAPER if ground_color is None else rgb(ground_color)
    return contrast(text, ground), text, ground


def _contains(b: Box, x: float, y: float) -> bool:
    return b.x <= x <= b.x + b.width and b.y <= y <= b.y + b.height


# a card's bleed: what a neighbour sharing its cut would show a sliver of ---------------------------

def edge_colours(face) -> dict:
    """The colour a face's bleed shows along each side (top, bottom, left, right), read from the
    solid areas its layout paints: the topmost at three points along the side, halfway into
    the bleed (unpainted: the paper). None where those points differ or lie on a picture: a
    picture's colours are not judged."""
    return bleed_colours(face.width, face.height, face.bleed, area_inks(face))


def area_inks(face) -> tuple[Ink, ...]:
    """The solid areas a face paints, bottom first: all its bleed colours are read from."""
    return tuple(ink for element in face.elements for ink in element.solid_inks()
                 if ink.kind == "area")


def bleed_colours(w: float, h: float, bleed: float, areas: tuple[Ink, ...]) -> dict:
    """edge_colours of a face `w` x `h` mm with `bleed` that paints `areas`."""
    depth = max(bleed, 0.5) / 2
    points = {"top": [(w * f, -depth) for f in EDGE_SAMPLES],
              "bottom": [(w * f, h + depth) for f in EDGE_SAMPLES],
              "left": [(-depth, h * f) for f in EDGE_SAMPLES],
              "right": [(w + depth, h * f) for f in EDGE_SAMPLES]}
    out = {}
    for side, where in points.items():
        seen = set()
        for x, y in where:
            top = next((a for a in reversed(areas) if _contains(a.box, x, y)), None)
            seen.add(PAPER if top is None else None if top.color is None else rgb(top.color))
        out[side] = seen.pop() if len(seen) == 1 else None
    return out


@lru_cache(maxsize=4096)
def bleeds_differ(a: RGB, b: RGB) -> bool:
    """Whether a sliver of one bleed colour would show against the other. Asked of every two
    neighbours on every sheet, of a deck's few bleed colours: kept per pair of RGB tuples (a pure
    function of immutable values, bounded)."""
    return delta_e(a, b) >= BLEED_DIFFERENCE


# across decks: backs that look alike -----------------------------------------------------------------

def check_backs_alike(backs: Sequence[tuple[str, Source, object]], report: Report) -> None:
    """`backs` are (deck name, where, back face). Face down, a deck is known by its back's ground
    colour and icon before any word on it is read: two backs on grounds closer than
    BACK_DIFFERENCE showing the same icons (or none) are reported."""
    seen = [(name, where, _ground(face), _marks(face)) for name, where, face in backs]
    for (a, _, ground_a, marks_a), (b, where, ground_b, marks_b) in combinations(seen, 2):
        if ground_a is None or ground_b is None or marks_a != marks_b:
            continue
        difference = delta_e(ground_a, ground_b)
        if difference < BACK_DIFFERENCE:
            icons = (f"the same icon ({', '.join(sorted(marks_a))})" if marks_a else "no icon")
            report.warning(where.file, where.line, where.path,
                           f"the backs of decks '{a}' and '{b}' look alike: grounds "
                           f"{hex_name(ground_a)} and {hex_name(ground_b)} (Delta E {difference:.1f}, "
                           f"under {BACK_DIFFERENCE:g}) and {icons}: give one a colour or an icon "
                           "of its own", code="look-alike-backs")


def _ground(face):
    """The one colour a face's bleed shows on all four sides, or None."""
    sides = set(edge_colours(face).values())
    return sides.pop() if len(sides) == 1 else None


def _marks(face) -> frozenset:
    """The icons (and other marks) a face shows."""
    return frozenset(ink.content for element in face.elements for ink in element.inks()
                     if ink.kind == "mark" and ink.content)


# across cards: colours that alone tell groups apart -------------------------------------------------

def check_colours(groups: Sequence[tuple[str, Source, Sequence]], rules: Legibility,
                  report: Report, what: str) -> None:
    """`groups` are (name, where, faces) of things a player must tell apart (decks by their
    backs, suits by their cards). Two groups whose faces differ only in colours a colour-blind
    player cannot tell apart are reported."""
    signatures = [(_colours(faces), _common(faces)) for _, _, faces in groups]
    for (a, (colours_a, words_a)), (b, (colours_b, words_b)) in combinations(
            zip(groups, signatures), 2):
        pairs = [(colours_a[k], colours_b[k]) for k in colours_a.keys() & colours_b.keys()
                 if colours_a[k] != colours_b[k]]
        if not pairs or _told_apart(words_a, words_b):
            continue
        deficiency, difference, shown = max(((*confusion(x, y), (x, y)) for x, y in pairs),
                                            key=lambda found: found[1])
        if difference < rules.min_colour_difference:
            name, where, _ = b
            report.warning(where.file, where.line, where.path,
                           f"{what} '{a[0]}' and '{name}' differ only by colour, and to a player "
                           f"with {deficiency} {hex_name(shown[0])} and {hex_name(shown[1])} look "
                           f"alike (Delta E {difference:.1f}, under {rules.min_colour_difference:g}): "
                           "give them a symbol or word that differs too", code="colour-blind")


def _colours(faces) -> dict:
    """Element -> the one colour it paints on every face of the group (where it is one)."""
    seen: dict = {}
    for face in faces:
        for name, element in zip(face.names, face.elements):
            for n, ink in enumerate(element.solid_inks()):
                if ink.color is not None:
                    seen.setdefault((name, n), set()).add(hex_name(rgb(ink.color)))
    return {key: rgb_of(next(iter(values))) for key, values in seen.items() if len(values) == 1}


def rgb_of(hex_text: str) -> tuple[float, float, float]:
    return tuple(int(hex_text[i:i + 2], 16) / 255 for i in (1, 3, 5))


def _common(faces) -> dict:
    """Element -> the words or symbol it prints on every face of the group."""
    common = None
    for face in faces:
        printed = {(name, n): ink.content for name, element in zip(face.names, face.elements)
                   for n, ink in enumerate(element.inks()) if ink.kind != "area" and ink.content}
        common = printed if common is None else {k: v for k, v in common.items()
                                                 if printed.get(k) == v}
    return common or {}


def _told_apart(a: dict, b: dict) -> bool:
    return any(a[k] != b[k] for k in a.keys() & b.keys()) or a.keys() != b.keys()
