"""A YAML example that names a shipped file above it (`data/<game>/...yaml`) is an excerpt of that
file as it is: every key the example gives is in the file, with the same value. An example may
leave keys out, never change one."""
import re
from pathlib import Path

import pytest
import yaml

from test_docs import DOCS, _fenced

ROOT = DOCS.parent


def _excerpts() -> list[tuple[str, str, str]]:
    """(doc, file the example names, the example) for each YAML example that names a file."""
    out = []
    for doc in sorted(DOCS.glob("*.md")):
        for language, body, before in _fenced(doc.read_text(encoding="utf-8")):
            named = [name for name in re.findall(r"`([\w./-]+\.yaml)`", before)
                     if (ROOT / name).is_file()]
            if language == "yaml" and named:
                assert len(named) == 1, f"docs/{doc.name}: an example above names {named}"
                out.append((doc.name, named[0], body))
    return out


def _differences(shown, real, at: str = "") -> list[str]:
    if isinstance(shown, dict) and isinstance(real, dict):
        return [difference for key, value in shown.items()
                for difference in (_differences(value, real[key], f"{at}.{key}".lstrip("."))
                                   if key in real else [f"{at}.{key}: not in the file".lstrip(".")])]
    return [] if shown == real else [f"{at}: the example says {shown!r}, the file {real!r}"]


def test_the_excerpts_are_found():
    assert {(doc, name) for doc, name, _ in _excerpts()} >= {
        ("layouts.md", "data/time-line-battle-v2/layouts/character.yaml"),
        ("data-format.md", "data/time-line-battle-v2/game.yaml")}


@pytest.mark.parametrize("doc, name, body", _excerpts(), ids=lambda v: v if "\n" not in v else "")
def test_an_excerpt_says_what_its_file_says(doc, name, body):
    real = yaml.safe_load((ROOT / name).read_text(encoding="utf-8"))
    wrong = _differences(yaml.safe_load(body), real)
    assert not wrong, f"docs/{doc}: the excerpt of {name} differs:\n" + "\n".join(wrong)
