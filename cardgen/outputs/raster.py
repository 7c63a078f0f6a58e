"""Images from cardgen's own PDF drawing: one face drawn alone on a page of exactly the image's
size, rasterised by pdfium (pypdfium2), so an image and a printed card can never disagree.

Rasterising is the slow part, so it is spread over every core, and each image is kept in a cache
folder under the hash of what it is made from (the face's one-page PDF, which holds its data,
layout, fonts and pictures as drawn, and the size and format asked for): a face that has not
changed is never rasterised again.
"""
from __future__ import annotations

import hashlib
import io
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from cardgen.layout.bind import CardFace
from cardgen.drawing.pictures import PictureCache
from cardgen.outputs.sheet_drawing import define_form
from cardgen.units import mm_to_pt

FORMATS = {"png": "PNG", "jpg": "JPEG", "webp": "WEBP"}
PARALLEL_FROM = 8          # fewer images than this are not worth starting other processes for


@dataclass(frozen=True)
class Job:
    """One image to make: the page to rasterise and the image it must become."""

    pdf: bytes               # one page, exactly `width` x `height` pixels at `dpi`
    width: int
    height: int
    dpi: float
    format: str              # png, jpg or webp

    @property
    def key(self) -> str:
        digest = hashlib.sha256(self.pdf)
        digest.update(f"{self.width}x{self.height}@{self.dpi}.{self.format}".encode())
        return digest.hexdigest()


def pixels(mm: float, dpi: float) -> int:
    return max(1, round(mm / 25.4 * dpi))


def face_job(face: CardFace, dpi: float, fmt: str, bleed: float | None = None) -> Job:
    """A face drawn alone on a page its image size: with `bleed` mm of its bleed round the trim
    (None: all of the face's bleed; 0: the trim only), centred to a fraction of a pixel."""
    bleed = face.bleed if bleed is None else min(bleed, face.bleed)
    width, height = pixels(face.width + 2 * bleed, dpi), pixels(face.height + 2 * bleed, dpi)
    page_w, page_h = width * 72 / dpi, height * 72 / dpi           # points, exactly the pixels
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(page_w, page_h), invariant=1, pageCompression=1)
    define_form(canvas, "face", face, PictureCache())
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(0, 0, page_w, page_h)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.translate((page_w - mm_to_pt(face.width)) / 2, (page_h - mm_to_pt(face.height)) / 2)
    canvas.doForm("face")
    canvas.restoreState()
    canvas.showPage()
    canvas.save()
    return Job(buffer.getvalue(), width, height, dpi, fmt)


def rasterise(job: Job) -> bytes:
    """The job's page as an image file of exactly its pixel size, RGB, on white."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(job.pdf)
    try:
        bitmap = pdf[0].render(scale=job.dpi / 72, draw_annots=False)
        image = bitmap.to_pil().convert("RGB")
    finally:
        pdf.close()
    if image.size != (job.width, job.height):   # pdfium rounds up a part pixel: keep the size
        image = image.crop((0, 0, job.width, job.height))
    out = io.BytesIO()
    options = {"JPEG": {"quality": 92}, "WEBP": {"quality": 92, "method": 4}}.get(FORMATS[job.format], {})
    image.save(out, FORMATS[job.format], dpi=(job.dpi, job.dpi), **options)
    return out.getvalue()


@dataclass(frozen=True)
class Rasterised:
    images: dict             # job key -> image bytes
    made: frozenset          # the keys rasterised this time (the rest came from the cache)


def rasterise_all(jobs: list[Job], cache: Path | None, progress=lambda n: None,
                  workers: int | None = None) -> Rasterised:
    """Every job's image, from the cache where it is there, rasterised on every core where not;
    new images go into the cache."""
    images, missing = {}, {}
    for job in jobs:
        found = _cached(cache, job)
        if found is not None:
            images[job.key] = found
            progress(1)
        else:
            missing.setdefault(job.key, job)
    todo = list(missing.values())
    workers = workers or os.cpu_count() or 1
    if len(todo) >= PARALLEL_FROM and workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            made = pool.map(rasterise, todo, chunksize=max(1, len(todo) // (4 * workers)))
            for job, data in zip(todo, made):
                images[job.key] = data
                progress(1)
    else:
        for job in todo:
            images[job.key] = rasterise(job)
            progress(1)
    for job in todo:
        _keep(cache, job, images[job.key])
    return Rasterised(images, frozenset(missing))


def _cached(cache: Path | None, job: Job) -> bytes | None:
    if cache is None:
        return None
    try:
        return (cache / f"{job.key}.{job.format}").read_bytes()
    except OSError:
        return None


def _keep(cache: Path | None, job: Job, data: bytes) -> None:
    """Into the cache, whole or not at all (written aside, then renamed into place); a cache that
    cannot be written is only slower."""
    if cache is None:
        return
    target = cache / f"{job.key}.{job.format}"
    temp = cache / f".{job.key}.{os.getpid()}.tmp"
    try:
        cache.mkdir(parents=True, exist_ok=True)
        temp.write_bytes(data)
        os.replace(temp, target)
    except OSError:
        temp.unlink(missing_ok=True)
