"""Changing a profile's TOML text while keeping the clerk's comments and layout.

``rules.profile_to_toml`` writes a document back without its comments. A change the app
makes for the clerk (confirm examples, add a schedule) is instead applied to the stored text
and the result is checked: it must read back as exactly the document intended. When it does
not (an unusual layout such as an inline ``town`` table), the whole profile is written out
afresh and the caller is told the comments were not kept.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import tomli_w

from clerkdesk.rules.clean_text import printable
from clerkdesk.rules.toml_limits import TomlTooLarge, loads_bounded

_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
_EXAMPLES = re.compile(r"^\s*examples\s*=\s*")


@dataclass(frozen=True)
class Rewritten:
    text: str
    comments_kept: bool


def reads_as(text: str, document: Mapping[str, Any]) -> bool:
    try:
        return loads_bounded(text) == document
    except (tomllib.TOMLDecodeError, TomlTooLarge):
        return False


def rewrite(candidate: str | None, document: Mapping[str, Any]) -> Rewritten:
    """``candidate`` if it reads back as ``document``; else ``document`` written afresh."""
    if candidate is not None and reads_as(candidate, document):
        return Rewritten(candidate, True)
    return Rewritten(tomli_w.dumps(dict(document)), False)


def with_examples(text: str, examples: Sequence[str]) -> str | None:
    """``text`` with ``town.examples`` replaced by ``examples`` (removed when empty);
    None when the key is not written as ``examples = [...]`` under a ``[town]`` header."""
    span = _examples_span(text)
    if span is None:
        return None
    start, end = span
    if not examples:
        return text[:start] + text[end:]
    written = tomli_w.dumps({"examples": list(examples)})
    return text[:start] + written + text[end:]


def with_schedule_appended(text: str, schedule: Mapping[str, Any], comment: str) -> str:
    """``text`` with one more ``[[schedules]]`` table at its end, after a comment (its
    control characters shown escaped: it names the user, and a comment is text too)."""
    lines = "".join(f"# {printable(line)}\n" for line in comment.splitlines())
    body = tomli_w.dumps({"schedules": [dict(schedule)]})
    return text.rstrip() + "\n\n" + lines + body


def _examples_span(text: str) -> tuple[int, int] | None:
    """Where the ``examples = [...]`` assignment of ``[town]`` starts and ends (its whole
    lines, trailing comment and newline included)."""
    offset = 0
    table: str | None = None
    for line in text.splitlines(keepends=True):
        header = _HEADER.match(line)
        if header is not None:
            table = header.group(1)
        elif table == "town":
            found = _EXAMPLES.match(line)
            if found is not None:
                end = _array_end(text, offset + found.end())
                return None if end is None else (offset, _line_end(text, end))
        offset += len(line)
    return None


def _array_end(text: str, index: int) -> int | None:
    """The index just after the array that starts at ``index`` (strings and comments may
    hold brackets)."""
    if index >= len(text) or text[index] != "[":
        return None
    depth = 0
    i = index
    while i < len(text):
        char = text[i]
        if char == "#":
            newline = text.find("\n", i)
            i = len(text) if newline < 0 else newline
            continue
        if char in "\"'":
            close = _string_end(text, i)
            if close is None:
                return None
            i = close
            continue
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


def _string_end(text: str, index: int) -> int | None:
    quote = text[index]
    if text.startswith(quote * 3, index):
        return None  # a multi-line string in the list: leave it to the fresh write
    i = index + 1
    while i < len(text):
        if text[i] == "\\" and quote == '"':
            i += 2
            continue
        if text[i] == quote:
            return i + 1
        if text[i] == "\n":
            return None
        i += 1
    return None


def _line_end(text: str, index: int) -> int:
    newline = text.find("\n", index)
    return len(text) if newline < 0 else newline + 1
