"""A deck's sheet plan: the grid, the bleed per side, mirrored backs, crop marks, footer room.

Nothing is planned inside the printer margin: bleed that would reach it is cut back to it, crop
marks stop at it, a back offset is planned for (the fronts leave room for their backs to move
by it), and a gutterfold keeps a clear band either side of its fold.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from cardgen.imposition import edges
from cardgen.imposition.edges import FOOTER_CLEAR
from cardgen.imposition.flip import Flip
from cardgen.imposition.geometry import Area, FooterRoom, ImpositionError, Slot
from cardgen.imposition.grid import best_layout, gutters, spaced

FOLD_GAP = 4.0        # space kept free of ink either side of a gutterfold line
SEPARATION = 1.5      # the bleed each card keeps at least, either side of a narrow gutter
SHORT_FLIP_TURN = {0: 180, 90: 90, -90: -90}   # a front's turn -> its back's, short-edge flip


@dataclass(frozen=True)
class SheetPlan:
    page_width: float
    page_height: float
    card_width: float
    card_height: float
    columns: int
    rows: int
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]            # backs[i] sits behind fronts[i]; empty when duplex is none
    backs_on_same_page: bool           # gutterfold: fronts and backs share one side of one sheet
    crop_marks: tuple[tuple[float, float, float, float], ...]  # x1, y1, x2, y2 per mark
    fold_line: tuple[float, float, float, float] | None
    footer: tuple[FooterRoom, ...] = ()       # where the fronts' page footer may go, best first
    back_footer: tuple[FooterRoom, ...] = ()  # and the backs' page footer
    fold_label: FooterRoom | None = None      # beside the fold line, for what to do with it
    margin: float = 5.0
    rotated: bool = False              # cards lie on their side: more of them fit
    bleed: float = 3.0
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    front_area: Area | None = None     # where ink may go on the fronts' side of the sheet
    back_area: Area | None = None      # and on the backs' (the right half, for gutterfold)
    unmarked: tuple[str, ...] = ()     # sides of the block with no room for crop marks
    thin: tuple[str, ...] = ()         # sides of the block where the page cuts the bleed back

    @property
    def per_page(self) -> int:
        return len(self.fronts)

    @property
    def slot_width(self) -> float:
        """A card's width on the sheet (its height when the cards lie on their side)."""
        return self.card_height if self.rotated else self.card_width

    @property
    def slot_height(self) -> float:
        return self.card_width if self.rotated else self.card_height

    def kept_bleed(self) -> dict[str, float]:
        """The bleed a full sheet keeps round its block of fronts, by side (bottom, left, right,
        top)."""
        return edges.kept_bleed(self.fronts, self.slot_width, self.slot_height)

    def sheet(self, count: int) -> tuple[tuple[Slot, ...], tuple[Slot, ...]]:
        """Fronts and backs of a sheet holding the first `count` cards."""
        return self.sheet_of(range(min(count, self.per_page)))

    def sheet_of(self, filled: Sequence[int]) -> tuple[tuple[Slot, ...], tuple[Slot, ...]]:
        """Fronts and backs of a sheet whose slots `filled` (indices, in order) hold cards. A card
        next to an empty slot keeps its full bleed on that side: it is a cut, not a shared one."""
        if len(filled) >= self.per_page:
            return self.fronts, self.backs
        fronts = tuple(self._opened(i, set(filled)) for i in filled)
        backs = _backs(fronts, self) if self.backs else ()
        return fronts, backs

    def _opened(self, index: int, filled: set[int]) -> Slot:
        slot = self.fronts[index]
        column, row = index % self.columns, index // self.columns
        area, w, h, bleed = self.front_area, self.slot_width, self.slot_height, self.bleed
        left = column > 0 and index - 1 not in filled
        right = column < self.columns - 1 and index + 1 not in filled
        above = row > 0 and index - self.columns not in filled
        below = row < self.rows - 1 and index + self.columns not in filled
        return replace(
            slot,
            bleed_left=min(bleed, slot.x - area.x0) if left else slot.bleed_left,
            bleed_right=min(bleed, area.x1 - slot.x - w) if right else slot.bleed_right,
            bleed_top=min(bleed, area.y1 - slot.y - h) if above else slot.bleed_top,
            bleed_bottom=min(bleed, slot.y - area.y0) if below else slot.bleed_bottom)

    def marks_for(self, count: int) -> tuple:
        """The crop marks of a sheet holding only the first `count` cards."""
        return self.marks_of(range(min(count, self.per_page)))

    def marks_of(self, filled: Sequence[int]) -> tuple:
        """The crop marks of a sheet whose slots `filled` hold cards: those of their own block,
        so that no mark stands beside a row or column of empty slots."""
        if len(filled) >= self.per_page or not self.crop_marks:
            return self.crop_marks
        fronts, backs = self.sheet_of(filled)
        w, h = self.slot_width, self.slot_height
        marks = edges.marks(fronts, w, h, self.front_area)
        if self.backs_on_same_page:
            marks += edges.marks(backs, w, h, self.back_area)
        return tuple(marks)


