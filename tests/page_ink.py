"""Where the letters land on a rendered page (pdfium, the engine the print preview draws
with): a letter drawn over another (overprinted) or outside the printable area (cut) is
found from the page itself, not from its extracted text."""

from __future__ import annotations

from collections import defaultdict

import pypdfium2 as pdfium

Box = tuple[float, float, float, float]
"""left, bottom, right, top in points."""


def letter_boxes(data: bytes, page: int = 0) -> list[tuple[str, Box]]:
    """Every drawn letter of the page (spaces and line ends left out) with its box."""
    document = pdfium.PdfDocument(data)
    try:
        text = document[page].get_textpage()
        count = text.count_chars()
        whole = text.get_text_range(0, count)
        boxes = []
        for index in range(count):
            char = whole[index] if index < len(whole) else ""
            if char.strip():
                boxes.append((char, text.get_charbox(index)))
        return boxes
    finally:
        document.close()


def _overlap(a: Box, b: Box) -> float:
    """The share of the smaller box that the two boxes cover together."""
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    if width <= 0 or height <= 0:
        return 0.0
    smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return width * height / smaller if smaller > 0 else 0.0


def overprinted(data: bytes, page: int = 0, *, tolerance: float = 0.3) -> list[str]:
    """Pairs of letters drawn more than ``tolerance`` over each other, as ``"a/b"``. The
    large translucent word laid across a page on purpose (VOID, TRANSFERRED: letters over
    40 points tall) is left out: it is meant to lie over the text."""
    boxes = [(c, box) for c, box in letter_boxes(data, page) if box[3] - box[1] <= 40]
    grid: dict[tuple[int, int], list[int]] = defaultdict(list)
    for index, (_, box) in enumerate(boxes):
        for gx in range(int(box[0] // 20), int(box[2] // 20) + 1):
            for gy in range(int(box[1] // 20), int(box[3] // 20) + 1):
                grid[gx, gy].append(index)
    found: set[tuple[int, int]] = set()
    for members in grid.values():
        for i, first in enumerate(members):
            for second in members[i + 1 :]:
                if _overlap(boxes[first][1], boxes[second][1]) > tolerance:
                    found.add((first, second))
    return [f"{boxes[a][0]}/{boxes[b][0]}" for a, b in sorted(found)]


def outside(data: bytes, page: int = 0, *, margin: float = 18.0) -> list[str]:
    """Letters closer than ``margin`` points to the sheet's edge (where printers cut)."""
    document = pdfium.PdfDocument(data)
    try:
        width, height = document[page].get_size()
    finally:
        document.close()
    return [
        char
        for char, (left, bottom, right, top) in letter_boxes(data, page)
        if left < margin or bottom < margin or right > width - margin or top > height - margin
    ]
