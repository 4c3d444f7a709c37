"""A count with its noun, as a person reads it: ``1 receipt``, ``2 receipts``."""

from __future__ import annotations


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``plural`` where adding an s will not do (``entry``, ``entries``)."""
    many = plural if plural is not None else f"{noun}s"
    return f"{number:,} {noun if number == 1 else many}"
