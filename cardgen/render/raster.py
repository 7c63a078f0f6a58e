"""Images from cardgen's own PDF drawing: one face drawn alone on a page of exactly the image's
size, rasterised by pdfium (pypdfium2), so an image and a printed card can never disagree.

Drawing and rasterising are the slow part, so both are spread over every core, and each image is
kept in a cache folder under the hash of what it is made from (the face's one-page PDF, which
holds its data, layout, fonts and pictures as drawn, and the size and format asked for): a face
that has not changed is never rasterised again. Every image made goes to a file (in the cache,
or with no cache in a scratch folder removed once the build is done), so a build never holds a
deck's images in memory: the write step copies them into place. Where the cache is and how large
it may grow: image_cache.py.
"""
from __future__ import annotations

import functools
import hashlib
import io
import os
import shutil
import tempfile
import weakref
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from importlib import metadata
from pathlib import Path
from typing import Mapping, Sequence

from PIL import Image
from reportlab.pdfbase import pdfmetrics

from cardgen.drawing import fonts
from cardgen.drawing.font_embedding import TaggedTTFont
from cardgen.drawing.pictures import PictureCache
from cardgen.resolve.bind import CardFace
from cardgen.render.options import Flag, Folder, Option
from cardgen.render.pages import DocumentInfo, new_document
from cardgen.render.sheet_drawing import define_form
from cardgen.render.token_outlines import Outline, outline_path
from cardgen.base.units import mm_to_pt
from cardgen.base.staged import StagedFile
from cardgen.base.temp_files import remove_stale_temps, temp_path
from cardgen.render import image_cache
from cardgen.render.image_cache import THUMBNAILS

FORMATS = {"png": "PNG", "jpg": "JPEG", "webp": "WEBP"}
OPTIONS = {"PNG": {"compress_level": 3},      # twice as fast as Pillow's 6, for 7% larger files
           "JPEG": {"quality": 92}, "WEBP": {"quality": 92, "method": 4}}
PARALLEL_FROM = 8          # fewer images than this are not worth starting other processes for
CHUNK = 4                  # faces a process takes at a time: few, so the cores finish together

# the options of every kind that rasterises faces
CACHE_OPTIONS = (
    Option("cache", Folder(), None,
           "Folder of images already made, reused when a card has not changed (default: "
           "cardgen's images folder in the user's cache folder, or in $CARDGEN_CACHE_DIR; "
           "--no-cache for none)."),
    Option("no_cache", Flag(paired=False), False, "Rasterise every image again."),
)


def cache_folder(options: Mapping) -> Path | None:
    """The cache folder a kind's options name (CACHE_OPTIONS), the user's when they name none:
    none with --no-cache."""
    if options["no_cache"]:
        return None
    return options["cache"] or image_cache.default_folder()


@dataclass(frozen=True)
class Job:
    """One image to make: the page to rasterise and the image it must become."""

    pdf: bytes               # one page, exactly `width` x `height` pixels at `dpi`
    width: int
    height: int
    dpi: float
    format: str              # png, jpg or webp
    cut_out: bool = False    # transparent where the page is not drawn (a token's outline)

    @property
    def transparent(self) -> bool:
        """A cut-out's image is transparent outside its outline; a JPEG has no alpha, so white."""
        return self.cut_out and FORMATS[self.format] != "JPEG"

    @property
    def key(self) -> str:
        digest = hashlib.sha256(self.pdf)
        digest.update(f"{self.width}x{self.height}@{self.dpi}.{self.format}"
                      f"{'+alpha' if self.transparent else ''}".encode())
        digest.update(repr((OPTIONS[FORMATS[self.format]], _makers())).encode())
        return digest.hexdigest()


@dataclass(frozen=True)
class Thumbnail:
    """A small copy of an image as well: `trim` pixels cut off each edge, then `width` px wide."""

    width: int
    trim: int = 0


@dataclass(frozen=True)
class FaceImage:
    """An image of a face to make; its page is drawn by the process that rasterises it."""

    face: CardFace
    dpi: float
    format: str
    bleed: float | None = None          # as face_job takes it
    thumbnail: Thumbnail | None = None
    outline: Outline | None = None      # a token's outline, the image cut to it

    def job(self) -> Job:
        return face_job(self.face, self.dpi, self.format, self.bleed, self.outline)


@dataclass(frozen=True)
class Made:
    key: str                                   # the job's key
    image: bytes | StagedFile                  # bytes only when no folder could take the file
    thumbnail: bytes | StagedFile | None
    rasterised: bool                           # False: image and thumbnail came from the cache


@functools.cache
def _makers() -> tuple[str, ...]:
    """The versions of what turns a page into an image file: a new one makes new images."""
    return tuple(metadata.version(name) for name in ("cardgen", "pypdfium2", "Pillow"))


def pixels(mm: float, dpi: float) -> int:
    return max(1, round(mm / 25.4 * dpi))


def capped_dpi(dpi: float, width: float, height: float, most: int) -> float:
    """`dpi`, or less for a face of width x height mm that would be more than `most` pixels a
    side (a hair under, so rounding never makes it one more)."""
    return min(dpi, most * 25.4 / max(width, height) * 0.999)


