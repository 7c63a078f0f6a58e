"""The kinds of output a build can print, by the name `cardgen build --only` gives them.

Adding an output kind is adding a module beside card_sheets.py and its entry here. A kind whose
`default` is False (images, say) is made only when asked for by name."""
from __future__ import annotations

from cardgen.outputs.base import OutputKind
from cardgen.outputs.boards import Boards
from cardgen.outputs.booklets import Booklets
from cardgen.outputs.card_pdfs import CardPdfs
from cardgen.outputs.card_sheets import CardSheets
from cardgen.outputs.images import CardImages
from cardgen.outputs.token_sheets import TokenSheets
from cardgen.outputs.tts import TabletopSimulator

OUTPUT_KINDS: dict[str, OutputKind] = {kind.name: kind for kind in (
    CardSheets(), TokenSheets(), Boards(), Booklets(), CardImages(), TabletopSimulator(), CardPdfs())}

__all__ = ["OUTPUT_KINDS", "OutputKind"]
