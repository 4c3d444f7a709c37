"""Money moved: a receipt posted, a void, a close-out. The status bar's drawer listens; any
screen that posts money says so here, so the drawer never shows a stale count."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class MoneyEvents(QObject):
    changed = Signal()
