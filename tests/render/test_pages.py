"""The page layer every PDF goes through, read back from the files: --cmyk reaches every kind,
each file's /ID is a digest of its own bytes, dates come only from SOURCE_DATE_EPOCH, and every
kind says the same about itself (PDF version, producer, creator, author, title). The one-card
PDFs for print services are PDF/X-1a (tests/render/test_pdfx.py): CMYK, PDF 1.3 and dated in
any build."""
from __future__ import annotations

import hashlib
import io
import re
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardgen.base.errors import Report
from cardgen.render import pages
from cardgen.render.calibration import render_calibration
from cardgen.pipeline import BuildOptions, build

GAME = Path(__file__).resolve().parents[2] / "data" / "time-line-battle-v1"
KINDS = ("cards", "tokens", "boards", "booklets", "card-pdfs")
AUTHOR = "Game design: David Hammerle"
TITLE = "Time Line Battle v1"


def _build(folder: Path, **options) -> dict[str, bytes]:
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("SOURCE_DATE_EPOCH", raising=False)
        report = Report()
        written = build(GAME, BuildOptions(out_dir=folder, only=KINDS, **options), report)
    assert not report.has_errors(), [d.format() for d in report.errors]
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in written
            if p.suffix == ".pdf"}


@pytest.fixture(scope="module")
def rgb(tmp_path_factory):
    return _build(tmp_path_factory.mktemp("rgb"))


@pytest.fixture(scope="module")
def cmyk(tmp_path_factory):
    return _build(tmp_path_factory.mktemp("cmyk"), cmyk=True)


def _streams(reader: PdfReader) -> list[bytes]:
    """Every page's drawing and every form's, and a marker for each image's colour space."""
    out, seen = [], set()

    def visit(resources) -> None:
        for ref in (resources or {}).get("/XObject", {}).values():
            thing = ref.get_object()
            if id(thing) in seen:
                continue
            seen.add(id(thing))
            if thing.get("/Subtype") == "/Form":
                out.append(thing.get_data())
                visit(thing.get("/Resources"))
            else:
                out.append(f" image{thing.get('/ColorSpace')} ".encode())

    for page in reader.pages:
        contents = page.get_contents()
        if contents is not None:
            out.append(contents.get_data())
        visit(page.get("/Resources"))
    return out


def test_every_kind_of_pdf_is_made(rgb):
    assert len(rgb) >= 8
    assert any(name.endswith("-booklet.pdf") for name in rgb)
    assert any("/card-pdfs/" in f"/{name}" for name in rgb)
    assert any(name.endswith("tokens.pdf") for name in rgb)


def test_cmyk_reaches_every_kind_of_pdf(cmyk):
    for name, data in cmyk.items():
        operators = Counter(op for stream in _streams(PdfReader(io.BytesIO(data)))
                            for op in re.findall(rb"\b(rg|RG|k|K|image/DeviceRGB)\b", stream))
        assert not {b"rg", b"RG", b"image/DeviceRGB"} & set(operators), (name, operators)
        assert operators[b"k"] + operators[b"K"] > 0, name


def _print_service(name: str) -> bool:
    return name.split("/")[1] == "card-pdfs"


def test_an_rgb_build_and_a_cmyk_build_differ_in_every_file_and_its_id(rgb, cmyk):
    assert rgb.keys() == cmyk.keys()
    for name in rgb:
        if _print_service(name):                # PDF/X-1a: CMYK in either build
            assert rgb[name] == cmyk[name], name
            continue
        assert rgb[name] != cmyk[name], name
        assert _id(rgb[name]) != _id(cmyk[name]), name


def _id(data: bytes) -> list[bytes]:
    parts = PdfReader(io.BytesIO(data)).trailer["/ID"]
    return [getattr(part, "original_bytes", part) for part in parts]


def test_each_files_id_is_the_digest_of_its_own_bytes_and_no_two_files_share_one(rgb, cmyk):
    ids = []
    for data in {*rgb.values(), *cmyk.values()}:
        first, second = _id(data)
        assert first == second
        zeroed = data.replace(first.hex().encode(), b"0" * 32)
        assert first == hashlib.md5(zeroed, usedforsecurity=False).digest()
        ids.append(first)
    assert len(set(ids)) == len(ids)


def test_identical_builds_are_byte_identical_with_equal_ids(rgb, tmp_path):
    again = _build(tmp_path)
    assert again == rgb
    assert render_calibration("a4", "long") == render_calibration("a4", "long")


def test_every_kind_says_the_same_about_itself(rgb):
    for name, data in rgb.items():
        info = PdfReader(io.BytesIO(data)).metadata
        assert info["/Producer"] == "cardgen" and info["/Creator"] == "cardgen", name
        assert info["/Author"] == AUTHOR, name
        assert info["/Title"].startswith(f"{TITLE} - "), name
        if _print_service(name):
            assert data.startswith(b"%PDF-1.3\n"), name
            assert info["/CreationDate"] == info["/ModDate"] == "D:19800101000000+00'00'", name
            continue
        assert data.startswith(b"%PDF-1.4\n"), name
        assert "/CreationDate" not in info and "/ModDate" not in info, name


@pytest.mark.parametrize("make", ["canvas", "pages put together"])
def test_dates_come_from_source_date_epoch_only(make, monkeypatch):
    def render() -> bytes:
        if make == "canvas":
            return render_calibration("a4", "long")
        writer = pages.pdf_writer()
        writer.add_blank_page(100, 100)
        return pages.finish_writer(writer, pages.DocumentInfo("a title", "an author"))

    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    undated = PdfReader(io.BytesIO(render())).metadata
    assert "/CreationDate" not in undated and "/ModDate" not in undated
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    dated = PdfReader(io.BytesIO(render())).metadata
    assert dated["/CreationDate"] == dated["/ModDate"] == "D:20231114221320+00'00'"
