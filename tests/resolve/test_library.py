from pathlib import Path

from cardgen.base.errors import Report
from cardgen.catalog import SHIPPED_LAYOUTS
from cardgen.resolve.library import LayoutLibrary

FIXTURES = Path(__file__).parent / "fixtures"


def library(scenario: str) -> tuple[LayoutLibrary, Report]:
    report = Report()
    return LayoutLibrary((FIXTURES / scenario,), report), report


def test_several_parents_merge_in_order_and_child_keys_override():
    lib, report = library("several-parents")
    layout = lib.get("card")
    assert report.diagnostics == []
    assert [e.name for e in layout.elements] == ["background", "title", "health", "art"]
    title = next(e for e in layout.elements if e.name == "title")
    assert title.values["size"] == "14pt" and title.values["align"] == "center"
    assert title.values["text"] == "{{name}}"          # inherited from frame
    assert layout.colors["ink"] == "#222222"            # the later parent wins
    assert layout.colors["paper"] == "#fafafa"


def test_extends_cycle_is_reported_with_file_and_line():
    lib, report = library("extends-cycle")
    assert lib.get("a") is None
    [diagnostic] = report.errors
    assert diagnostic.code == "extends-cycle"
    assert diagnostic.file.endswith("b.yaml") and diagnostic.line == 2
    assert "a -> b -> a" in diagnostic.message


def test_missing_parent_is_an_error_not_a_silent_skip():
    lib, report = library("missing-parent")
    assert lib.get("child") is None
    [diagnostic] = report.errors
    assert diagnostic.code == "unknown-layout"
    assert diagnostic.file.endswith("child.yaml") and diagnostic.line == 2
    assert "unknown layout 'nowhere'" in diagnostic.message


def test_unknown_layout_suggests_a_close_name():
    lib, report = library("several-parents")
    assert lib.get("crad") is None
    assert "did you mean 'card'" in report.errors[0].message


def _game_under(root: Path, copy_game) -> Path:
    """A shipped game copied to root/<marker-free folders>/game."""
    game = copy_game("time-line-battle-v2")
    target = root / "games" / game.name
    target.parent.mkdir(parents=True)
    game.rename(target)
    return target


def _stray_back(folder: Path) -> Path:
    """A layouts/common/back.yaml, a copy of the shipped one."""
    stray = folder / "layouts" / "common" / "back.yaml"
    stray.parent.mkdir(parents=True)
    stray.write_text((SHIPPED_LAYOUTS / "common" / "back.yaml").read_text())
    return stray


def test_the_layouts_search_stops_at_the_projects_top(tmp_path, copy_game, validate):
    """A layouts/ above the folder holding pyproject.toml (or .git, or cardgen.yaml) is not
    read: the shipped common/back stays the one used."""
    project = tmp_path / "disk" / "project"
    game = _game_under(project, copy_game)
    _stray_back(tmp_path / "disk")
    for marker in ("pyproject.toml", ".git", "cardgen.yaml"):
        path = project / marker
        path.mkdir() if marker == ".git" else path.write_text("")
        run = validate(game, "--strict")
        assert run.exit_code == 0, (marker, run.output)
        path.rmdir() if marker == ".git" else path.unlink()
    run = validate(game)                      # no project top: the stray folder is the project's
    assert "layout-shadowed" in run.output and "cardgen's own common/back.yaml" in run.output


def test_a_layout_that_hides_another_of_its_name_is_said_where_it_is_asked_for(tmp_path, copy_game,
                                                                                 validate):
    game = copy_game("time-line-battle-v2")
    _stray_back(game)
    run = validate(game)
    [warning] = run.problems("warning")
    assert "game.yaml:" in warning and "layout-shadowed" in warning
    assert "layouts/common/back.yaml" in warning and "cardgen's own common/back.yaml" in warning
