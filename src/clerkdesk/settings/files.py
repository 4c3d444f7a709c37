"""Reading one settings file (INI): every value by section and key, or one clear line
naming the file and the line at fault, never a traceback.

Only ``key = value`` lines (not ``key: value``, as a database address holds colons). Values
are taken as written: no ``%`` interpolation (a password in a URL is percent-encoded)
and no comments after a value (a password may hold ``;`` or ``#``); a whole line starting
with ``;`` or ``#`` is a comment. Notepad's UTF-8 and UTF-16 files (with their byte-order
mark) are read as well as plain UTF-8, and on Windows the ANSI code page its own INI calls
write.
"""

from __future__ import annotations

import ast
import codecs
import configparser
import contextlib
import sys
from dataclasses import dataclass, field
from pathlib import Path

from clerkdesk.errors import EnvironmentProblem
from clerkdesk.settings.text import masked, shown

# Without it, configparser copies a [DEFAULT] section's keys into every other section.
_NO_DEFAULT_SECTION = "\x00no default section"
_SHOWN_LINE = 60


class SettingsFileInvalid(EnvironmentProblem):
    """A settings file cannot be read or holds a line that is not INI."""


@dataclass(frozen=True)
class SettingsFile:
    """One settings file as read: ``values`` by (section, key), both in lower case."""

    path: Path
    kind: str  # "user file" or "machine file", as `config show` names it
    exists: bool
    values: dict[tuple[str, str], str] = field(default_factory=dict)


def read_settings_file(path: Path, kind: str) -> SettingsFile:
    """The file's values; a file that is not there holds none."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return SettingsFile(path, kind, exists=False)
    except IsADirectoryError:
        raise _invalid(path, "it is a folder, not a file") from None
    except NotADirectoryError:
        return SettingsFile(path, kind, exists=False)
    except PermissionError:
        raise _invalid(path, "this login has no permission to read it", fix="ask IT") from None
    except OSError as exc:
        raise _invalid(path, f"it cannot be read ({exc.strerror or exc})") from exc
    # Only "=" separates a key from its value: a database address is full of ":".
    parser = configparser.ConfigParser(
        delimiters=("=",), interpolation=None, default_section=_NO_DEFAULT_SECTION, strict=True
    )
    try:
        parser.read_string(_decoded(path, data), source=str(path))
    except configparser.MissingSectionHeaderError as exc:
        raise _invalid(
            path,
            f"line {exc.lineno} ({_shown(exc.line)}) comes before any [section]",
            fix="put it under its section, e.g. [database]",
        ) from None
    except configparser.ParsingError as exc:
        lineno, line = exc.errors[0]
        with contextlib.suppress(ValueError, SyntaxError):
            line = ast.literal_eval(line)  # configparser keeps the line's repr()
        raise _invalid(
            path, f"line {lineno} ({_shown(line)}) is not a [section] nor a 'key = value' line"
        ) from None
    except configparser.DuplicateSectionError as exc:
        raise _invalid(path, f"line {exc.lineno} starts [{exc.section}] a second time") from None
    except configparser.DuplicateOptionError as exc:
        raise _invalid(
            path, f"line {exc.lineno} sets {exc.option!r} in [{exc.section}] a second time"
        ) from None
    values: dict[tuple[str, str], str] = {}
    for section in parser.sections():
        for key, value in parser.items(section):
            values[(section.strip().lower(), key.strip().lower())] = value.strip()
    return SettingsFile(path, kind, exists=True, values=values)


def _decoded(path: Path, data: bytes) -> str:
    encoding = "utf-8-sig"
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        if sys.platform == "win32":
            # Windows' own INI calls (an installer's WriteINIStr) write the ANSI code page.
            with contextlib.suppress(UnicodeDecodeError):
                return data.decode("mbcs")
        lineno = data[: exc.start].count(b"\n") + 1
        raise _invalid(
            path, f"line {lineno} is not UTF-8 text", fix="save the file as UTF-8"
        ) from None


def _shown(line: str) -> str:
    """A line of the file fit for one line of a message: no password, no control
    characters, not too long."""
    line = masked(line.strip())
    line = line.encode("unicode_escape").decode("ascii") if not line.isprintable() else line
    return repr(line if len(line) <= _SHOWN_LINE else line[: _SHOWN_LINE - 1] + "…")


def _invalid(path: Path, problem: str, fix: str = "") -> SettingsFileInvalid:
    fix = fix or "correct that line or remove the file"
    return SettingsFileInvalid(f"The settings file {shown(path)} cannot be used: {problem}; {fix}")
