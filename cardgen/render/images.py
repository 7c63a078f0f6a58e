"""The images output: an image file of every card face and every distinct back, and of every
token face, rasterised from cardgen's own drawing of them, named to sort in deck order and say
the card (`images/player-1/07-deflector.png`); and a contact sheet a deck to preview it.

Not part of a plain build (it is slow, and what a print service or a preview wants):
`cardgen export images` or `cardgen build --only images` makes it.
"""
from __future__ import annotations

from typing import Callable, Mapping

from cardgen.base.errors import Report
from cardgen.resolve.resolve import Faces
from cardgen.load.cards import slug
from cardgen.base.model import Game, Source, frozen_map
from cardgen.render.base import Exported, OutputKind
from cardgen.render.contact_sheet import THUMB, contact_sheet
from cardgen.render.options import Choice, ExportCommand, Flag, Number, Option
from cardgen.render.presets import PRESETS
from cardgen.render.raster import (CACHE_OPTIONS, FORMATS, FaceImage, Job, Thumbnail, cache_folder,
                                    pixels, rasterise_faces)
from cardgen.render.token_outlines import outline_of
from cardgen.shared.packing import TOKEN_BLEED
from cardgen.shared.token_shapes import footprint
from cardgen.base.limits import IMAGE_PIXELS, IMAGE_SIDE

FOLDER = "images"
CONTACT_CARDS = 60             # cards a contact sheet shows: 10 rows of 6, a page on a screen


class CardImages(OutputKind):
    name = "images"
    description = "an image of every card face, back and token, and a contact sheet a deck"
    default = False            # made when asked for, not by every build
    OPTIONS = (
        Option("dpi", Number(36, 1200), 300, "Resolution of the images."),
        Option("bleed", Flag(), True, "Keep the bleed round each card, or the trim only."),
        Option("format", Choice(tuple(sorted(FORMATS))), "png", "Image file format."),
        Option("preset", Choice(tuple(sorted(PRESETS))), None,
               "A print service's files: "
               + "; ".join(f"{k}: {p.service}" for k, p in PRESETS.items()) + ".",
               excludes=("dpi", "bleed", "format"),
               excludes_why="sets the dpi, bleed and format its service asks for"),
        *CACHE_OPTIONS,
    )
    EXPORT = ExportCommand(
        "An image of every card face, back and token, and a contact sheet a deck.",
        ("cardgen export images data/my-game --dpi 150",
         "cardgen export images data/my-game --preset mpc --out for-mpc",
         "cardgen export images data/my-game --preset drivethru"))

    def __init__(self, options: Mapping | None = None):
        super().__init__(options)
        preset = PRESETS.get(self.options["preset"])
        if preset is not None and preset.output == self.name:     # its service's images
            self.options = frozen_map({**self.options, "dpi": preset.dpi, "bleed": True,
                                       "format": preset.format})

    def exported(self) -> Exported:
        """A print service's preset sets its bleed, and may ask for another kind's files (one
        card a page in a PDF)."""
        preset = PRESETS.get(self.options["preset"])
        if preset is None:
            return super().exported()
        own = self.options if preset.output == self.name else {}
        return Exported({preset.output: own}, frozen_map({"bleed": preset.bleed}))

    def check(self, game: Game, report: Report) -> None:
        """An image too large to make is an error at what sets its size; the rest is the faces'
        own checks (an image is a face, rasterised)."""
        settings = self.options
        bleed = game.print.bleed if settings["bleed"] else 0.0
        for deck in game.decks:
            where = deck.size_source or Source(deck.source.file, deck.source.line,
                                               deck.source.path + ("size",))
            _check_size(f"deck '{deck.id}'", deck.size.width, deck.size.height, bleed,
                        settings["dpi"], where, report)
        bleed = TOKEN_BLEED if settings["bleed"] else 0.0
        for token_set in game.token_sets:
            if token_set.shape == "path" and not token_set.points:
                continue                     # reported where the set is loaded
            width, height = footprint(token_set.shape, token_set.size, token_set.points)
            _check_size(f"token set '{token_set.id}'", width, height, bleed, settings["dpi"],
                        token_set.source, report)

    def file_names(self, game: Game) -> dict[str, list[tuple[str, Source]]]:
        names: dict[str, list] = {}
        for name, maker, where in _named(game, self.options["format"]):
            names.setdefault(name, []).append((maker, where))
        return names

    def render(self, game: Game, faces: Faces, progress: Callable[[int], None]) -> dict:
        """Every image as a file already made (StagedFile), which the write step copies."""
        wanted = face_images(game, faces, self.options)
        made = dict(zip(wanted, rasterise_faces(list(wanted.values()), cache_folder(self.options),
                                                progress)))
        out = {name: m.image for name, m in made.items()}
        ext = self.options["format"]
        for deck_faces in faces.decks:
            deck = deck_faces.deck
            named = [(card.name, made[card_file(deck, n, card, "", ext)].thumbnail)
                     for n, card in enumerate(deck.cards, start=1) if card.id in deck_faces.fronts]
            names = contact_sheet_names(deck)
            for number, name in enumerate(names):
                title = deck.name + (f" ({number + 1} of {len(names)})" if len(names) > 1 else "")
                cards = named[number * CONTACT_CARDS:(number + 1) * CONTACT_CARDS]
                out[name] = contact_sheet(title, cards)
        return out


