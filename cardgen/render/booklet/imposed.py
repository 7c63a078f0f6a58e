"""A booklet imposed as it is drawn: the drawing of each page the layout finishes is kept, with
the links drawn on it and the bookmarks set on it, and when the canvas is saved the pages are
drawn two to a side of each sheet in saddle-stitch order, blank where padded, each clipped to
its own half. A link keeps its place on its page; it and the outline lead to the sheet side
where their page is printed, zoomed to that page."""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.rl_accel import fp_str

from cardgen.render.pages import PageCanvas
from cardgen.shared.saddle_stitch import booklet_sides


@dataclass(frozen=True)
class KeptPage:
    """A page drawn: its drawing operators, what they use that the sheet's resources must name
    (forms and pictures, colour spaces, shadings), its link annotations and its bookmarks."""

    code: tuple[str, ...]
    forms: tuple[str, ...]
    colors: dict
    shadings: dict
    links: tuple
    bookmarks: tuple[str, ...]


class ImposingCanvas(PageCanvas):
    """A canvas whose pages, as the layout draws them, are kept; saved, it prints them imposed on
    sheets of `sheet` (width, height in points), each page centred in its half."""

    def __init__(self, *args, sheet: tuple[float, float], **options):
        # one table of graphics-state names (transparency) for every page: two pages printed
        # on one side of a sheet never give one name to two states
        self.state_names: dict = {}
        super().__init__(*args, **options)
        self.sheet = sheet
        self.kept: list[KeptPage] = []
        self.links: list = []            # of the page being drawn
        self.bookmarks: list[str] = []

    def init_graphics_state(self):
        super().init_graphics_state()
        self._extgstate._c = self.state_names

    def showPage(self):
        self.kept.append(KeptPage((self._preamble, *self._code), tuple(self._formsinuse),
                                  dict(self._colorsUsed), dict(self._shadingUsed),
                                  tuple(self.links), tuple(self.bookmarks)))
        self.links, self.bookmarks = [], []
        self._startPage()

    def _addAnnotation(self, annotation, name=None, addtopage=1):
        self.links.append(annotation)

    def bookmarkPage(self, key, **fit):
        self.bookmarks.append(key)
        return self._bookmarkReference(key)

    def save(self):
        if self._code:
            self.showPage()
        self._impose()
        self.showOutline()                   # a viewer opens the booklet with its outline shown
        super().save()

    def _impose(self) -> None:
        page = self._pagesize
        self.setPageSize(self.sheet)
        gap_x = (self.sheet[0] - 2 * page[0]) / 2       # A5 on A4 leaves 0.5 mm each side
        gap_y = (self.sheet[1] - page[1]) / 2
        for side in booklet_sides(len(self.kept)):
            for number, x in ((side.left, gap_x), (side.right, gap_x + page[0])):
                if number:
                    self._place(self.kept[number - 1], x, gap_y, page)
            super().showPage()

    def _place(self, page: KeptPage, x: float, y: float, size: tuple[float, float]) -> None:
        self.saveState()
        self.translate(x, y)
        self._code.append(f"0 0 {fp_str(*size)} re W n")
        self._code.extend(page.code)
        self.restoreState()
        self._formsinuse.extend(page.forms)
        self._colorsUsed.update(page.colors)
        self._shadingUsed.update(page.shadings)
        for key in page.bookmarks:
            super().bookmarkPage(key, fit="FitR", left=x, bottom=y, right=x + size[0],
                                 top=y + size[1])
        for link in page.links:
            left, bottom, right, top = link.Rect
            link.Rect = (left + x, bottom + y, right + x, top + y)
            super()._addAnnotation(link)
