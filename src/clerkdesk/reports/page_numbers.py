"""A canvas that numbers its pages "Page N of M", with a footer line on each.

The remittance and the unlicensed-dog list each carry a copy of this; new reports take it
from here (the two copies can move here when their owners next touch them)."""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas

from clerkdesk.reports.layout import FONT, MUTED


def numbered_canvas(footer: str, margin: float) -> type[Canvas]:
    """A canvas class for ``BaseDocTemplate.build(canvasmaker=…)``: every page kept until
    the end, so each can say how many there are."""

    class NumberedCanvas(Canvas):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._pages: list[dict[str, Any]] = []

        def showPage(self) -> None:
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._pages)
            for state in self._pages:
                self.__dict__.update(state)
                self._footer(total)
                super().showPage()
            super().save()

        def _footer(self, total: int) -> None:
            width, _ = self._pagesize
            self.saveState()
            self.setFont(FONT, 7.5)
            self.setFillColor(MUTED)
            self.drawString(margin, 0.45 * inch, footer)
            self.drawRightString(width - margin, 0.45 * inch, f"Page {self._pageNumber} of {total}")
            self.restoreState()

    return NumberedCanvas
