"""A CSV or spreadsheet cell never carries a raw control character: text stored before
ClerkDesk refused them (issue 27, "Text is text") is shown escaped."""

from __future__ import annotations

import csv
import io

from clerkdesk.reports.cells import safe_text, sheet_text


def test_a_stored_escape_is_shown_escaped_in_a_csv_cell() -> None:
    assert safe_text("Rex\x1b[31m") == "Rex\\x1b[31m"
    assert safe_text("Rex\u202egpj.exe") == "Rex\\u202egpj.exe"
    assert safe_text("Re\u200dx") == "Rex"


def test_a_notes_lines_stay_in_its_quoted_cell_and_a_formula_is_still_escaped() -> None:
    assert safe_text("first\nsecond") == "first\nsecond"
    assert safe_text("=1+1\x9b") == "'=1+1\\x9b"
    out = io.StringIO()
    csv.writer(out).writerow([safe_text("a\nb\x1b"), "x"])
    assert list(csv.reader(io.StringIO(out.getvalue()))) == [["a\nb\\x1b", "x"]]


def test_a_sheet_cell_holds_no_control_character_either() -> None:
    assert sheet_text("Rex\x1b\u202e") == "Rex\\u202e"  # XML refuses ESC: dropped, as before
