"""Every output kind numbers its pages one way, from the shared page layer: "page N of M", N
counting every page of the PDF, M all of them."""
from __future__ import annotations

import re
from pathlib import Path

from pdfsheets import own_text, read_pdf

from cardgen.base.errors import Report
from cardgen.pipeline import BuildOptions, build
from cardgen.render.page_footer import footer_forms, page_label

REPO = Path(__file__).resolve().parents[2]


def test_every_footer_form_that_numbers_its_page_says_it_the_one_way():
    forms = footer_forms(("Game", "Deck", "version 1"), "fronts", 3, 12)
    numbered = [form for form in forms if any(re.search(r"\d+\s*(/|of)\s*\d+", line) for line in form)]
    assert numbered and all(page_label(3, 12) in " ".join(form) for form in numbered)
    assert not any("3/12" in line for form in forms for line in form)


def test_card_token_and_board_pages_are_numbered_alike(tmp_path):
    report = Report()
    written = build(REPO / "data" / "time-line-battle-v2",
                    BuildOptions(out_dir=tmp_path, only=("cards", "tokens", "boards")), report)
    assert not report.has_errors()
    kinds = set()
    for path in written:
        pages = read_pdf(path).pages
        for number, page in enumerate(pages, start=1):
            text = " ".join(t for t, _ in own_text(page.page))
            assert re.findall(r"(?:page|sheet) \d+ of \d+|\b\d+/\d+\b", text) == \
                [f"page {number} of {len(pages)}"], (path.name, number, text)
        kinds.add(path.stem.split("-")[0])
    assert {"player", "tokens", "timeline"} <= kinds
