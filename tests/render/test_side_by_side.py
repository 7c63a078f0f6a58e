"""Output kinds drawn side by side, in forks of the build's process, make the same files as the
kinds drawn one after another; a kind that fails in a fork fails as it would in one process."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardgen import pipeline
from cardgen.base.errors import Report
from cardgen.render import side_by_side
from cardgen.render.side_by_side import render_kinds

REPO = Path(__file__).resolve().parents[2]
GAME = REPO / "data" / "time-line-battle-v2"


@pytest.fixture(scope="module")
def checked():
    found = pipeline.check(GAME, Report(), pipeline.BuildOptions())
    assert found is not None
    return found


def one_by_one(checked, progress) -> dict[str, bytes]:
    files = {}
    for kind in checked.outputs:
        files.update(kind.render(checked.game, checked.faces, progress))
    return files


def test_kinds_drawn_in_forks_make_the_same_files_in_the_same_order(checked, monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 4)          # a spare core for each fork
    forked = side_by_side._forks(checked.outputs)
    assert [kind.name for kind in forked] == ["tokens", "boards", "booklets"]
    done, expected_done = [], []
    files = render_kinds(checked.outputs, checked.game, checked.faces, done.append)
    expected = one_by_one(checked, expected_done.append)
    assert list(files) == list(expected)
    assert files == expected
    assert sum(done) == sum(expected_done) > 0         # the forks' progress, told when done


def test_one_core_draws_every_kind_here(checked, monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert side_by_side._forks(checked.outputs) == []


def test_a_kind_that_fails_in_its_fork_raises_here(checked, monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    [booklets] = [kind for kind in checked.outputs if kind.name == "booklets"]

    def broken(game, faces, progress):
        raise RuntimeError("drawn and failed")

    monkeypatch.setattr(booklets, "render", broken)
    kinds = tuple(kind for kind in checked.outputs if kind.name in ("cards", "booklets"))
    with pytest.raises(RuntimeError, match="drawn and failed"):
        render_kinds(kinds, checked.game, checked.faces, lambda n: None)
