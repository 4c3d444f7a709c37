"""A guard for a reference-counting slip in some PySide6 builds.

Under Python 3.11 (where None is not yet immortal), the PySide6 6.12.0 build this program
is tested with drops one reference to None on every call of a method that returns nothing
(``QPainterPath.lineTo``, ``QPainter.save`` and the like). Drawing a page makes thousands
of such calls; once None's count reaches zero the interpreter aborts. The guard gives back
what a block of drawing took. Where the binding is right (or None is immortal) nothing is
lost and it does nothing.
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Iterator
from contextlib import contextmanager

_incref = ctypes.pythonapi.Py_IncRef
_incref.argtypes = [ctypes.py_object]
_incref.restype = None


SLACK = 8


@contextmanager
def keep_none_counted() -> Iterator[None]:
    before = sys.getrefcount(None)
    try:
        yield
    finally:
        lost = before - sys.getrefcount(None)
        # Giving back too many is harmless (None is never freed); too few is fatal. The
        # count is read while ``__exit__``'s own arguments (None three times) are alive.
        for _ in range(lost + SLACK if lost > 0 else 0):
            _incref(None)
