"""What makes a printed kit usable on the table: pieces both players field show whose they are,
markers of one set differ by icon or shape (not only by a word), no caption on a token is set
under 6 pt, the counts printed cover what the rules can call for (the `needs` rule fires and
passes), and exported token images are cut to the token's outline."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from pdfsheets import read_pdf
from pypdf.generic import ContentStream

from cardgen.base.errors import Report
from cardgen.load.game import load_game
from cardgen.pipeline import BuildOptions, build
from cardgen.shared.packing import TOKEN_BLEED
from cardgen.validate import validate_game

REPO = Path(__file__).resolve().parents[2]
GAMES = sorted(p.name for p in (REPO / "data").iterdir() if (p / "game.yaml").is_file())
SMALLEST_CAPTION_PT = 6.0


def _build(game_dir: Path, out: Path, only=("tokens",), **options) -> tuple[list[Path], Report]:
    report = Report()
    written = build(game_dir, BuildOptions(out_dir=out, only=only, **options), report)
    return written, report


@pytest.fixture(scope="module")
def shipped_tokens(tmp_path_factory):
    out = {}
    for game in GAMES:
        written, report = _build(REPO / "data" / game, tmp_path_factory.mktemp(game))
        assert not report.has_errors(), [d.format() for d in report.errors]
        out[game] = read_pdf(next(p for p in written if p.name == "tokens.pdf"))
    return out


def _token_forms(pdf):
    """Form name -> its content operations, for every token face in the PDF."""
    forms = {}
    for page in pdf.reader.pages:
        for name, ref in page["/Resources"].get("/XObject", {}).items():
            if "token-" in name:
                forms[name] = ContentStream(ref.get_object(), pdf.reader).operations
    return forms


def test_every_owner_s_mark_is_printed_on_each_of_their_pieces(shipped_tokens):
    game = load_game(REPO / "data" / "fantasy-arena-tactics", Report())
    pieces = next(s for s in game.token_sets if s.id == "pieces")
    characters = next(d for d in game.decks if d.id == "characters").cards
    assert pieces.count == 2 * len(characters)            # each character, once for each player
    text = " ".join(page.text for page in shipped_tokens["fantasy-arena-tactics"].pages)
    for mark in ("P1", "P2"):
        owned = sum(t.copies for s in game.token_sets for t in s.tokens
                    if t.values.get("owner_mark") == mark)
        assert owned and text.split().count(mark) == owned, mark


@pytest.mark.parametrize("game", GAMES)
def test_owned_tokens_bind_their_owner_and_every_owner_gets_the_same(game):
    data = load_game(REPO / "data" / game, Report())
    for token_set in data.token_sets:
        owners = {}
        for token in token_set.tokens:
            if "owner" in token.values:
                owners.setdefault(token.values["owner"], []).append((token.name, token.copies))
        assert len({tuple(v) for v in owners.values()}) <= 1, token_set.id


@pytest.mark.parametrize("game", GAMES)
def test_the_markers_of_a_set_differ_by_icon_or_number_not_by_a_word(game):
    """Two different tokens of one set never share their icon and number: what tells them
    apart is drawn, not only written (a different shape is a different set)."""
    data = load_game(REPO / "data" / game, Report())
    for token_set in data.token_sets:
        if token_set.face.layout not in ("common/token", "common/marker"):
            continue
        looks = {}
        for token in token_set.tokens:
            values = {**token_set.face.values, **token.values}
            looks.setdefault((values.get("icon"), str(values.get("value"))), set()).add(token.name)
        assert all(len(names) == 1 for names in looks.values()), (token_set.id, looks)


@pytest.mark.parametrize("game", GAMES)
def test_no_token_caption_is_set_under_6_pt(shipped_tokens, game):
    sizes = [float(operands[1]) for ops in _token_forms(shipped_tokens[game]).values()
             for operands, op in ops if op == b"Tf"]
    assert sizes and min(sizes) >= SMALLEST_CAPTION_PT - 1e-6


NEEDS_GAME = """
token_sets:
  - id: embers
    size: 16mm
    face: {layout: front, values: {title: Ember}}
    owners:
      - {name: First player, mark: P1, color: "#a3261e"}
      - {name: Second player, mark: P2, color: "#23467a"}
    tokens:
      - {name: Ember, copies: COPIES}
      - {name: Ash, copies: 1}
    rules:
      - needs: {min: 4, when: "name == Ember", per: owner, from: "four tiles in its target"}
"""


@pytest.mark.parametrize("copies, errors", [(4, []), (3, ["First player", "Second player"])])
def test_the_needs_rule_checks_the_printed_count_for_each_owner(copy_game, tmp_path, copies, errors):
    game = copy_game("valid-minimal")
    with (game / "game.yaml").open("a", encoding="utf-8") as f:
        f.write(NEEDS_GAME.replace("COPIES", str(copies)))
    text = (game / "game.yaml").read_text(encoding="utf-8")
    report = Report()
    load = load_game(game, report)
    validate_game(load, report)
    found = [e for e in report.errors if e.code == "too-few"]
    line = next(i for i, l in enumerate(text.splitlines(), start=1) if "needs:" in l)
    assert [e.line for e in found] == [line] * len(errors)
    for error, owner in zip(found, errors):
        assert error.message == (f"token set 'embers' prints 3 tokens (name == Ember) for owner "
                                 f"'{owner}'; play can need 4: four tiles in its target")


def test_the_distinct_rule_reports_two_tokens_that_look_alike(copy_game):
    game = copy_game("valid-minimal")
    with (game / "game.yaml").open("a", encoding="utf-8") as f:
        f.write("token_sets:\n  - id: marks\n    size: 16mm\n    face: {layout: front}\n"
                "    tokens:\n      - {name: Rooted, values: {icon: cross}}\n"
                "      - {name: Marked, values: {icon: cross}}\n"
                "    rules:\n      - distinct: {field: icon}\n")
    report = Report()
    validate_game(load_game(game, report), report)
    [error] = [e for e in report.errors if e.code == "look-alike"]
    assert error.message == ("token 'Marked' has the icon 'cross' of 'Rooted' in token set "
                             "'marks': they look alike")


@pytest.mark.parametrize("fmt, corner", [("png", 0), ("webp", 0), ("jpg", None)])
def test_exported_token_images_are_cut_to_the_token_s_outline(tmp_path, fmt, corner):
    written, report = _build(REPO / "data" / "time-line-battle-v1", tmp_path, only=("images",),
                             kinds={"images": {"dpi": 60, "format": fmt, "no_cache": True}})
    assert not report.has_errors(), [d.format() for d in report.errors]
    for name in ("start-player/1-start-player", "damage/1-damage-1", "levels/1-level"):
        [path] = [p for p in written if p.as_posix().endswith(f"images/tokens/{name}.{fmt}")]
        image = Image.open(path)
        if corner is None:                       # a JPEG has no alpha: white outside
            assert image.mode == "RGB" and min(image.convert("RGB").getpixel((1, 1))) >= 245
            continue
        image = image.convert("RGBA")
        centre = image.getpixel((image.width // 2, image.height // 2))
        assert image.getpixel((0, 0))[3] == corner and centre[3] == 255, name
    rounded = Image.open(next(p for p in written if f"levels/1-level.{fmt}" in p.as_posix()))
    if corner is not None:     # a rounded square: drawn up to its cut line, nothing past it
        inside = round(TOKEN_BLEED / 25.4 * 60) + 2
        assert rounded.convert("RGBA").getpixel((rounded.width // 2, inside))[3] == 255
        assert rounded.convert("RGBA").getpixel((rounded.width // 2, 0))[3] == 0
