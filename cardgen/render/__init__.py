"""The kinds of output a build can print, by the name `cardgen build --only` gives them: the ones
built in, and those installed distributions register as entry points in the group
`cardgen.outputs`, each loading an OutputKind subclass whose name is the entry point's.

A built-in kind's module is imported when the kind is first used, so a command that prints no
booklet never imports the typesetter. A kind whose `default` is False (images, say) is made only
when asked for by name."""
from __future__ import annotations

from collections.abc import Mapping

from cardgen.render.base import Exported, OutputKind
from cardgen.render.options import OPTION_TYPES, Option
from cardgen.shared.registry import Deferred, Registry, unfit

GROUP = "cardgen.outputs"

BUILT_IN: dict[str, Deferred] = {
    "cards": Deferred("cardgen.render.card_sheets", "CardSheets"),
    "tokens": Deferred("cardgen.render.token_sheets", "TokenSheets"),
    "boards": Deferred("cardgen.render.boards", "Boards"),
    "booklets": Deferred("cardgen.render.booklets", "Booklets"),
    "images": Deferred("cardgen.render.images", "CardImages"),
    "tts": Deferred("cardgen.render.tts", "TabletopSimulator"),
    "card-pdfs": Deferred("cardgen.render.card_pdfs", "CardPdfs"),
}
# the built-in kinds whose `default` is True, known without importing their modules
DEFAULT = ("cards", "tokens", "boards", "booklets")


def _registered(name: str, loaded) -> dict[str, type[OutputKind]]:
    if not (isinstance(loaded, type) and issubclass(loaded, OutputKind) and loaded.name == name
            and all(isinstance(option, Option) and isinstance(option.type, OPTION_TYPES)
                    for option in loaded.OPTIONS)):
        raise unfit(GROUP, name, f"a subclass of cardgen.render.OutputKind named '{name}' whose "
                    "OPTIONS are Options of the types in cardgen.render.options", loaded)
    return {name: loaded}


OUTPUT_KINDS: Mapping[str, type[OutputKind]] = Registry(GROUP, lambda: BUILT_IN, _registered)


def made_by_default() -> tuple[str, ...]:
    """The kinds a plain build makes, in the registry's order: the built-in ones in DEFAULT and
    every installed kind whose `default` is True."""
    return tuple(name for name in OUTPUT_KINDS
                 if (name in DEFAULT if name in BUILT_IN else OUTPUT_KINDS[name].default))


__all__ = ["OUTPUT_KINDS", "Exported", "OutputKind", "made_by_default"]