def contact_sheet_names(deck) -> list[str]:
    """A deck's contact sheets: one, or for a deck of more than CONTACT_CARDS cards, numbered
    sheets of that many each."""
    count = max(1, -(-len(deck.cards) // CONTACT_CARDS))
    if count == 1:
        return [f"{FOLDER}/{deck.id}/contact-sheet.png"]
    width = len(str(count))                   # numbered to sort: -01 ... -15
    return [f"{FOLDER}/{deck.id}/contact-sheet-{n:0{width}d}.png" for n in range(1, count + 1)]


def _check_size(what: str, width: float, height: float, bleed: float, dpi: float, where: Source,
                report: Report) -> None:
    across, down = pixels(width + 2 * bleed, dpi), pixels(height + 2 * bleed, dpi)
    if max(across, down) > IMAGE_SIDE or across * down > IMAGE_PIXELS:
        report.error(where.file, where.line, where.path,
                     f"{what}: a {width:g} x {height:g} mm face with {bleed:g} mm bleed is "
                     f"{across:,} x {down:,} pixels at {dpi:g} dpi; an image may be at most "
                     f"{IMAGE_SIDE:,} pixels a side and {IMAGE_PIXELS:,} pixels in all: "
                     "export at a lower --dpi", code="image-size")


def card_file(deck, number: int, card, side: str, ext: str) -> str:
    width = len(str(len(deck.cards)))
    suffix = f"-{side}" if side else ""
    return f"{FOLDER}/{deck.id}/{number:0{width}d}-{slug(card.name)}{suffix}.{ext}"


def _token_file(token_set, number: int, token, side: str, ext: str) -> str:
    width = len(str(len(token_set.tokens)))
    suffix = f"-{side}" if side == "back" else ""
    owner = f"-{slug(str(token.values['owner_mark']))}" if "owner_mark" in token.values else ""
    return (f"{FOLDER}/tokens/{token_set.id}/{number:0{width}d}-{slug(token.name)}{owner}"
            f"{suffix}.{ext}")


def _named(game: Game, ext: str):
    """(file name, what makes it, where that is written) for every image the game exports."""
    for deck in game.decks:
        for number, card in enumerate(deck.cards, start=1):
            yield card_file(deck, number, card, "", ext), f"card '{card.name}'", card.source
            if card.back is not None:
                yield (card_file(deck, number, card, "back", ext), f"card '{card.name}'",
                       card.source)
        yield f"{FOLDER}/{deck.id}/back.{ext}", f"deck '{deck.id}'", deck.source
        for name in contact_sheet_names(deck):
            yield name, f"deck '{deck.id}'", deck.source
    for token_set in game.token_sets:
        for number, token in enumerate(token_set.tokens, start=1):
            where = token.source or token_set.source
            yield _token_file(token_set, number, token, "front", ext), f"token '{token.name}'", where
            if (token.back or token_set.back) is not None:
                yield _token_file(token_set, number, token, "back", ext), f"token '{token.name}'", where


def face_jobs(game: Game, faces: Faces, options: Mapping) -> dict[str, Job]:
    """File name -> the job that makes it (its page drawn here), for every face the game exports
    with the images kind's `options`."""
    return {name: wanted.job() for name, wanted in face_images(game, faces, options).items()}


def face_images(game: Game, faces: Faces, options: Mapping) -> dict[str, FaceImage]:
    """File name -> the image that makes it, for every face the game exports with the images
    kind's `options`; a card's front with the thumbnail its deck's contact sheet shows (trimmed
    to the card's edge)."""
    dpi, ext = options["dpi"], options["format"]
    bleed = None if options["bleed"] else 0.0

    def image(face, thumbnail=None) -> FaceImage:
        return FaceImage(face, dpi, ext, bleed, thumbnail)

    out = {}
    for deck_faces in faces.decks:
        deck = deck_faces.deck
        trim = pixels(deck_faces.back.bleed, dpi) if options["bleed"] else 0
        for number, card in enumerate(deck.cards, start=1):
            if card.id not in deck_faces.fronts:
                continue
            out[card_file(deck, number, card, "", ext)] = image(deck_faces.fronts[card.id],
                                                                Thumbnail(THUMB, trim))
            if card.id in deck_faces.backs:
                out[card_file(deck, number, card, "back", ext)] = image(deck_faces.backs[card.id])
        out[f"{FOLDER}/{deck.id}/back.{ext}"] = image(deck_faces.back)
    for token_set in game.token_sets:
        for index, token in enumerate(token_set.tokens):
            for side in ("front", "back"):
                face = faces.tokens.get((token_set.id, index, side))
                if face is not None:
                    out[_token_file(token_set, index + 1, token, side, ext)] = FaceImage(
                        face, dpi, ext, bleed, outline=outline_of(token_set))
    return out
