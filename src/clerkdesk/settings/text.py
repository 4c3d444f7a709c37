"""Paths and addresses put safely into a message. The settings package is read before the
database package, which takes ``shown`` from here."""

from __future__ import annotations

import re
from pathlib import Path


def shown(text: str | Path) -> str:
    """Text safe to print and log: bytes that are not UTF-8 appear as \\xNN escapes."""
    try:
        raw = str(text).encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return str(text).encode("utf-8", "backslashreplace").decode("utf-8")
    return raw.decode("utf-8", "backslashreplace")


def masked(text: str) -> str:
    """A database address (or a line holding one) without its password: the one between
    ``user:`` and ``@``, and a ``password=`` option."""
    text = re.sub(r"(://[^:/@\s]*:)[^@/\s]*@", r"\1***@", text)
    return re.sub(r"(password\s*=\s*)[^&\s]+", r"\1***", text, flags=re.IGNORECASE)
