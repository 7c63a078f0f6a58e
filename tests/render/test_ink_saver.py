"""The ink saver: card sheets drawn light on the same geometry, with far less ink."""
from __future__ import annotations

import io
import re

import pypdfium2
from PIL import ImageStat
from pypdf import PdfReader

from cardgen.api import build_games
from cardgen.pipeline import BuildOptions

NUMBERS = re.compile(rb"-?\d+\.?\d*")


def _build(game, out, ink_saver: bool) -> bytes:
    options = BuildOptions(out, only=("cards",), kinds={"cards": {"ink_saver": True}} if ink_saver else {})
    report, _ = build_games([game], options)
    assert not report.errors
    return (out / game.name / "player-1.pdf").read_bytes()


def _boxes(pdf: bytes) -> list:
    """Every page's boxes and the places its forms are put (the cards' trims and marks)."""
    reader = PdfReader(io.BytesIO(pdf))
    out = []
    for page in reader.pages:
        content = page.get_contents().get_data()
        out.append((tuple(page.mediabox), tuple(page.trimbox),
                    re.findall(rb"[-\d. ]+ cm|[-\d. ]+ re|[-\d. ]+ [ml]\b", content)))
    return out


def _coverage(pdf: bytes, page: int) -> float:
    image = pypdfium2.PdfDocument(pdf)[page].render(scale=30 / 72).to_pil().convert("L")
    return 1 - ImageStat.Stat(image).mean[0] / 255


def test_ink_saver_keeps_the_geometry_and_drops_the_ink(copy_game, tmp_path):
    game = copy_game("time-line-battle-v2")
    plain = _build(game, tmp_path / "plain", False)
    light = _build(game, tmp_path / "light", True)
    assert _boxes(plain) == _boxes(light)
    assert _coverage(plain, 1) > 0.5                      # the backs' page, as printed today
    assert _coverage(light, 1) < 0.2
    assert _coverage(light, 0) < _coverage(plain, 0)      # fronts: the bleed and frame tinted
