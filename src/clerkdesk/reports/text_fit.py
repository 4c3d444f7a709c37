"""Text fitted to a box on a canvas: the same size while it fits, else smaller down to a
floor, then wrapped; only what still does not fit is cut, and the caller is told what.

A name or an address is never drawn past its box (it would run into the next column, or
outside an envelope's window where the post office cannot read it), and never silently cut.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

ELLIPSIS = "…"


@functools.lru_cache(maxsize=4096)
def width_of(text: str, font: str, size: float) -> float:
    return float(stringWidth(text, font, size))


@functools.lru_cache(maxsize=2048)
def wrapped(text: str, font: str, size: float, width: float) -> tuple[str, ...]:
    """``text`` broken at spaces to ``width``; a word longer than the width is broken
    between letters (ReportLab leaves it whole, running past the box)."""
    lines: list[str] = []
    for line in simpleSplit(text, font, size, width) or [""]:
        while width_of(line, font, size) > width and len(line) > 1:
            cut = len(line) - 1
            while cut > 1 and width_of(line[:cut], font, size) > width:
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
    return tuple(lines)


def shortened(text: str, font: str, size: float, width: float) -> str:
    """``text`` cut, with an ellipsis, to fit ``width``."""
    if width_of(text, font, size) <= width:
        return text
    cut = len(text)
    while cut > 0 and width_of(text[:cut].rstrip() + ELLIPSIS, font, size) > width:
        cut -= 1
    return text[:cut].rstrip() + ELLIPSIS


@dataclass(frozen=True)
class Fitted:
    """Lines as they are drawn, at ``size``; ``cut``: the lines given that lost words."""

    size: float
    lines: tuple[str, ...]
    cut: tuple[str, ...] = ()

    def height(self, leading: float = 1.2) -> float:
        return len(self.lines) * self.size * leading


def fit_block(
    lines: Sequence[str],
    font: str,
    *,
    size: float,
    floor: float,
    width: float,
    max_lines: int,
    step: float = 0.5,
) -> Fitted:
    """``lines`` (an address, say) at the largest size from ``size`` down to ``floor`` at
    which each fits ``width`` on a line of its own; failing that, at ``floor``, each line too
    long wrapped; failing that (more than ``max_lines``), wrapped lines shortened, then the
    last lines left out. ``cut`` names each line given that is not shown whole."""
    given = [line for line in lines if line.strip()]
    current = size
    while current > floor and any(width_of(line, font, current) > width for line in given):
        current = max(floor, current - step)
    parts = [list(wrapped(line, font, current, width)) for line in given]
    cut: list[int] = []
    # Too many lines: a wrapped line loses its last part first (a long name keeps its
    # first words, the street and the town stay whole), then lines from the end.
    while sum(len(p) for p in parts) > max_lines:
        index = next((i for i, p in enumerate(parts) if len(p) > 1), None)
        if index is None:
            index = len(parts) - 1
            parts.pop()
        else:
            parts[index].pop()
            parts[index][-1] = shortened(parts[index][-1] + " " + ELLIPSIS, font, current, width)
        if index < len(given) and index not in cut:
            cut.append(index)
    drawn = tuple(line for p in parts for line in p)
    return Fitted(current, drawn, tuple(given[i] for i in sorted(cut)))


def fit_cell(text: str, font: str, *, size: float, floor: float, width: float) -> Fitted:
    """A table cell: on one line at ``size`` down to ``floor``, else wrapped at ``floor``
    onto as many lines as it takes; never cut (the row grows instead)."""
    fitted = fit_block([text], font, size=size, floor=floor, width=width, max_lines=1)
    if not fitted.cut:
        return fitted
    return Fitted(floor, wrapped(text, font, floor, width))
