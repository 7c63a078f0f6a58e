"""Where cards go on a sheet: the grid, bleed per side, mirrored backs, crop marks, room for the
page footer. Pure geometry, in millimetres with the origin at the page's bottom-left corner."""
from cardgen.imposition.edges import (FOOTER_CLEAR, FOOTER_DEPTH, FOOTER_MIN_DEPTH, MARK_CLEAR, MARK_GAP,
                                      MARK_LEN, MARK_MIN, TICK_GAP, TICK_MIN)
from cardgen.imposition.flip import Flip
from cardgen.imposition.geometry import Area, FooterRoom, ImpositionError, Slot
from cardgen.imposition.grid import MARK_ROOM
from cardgen.imposition.plan import FOLD_GAP, SheetPlan, plan_sheet

__all__ = ["Area", "Flip", "FOLD_GAP", "FOOTER_CLEAR", "FOOTER_DEPTH", "FOOTER_MIN_DEPTH", "FooterRoom",
           "ImpositionError", "MARK_CLEAR", "MARK_GAP", "MARK_LEN", "MARK_MIN", "MARK_ROOM", "SheetPlan", "Slot",
           "TICK_GAP", "TICK_MIN", "plan_sheet"]
