"""A face bound again under the deck's one text size binds again only the capped elements and
those laid `after` them; the rest are kept as first bound, checked again only where what lies
under them moved. Either way it is the face, and the problems, a whole binding would give."""
from cardgen.base.errors import Report
from cardgen.base.model import Legibility
from cardgen.resolve.bind import bind_elements
from cardgen.resolve.scope import plain_scope
from cardgen.resolve.library import LayoutLibrary

# grey ground: #202020 text on it passes as large text (18pt and up), fails below;
# #404040 text passes on the white patch, fails on the grey
LAYOUT = """\
elements:
  ground: {type: rect, x: 0mm, y: 0mm, width: 63.5mm, height: 88.9mm, fill: "#767676"}
  rules: {type: textbox, text: "{{rules}}", x: 5mm, y: 5mm, width: 50mm, height: 40mm, size: 24, min_size: 6, valign: top, color: "#202020"}
  patch: {type: rect, after: rules, x: 5mm, y: 46mm, width: 50mm, height: 20mm, fill: "#ffffff"}
  over: {type: text, text: "{{over}}", x: 10mm, y: 53mm, width: 40mm, height: 6mm, size: 10, color: "#404040"}
  note: {type: text, text: "{{note}}", x: 5mm, y: 75mm, width: 50mm, height: 6mm, size: 10, color: "#202020"}
"""
VALUES = {"rules": "Deal two damage to each enemy in front of this card.", "over": "Rear guard",
          "note": "A note"}


def _bind(tmp_path, caps=None, first=None):
    (tmp_path / "card.yaml").write_text(LAYOUT)
    report = Report()
    layout = LayoutLibrary((tmp_path,), report).get("card")
    assert report.diagnostics == []
    context = {"root": tmp_path, "images": {}, "legibility": Legibility()}
    return bind_elements("k", layout, plain_scope(VALUES), 63.5, 88.9, 3.0, context,
                         caps or {}, first=first)


def _element(bound, name):
    return bound.face.elements[bound.face.names.index(name)]


def _contrast(bound):
    return sorted(p.element.name for p in bound.problems() if p.problem.code == "low-contrast")


def test_only_the_capped_element_and_those_after_it_are_bound_again(tmp_path):
    first = _bind(tmp_path)
    assert _element(first, "rules").fitted_size() > 12
    again = _bind(tmp_path, {"rules": 12.0}, first)
    whole = _bind(tmp_path, {"rules": 12.0})
    assert again.face == whole.face and again.problems() == whole.problems()
    for kept in ("ground", "over", "note"):
        assert _element(again, kept) is _element(first, kept)
    assert _element(again, "rules").fitted_size() == 12
    assert _element(again, "patch").box.y < _element(first, "patch").box.y


def test_the_problems_of_elements_bound_again_or_moved_under_replace_the_first(tmp_path):
    first = _bind(tmp_path)
    assert _contrast(first) == ["note"]
    again = _bind(tmp_path, {"rules": 12.0}, first)
    # rules is set small now; the patch moved up from under `over`: each said once, note kept
    assert _contrast(again) == ["note", "over", "rules"]
