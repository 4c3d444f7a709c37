"""TOML read within bounds: a town profile's text is parsed here and nowhere else.

``tomllib`` reads nested arrays and tables by recursion, so a file of a few thousand ``[``
ends in a RecursionError, and nothing stops a file of gigabytes being read whole. A real
profile is a few kilobytes, nested six deep (``schedules[0].late_fees.steps[0]…``); the
limits below are far beyond any profile the rules accept, so a profile that loaded before
still loads, and anything past them is refused in one line before it is parsed.
"""

from __future__ import annotations

import re
import tomllib
from decimal import Decimal
from typing import Any

MAX_TOML_BYTES = 1024 * 1024
"""1 MiB: the largest preset is a few dozen kilobytes."""
MAX_NESTING = 16
"""Arrays, inline tables and dotted keys inside one another; a profile needs six."""

# Strings and comments, whose brackets are text, not nesting (multi-line strings first).
_NOT_NESTING = re.compile(
    r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*',
    re.DOTALL,
)
_OPEN_CLOSE = re.compile(r"[\[\]{}]")


class TomlTooLarge(ValueError):
    """The text is past the limits; ``str()`` says which, in words a clerk can act on."""


def size_problem(size: int) -> str | None:
    if size <= MAX_TOML_BYTES:
        return None
    return "it is larger than 1 MiB, the most a town profile may be (is this the right file?)"


def nesting_of(text: str) -> int:
    """How deep brackets and braces go outside strings and comments (a table header's
    ``[[ ]]`` counts two): the most ``tomllib`` would recurse."""
    deepest = depth = 0
    for match in _OPEN_CLOSE.finditer(_NOT_NESTING.sub("", text)):
        depth += 1 if match.group() in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _document_depth(document: dict[str, Any]) -> int:
    """How deep the parsed tables and arrays go (dotted keys nest without brackets);
    counted without recursion."""
    deepest = 0
    stack: list[tuple[object, int]] = [(document, 1)]
    while stack:
        value, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth > MAX_NESTING:
            break
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values() if isinstance(v, dict | list))
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value if isinstance(v, dict | list))
    return deepest


def loads_bounded(text: str) -> dict[str, Any]:
    """``tomllib.loads`` with amounts as ``Decimal``, refused with :class:`TomlTooLarge`
    past the size or nesting limit (``tomllib.TOMLDecodeError`` as ever for bad TOML)."""
    problem = size_problem(len(text.encode("utf-8", "surrogatepass")))
    if problem is None and nesting_of(text) > MAX_NESTING:
        problem = f"values are nested more than {MAX_NESTING} deep; a town profile needs six"
    if problem is not None:
        raise TomlTooLarge(problem)
    document = tomllib.loads(text, parse_float=Decimal)
    if _document_depth(document) > MAX_NESTING:
        raise TomlTooLarge(
            f"keys are nested more than {MAX_NESTING} deep; a town profile needs six"
        )
    return document
