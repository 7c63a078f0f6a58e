"""The shipped games carry the rules' facts in their own words: no run of 12 or more words of a
game's rule document appears anywhere in data/ (card texts, aids, glossaries, rules.md)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
RUN = 12
WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
SHOWN = re.compile(r"\[\[[^\]|]*\|([^\]]*)\]\]")
FIELD_OR_ICON = re.compile(r"\{\{[^}]*\}\}|\{[a-z][a-z0-9_-]*\}")


def words(text: str) -> list[str]:
    """Lower-case words as printed, markup, punctuation and line breaks gone, so `**Opp**` and
    `Opp`, `[[Ally|Allies]]` and `Allies`, and a sentence wrapped over two YAML lines compare alike."""
    text = SHOWN.sub(r"\1", text.replace("\u2019", "'"))
    return WORD.findall(FIELD_OR_ICON.sub(" ", text).lower())


def shared_runs(text: str, runs: set[tuple[str, ...]]) -> list[str]:
    """Each longest stretch of `text` whose every RUN-word window is in `runs`. A stretch of
    one- and two-letter words only (a list of ranks, A 2 3 ... K) is a fact, not a sentence."""
    found, w, i = [], words(text), 0
    while i <= len(w) - RUN:
        if tuple(w[i:i + RUN]) not in runs:
            i += 1
            continue
        end = i + RUN
        while end < len(w) and tuple(w[end - RUN + 1:end + 1]) in runs:
            end += 1
        if any(len(word) > 2 for word in w[i:end]):
            found.append(" ".join(w[i:end]))
        i = end
    return found


def seed_runs() -> set[tuple[str, ...]]:
    runs = set()
    for seed in sorted(SEEDS.glob("*.txt")):
        w = words(seed.read_text(encoding="utf-8", errors="replace"))
        runs.update(tuple(w[i:i + RUN]) for i in range(len(w) - RUN + 1))
    return runs


def test_the_check_finds_a_copied_sentence_however_it_is_marked_up_or_wrapped():
    runs = {tuple("the quick brown fox jumps over the lazy dog and runs far away".split()[i:i + RUN])
            for i in range(2)}
    assert shared_runs("Then **the quick brown fox**\n  jumps over the lazy dog and runs far.",
                       runs) == ["the quick brown fox jumps over the lazy dog and runs far"]
    assert shared_runs("the quick brown fox jumps over the lazy cat and runs far", runs) == []
    assert shared_runs("the [[Fox|quick brown fox]] {star} jumps over the lazy dog and runs far away",
                       runs) == ["the quick brown fox jumps over the lazy dog and runs far away"]
    assert shared_runs("A 2 3 4 5 6 7 8 9 10 J Q K", {tuple("a 2 3 4 5 6 7 8 9 10 j q".split())}) == []


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rule documents are not beside the project")
def test_no_run_of_twelve_words_from_a_rule_document_is_in_the_shipped_data():
    runs = seed_runs()
    assert len(runs) > 5000           # the five documents were read
    copied = {str(path.relative_to(ROOT)): found
              for path in sorted((ROOT / "data").rglob("*"))
              if path.suffix in (".yaml", ".md") and path.is_file()
              for found in [shared_runs(path.read_text(encoding="utf-8"), runs)] if found}
    assert copied == {}
