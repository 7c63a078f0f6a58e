"""The garbage collector paused while a step makes many objects that live on and form no
reference cycle: each of its passes would walk them all and free next to nothing."""
from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def collector_paused(freeze: bool = False):
    """The collector off for the block (if it was on). With `freeze`, what the process holds
    at the block's end is moved out of its reach (gc.freeze) before it is on again: the caller
    thaws it (gc.unfreeze) once done with it."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if freeze:
                gc.freeze()
            gc.enable()
