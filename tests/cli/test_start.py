"""What a command loads as it starts: only what it uses. Checking a game draws nothing, so it
imports no renderer (the typesetter, the SVG reader, the PDF reader and rasteriser, the process
pool); the command line's help imports no library at all. Each runs in a fresh interpreter."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen.render import BUILT_IN, DEFAULT, OUTPUT_KINDS, made_by_default

REPO = Path(__file__).resolve().parents[2]
SMALL_GAME = REPO / "data" / "time-line-battle-v2"
# loaded by a build that draws, never to check a game
RENDERERS = ("reportlab.platypus", "reportlab.graphics", "svglib", "lxml", "pypdf", "pypdfium2",
             "concurrent.futures.process", "http.server", "cardgen.render.booklet.template",
             "cardgen.render.images", "cardgen.render.tts", "cardgen.render.card_pdfs",
             "cardgen.history.diff", "cardgen.serve.preview", "cardgen.render.side_by_side",
             "multiprocessing")
# loaded by the commands or the data that need them, never to check a game that has no tables
NOT_TO_CHECK = ("cardgen.history", "cardgen.authoring.dump", "cardgen.authoring.json_schema",
                "cardgen.authoring.schema_files", "cardgen.render.image_cache",
                "cardgen.load.csv_cards", "cardgen.load.table_cards", "cardgen.load.ods_sheets",
                "cardgen.load.xlsx_sheets")


def imported(*args: str) -> set[str]:
    """Every module `cardgen ARGS` has imported when it ends, run as its own process."""
    return set(afterwards("print(*sys.modules, file=sys.stderr)", *args).split())


def afterwards(code: str, *args: str) -> str:
    """What `code` prints to stderr once `cardgen ARGS` has run, in a process of their own."""
    code = ("import sys\nfrom cardgen.entry import main\ntry:\n    main()\nexcept SystemExit as end:\n"
            "    assert not end.code, end.code\n" + code)
    run = subprocess.run([sys.executable, "-c", code, *args], cwd=REPO,
                         env={**os.environ, "PYTHONPATH": str(REPO)}, stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stderr


def loaded(modules: set[str], packages) -> list[str]:
    return sorted(m for m in modules for p in packages if m == p or m.startswith(p + "."))


def test_validating_a_game_imports_no_renderer_and_nothing_only_other_commands_use():
    modules = imported("validate", str(SMALL_GAME))
    assert "cardgen.render.card_sheets" in modules        # its checks run: the test sees imports
    assert loaded(modules, RENDERERS) == []
    assert loaded(modules, NOT_TO_CHECK) == []


def test_validating_a_game_reads_the_faces_it_measures_text_in_and_no_more():
    shown = afterwards("from reportlab.pdfbase import pdfmetrics\nfrom cardgen.drawing import fonts\n"
                       "for name in sorted(fonts._REGISTERED):\n"
                       "    face = pdfmetrics.getFont(name).face\n"
                       "    print(name, 'glyphPos' in vars(face), file=sys.stderr)",
                       "validate", str(SMALL_GAME))
    read = dict(line.split() for line in shown.splitlines())
    assert "cardgen-sans-regular" in read          # the game's text is measured in it
    assert "cardgen-symbols-regular" not in read   # a fallback, read when a face lacks a glyph
    assert set(read.values()) == {"False"}         # where glyphs lie is read to draw, not to check


def test_help_imports_neither_the_library_nor_reportlab_beyond_its_settings():
    modules = imported("--help")
    assert "cardgen.cli" in modules
    # reportlab's package alone reads its settings files at the start (entry.py)
    assert loaded(modules, ("reportlab",)) == ["reportlab"]
    assert loaded(modules, ("cardgen.api", "cardgen.pipeline", "cardgen.render", "PIL")) == []


def test_the_built_in_kinds_made_by_default_are_the_ones_whose_class_says_so():
    assert set(BUILT_IN) <= set(OUTPUT_KINDS)
    for name in BUILT_IN:
        assert OUTPUT_KINDS[name].name == name
        assert OUTPUT_KINDS[name].default == (name in DEFAULT), name
    assert made_by_default() == DEFAULT


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_a_kind_is_imported_when_first_asked_for(name):
    code = (f"import sys; from cardgen.render import OUTPUT_KINDS; "
            f"module = {BUILT_IN[name].module!r}; before = module in sys.modules; "
            f"OUTPUT_KINDS[{name!r}]; print(before, module in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=120)
    assert run.stdout.split() == ["False", "True"], run.stderr


def test_checking_a_game_with_no_documents_imports_no_markdown_reader():
    game = REPO / "tests" / "corpus" / "valid-minimal" / "data" / "game"
    assert not list(game.rglob("*.md"))
    modules = imported("validate", str(game))
    assert "cardgen.load.documents" in modules       # the reader's own module is there
    assert loaded(modules, ("markdown_it",)) == []
