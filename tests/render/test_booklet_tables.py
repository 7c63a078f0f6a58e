"""A booklet's tables: columns wide enough for their words on an A5 page, column headings and the
components list as a reader expects them."""
from __future__ import annotations

from pathlib import Path

from reportlab.lib.colors import Color

from cardgen.base import markup
from cardgen.drawing.richtext import layout_text
from cardgen.base.errors import Report
from cardgen.load.game import load_game
from cardgen.render.booklet import parts
from cardgen.render.booklet.template import PageStyle
from cardgen.render.booklet.typesetter import Typesetter

REPO = Path(__file__).resolve().parents[2]
A5 = PageStyle(148.0, 210.0, 14.0, 9.0, Color(0.5, 0.1, 0.1))


def width_of(ts: Typesetter, text: str, family, size: float) -> float:
    return layout_text(markup.parse(text).runs, family, size, None, None).width


def test_a_wide_table_gives_every_column_its_longest_word():
    ts = Typesetter(A5, {}.get)
    rows = [("Card", "Rank", "Kind", "What it does")]
    rows += [(f"Operations Craft {n}", str(n), "Unit", "Strikes the enemy Front. " * 6)
             for n in range(3)]
    widths = ts._widths(rows, 8.0)
    assert abs(sum(widths) - ts.frame_width) < 0.01
    assert widths[0] > width_of(ts, "**Operations**", ts.serif, 8.0)
    assert widths[1] > width_of(ts, "**Rank**", ts.sans, 8.0)        # the heading, as it prints
    assert widths[3] == max(widths)                                   # the long text wraps


def test_column_headings_and_the_components_list():
    assert parts._title("hp") == "HP" and parts._title("level_up") == "Level up"
    report = Report()
    game = load_game(REPO / "data" / "time-line-battle-v2", report)
    assert game is not None and not report.errors
    [table] = parts.components(game, Typesetter(A5, {}.get))
    plain = [[cell.parsed.plain.replace("\u00a0", " ") for (cell,) in row]   # no-break spaces
             for row in table._cellvalues]
    rows = {row[0]: row[1:] for row in plain}
    assert rows["Start Player marker"] == ["1 hexagon token", "30 x 34.6 mm"]
    assert rows["Damage counters"] == ["32 circle tokens", "16 x 16 mm"]
    assert rows["Ability used markers"] == ["16 circle tokens", "18 x 18 mm"]
    assert rows["VP tokens"] == ["16 circle tokens", "18 x 18 mm"]
