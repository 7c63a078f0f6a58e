"""cardgen as an installed package: a wheel carries everything a game needs, and a game copied
out of this project builds with the `cardgen` command of a fresh virtual environment."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from email.parser import Parser
from importlib import metadata
from pathlib import Path

import pytest
from pypdf import PdfReader

REPO = Path(__file__).resolve().parents[1]
BIN = "Scripts" if os.name == "nt" else "bin"


def dependency_folders(wheel: Path) -> list[str]:
    """Where this test's interpreter has the dependencies the wheel declares (not test extras)."""
    with zipfile.ZipFile(wheel) as archive:
        [name] = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        declared = Parser().parsestr(archive.read(name).decode("utf-8")).get_all("Requires-Dist")
    names = [re.split(r"[\s;<>=!~(\[]", req, maxsplit=1)[0]
             for req in declared or [] if "extra ==" not in req]
    assert "reportlab" in names
    return sorted({str(metadata.distribution(name).locate_file("")) for name in names})


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Path:
    """A fresh virtual environment with the wheel built from this checkout installed in it.
    Nothing is downloaded: the wheel goes in without its dependencies, and a .pth file lets the
    environment import those from where this test's own interpreter has them."""
    root = tmp_path_factory.mktemp("wheel")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", "-q",
                            "-w", str(root / "dist")], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    [wheel] = (root / "dist").glob("cardgen-*.whl")
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / BIN / "python"
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                                "--no-deps", "--no-index", "-q", str(wheel)],
                               capture_output=True, text=True)
    assert installed.returncode == 0, installed.stderr
    (site_packages(venv) / "cardgen-test-dependencies.pth").write_text(
        "\n".join(dependency_folders(wheel)) + "\n")
    return venv


def site_packages(venv: Path) -> Path:
    found = subprocess.run([venv / BIN / "python", "-c",
                            "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                           capture_output=True, text=True, check=True)
    return Path(found.stdout.strip())


def run_installed(venv: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    """The venv's own `cardgen` console script, with nothing of this checkout on its path."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    return subprocess.run([str(venv / BIN / "cardgen"), *args], cwd=cwd, env=env,
                          capture_output=True, text=True)


def test_the_wheel_carries_the_shared_layouts_and_fonts(venv):
    site = site_packages(venv)
    files = {p.relative_to(site).as_posix() for p in (site / "cardgen").rglob("*") if p.is_file()}
    assert "cardgen/layouts/common/back.yaml" in files
    assert "cardgen/layouts/common/poker-frame.yaml" in files
    assert "cardgen/fonts/NotoSansSymbols2-Regular.ttf" in files
    assert "cardgen/fonts/LICENSE-NotoSansSymbols2.txt" in files


def test_a_shipped_game_copied_elsewhere_builds_with_the_venvs_cardgen(venv, tmp_path):
    where = subprocess.run([venv / BIN / "python", "-c", "import cardgen; print(cardgen.__file__)"],
                           cwd=tmp_path, capture_output=True, text=True)
    assert where.stdout.strip().startswith(str(site_packages(venv))), \
        "the checkout was used, not the wheel"
    shutil.copytree(REPO / "data" / "time-line-battle-v2", tmp_path / "my-copy")
    result = run_installed(venv, tmp_path, "build", "my-copy", "--out", "prints", "-q")
    assert result.returncode == 0, result.stderr
    for deck in ("player-1", "player-2"):
        reader = PdfReader(tmp_path / "prints" / "my-copy" / f"{deck}.pdf")
        assert len(reader.pages) == 6


def test_a_new_game_outside_any_project_builds_and_its_own_layouts_win(venv, tmp_path):
    assert run_installed(venv, tmp_path, "new", "potions").returncode == 0
    game_yaml = tmp_path / "potions" / "game.yaml"
    text = game_yaml.read_text()
    start = text.index("    back:")
    end = text.index("    rules:")
    game_yaml.write_text(text[:start] + '    back: {layout: common/back, values: {color: "#2f5d50", '
                         'label: Heroes, icon: star}}\n' + text[end:])
    result = run_installed(venv, tmp_path, "build", "potions", "--out", "shipped", "-q")
    assert result.returncode == 0, result.stderr
    [pdf] = (tmp_path / "shipped" / "potions").glob("*.pdf")
    assert "Heroes" in PdfReader(pdf).pages[1].extract_text()       # the shipped common/back
    own = tmp_path / "potions" / "layouts" / "common"
    own.mkdir(parents=True)
    shipped = site_packages(venv) / "cardgen" / "layouts" / "common"
    shutil.copy(shipped / "back.yaml", own / "back.yaml")
    (own / "back.yaml").write_text((own / "back.yaml").read_text().replace(
        "{{game.title}}", "OUR OWN BACK"))
    result = run_installed(venv, tmp_path, "build", "potions", "--out", "prints", "-q")
    assert result.returncode == 0, result.stderr
    [pdf] = (tmp_path / "prints" / "potions").glob("*.pdf")
    assert "OUR OWN BACK" in " ".join(PdfReader(pdf).pages[1].extract_text().split())
