"""The kinds of output a build can print, by the name `cardgen build --only` gives them: the ones
built in, and those installed distributions register as entry points in the group
`cardgen.outputs`, each loading an OutputKind subclass whose name is the entry point's.

A kind whose `default` is False (images, say) is made only when asked for by name."""
from __future__ import annotations

from collections.abc import Mapping

from cardgen.render.base import Exported, OutputKind
from cardgen.render.boards import Boards
from cardgen.render.booklets import Booklets
from cardgen.render.card_pdfs import CardPdfs
from cardgen.render.card_sheets import CardSheets
from cardgen.render.images import CardImages
from cardgen.render.options import OPTION_TYPES, Option
from cardgen.render.token_sheets import TokenSheets
from cardgen.render.tts import TabletopSimulator
from cardgen.shared.registry import Registry, unfit

GROUP = "cardgen.outputs"

BUILT_IN: tuple[type[OutputKind], ...] = (
    CardSheets, TokenSheets, Boards, Booklets, CardImages, TabletopSimulator, CardPdfs)


def _registered(name: str, loaded) -> dict[str, type[OutputKind]]:
    if not (isinstance(loaded, type) and issubclass(loaded, OutputKind) and loaded.name == name
            and all(isinstance(option, Option) and isinstance(option.type, OPTION_TYPES)
                    for option in loaded.OPTIONS)):
        raise unfit(GROUP, name, f"a subclass of cardgen.render.OutputKind named '{name}' whose "
                    "OPTIONS are Options of the types in cardgen.render.options", loaded)
    return {name: loaded}


OUTPUT_KINDS: Mapping[str, type[OutputKind]] = Registry(
    GROUP, lambda: {kind.name: kind for kind in BUILT_IN}, _registered)

__all__ = ["OUTPUT_KINDS", "Exported", "OutputKind"]
