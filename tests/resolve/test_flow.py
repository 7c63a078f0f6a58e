"""A text element laid `after` another moves up by the room that one's text leaves; with
`stretch` it keeps its bottom edge and takes that room."""
from cardgen.base.errors import Report
from cardgen.resolve.bind import bind_face
from cardgen.resolve.scope import plain_scope
from cardgen.resolve.library import LayoutLibrary

LAYOUT = """\
elements:
  first: {type: textbox, text: "{{first}}", x: 5mm, y: 10mm, width: 50mm, height: 20mm, size: 8, valign: top}
  tag: {type: rect, after: first, x: 5mm, y: 32mm, width: 5mm, height: 5mm, fill: black}
  second: {type: textbox, text: "{{second}}", after: first, stretch: true, x: 5mm, y: 38mm, width: 50mm, height: 30mm, size: 8}
"""


def _layout(tmp_path, text: str):
    (tmp_path / "card.yaml").write_text(text)
    report = Report()
    return LayoutLibrary((tmp_path,), report).get("card"), report


def _face(layout, tmp_path, first: str):
    face, problems = bind_face("k", layout, plain_scope({"first": first, "second": "Two."}),
                               63.5, 88.9, 3.0, {"root": tmp_path, "images": {}})
    assert problems == []
    return dict(zip(face.names, face.elements))


def test_a_section_follows_the_text_above_it_and_takes_the_room_it_leaves(tmp_path):
    layout, report = _layout(tmp_path, LAYOUT)
    assert report.diagnostics == []
    short = _face(layout, tmp_path, "One line.")
    long = _face(layout, tmp_path, "A longer text. " * 20)
    room = short["first"].room_below()
    assert room > 10 and long["first"].room_below() < room
    assert short["tag"].box.y == 32 - room                      # moved, same size
    assert short["tag"].box.height == 5
    assert short["second"].box.y == 38 - room                   # moved, its bottom kept
    assert short["second"].box.y + short["second"].box.height == 68
    assert long["second"].box.y > short["second"].box.y


def test_after_must_name_an_element_drawn_before(tmp_path):
    layout, report = _layout(tmp_path, LAYOUT.replace("after: first, stretch", "after: tagg, stretch"))
    assert layout is None
    [error] = report.errors
    assert error.code == "layout" and error.line == 4
    assert "'after' names 'tagg', which is no element of the layout (did you mean 'tag'?)" \
        in error.message
    layout, report = _layout(tmp_path, LAYOUT.replace("after: first, x: 5mm, y: 32mm",
                                                      "after: second, x: 5mm, y: 32mm"))
    assert layout is None
    assert "'after' names 'second', which comes after 'tag' in the layout" in report.errors[0].message