def face_job(face: CardFace, dpi: float, fmt: str, bleed: float | None = None,
             outline: Outline | None = None) -> Job:
    """A face drawn alone on a page its image size: with `bleed` mm of its bleed round the trim
    (None: all of the face's bleed; 0: the trim only), centred to a fraction of a pixel; cut to
    `outline`, a token's, when one is given (nothing drawn outside it)."""
    bleed = face.bleed if bleed is None else min(bleed, face.bleed)
    width, height = pixels(face.width + 2 * bleed, dpi), pixels(face.height + 2 * bleed, dpi)
    page_w, page_h = width * 72 / dpi, height * 72 / dpi           # points, exactly the pixels
    buffer = io.BytesIO()
    canvas = new_document(buffer, (page_w, page_h), DocumentInfo("cardgen face", "cardgen"))
    canvas.setPageCompression(0)     # read once, in memory: compressing costs more than it saves
    define_form(canvas, "face", face, PictureCache())
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(0, 0, page_w, page_h)
    canvas.clipPath(clip, stroke=0, fill=0)
    if outline is not None:
        centre = (page_w / 2 * 25.4 / 72, page_h / 2 * 25.4 / 72)     # mm
        canvas.clipPath(outline_path(canvas, outline, *centre), stroke=0, fill=0)
    canvas.translate((page_w - mm_to_pt(face.width)) / 2, (page_h - mm_to_pt(face.height)) / 2)
    canvas.doForm("face")
    canvas.restoreState()
    canvas.showPage()
    canvas.save()     # a throwaway page for the rasteriser: no /ID to work out
    return Job(buffer.getvalue(), width, height, dpi, fmt, cut_out=outline is not None)


def picture(job: Job) -> Image.Image:
    """The job's page as an image of exactly its pixel size: RGB on white, or RGBA on nothing
    for a transparent job."""
    import pypdfium2

    def exact_bitmap(width, height, **options):   # pdfium rounds a part pixel up: keep the size
        return pypdfium2.PdfBitmap.new_native(job.width, job.height, **options)

    pdf = pypdfium2.PdfDocument(job.pdf)
    try:
        clear = {"fill_color": (255, 255, 255, 0)} if job.transparent else {}
        bitmap = pdf[0].render(scale=job.dpi / 72, draw_annots=False, rev_byteorder=True,
                               bitmap_maker=exact_bitmap, **clear)
        return bitmap.to_pil()                  # RGB(A), copied out of pdfium's bitmap
    finally:
        pdf.close()


def encoded(image: Image.Image, job: Job) -> bytes:
    out = io.BytesIO()
    kind = FORMATS[job.format]
    image.save(out, kind, dpi=(job.dpi, job.dpi), **OPTIONS[kind])
    return out.getvalue()


def thumbnail_png(image: Image.Image, thumbnail: Thumbnail) -> bytes:
    trim = thumbnail.trim
    if trim:
        image = image.crop((trim, trim, image.width - trim, image.height - trim))
    height = round(image.height * thumbnail.width / image.width)
    out = io.BytesIO()
    # reduced by whole steps first, then Lanczos from twice the size: as sharp, twice as fast
    image.resize((thumbnail.width, height), Image.LANCZOS, reducing_gap=2.0).save(
        out, "PNG", **OPTIONS["PNG"])
    return out.getvalue()


def open_image(data: bytes | StagedFile) -> Image.Image:
    return Image.open(io.BytesIO(data.read() if isinstance(data, StagedFile) else data))


def rasterise_faces(items: Sequence[Job | FaceImage], cache: Path | None,
                    progress=lambda n: None, workers: int | None = None) -> list[Made]:
    """Every item's image (and thumbnail), in order: from the cache where it is there, drawn
    and rasterised on every core where not; new images go into the cache, which is then
    trimmed to its size (image_cache.trim), keeping every file of these items."""
    scratch, store = _store(cache)
    tasks = [(item, store) for item in items]
    workers = workers or os.cpu_count() or 1
    made = []
    if len(tasks) >= PARALLEL_FROM and workers > 1:
        with ProcessPoolExecutor(max_workers=workers, initializer=_register_fonts,
                                 initargs=(_fonts_in_use(),)) as pool:
            for result in pool.map(_make, tasks, chunksize=CHUNK):
                made.append(result)
                progress(1)
    else:
        for task in tasks:
            made.append(_make(task))
            progress(1)
    if scratch is None and any(result.rasterised for result in made):
        image_cache.trim(cache, keep=[data.path for result in made
                                      for data in (result.image, result.thumbnail)
                                      if isinstance(data, StagedFile)])
    return [_kept_with(result, scratch) for result in made]


@dataclass(frozen=True)
class Rasterised:
    images: dict             # job key -> image bytes
    made: frozenset          # the keys rasterised this time (the rest came from the cache)


