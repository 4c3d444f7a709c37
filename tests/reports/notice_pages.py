"""Notices read back as pdfium draws them: where each character landed on the page, so a
test can say that nothing runs past its box or is printed over something else."""

from __future__ import annotations

from dataclasses import dataclass

import pypdfium2 as pdfium


@dataclass(frozen=True)
class Glyph:
    char: str
    left: float
    bottom: float
    right: float
    top: float


def glyphs(data: bytes, page: int) -> list[Glyph]:
    """Every visible character of ``page``, with its box in points from the lower left."""
    document = pdfium.PdfDocument(data)
    try:
        text = document[page].get_textpage()
        found = []
        for i in range(text.count_chars()):
            char = text.get_text_range(i, 1)
            if not char.strip():
                continue
            left, bottom, right, top = text.get_charbox(i)
            found.append(Glyph(char, left, bottom, right, top))
        return found
    finally:
        document.close()


def page_count(data: bytes) -> int:
    document = pdfium.PdfDocument(data)
    try:
        return len(document)
    finally:
        document.close()


def overprinted(found: list[Glyph], slack: float = 0.6) -> list[tuple[Glyph, Glyph]]:
    """Pairs of characters whose boxes overlap by more than ``slack`` points both ways:
    text drawn over other text."""
    ordered = sorted(found, key=lambda g: g.left)
    pairs = []
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 :]:
            if b.left > a.right - slack:
                break
            across = min(a.right, b.right) - max(a.left, b.left)
            up = min(a.top, b.top) - max(a.bottom, b.bottom)
            if across > slack and up > slack:
                pairs.append((a, b))
    return pairs


def outside(
    found: list[Glyph], left: float, bottom: float, right: float, top: float
) -> list[Glyph]:
    """The characters not wholly inside the box."""
    return [
        g
        for g in found
        if g.left < left - 0.5
        or g.right > right + 0.5
        or g.bottom < bottom - 0.5
        or g.top > top + 0.5
    ]


def within(found: list[Glyph], bottom: float, top: float) -> list[Glyph]:
    """The characters whose middle is between ``bottom`` and ``top``."""
    return [g for g in found if bottom <= (g.bottom + g.top) / 2 <= top]
