"""Text is text: what every free-text field (a name, a street, a note, a reason, an
inspector) is made into at the boundary, and how stored text is shown.

A clerk's typing, a pasted cell or a command-line option may carry characters no person
meant: a terminal's escape sequence (``ESC [ 31 m`` recolours a terminal, ``ESC ] 52``
writes its clipboard), a right-to-left override that makes "Rex" read as "xeR" or hides
the end of a name, a line break that splits a CSV row or an address block, a zero-width
space that makes two spellings of one name differ. So, at every boundary:

* line endings are made ``\\n`` and the text is put in Unicode NFC (an "é" typed as "e"
  and a combining accent is one letter, as the search and the duplicate checks expect);
* zero-width characters (U+200B–U+200D, U+2060, U+FEFF) and the soft hyphen are dropped:
  they are invisible, come from pasting, and carry nothing a record needs;
* any other control or format character is refused in one line that names the field:
  C0 (a line break or a tab too, except in a field of several lines, which keeps ``\\n``
  and ``\\t``), DEL, C1 (U+0080–U+009F), bidirectional marks, embeddings, overrides and
  isolates (U+200E/F, U+061C, U+202A–U+202E, U+2066–U+2069), and every other character of
  Unicode's Cc, Cf, Cs (a lone surrogate) category.

Text stored before this rule may still hold such characters: ``printable`` shows each as a
visible ``\\x1b``-style escape, for the terminal, the CSV cell and the PDF alike.
"""

from __future__ import annotations

import unicodedata

from clerkdesk.errors import ValidationError

ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad")
"""Invisible characters dropped rather than refused (zero-width space, non-joiner, joiner,
word joiner, byte-order mark, soft hyphen)."""

BIDI_CONTROLS = frozenset(
    "\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
KEPT_IN_LINES = frozenset("\n\t")

_NEWLINES = str.maketrans({"\u2028": "\n", "\u2029": "\n", "\x85": "\n"})
_DROPPED = str.maketrans(dict.fromkeys(map(ord, ZERO_WIDTH)))


def _named(char: str) -> str:
    """The character as a clerk's message names it: ``U+202E (right-to-left override)``."""
    code = f"U+{ord(char):04X}"
    words = {
        "\x1b": "an escape character, as terminals use to change colours",
        "\t": "a tab",
        "\x00": "a zero byte",
    }.get(char)
    if words is not None:
        return f"{words} ({code})"
    if char in LINE_BREAKS:
        return f"a line break ({code})"
    if char in BIDI_CONTROLS:
        return f"a right-to-left or left-to-right control ({code})"
    if unicodedata.category(char) == "Cs":
        return f"a broken character ({code})"
    if unicodedata.category(char) == "Cf":
        return f"an invisible formatting character ({code})"
    return f"a control character ({code})"


def refused_character(text: str, *, lines: bool = False) -> str | None:
    """The first character ``clean_text`` would refuse in ``text`` (already cleaned of line
    endings and zero-width characters), or None."""
    for char in text:
        if lines and char in KEPT_IN_LINES:
            continue
        if char in ZERO_WIDTH:
            continue
        if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp") or char in BIDI_CONTROLS:
            return char
    return None


def tidied(text: str, *, lines: bool = False) -> str:
    """``text`` with its line endings made ``\\n`` (in a field of several lines) and its
    zero-width characters dropped; nothing refused yet."""
    if lines:
        text = text.replace("\r\n", "\n").replace("\r", "\n").translate(_NEWLINES)
    return text.translate(_DROPPED)


def clean_text(value: str, label: str, *, field: str | None = None, lines: bool = False) -> str:
    """``value`` as a record keeps it: NFC, zero-width characters dropped; a control or
    format character refused with a ``ValidationError`` naming ``label`` (the field's name
    as the clerk sees it: "Street", "The reason"). ``lines``: a field of several lines (a
    note), which keeps line breaks and tabs."""
    text = tidied(value, lines=lines)
    bad = refused_character(text, lines=lines)
    if bad is not None:
        fix = (
            "write it on one line"
            if bad in LINE_BREAKS
            else "type it again without it (it may have come from pasting)"
        )
        raise ValidationError(f"{label} holds {_named(bad)}; {fix}.", field=field)
    return unicodedata.normalize("NFC", text)


def clean_optional(
    value: str | None, label: str, *, field: str | None = None, lines: bool = False
) -> str | None:
    """``clean_text`` of a value that may be missing."""
    return None if value is None else clean_text(value, label, field=field, lines=lines)


def _escape(char: str) -> str:
    code = ord(char)
    if code <= 0xFF:
        return {"\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(char, f"\\x{code:02x}")
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def printable(text: str, *, lines: bool = False) -> str:
    """``text`` safe to put on a terminal, in a CSV cell or on a PDF page: every character
    ``clean_text`` refuses shown as a visible escape (``\\x1b``, ``\\u202e``), zero-width
    characters dropped. ``lines``: line breaks and tabs are kept (a CSV cell, a note)."""
    if text.isascii() and text.isprintable():
        return text  # the common case, at the speed of a check
    out: list[str] = []
    for char in text:
        if char in ZERO_WIDTH:
            continue
        if lines and char in KEPT_IN_LINES:
            out.append(char)
        elif refused_character(char) is not None:
            out.append(_escape(char))
        else:
            out.append(char)
    return "".join(out)
