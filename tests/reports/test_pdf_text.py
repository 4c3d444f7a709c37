"""Text stored before control characters were refused prints as visible escapes on every
PDF page, whichever way the document draws it."""

from __future__ import annotations

import io

from pypdf import PdfReader
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

import clerkdesk.reports  # noqa: F401  (installs the readable text output)

HOSTILE = "Jane\x1b[2J Doe\u202egnirts \u200dSmith"


def test_an_escape_an_override_and_a_zero_width_joiner_print_readably() -> None:
    # GIVEN a name with an escape sequence, a right-to-left override and a zero-width joiner
    out = io.BytesIO()
    canvas = Canvas(out)
    # WHEN it is drawn as a string and inside a paragraph
    canvas.drawString(72, 700, HOSTILE)
    paragraph = Paragraph(HOSTILE, getSampleStyleSheet()["Normal"])
    paragraph.wrapOn(canvas, 400, 100)
    paragraph.drawOn(canvas, 72, 600)
    canvas.save()
    # THEN the page shows the escapes as text, and no raw control character
    page = PdfReader(io.BytesIO(out.getvalue())).pages[0].extract_text()
    assert page.count("\\x1b[2J") == 2 and page.count("\\u202e") == 2
    assert "\x1b" not in page and "\u202e" not in page and "\u200d" not in page
    assert "Smith" in page