def rasterise_all(jobs: list[Job], cache: Path | None, progress=lambda n: None,
                  workers: int | None = None) -> Rasterised:
    """Every job's image in memory, from the cache where it is there (for a few images)."""
    made = rasterise_faces(jobs, cache, progress, workers)
    return Rasterised({m.key: image_bytes(m.image) for m in made},
                      frozenset(m.key for m in made if m.rasterised))


class ScratchFolder:
    """A temporary folder for one build's images, removed once nothing refers to it."""

    def __init__(self):
        self.path = Path(tempfile.mkdtemp(prefix="cardgen-images-"))
        weakref.finalize(self, shutil.rmtree, self.path, True)


@dataclass(frozen=True)
class _Store:
    """Where images are looked for (the cache) and where new ones go: the cache, or a scratch
    folder when there is none or it cannot be written."""

    cache: Path | None
    folder: Path

    def find(self, name: str, kind: str, size: tuple[int | None, int | None]) -> StagedFile | None:
        """The file `name` if it holds exactly what was written there (the SHA-256 kept beside
        it) and is an image of the `kind` (PNG, JPEG, WEBP) and `size` (None: any) asked for;
        anything else there (a link, a file cut short, another picture) is made again."""
        for folder in dict.fromkeys(f for f in (self.cache, self.folder) if f is not None):
            found = _checked(folder / name, kind, size)
            if found is not None:
                if folder == self.cache:
                    image_cache.mark_used(found.path)
                return found
        return None

    def keep(self, name: str, data: bytes) -> bytes | StagedFile:
        """Into the folder, whole or not at all (written aside, then renamed into place); a
        folder that cannot be written only keeps the image in memory."""
        target = self.folder / name
        digest = hashlib.sha256(data).hexdigest()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            _write_whole(target, data)
            _write_whole(_digest_file(target), digest.encode())
        except OSError:
            return data
        return StagedFile(target, digest)


def _digest_file(path: Path) -> Path:
    return path.with_name(path.name + ".sha256")


def _write_whole(target: Path, data: bytes) -> None:
    temp = temp_path(target.parent)
    try:
        temp.write_bytes(data)
        os.replace(temp, target)
    except OSError:
        temp.unlink(missing_ok=True)
        raise


def _checked(path: Path, kind: str, size: tuple[int | None, int | None]) -> StagedFile | None:
    try:
        digest = StagedFile(_digest_file(path)).read().decode("ascii")
        staged = StagedFile(path, digest)
        with Image.open(io.BytesIO(staged.read()), formats=(kind,)) as image:
            if image.format != kind or any(want not in (None, got)
                                           for want, got in zip(size, image.size)):
                return None
        return staged
    except Exception:                       # noqa: BLE001 - whatever is wrong, it is made again
        return None


def _store(cache: Path | None) -> tuple[ScratchFolder | None, _Store]:
    if cache is not None:
        try:
            cache.mkdir(parents=True, exist_ok=True)
        except OSError:
            pass
        if cache.is_dir() and os.access(cache, os.W_OK):
            for folder in (cache, cache / THUMBNAILS):
                remove_stale_temps(folder)
            return None, _Store(cache, cache)
    scratch = ScratchFolder()
    return scratch, _Store(cache, scratch.path)


def _make(task: tuple[Job | FaceImage, _Store]) -> Made:
    item, store = task
    job = item if isinstance(item, Job) else item.job()
    wanted = None if isinstance(item, Job) else item.thumbnail
    image_name = f"{job.key}.{job.format}"
    thumb_name = f"{THUMBNAILS}/{job.key}-{wanted.width}-{wanted.trim}-r2.png" if wanted else ""
    image = store.find(image_name, FORMATS[job.format], (job.width, job.height))
    thumb = store.find(thumb_name, "PNG", (wanted.width, None)) if wanted else None
    if image is not None and (wanted is None or thumb is not None):
        return Made(job.key, image, thumb, False)
    drawn = picture(job)
    if image is None:
        image = store.keep(image_name, encoded(drawn, job))
    if wanted is not None and thumb is None:      # always from a fresh drawing, as lossy too
        thumb = store.keep(thumb_name, thumbnail_png(drawn, wanted))
    return Made(job.key, image, thumb, True)


def _kept_with(made: Made, scratch: ScratchFolder | None) -> Made:
    """The made files keep their scratch folder alive until the build has copied them."""
    if scratch is None:
        return made
    return replace(made, image=_tied(made.image, scratch), thumbnail=_tied(made.thumbnail, scratch))


def _tied(data, scratch: ScratchFolder):
    return replace(data, keep=scratch) if isinstance(data, StagedFile) else data


def image_bytes(data: bytes | StagedFile) -> bytes:
    return data.read() if isinstance(data, StagedFile) else data


def _fonts_in_use() -> list[tuple[str, str]]:
    """The fonts this process has registered (name, file): a process started afresh rather
    than forked registers them too, to draw as this one does."""
    return [(name, font.face.filename) for name in pdfmetrics.getRegisteredFontNames()
            if isinstance(font := pdfmetrics.getFont(name), TaggedTTFont)]


def _register_fonts(found: list[tuple[str, str]]) -> None:
    for name, path in found:
        fonts.register_file(Path(path), name)
