"""Text put in a spreadsheet cell, made safe to open.

A payer's name or a void's reason comes from a resident or a clerk's typing. A spreadsheet
program runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a formula (and a tab
or carriage return can hide one), so such a cell gets a leading apostrophe and is shown as
the text it is (OWASP, "CSV Injection"). Numbers are never escaped: they are written as
numbers.
"""

from __future__ import annotations

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_text(value: str) -> str:
    """``value``, with a leading apostrophe when a spreadsheet would read it as a formula."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value
