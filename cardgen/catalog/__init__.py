"""Print knowledge that is not any one game's: named card sizes with their sleeves, paper sizes,
and the printing condition (with its ICC profile) print-service PDFs name."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from cardgen.base.errors import Report
from cardgen.shared.yaml_source import load_yaml
from cardgen.base.model import CardSize

_HERE = Path(__file__).parent
SHIPPED_LAYOUTS = _HERE.parent.resolve() / "layouts"   # common/back, common/poker-frame ...
SLEEVE_CLEARANCE_MM = 2.0  # sleeve film and play: a card must be this much smaller than the sleeve


@lru_cache(maxsize=None)
def _read(name: str) -> dict:
    report = Report()
    doc = load_yaml(_HERE / name, report)
    if doc is None:  # pragma: no cover - shipped file
        raise RuntimeError("; ".join(d.format() for d in report.diagnostics))
    return doc.data


def card_sizes() -> dict[str, CardSize]:
    return {name: CardSize(name=name, **spec) for name, spec in _read("card_sizes.yaml").items()}


def page_sizes() -> dict[str, tuple[float, float]]:
    return {name: (spec["width"], spec["height"]) for name, spec in _read("pages.yaml").items()}


@dataclass(frozen=True)
class OutputCondition:
    """A printing condition a print-service PDF names as its output intent, with its profile."""

    identifier: str          # as the ICC's registry of characterization data names it
    description: str
    registry: str
    profile_file: str        # beside this module; where it comes from is in the .txt of its name

    def profile(self) -> bytes:
        return (_HERE / self.profile_file).read_bytes()


# SWOP on grade 3 coated paper: the condition of US print services such as DriveThruCards
SWOP_COATED_3 = OutputCondition("CGATS TR 003", "SWOP Coated #3 (CGATS TR 003)",
                                "http://www.color.org", "swop-coated-3.icc")
