"""The REPRINT line on a notice drawn again from the record: "REPRINT — printed <when> by
<who>", in the certificates' red bold (``layout.Reprint``), across the top of every sheet.

A notice's foot is its return stub (down to a quarter inch from the edge), so the line goes
in the letter's top margin, above the office heading; on a postcard sheet it sits in the
card's own padding at the sheet's top edge, clear of the message.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas

from clerkdesk.reports.layout import FONT_BOLD, LETTER, MARK_RED, Reprint

FROM_TOP = 0.32 * inch
"""The line's baseline below the sheet's top edge: inside the letter's 0.6-inch top margin."""


class MarkedCanvas(Canvas):  # type: ignore[misc]
    """A canvas that draws ``mark`` (when there is one) on each page as the page ends."""

    def __init__(self, *args: Any, mark: Reprint | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.mark = mark

    def showPage(self) -> None:
        if self.mark is None:
            super().showPage()
            return
        width, height = LETTER
        self.saveState()
        self.setFont(FONT_BOLD, 8)
        self.setFillColor(MARK_RED)
        self.drawCentredString(width / 2, height - FROM_TOP, self.mark.text)
        self.restoreState()
        super().showPage()
