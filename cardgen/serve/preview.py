"""What `cardgen serve` shows of a game: every face (cards and their backs, tokens, boards) and
every page of its documents as a PNG image, its problems, and each card's values and where its
YAML was written.

Images come from the images output's own rasterising (`render/raster.py`) and go through its
cache folder; a face already shown is kept in memory by what it is (`FaceImage` compares the
face's bound elements), so a save that changes one card draws and rasterises that card only.
A picture or font is named by its path in a face, not by its content: when such a file
changes, `forget` drops what is kept and every face is drawn again (the cache folder still
saves rasterising what has not changed)."""
from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from cardgen.base.errors import Report
from cardgen.fields import field_type
from cardgen.pipeline import BuildOptions, Checked, check
from cardgen.render.booklets import plain_pdf
from cardgen.render.raster import (FaceImage, Job, capped_dpi, image_bytes, pixels,
                                   rasterise_all, rasterise_faces)
from cardgen.render.token_outlines import outline_of
from cardgen.resolve.scope import as_text

FACE_DPI = 100             # cards and tokens: sharp on a screen, quick to make
BOARD_PIXELS = 1400        # a board's longer side, at most
PAGE_DPI = 60              # a document's pages: a page on a laptop screen
FORMAT = "png"


@dataclass(frozen=True)
class Snapshot:
    """What the page shows: `state` (JSON-ready) and every image it names, URL -> PNG bytes."""

    state: dict
    images: Mapping[str, bytes]


def image_url(key: str) -> str:
    return f"/img/{key}.png"


def problem_rows(report: Report) -> list[dict]:
    return [{"text": p.format(), "severity": p.severity.value, "file": p.file, "line": p.line}
            for p in report.sorted()]


