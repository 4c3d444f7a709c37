"""Every character a PDF page shows is one a person can read.

Names, streets and notes stored before the office refused control characters
(rules/clean_text.py), or brought in from an old register, may still hold an escape, a
line break or a right-to-left override. ReportLab draws every string it is given — through
``drawString``, a table cell or a paragraph — with its text object's ``_formatText``; that
one method is wrapped here, once, so every document the program prints (and any added later)
shows such a character as a visible escape (``\\x1b``, ``\\u202e``), never raw.
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.textobject import PDFTextObject

from clerkdesk.rules.clean_text import printable

_ORIGINAL = PDFTextObject._formatText


def _shown(self: PDFTextObject, text: Any) -> Any:
    if isinstance(text, str):
        text = printable(text)
    return _ORIGINAL(self, text)


def install() -> None:
    """Wrap ReportLab's text output (idempotent)."""
    PDFTextObject._formatText = _shown
