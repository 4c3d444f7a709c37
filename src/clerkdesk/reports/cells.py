"""Text put in a spreadsheet cell, made safe to open.

A payer's name or a void's reason comes from a resident or a clerk's typing. A spreadsheet
program runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a formula (and a tab
or carriage return can hide one), so such a cell gets a leading apostrophe and is shown as
the text it is (OWASP, "CSV Injection"). Numbers are never escaped: they are written as
numbers.
"""

from __future__ import annotations

from clerkdesk.rules.clean_text import printable

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_text(value: str) -> str:
    """``value``, with a leading apostrophe when a spreadsheet would read it as a formula,
    and any control character stored before ClerkDesk refused them (an escape sequence, a
    right-to-left override) shown as a visible escape such as ``\\x1b`` (``rules.clean_text``);
    a note's line breaks (``\\r`` too, as a spreadsheet writes them) and tabs stay, inside
    the cell's quotes."""
    value = "\r".join(printable(part, lines=True) for part in value.split("\r"))
    return "'" + value if value.startswith(FORMULA_STARTS) else value


# What a sheet cell cannot hold. XML 1.0 refuses most control characters (openpyxl raises
# on them), and a spreadsheet program keeps at most 32,767 characters in one cell.
_NOT_IN_XML = str.maketrans({c: None for c in (*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20))})
SHEET_CELL_LIMIT = 32_767
CUT_MARK = "… (cut at a spreadsheet cell's limit)"


def sheet_text(value: str) -> str:
    """``value`` as an XLSX cell holds it: escaped as ``safe_text`` escapes a CSV cell (so a
    writer never takes it for a formula either), without the control characters XML
    refuses, and cut, saying so, at a cell's limit."""
    text = safe_text(value.translate(_NOT_IN_XML))
    if len(text) > SHEET_CELL_LIMIT:
        text = text[: SHEET_CELL_LIMIT - len(CUT_MARK)] + CUT_MARK
    return text