class Previewer:
    """Renders one game again and again, keeping the images of what has not changed."""

    def __init__(self, game_dir: Path, cache: Path | None):
        self.game_dir = Path(game_dir)
        self.cache = cache
        self._faces: dict[FaceImage, tuple[str, bytes]] = {}     # face -> (URL, PNG)
        self._documents: dict[str, list[tuple[str, bytes]]] = {}  # PDF digest -> its pages
        self.last_good: Snapshot | None = None

    def forget(self) -> None:
        self._faces.clear()
        self._documents.clear()

    def render(self) -> Snapshot:
        """The game as it is now; a game with errors shows its problems over the last good
        images (none before the first good render)."""
        report = Report()
        checked = check(self.game_dir, report, BuildOptions())
        problems = problem_rows(report)
        if checked is None:
            last = self.last_good or Snapshot({"title": self.game_dir.name}, {})
            return Snapshot({**last.state, "ok": False, "problems": problems}, last.images)
        images: dict[str, bytes] = {}
        try:
            state = {"title": checked.game.title, "ok": True, "problems": problems,
                     **self._components(checked, images),
                     "documents": self._documents_of(checked, images)}
        except Exception as exc:   # a file changed while it was drawn, or a fault: keep serving
            last = self.last_good or Snapshot({"title": checked.game.title}, {})
            failed = {"text": f"the preview could not be drawn ({type(exc).__name__}: {exc}); "
                              "the last good images are shown: save again",
                      "severity": "error", "file": None, "line": None}
            return Snapshot({**last.state, "ok": False, "problems": [*problems, failed]},
                            last.images)
        self.last_good = Snapshot(state, images)
        return self.last_good

    # faces ---------------------------------------------------------------------------------

    def _components(self, checked: Checked, images: dict) -> dict:
        game, faces = checked.game, checked.faces
        wanted: list[FaceImage] = []

        def face(bound, dpi=FACE_DPI, outline=None) -> FaceImage:
            wanted.append(FaceImage(bound, dpi, FORMAT, 0.0, outline=outline))
            return wanted[-1]

        decks = []
        for deck_faces in faces.decks:
            deck = deck_faces.deck
            cards = [{"id": card.id, "name": card.name,
                      "front": face(deck_faces.fronts[card.id]),
                      "back": face(deck_faces.back_of(card.id)),
                      "file": card.source.file, "line": card.source.line,
                      "values": _values(card, game.card_types[card.card_type])}
                     for card in deck.cards if card.id in deck_faces.fronts]
            decks.append({"id": deck.id, "name": deck.name, "back": face(deck_faces.back),
                          "cards": cards})
        tokens = []
        for token_set in game.token_sets:
            outline = outline_of(token_set)
            found = []
            for index, token in enumerate(token_set.tokens):
                sides = {side: face(faces.tokens[(token_set.id, index, side)], outline=outline)
                         for side in ("front", "back") if (token_set.id, index, side) in faces.tokens}
                where = token.source or token_set.source
                found.append({"name": token.name, **sides, "file": where.file, "line": where.line})
            tokens.append({"id": token_set.id, "name": token_set.name, "tokens": found})
        boards = []
        for board in game.boards:
            dpi = capped_dpi(FACE_DPI, board.width, board.height, BOARD_PIXELS)
            boards.append({"id": board.id, "name": board.name, "file": board.source.file,
                           "line": board.source.line,
                           "images": [face(bound, dpi) for bound in faces.boards.get(board.id, ())]})
        urls = self._rasterised(wanted, images)
        return _with_urls({"decks": decks, "tokens": tokens, "boards": boards}, urls)

    def _rasterised(self, wanted: list[FaceImage], images: dict) -> dict[FaceImage, str]:
        missing = list(dict.fromkeys(w for w in wanted if w not in self._faces))
        for item, made in zip(missing, rasterise_faces(missing, self.cache)):
            self._faces[item] = (image_url(made.key), image_bytes(made.image))
        kept = {w: self._faces[w] for w in wanted}
        self._faces = dict(kept)                     # a face no longer shown is let go
        images.update(kept.values())
        return {w: url for w, (url, _) in kept.items()}

    # documents -----------------------------------------------------------------------------

    def _documents_of(self, checked: Checked, images: dict) -> list[dict]:
        out, kept = [], {}
        for document in checked.game.documents:
            pdf = plain_pdf(checked.game, checked.faces, document)
            digest = hashlib.sha256(pdf).hexdigest()
            pages = self._documents.get(digest) or _page_images(pdf, self.cache)
            kept[digest] = pages
            images.update(pages)
            out.append({"id": document.id, "title": document.title, "file": document.file,
                        "pages": [url for url, _ in pages]})
        self._documents = kept
        return out


def _page_images(pdf: bytes, cache: Path | None) -> list[tuple[str, bytes]]:
    """Each page of a PDF as a PNG (URL, bytes), rasterised a page at a time as a face is."""
    import pypdfium2

    source = pypdfium2.PdfDocument(pdf)
    try:
        jobs = []
        for index in range(len(source)):
            width, height = source[index].get_size()           # points
            one = pypdfium2.PdfDocument.new()
            one.import_pages(source, [index])
            buffer = io.BytesIO()
            one.save(buffer)
            one.close()
            jobs.append(Job(buffer.getvalue(), pixels(width * 25.4 / 72, PAGE_DPI),
                            pixels(height * 25.4 / 72, PAGE_DPI), PAGE_DPI, FORMAT))
    finally:
        source.close()
    made = rasterise_all(jobs, cache)
    return [(image_url(job.key), made.images[job.key]) for job in jobs]


def _values(card, card_type) -> dict[str, str]:
    """A card's field values as its face prints them, in its type's order of fields."""
    declared = {decl.name: decl for decl in card_type.fields}
    out = {"copies": str(card.copies)}
    for name, value in card.values.items():
        decl = declared.get(name)
        out[name] = field_type(decl.type).as_text(value) if decl else as_text(value)
    return out


def _with_urls(value, urls: dict):
    """`value` with every FaceImage in it replaced by its image's URL."""
    if isinstance(value, FaceImage):
        return urls[value]
    if isinstance(value, dict):
        return {k: _with_urls(v, urls) for k, v in value.items()}
    if isinstance(value, list):
        return [_with_urls(v, urls) for v in value]
    return value
