"""A face in game data: `{layout, values}` (or, where a whole face is one layout, its name)."""
from __future__ import annotations

from cardgen.shared import schema as s
from cardgen.load.game_schema import FACE_KEYS
from cardgen.base.model import Face, Source, frozen_map
from cardgen.shared.schema import At


def read_face(raw, at: At, name_ok: bool = False) -> Face | None:
    """The face, or None with its problems reported. With `name_ok`, a bare layout name is a face
    with no values of its own (as a spreadsheet cell gives it)."""
    if name_ok and isinstance(raw, str):
        return Face(raw, frozen_map(), Source(at.doc.name, at.line, at.path))
    values = s.read_mapping(raw, at, FACE_KEYS, "face ({layout, values})")
    if values is None or not values.ok:
        return None
    layout_at = at.child("layout")
    return Face(values["layout"], frozen_map(values["values"]),
                Source(at.doc.name, layout_at.line, layout_at.path),
                value_sources(values["values"], at.child("values")))


def value_sources(values, at: At):
    """Where each of a `values:` mapping's values is written, so a problem a value makes on a
    face is reported at its own line."""
    return frozen_map({name: Source(at.doc.name, at.child(name).line, at.child(name).path)
                       for name in values})