def _backs(fronts, plan: SheetPlan) -> tuple[Slot, ...]:
    """Each front's back: mirrored for the flip (or the fold), shifted by the back offset, its
    bleed cut back to where ink may go on that side."""
    w, h = plan.slot_width, plan.slot_height
    flip = Flip(plan.duplex, plan.page_width, plan.page_height, plan.back_offset)
    area = plan.back_area
    out = []
    for s in fronts:
        x, y = flip.box(s.x, s.y, w, h)
        if plan.duplex == "short":
            sides = (s.bleed_left, s.bleed_right, s.bleed_top, s.bleed_bottom)
            # a flip about the sheet's width turns an upright card's top to the bottom of the
            # back page: its back is turned half round, so that turning the card over side to
            # side shows it the same way up as a long-edge flip does (a side-on card keeps its
            # turn, its top staying on the same side)
            turn = SHORT_FLIP_TURN[s.rotation]
        else:                            # long-edge flip, and the fold, mirror left to right
            sides = (s.bleed_right, s.bleed_left, s.bleed_bottom, s.bleed_top)
            turn = -s.rotation
        left, right, bottom, top = sides
        out.append(Slot(x, y, max(0.0, min(left, x - area.x0)), max(0.0, min(right, area.x1 - x - w)),
                        max(0.0, min(bottom, y - area.y0)), max(0.0, min(top, area.y1 - y - h)),
                        turn))
    return tuple(out)


def plan_sheet(page: tuple[float, float], card: tuple[float, float], bleed: float, margin: float,
               duplex: str, crop_marks: bool = True,
               back_offset: tuple[float, float] = (0.0, 0.0), every_cut: bool = False,
               full_bleed: bool = False, separate: bool = False, even: bool = True) -> SheetPlan:
    """The imposition of one deck's cards on one paper size. Raises ImpositionError if none fit
    (its code is back-offset when they would but for the offset). With `every_cut`, the
    grid gives up cards until every cut line has room for a crop mark or a tick; with
    `full_bleed`, until the page leaves the whole bleed round the block. With `separate`
    (the cards' bleeds differ in colour), the rows, or the columns, or both, get gutters, the
    same between every two of them, where the page has room at no cost: no card, mark, bleed
    or footer given up for them; `even: False` lets some gaps of a row (or column) widen and not
    others, which can keep a colour's cards together on fewer sheets."""
    if duplex == "fold":
        return _plan_fold(page, card, bleed, margin, crop_marks, every_cut and crop_marks,
                          full_bleed)
    page_w, page_h = page
    area = Area(margin, margin, page_w - margin, page_h - margin)
    offset = (float(back_offset[0]), float(back_offset[1])) if duplex in ("long", "short") else (0.0, 0.0)
    room = Area(*Flip(duplex, page_w, page_h, offset).room(area.x0, area.y0, area.x1, area.y1))
    layout = best_layout(room, area, card, bleed, crop_marks, every_cut and crop_marks,
                         full_bleed=full_bleed)
    if layout is None:
        if offset != (0.0, 0.0) and best_layout(area, area, card, bleed, False, False):
            raise ImpositionError(
                f"a back offset of {offset[0]:g}, {offset[1]:g} mm would move the back of a "
                f"{card[0]:g} x {card[1]:g} mm card into the {margin:g} mm printer margin of a "
                f"{page_w:g} x {page_h:g} mm page wherever its front went", code="back-offset")
        raise ImpositionError(f"a {card[0]:g} x {card[1]:g} mm card does not fit on a "
                              f"{page_w:g} x {page_h:g} mm page inside a {margin:g} mm margin")
    plan = _flat_plan(page, card, layout, area, crop_marks, bleed, duplex, offset)
    if separate:
        for candidate in _separations(plan, layout, room, area, bleed, crop_marks, even):
            spread = _flat_plan(page, card, candidate, area, crop_marks, bleed, duplex, offset)
            if spread.footer and (spread.back_footer or not plan.back_footer):
                return spread
    return plan


def _separations(plan: SheetPlan, layout, room: Area, area: Area, bleed: float, crop_marks: bool,
                 even: bool = True):
    """The layout with gutters between all of its rows, or all of its columns, or both, those
    that leave fewer cuts shared first (of equal ones, wider gutters first), each as good as
    the layout but for the footer: the same cards, marks and bleed."""
    now = gutters(layout)
    choices = _gutter_choices if even else _uneven_gutter_choices
    across = choices(layout.columns, now[0], bleed)
    down = choices(layout.rows, now[1], bleed)
    tries = sorted(((gx, gy) for gx in across for gy in down),
                   key=lambda g: (_shared(layout, g), -sum(g[0]) - sum(g[1])))
    for gx, gy in tries:
        if gx == (now[0],) * (layout.columns - 1) and gy == (now[1],) * (layout.rows - 1):
            continue
        found = spaced(layout, room, area, bleed, crop_marks, (gx, gy))
        if (found and set(found.unmarked) <= set(plan.unmarked) and set(found.thin) <= set(plan.thin)):
            yield found


