"""A count with its noun, as a person reads it: ``1 receipt``, ``2 receipts``."""

from __future__ import annotations


def counted(number: int, noun: str) -> str:
    return f"{number:,} {noun}{'' if number == 1 else 's'}"
