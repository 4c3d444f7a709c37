"""A canvas that numbers its pages "Page N of M", with a footer line on each (and, on a
copy made again, a red REPRINT line under it), and the document it draws on: every report
of many pages takes both from here."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any, BinaryIO

from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from clerkdesk.reports.layout import BOTTOM, FONT, FONT_BOLD, MARK_RED, MUTED, frame_width
from clerkdesk.reports.text_fit import shortened, width_of

# A frame's text starts at its edge: the margins are the page's.
NO_PADDING = {"leftPadding": 0, "rightPadding": 0, "topPadding": 0, "bottomPadding": 0}


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
            page = f"Page {self._pageNumber} of {total}"
            # A long footer (a bylaw's whole title) gives way to the page's number.
            room = width - 2 * margin - width_of(page, FONT, 7.5) - 0.25 * inch
            self.drawString(margin, 0.45 * inch, shortened(footer, FONT, 7.5, room))
            self.drawRightString(width - margin, 0.45 * inch, page)
            if reprint:
                self.setFont(FONT_BOLD, 7.5)
                self.setFillColor(MARK_RED)
                self.drawCentredString(width / 2, 0.28 * inch, reprint)
            self.restoreState()

    return NumberedCanvas


def report_document(
    out: BinaryIO,
    *,
    pagesize: tuple[float, float],
    margin: float,
    title: str,
    author: str,
    invariant: bool | None = None,
) -> BaseDocTemplate:
    """The document a report is built on: its margins, and the title and author a PDF
    viewer shows; the page templates are the report's."""
    return BaseDocTemplate(
        out,
        pagesize=pagesize,
        leftMargin=margin,
        rightMargin=margin,
        topMargin=margin,
        bottomMargin=BOTTOM,
        title=title,
        author=author,
        creator="ClerkDesk",
        invariant=invariant,
    )


def numbered_report(
    story: Sequence[Flowable],
    *,
    pagesize: tuple[float, float],
    margin: float,
    title: str,
    author: str,
    footer: str,
    reprint: str | None = None,
    invariant: bool | None = None,
) -> bytes:
    """A report of one frame a page, numbered "Page N of M" under ``footer``."""
    out = io.BytesIO()
    document = report_document(
        out, pagesize=pagesize, margin=margin, title=title, author=author, invariant=invariant
    )
    width, height = frame_width(pagesize, margin), pagesize[1] - margin - BOTTOM
    frame = Frame(margin, BOTTOM, width, height, **NO_PADDING, id="body")
    document.addPageTemplates([PageTemplate("page", [frame])])
    document.build(list(story), canvasmaker=numbered_canvas(footer, margin, reprint))
    return out.getvalue()
