"""Which line of a profile's TOML text holds a key path such as ``schedules[0].dog_fees.fee``.

A light scan of table headers and ``key =`` lines, enough to put the cursor where a problem
is; it never needs to be a full TOML parser (the loader does the checking).
"""

from __future__ import annotations

import re

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-\"]+)\s*=")
_LINE = re.compile(r"at line (\d+)")


def key_lines(text: str) -> dict[str, int]:
    """Each table and key path with the 0-based line that first defines it."""
    found: dict[str, int] = {}
    counts: dict[str, int] = {}
    resolved: dict[str, str] = {}
    table = ""
    for number, line in enumerate(text.splitlines()):
        header = _HEADER.match(line)
        if header is not None:
            array, name = header.group(1) == "[[", header.group(2).replace('"', "")
            table = _resolve(name, resolved)
            if array:
                for stale in [k for k in resolved if k.startswith(name + ".")]:
                    del resolved[stale]  # tables of the previous element of this array
                index = counts.get(table, 0)
                counts[table] = index + 1
                resolved[name] = f"{table}[{index}]"
                table = resolved[name]
            found.setdefault(table, number)
            continue
        key = _KEY.match(line)
        if key is not None:
            name = key.group(1).strip('"')
            found.setdefault(f"{table}.{name}" if table else name, number)
    return found


def line_of(text: str, key_path: str) -> int | None:
    """The line for ``key_path``, or for the nearest table above it that is written."""
    lines = key_lines(text)
    path = key_path
    while path:
        if path in lines:
            return lines[path]
        cut = max(path.rfind("."), path.rfind("["))
        path = path[:cut] if cut > 0 else ""
    return None


def problem_line(text: str, problem: str) -> int | None:
    """The line a problem from the loader is about (``key: message`` or a TOML syntax
    error that names its line)."""
    syntax = _LINE.search(problem)
    if problem.startswith("not valid TOML") and syntax is not None:
        return int(syntax.group(1)) - 1
    key, _, _ = problem.partition(": ")
    return line_of(text, key)


def _resolve(name: str, resolved: dict[str, str]) -> str:
    """``schedules.dog_fees`` under the latest ``[[schedules]]`` is ``schedules[N].dog_fees``."""
    parts = name.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        prefix = ".".join(parts[:cut])
        if prefix in resolved:
            return resolved[prefix] + "." + ".".join(parts[cut:])
    return name
