"""The images output: an image file of every card face and every distinct back, and of every
token face, rasterised from cardgen's own drawing of them, named to sort in deck order and say
the card (`images/player-1/07-deflector.png`); and a contact sheet a deck to preview it.

Not part of a plain build (it is slow, and what a print service or a preview wants):
`cardgen export images` or `cardgen build --only images` makes it.
"""
from __future__ import annotations

from typing import Callable

from cardgen.errors import Report
from cardgen.layout.resolve import Faces
from cardgen.load.cards import slug
from cardgen.model import Game, Source
from cardgen.outputs.contact_sheet import contact_sheet
from cardgen.outputs.raster import Job, face_job, pixels, rasterise_all

FOLDER = "images"


class CardImages:
    name = "images"
    description = "an image of every card face, back and token, and a contact sheet a deck"
    default = False            # made when asked for, not by every build

    def check(self, game: Game, report: Report) -> None:
        """Nothing beyond the faces' own checks: an image is a face, rasterised."""

    def file_names(self, game: Game) -> dict[str, list[tuple[str, Source]]]:
        names: dict[str, list] = {}
        for name, maker, where in _named(game):
            names.setdefault(name, []).append((maker, where))
        return names

    def render(self, game: Game, faces: Faces, progress: Callable[[int], None]) -> dict[str, bytes]:
        settings = game.images
        jobs = face_jobs(game, faces)
        done = rasterise_all(list(jobs.values()), settings.cache, progress)
        out = {name: done.images[job.key] for name, job in jobs.items()}
        for deck_faces in faces.decks:
            deck = deck_faces.deck
            named = [(card.name, out[card_file(game, deck, n, card, "")])
                     for n, card in enumerate(deck.cards, start=1) if card.id in deck_faces.fronts]
            trim = pixels(deck_faces.back.bleed, settings.dpi) if settings.bleed else 0
            out[f"{FOLDER}/{deck.id}/contact-sheet.png"] = contact_sheet(deck.name, named, trim)
        return out


def _ext(game: Game) -> str:
    return game.images.format


def card_file(game: Game, deck, number: int, card, side: str) -> str:
    width = len(str(len(deck.cards)))
    suffix = f"-{side}" if side else ""
    return f"{FOLDER}/{deck.id}/{number:0{width}d}-{slug(card.name)}{suffix}.{_ext(game)}"


def _token_file(game: Game, token_set, number: int, token, side: str) -> str:
    width = len(str(len(token_set.tokens)))
    suffix = f"-{side}" if side == "back" else ""
    return (f"{FOLDER}/tokens/{token_set.id}/{number:0{width}d}-{slug(token.name)}{suffix}."
            f"{_ext(game)}")


def _named(game: Game):
    """(file name, what makes it, where that is written) for every image the game exports."""
    for deck in game.decks:
        for number, card in enumerate(deck.cards, start=1):
            yield card_file(game, deck, number, card, ""), f"card '{card.name}'", card.source
            if card.back is not None:
                yield (card_file(game, deck, number, card, "back"), f"card '{card.name}'",
                       card.source)
        yield f"{FOLDER}/{deck.id}/back.{_ext(game)}", f"deck '{deck.id}'", deck.source
        yield f"{FOLDER}/{deck.id}/contact-sheet.png", f"deck '{deck.id}'", deck.source
    for token_set in game.token_sets:
        for number, token in enumerate(token_set.tokens, start=1):
            where = token.source or token_set.source
            yield _token_file(game, token_set, number, token, "front"), f"token '{token.name}'", where
            if (token.back or token_set.back) is not None:
                yield _token_file(game, token_set, number, token, "back"), f"token '{token.name}'", where


def face_jobs(game: Game, faces: Faces) -> dict[str, Job]:
    """File name -> the job that makes it, for every face the game exports."""
    settings = game.images
    bleed = None if settings.bleed else 0.0
    jobs = {}
    for deck_faces in faces.decks:
        deck = deck_faces.deck
        for number, card in enumerate(deck.cards, start=1):
            if card.id not in deck_faces.fronts:
                continue
            jobs[card_file(game, deck, number, card, "")] = face_job(
                deck_faces.fronts[card.id], settings.dpi, settings.format, bleed)
            if card.id in deck_faces.backs:
                jobs[card_file(game, deck, number, card, "back")] = face_job(
                    deck_faces.backs[card.id], settings.dpi, settings.format, bleed)
        jobs[f"{FOLDER}/{deck.id}/back.{_ext(game)}"] = face_job(deck_faces.back, settings.dpi,
                                                                 settings.format, bleed)
    for token_set in game.token_sets:
        for index, token in enumerate(token_set.tokens):
            for side in ("front", "back"):
                face = faces.tokens.get((token_set.id, index, side))
                if face is not None:
                    jobs[_token_file(game, token_set, index + 1, token, side)] = face_job(
                        face, settings.dpi, settings.format, bleed)
    return jobs
