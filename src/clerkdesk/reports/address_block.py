"""The owner's name and address where a #10 window envelope shows it, and the office's
return address above it.

A #10 envelope (4⅛ × 9½ in) has its window ⅞ in from the left and ½ in from the bottom,
4½ × 1⅛ in. A Letter page folded in three sits in it with its top third against the
window, and can slide about ¼ in either way: the address is kept to a box 1 in from the
left and 2 in from the top of the page, 3¾ × 1 in, inside the window wherever the letter
slides. The post office reads the last lines (city, state, ZIP) first: they are never cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas

from clerkdesk.reports.layout import FONT
from clerkdesk.reports.text_fit import Fitted, fit_block

LEADING = 1.2


@dataclass(frozen=True)
class Box:
    """A box on the page, in points from the page's lower-left corner."""

    left: float
    bottom: float
    width: float
    height: float

    @property
    def top(self) -> float:
        return self.bottom + self.height


def window_box(page_height: float) -> Box:
    """Where the recipient goes on a Letter page for a #10 window envelope."""
    return Box(1.0 * inch, page_height - 3.0 * inch, 3.75 * inch, 1.0 * inch)


def fit_address(lines: Sequence[str], box: Box, *, size: float = 11, floor: float = 9) -> Fitted:
    """``lines`` fitted to ``box``: as large as they fit, down to ``floor``; a long name
    wrapped; what still does not fit cut (``Fitted.cut`` says what)."""
    most = max(1, int(box.height // (floor * LEADING)))
    fitted = fit_block(lines, FONT, size=size, floor=floor, width=box.width, max_lines=most)
    # Wrapped onto more lines than fit at this size: smaller, as far as the floor.
    fitted_size = fitted.size
    while fitted_size > floor and len(fitted.lines) * fitted_size * LEADING > box.height:
        fitted_size = max(floor, fitted_size - 0.5)
    if fitted_size != fitted.size:
        return fit_block(
            lines, FONT, size=fitted_size, floor=floor, width=box.width, max_lines=most
        )
    return fitted


def draw_address(c: Canvas, fitted: Fitted, box: Box) -> None:
    """The lines from the top of ``box`` down, at their fitted size."""
    c.setFont(FONT, fitted.size)
    y = box.top - fitted.size
    for line in fitted.lines:
        c.drawString(box.left, y, line)
        y -= fitted.size * LEADING
