"""Every problem code cardgen prints, with its usual severity and what it means.

A problem's code is one of these names; `errors.Problem` refuses any other. The table in
docs/problems.md is written from this list: `python -m cardgen.base.problem_codes > docs/problems.md`.
"""
from __future__ import annotations

from dataclasses import dataclass

ERROR = "error"
WARNING = "warning"
INFO = "info"


@dataclass(frozen=True)
class Code:
    name: str
    severity: str   # the usual one; a check may say otherwise (`markup`, `path`, `changelog`)
    meaning: str


ALL = (
    Code("art", ERROR, "a picture cannot be drawn: missing, unreadable, not a picture, or too big"),
    Code("art-resolution", WARNING, "a picture has too few pixels for its size on the card"),
    Code("back-offset", ERROR, "the backs cannot be printed with `back_offset` on the page"),
    Code("back-offset-costs-cards", WARNING, "`back_offset` leaves room for fewer cards a sheet"),
    Code("back-offset-ignored", WARNING, "`back_offset` is given where backs are not printed"),
    Code("bad-reference", ERROR, "a reference field names a card that does not exist"),
    Code("bleed-cut-back", WARNING, "the page leaves less bleed round a block of cards than asked"),
    Code("changelog", ERROR, "a version twice in the changelog (a warning: newest not the game's)"),
    Code("color", ERROR, "a colour that is neither a known name, a layout colour nor #rrggbb"),
    Code("colour-blind", WARNING, "two colours that colour-blind players cannot tell apart"),
    Code("copies", ERROR, "a card has more copies than a deck rule allows"),
    Code("count-per-value", ERROR, "a deck rule's count of cards with one value is out of bounds"),
    Code("csv", ERROR, "a CSV file that cannot be read as a table of cards"),
    Code("cut-zone", WARNING, "something drawn where the card may be cut"),
    Code("deck-text-size", INFO, "text set smaller on every card of a deck, for the cards that need it"),
    Code("deck-total", ERROR, "a deck has more or fewer cards than its rules say"),
    Code("definition-cycle", ERROR, "definitions that refer to each other in a circle"),
    Code("document", ERROR, "a document's text or directives are wrong"),
    Code("document-pointer", WARNING, "a document's text points to a table, list or example "
         "\"above\" or \"below\" that its section does not hold"),
    Code("duplicate-id", ERROR, "two things of one kind share an id"),
    Code("duplicate-output", ERROR, "two things would write the same output file"),
    Code("empty", ERROR, "a file or list that must hold something is empty"),
    Code("encoding", ERROR, "a file that is not UTF-8 text, or holds forbidden characters"),
    Code("errata", ERROR, "an erratum names what does not exist, or values that are not so"),
    Code("extends-cycle", ERROR, "layouts that extend each other in a circle"),
    Code("extends-depth", ERROR, "a chain of `extends` longer than the limit"),
    Code("file-size", ERROR, "decks printing into one file are not one card size"),
    Code("file-too-large", ERROR, "a data or document file past its size limit"),
    Code("fixed-value", ERROR, "a named card's value differs from the one the rules fix"),
    Code("font", ERROR, "a font file that cannot be used"),
    Code("footer-room", WARNING, "no room for the page footer; it is left out"),
    Code("forbidden-by-rule", ERROR, "a card gives a field a deck rule forbids"),
    Code("image-size", ERROR, "card images would be too large to make"),
    Code("invalid", ERROR, "a value that is not allowed where it is"),
    Code("layout", ERROR, "a layout's value, or a value a template took from the data, is wrong"),
    Code("layout-shadowed", WARNING, "a layout of one name in two layouts folders: the first hides the other"),
    Code("look-alike", ERROR, "two different tokens of a set, or cards of a deck, share the value a rule says tells them apart"),
    Code("look-alike-backs", WARNING, "two decks' backs on nearly one ground colour, with the same icon"),
    Code("low-contrast", WARNING, "text too close in colour to what is behind it"),
    Code("markup", ERROR, "card text markup that is wrong (a warning when it is only unclosed)"),
    Code("missing-field", ERROR, "a card leaves out a field its card type requires"),
    Code("missing-file", ERROR, "a file the data names is not in the game folder"),
    Code("missing-glyph", ERROR, "text with a character its font cannot draw"),
    Code("missing-key", ERROR, "a required key is missing"),
    Code("not-a-game", ERROR, "the folder has no game.yaml"),
    Code("not-unique", ERROR, "a field declared unique has the same value on two cards"),
    Code("off-card", WARNING, "an element reaches past the card's edge"),
    Code("output", ERROR, "an output file cannot be written"),
    Code("page-fit", ERROR, "a card, token or tile does not fit on the page"),
    Code("path", ERROR, "a path that is absolute, leads outside the game folder or is malformed"),
    Code("pinned", ERROR, "a layout value that the rules fix (a board's `pinned`) differs"),
    Code("published", ERROR, "a published edition (published.yaml) that cannot be read"),
    Code("range", ERROR, "a number outside the range its key allows"),
    Code("repeated-value", ERROR, "a value that may appear once among some fields appears twice"),
    Code("reported", ERROR, "a value whose problem is already reported (never printed)"),
    Code("required-by-rule", ERROR, "a card leaves out a field a deck rule requires"),
    Code("right-to-left", ERROR, "right-to-left text, which cardgen cannot set"),
    Code("sequence", ERROR, "a deck rule's numbered sequence has a gap or a repeat"),
    Code("shared-cut-colours", WARNING, "two cards whose bleeds differ in colour share a cut line"),
    Code("sleeve-fit", ERROR, "a card does not fit the sleeve the game names"),
    Code("small-text", WARNING, "text set smaller than is easy to read"),
    Code("spreadsheet", ERROR, "a spreadsheet that cannot be read as a table of cards"),
    Code("stated-number", WARNING, "a document states a number beside a card's name that the card does not print"),
    Code("svg", ERROR, "an SVG picture cardgen will not draw: a DOCTYPE, a reference outside the "
                      "drawing, an embedded image or text, or too large"),
    Code("target-code", ERROR, "a target code that is not a valid code"),
    Code("text-overflow", ERROR, "text that does not fit its box even at its smallest size"),
    Code("too-few", ERROR, "fewer copies print than the worst case the game's rules allow"),
    Code("too-large", ERROR, "a game at a git revision past the limit on its size"),
    Code("too-many-cards", ERROR, "a deck or token set prints more than the limit"),
    Code("type", ERROR, "a value of the wrong type: text where a number is expected, say"),
    Code("unannounced-change", ERROR, "a published value changed without an erratum saying so"),
    Code("undefined-term", ERROR, "a [[term]] that is no glossary term, definition or card"),
    Code("unknown-element", ERROR, "a layout element of an unknown type"),
    Code("unknown-field", ERROR, "a deck rule names a field the card type does not declare"),
    Code("unknown-icon", ERROR, "an icon name that is not known"),
    Code("unknown-key", ERROR, "a key that is not one of those allowed"),
    Code("unknown-layout", ERROR, "a layout name that is not defined"),
    Code("unknown-reference", ERROR, "a name of a card type, deck, font or other part not defined"),
    Code("unmarked-cuts", WARNING, "card sheets with a cut line no crop mark or tick can mark"),
    Code("unreadable", ERROR, "a file that cannot be read"),
    Code("unused-definition", WARNING, "a definition no card uses"),
    Code("warning", WARNING, "something worth a look that has no code of its own"),
    Code("yaml", ERROR, "a YAML file that cannot be read, or uses a feature cardgen refuses"),
)

CODES = {code.name: code for code in ALL}


def severity(name: str) -> str:
    """The usual severity of code `name`; KeyError for a name that is no code."""
    return CODES[name].severity


def table() -> str:
    """docs/problems.md: every code, its usual severity and its meaning."""
    rows = "".join(f"| `{c.name}` | {c.severity} | {c.meaning} |\n"
                   for c in ALL if c.name != "reported")
    return ("# Problem codes\n\n"
            "Every problem cardgen prints names one of these codes (see [errors and warnings]"
            "(data-format.md#errors-and-warnings)). The severity is the usual one; where a code\n"
            "is sometimes the other, its meaning says when. This page is written from\n"
            "`cardgen/base/problem_codes.py`: `python -m cardgen.base.problem_codes > docs/problems.md`.\n\n"
            "| code | severity | meaning |\n|---|---|---|\n" + rows)


if __name__ == "__main__":
    print(table(), end="")
