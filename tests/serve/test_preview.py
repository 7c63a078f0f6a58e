"""What `cardgen serve` renders: every face and page as a PNG, each card's data and where it was
written; a save draws only the faces it changed; a broken save keeps the last good images."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.serve import preview
from cardgen.serve.preview import Previewer


@pytest.fixture
def counted(monkeypatch):
    """Every face the previewer has rasterised (or found in the cache folder), in order."""
    asked: list = []
    real = preview.rasterise_faces

    def counting(items, cache, *args, **kwargs):
        asked.extend(items)
        return real(items, cache, *args, **kwargs)

    monkeypatch.setattr(preview, "rasterise_faces", counting)
    return asked


def urls_of(state: dict) -> list[str]:
    out = []
    for deck in state["decks"]:
        out += [deck["back"]] + [c[side] for c in deck["cards"] for side in ("front", "back")]
    out += [t[side] for s in state["tokens"] for t in s["tokens"] for side in ("front", "back")
            if side in t]
    out += [u for b in state["boards"] for u in b["images"]]
    return out + [u for d in state["documents"] for u in d["pages"]]


def test_every_face_board_and_page_is_an_image_shown(copy_game, tmp_path):
    game = copy_game("time-line-battle-v1")
    snapshot = Previewer(game, tmp_path / "cache").render()
    state = snapshot.state
    assert state["ok"] and state["decks"] and state["tokens"] and state["boards"]
    assert state["documents"] and state["documents"][0]["pages"]
    for url in urls_of(state):
        assert snapshot.images[url].startswith(b"\x89PNG\r\n\x1a\n"), url
    assert set(snapshot.images) == set(urls_of(state))         # nothing else is served


def test_a_card_shows_its_values_and_the_file_and_line_it_was_written_at(copy_game, tmp_path):
    game = copy_game("valid-minimal")
    state = Previewer(game, tmp_path / "cache").render().state
    second = next(c for c in state["decks"][0]["cards"] if c["name"] == "Second Hero")
    lines = (game / "cards" / "heroes.yaml").read_text().splitlines()
    assert second["file"].endswith("cards/heroes.yaml")
    assert lines[second["line"] - 1].strip() == "- name: Second Hero"
    assert second["values"]["power"] == "5" and second["values"]["text"] == "Draw a card."


def test_a_save_draws_only_the_faces_it_changed(copy_game, tmp_path, counted, edit):
    game = copy_game("valid-minimal")
    previewer = Previewer(game, tmp_path / "cache")
    before = previewer.render().state
    drawn = len(counted)
    assert drawn >= 3                               # two fronts and the back
    edit(game / "cards" / "heroes.yaml", "power: 5", "power: 6")
    after = previewer.render().state
    assert len(counted) == drawn + 1                # the one front changed, nothing else
    old, new = before["decks"][0]["cards"], after["decks"][0]["cards"]
    assert old[0]["front"] == new[0]["front"] and old[1]["front"] != new[1]["front"]


def test_a_changed_picture_draws_every_face_again(copy_game, tmp_path, counted):
    game = copy_game("valid-minimal")
    previewer = Previewer(game, tmp_path / "cache")
    previewer.render()
    drawn = len(counted)
    previewer.forget()
    previewer.render()
    assert len(counted) == 2 * drawn


def test_a_broken_save_shows_its_problems_and_keeps_the_last_good_images(copy_game, tmp_path, edit):
    game = copy_game("valid-minimal")
    previewer = Previewer(game, tmp_path / "cache")
    good = previewer.render()
    edit(game / "cards" / "heroes.yaml", "power: 5", "power: [5")
    broken = previewer.render()
    assert not broken.state["ok"]
    assert broken.images == good.images and broken.state["decks"] == good.state["decks"]
    assert any("heroes.yaml:" in p["text"] and p["line"] for p in broken.state["problems"])


def test_a_fault_while_drawing_is_a_problem_shown_over_the_last_good_images(copy_game, tmp_path,
                                                                            monkeypatch):
    """A picture changed between its check and its drawing (or any fault) does not stop the
    preview: the page says so and keeps the images it had."""
    game = copy_game("valid-minimal")
    previewer = Previewer(game, tmp_path / "cache")
    good = previewer.render()

    def failing(*args, **kwargs):
        raise OSError("the picture changed while it was read")
    monkeypatch.setattr(preview, "rasterise_faces", failing)
    previewer.forget()
    faulty = previewer.render()
    assert not faulty.state["ok"] and faulty.images == good.images
    assert any("could not be drawn" in p["text"] and "changed while" in p["text"]
               for p in faulty.state["problems"])


def test_a_game_broken_from_the_start_shows_its_problems_only(copy_game, tmp_path, edit):
    game = copy_game("valid-minimal")
    edit(game / "cards" / "heroes.yaml", "power: 5", "power: [5")
    snapshot = Previewer(game, tmp_path / "cache").render()
    assert not snapshot.state["ok"] and snapshot.state["problems"] and not snapshot.images
