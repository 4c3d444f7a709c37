"""An imported cell is text first: cleaned as a clerk's typing is, a control character
refused naming its column, a spreadsheet's wrapped line folded to a space."""

from __future__ import annotations

import pytest

from clerkdesk.rules.imported_cells import BadCell, checked_cells, checked_row, parse_date, text


@pytest.mark.parametrize(
    ("cell", "words"),
    [
        ("Rex\x1b[31m", "an escape character"),
        ("Re\u202ex", "a right-to-left or left-to-right control (U+202E)"),
        ("Rex\x07", "a control character"),
    ],
)
def test_a_control_character_is_refused_naming_the_column(cell: str, words: str) -> None:
    cleaned, faults = checked_cells({"dog_name": cell, "breed": "Beagle"}, {"dog_name": "the dog"})
    assert len(faults) == 1 and faults[0].startswith(f"the dog holds {words}")
    # still shown, made visible, so the row can be named in the report
    assert cleaned["breed"] == "Beagle" and cleaned["dog_name"].isprintable()
    with pytest.raises(BadCell, match="holds"):
        text(cell)


def test_zero_width_dropped_nfc_and_a_wrapped_line_folded() -> None:
    assert text("Bo\u200dlte\u0301") == "Bolt\u00e9"
    assert text("12 Elm\r\nSt\tApt 2") == "12 Elm St Apt 2"
    assert parse_date("05/01/2026\u200b") is not None
    row, faults = checked_row(("x", "Re\u202ex", "\ufeffMax"), {"dog": 1, "other": 2}, {})
    assert row[0] == "x" and row[2] == "Max" and "\\u202e" in row[1]
    assert faults == [
        "a cell holds a right-to-left or left-to-right control (U+202E); type it again "
        "without it (it may have come from pasting)."
    ]