def _gutter_choices(count: int, now: float, bleed: float) -> list[tuple[float, ...]]:
    """The gaps after each of `count` cards but the last: as they are, or every one widened to a
    full-bleed gutter or a narrow one. Never some: a sheet whose columns (or rows) stand unevenly
    apart reads as a mistake, so where not every gap has room, colours part on the other cuts."""
    out = [(now,) * (count - 1)]
    for width in (2 * bleed, 2 * SEPARATION):
        gaps = (max(now, width),) * (count - 1)
        if gaps not in out:
            out.append(gaps)
    return out


def _uneven_gutter_choices(count: int, now: float, bleed: float) -> list[tuple[float, ...]]:
    """The gaps after each of `count` cards that may part them: any number of them widened to a
    full-bleed gutter or a narrow one, spread evenly (the larger groups first), the rest as
    they are."""
    out = []
    for parted in range(count - 1, -1, -1):
        size, extra = divmod(count, parted + 1)
        ends, at = set(), 0
        for group in range(parted):
            at += size + (group < extra)
            ends.add(at - 1)
        for width in (2 * bleed, 2 * SEPARATION):
            gaps = tuple(max(now, width) if i in ends else now for i in range(count - 1))
            if gaps not in out:
                out.append(gaps)
    return out


def _shared(layout, gaps) -> int:
    """How many cuts between neighbours `gaps` (across, down) leave shared."""
    gx, gy = gaps
    joined_x = sum(1 for g in gx if g < 2 * SEPARATION - 1e-9)
    joined_y = sum(1 for g in gy if g < 2 * SEPARATION - 1e-9)
    return layout.rows * joined_x + layout.columns * joined_y


def _flat_plan(page, card, layout, area: Area, crop_marks: bool, bleed: float, duplex: str,
               offset) -> SheetPlan:
    """The plan of a layout on one side of the sheet, with its backs behind it (duplex long or
    short) or none."""
    page_w, page_h = page
    fronts, w, h = layout.slots, layout.width, layout.height
    marks = tuple(edges.marks(fronts, w, h, area)) if crop_marks else ()
    plan = SheetPlan(page_w, page_h, card[0], card[1], layout.columns, layout.rows, fronts, (),
                     False, marks, None, edges.footer_rooms(fronts, w, h, area, crop_marks),
                     margin=area.x0, rotated=layout.rotated, bleed=bleed, duplex=duplex,
                     back_offset=offset, front_area=area, back_area=area, unmarked=layout.unmarked,
                     thin=layout.thin)
    if duplex not in ("long", "short"):
        return plan
    backs = _backs(fronts, plan)
    return replace(plan, backs=backs, back_footer=edges.footer_rooms(backs, w, h, area, False))


def _plan_fold(page, card, bleed, margin, crop_marks, every_cut, full_bleed) -> SheetPlan:
    """Gutterfold: fronts left of a vertical fold line, their backs mirrored on the right.
    The page turns landscape, and the cards on their side, when that fits more cards."""
    best = None
    for page_w, page_h in (page, (page[1], page[0])):
        area = Area(margin, margin, page_w / 2 - FOLD_GAP, page_h - margin)
        layout = best_layout(area, area, card, bleed, crop_marks, every_cut,
                             sides=("left", "bottom", "top"), full_bleed=full_bleed)
        if layout and (best is None or layout.merit(every_cut, full_bleed)
                       > best[3].merit(every_cut, full_bleed)):
            best = (page_w, page_h, area, layout)
    if best is None:
        raise ImpositionError(f"a {card[0]:g} x {card[1]:g} mm card does not fit on half of a "
                              f"{page[0]:g} x {page[1]:g} mm page for gutterfold")
    page_w, page_h, area, layout = best
    half, fronts, w, h = page_w / 2, layout.slots, layout.width, layout.height
    back_area = Area(half + FOLD_GAP, margin, page_w - margin, page_h - margin)
    plan = SheetPlan(page_w, page_h, card[0], card[1], layout.columns, layout.rows, fronts, (), True,
                     (), (half, margin, half, page_h - margin),
                     fold_label=FooterRoom(half - FOLD_GAP + FOOTER_CLEAR, margin,
                                           half - FOOTER_CLEAR, page_h - margin, rotated=True),
                     margin=margin, rotated=layout.rotated, bleed=bleed, duplex="fold",
                     front_area=area, back_area=back_area, unmarked=layout.unmarked,
                     thin=layout.thin)
    backs = _backs(fronts, plan)
    marks = edges.marks(fronts, w, h, area) + edges.marks(backs, w, h, back_area) if crop_marks else []
    rooms = (edges.footer_rooms(fronts, w, h, area, crop_marks)
             + edges.footer_rooms(backs, w, h, back_area, crop_marks))
    return replace(plan, backs=backs, crop_marks=tuple(marks), footer=rooms)
