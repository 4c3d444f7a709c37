"""A TOML syntax error in words a clerk can act on: the key path and line it is on, and, for
a bare date TOML cannot read (``effective = 2026-13-01``), what to write instead."""

from __future__ import annotations

import re
import tomllib

_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\[\]]+?)\s*\]\]?\s*(#.*)?$")
_ASSIGN = re.compile(r"^\s*([A-Za-z0-9_\-.\"' ]+?)\s*=\s*(.*?)\s*(#.*)?$")
_DATE_LIKE = re.compile(r"^\d{1,4}-\d{1,2}(-\d{1,2})?([T ].*)?$")


def toml_problem(text: str, exc: tomllib.TOMLDecodeError) -> str:
    message = str(exc)
    found = _AT.search(message)
    if found is None:
        return f"not valid TOML: {message}"
    reason = message[: found.start()]
    lineno = int(found.group(1))
    lines = text.splitlines()
    line = lines[lineno - 1] if 0 < lineno <= len(lines) else ""
    assign = _ASSIGN.match(line)
    if assign is None:
        return f"not valid TOML: {reason} (line {lineno})"
    key = assign.group(1).strip().replace('"', "").replace("'", "")
    table = _table_at(lines, lineno)
    path = f"{table}.{key}" if table else key
    value = assign.group(2).strip()
    if _DATE_LIKE.match(value):
        return (
            f"{path}: {value} is not a date (line {lineno}); write a real date as "
            "YYYY-MM-DD, such as 2026-04-01"
        )
    return f"not valid TOML: {path}: {reason} (line {lineno})"


def _table_at(lines: list[str], lineno: int) -> str:
    """The key path of the table that line ``lineno`` is in (``schedules[0].dog_fees``)."""
    counts: dict[str, int] = {}
    current = ""
    for line in lines[: lineno - 1]:
        header = _HEADER.match(line)
        if header is None:
            continue
        name = ".".join(p.strip().strip("\"'") for p in header.group(2).split("."))
        is_array = header.group(1) == "[["
        if is_array:
            counts = {k: v for k, v in counts.items() if not k.startswith(name + ".")}
            counts[name] = counts.get(name, -1) + 1
        path, prefix = "", ""
        for part in name.split("."):
            prefix = f"{prefix}.{part}" if prefix else part
            path = f"{path}.{part}" if path else part
            if prefix in counts:
                path += f"[{counts[prefix]}]"
        current = path
    return current
