"""cardgen as an installed package: a wheel carries everything a game needs, and a game copied
out of this project builds with it from any folder."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The wheel built from this checkout, installed (without its dependencies, which this test
    environment has) into a folder of its own."""
    root = tmp_path_factory.mktemp("wheel")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", "-q",
                            "-w", str(root / "dist")], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    [wheel] = (root / "dist").glob("cardgen-*.whl")
    installed = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q",
                                "--target", str(root / "site"), str(wheel)],
                               capture_output=True, text=True)
    assert installed.returncode == 0, installed.stderr
    return root / "site"


def run_installed(site: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(site)}
    return subprocess.run([sys.executable, "-m", "cardgen", *args], cwd=cwd, env=env,
                          capture_output=True, text=True)


def test_the_wheel_carries_the_shared_layouts_and_fonts(installed):
    files = {p.relative_to(installed).as_posix() for p in installed.rglob("*") if p.is_file()}
    assert "cardgen/layouts/common/back.yaml" in files
    assert "cardgen/layouts/common/poker-frame.yaml" in files
    assert "cardgen/fonts/NotoSansSymbols2-Regular.ttf" in files
    assert "cardgen/fonts/LICENSE-NotoSansSymbols2.txt" in files


def test_a_shipped_game_copied_elsewhere_builds_with_the_installed_package(installed, tmp_path):
    where = subprocess.run([sys.executable, "-c", "import cardgen; print(cardgen.__file__)"],
                           env={**os.environ, "PYTHONPATH": str(installed)}, cwd=tmp_path,
                           capture_output=True, text=True)
    assert where.stdout.strip().startswith(str(installed)), "the checkout was used, not the wheel"
    shutil.copytree(REPO / "data" / "time-line-battle-v2", tmp_path / "my-copy")
    result = run_installed(installed, tmp_path, "build", "my-copy", "--out", "prints", "-q")
    assert result.returncode == 0, result.stderr
    for deck in ("player-1", "player-2"):
        reader = PdfReader(tmp_path / "prints" / "my-copy" / f"{deck}.pdf")
        assert len(reader.pages) == 6


def test_a_new_game_outside_any_project_builds_and_its_own_layouts_win(installed, tmp_path):
    assert run_installed(installed, tmp_path, "new", "potions").returncode == 0
    game_yaml = tmp_path / "potions" / "game.yaml"
    text = game_yaml.read_text()
    start = text.index("    back:")
    end = text.index("    rules:")
    game_yaml.write_text(text[:start] + '    back: {layout: common/back, values: {color: "#2f5d50", '
                         'label: Heroes, icon: star}}\n' + text[end:])
    result = run_installed(installed, tmp_path, "build", "potions", "--out", "shipped", "-q")
    assert result.returncode == 0, result.stderr
    [pdf] = (tmp_path / "shipped" / "potions").glob("*.pdf")
    assert "Heroes" in PdfReader(pdf).pages[1].extract_text()       # the shipped common/back
    own = tmp_path / "potions" / "layouts" / "common"
    own.mkdir(parents=True)
    shutil.copy(installed / "cardgen" / "layouts" / "common" / "back.yaml", own / "back.yaml")
    (own / "back.yaml").write_text((own / "back.yaml").read_text().replace(
        "{{game.title}}", "OUR OWN BACK"))
    result = run_installed(installed, tmp_path, "build", "potions", "--out", "prints", "-q")
    assert result.returncode == 0, result.stderr
    [pdf] = (tmp_path / "prints" / "potions").glob("*.pdf")
    assert "OUR OWN BACK" in " ".join(PdfReader(pdf).pages[1].extract_text().split())
