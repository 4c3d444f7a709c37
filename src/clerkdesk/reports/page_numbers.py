"""A canvas that numbers its pages "Page N of M", with a footer line on each (and, on a
copy made again, a red REPRINT line under it): every report of many pages takes it from
here."""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas

from clerkdesk.reports.layout import FONT, FONT_BOLD, MARK_RED, MUTED


def numbered_canvas(footer: str, margin: float, reprint: str | None = None) -> type[Canvas]:
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
            if reprint:
                self.setFont(FONT_BOLD, 7.5)
                self.setFillColor(MARK_RED)
                self.drawCentredString(width / 2, 0.28 * inch, reprint)
            self.restoreState()

    return NumberedCanvas
