"""The kinds of output a build can print, by the name `cardgen build --only` gives them.

Adding an output kind is adding a module beside card_sheets.py and its entry here."""
from __future__ import annotations

from cardgen.outputs.base import OutputKind
from cardgen.outputs.boards import Boards
from cardgen.outputs.booklets import Booklets
from cardgen.outputs.card_sheets import CardSheets
from cardgen.outputs.token_sheets import TokenSheets

OUTPUT_KINDS: dict[str, OutputKind] = {kind.name: kind for kind in (CardSheets(), TokenSheets(), Boards(),
                                                                     Booklets())}

__all__ = ["OUTPUT_KINDS", "OutputKind"]
