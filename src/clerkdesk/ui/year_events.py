"""A license year was opened: the status bar's years and the season's home listen, so they
never show a year as not open once it is."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class YearEvents(QObject):
    opened = Signal(int)
    """The calendar year the opened license year starts in."""
