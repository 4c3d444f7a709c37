"""The text of a profile file as clerks save it: UTF-8, UTF-8 with Notepad's byte-order
mark, UTF-16 ("Unicode" in Notepad), or Windows-1252 ("ANSI", where ``§`` is one byte).

Anything else is refused with one line that names the encoding problem and the fix.
"""

from __future__ import annotations

import codecs
from pathlib import Path

from clerkdesk.rules.errors import ProfileError
from clerkdesk.rules.toml_limits import MAX_TOML_BYTES, size_problem

SAVE_AS_UTF8 = "open it in Notepad and save it with Encoding: UTF-8"


def decode_profile(data: bytes, name: str) -> tuple[str, tuple[str, ...]]:
    """The text of ``data`` and any notes on how it was read (for ``profile check``)."""
    if data.startswith(codecs.BOM_UTF8):
        return _decode(data[len(codecs.BOM_UTF8) :], "utf-8", name, "UTF-8"), ()
    for bom, encoding in ((codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")):
        if data.startswith(bom):
            text = _decode(data[len(bom) :], encoding, name, "UTF-16")
            return text, (f"{name} was read as UTF-16 (Notepad's “Unicode”); {SAVE_AS_UTF8}",)
    if b"\x00" in data:
        raise ProfileError(
            [f"{name} is not a text file (it holds zero bytes); a town profile is TOML text"]
        )
    try:
        return data.decode("utf-8"), ()
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError as exc:
        raise ProfileError(
            [
                f"{name} is neither UTF-8 nor Windows-1252 (ANSI) text (byte "
                f"0x{data[exc.start]:02X} at position {exc.start}); {SAVE_AS_UTF8}"
            ]
        ) from None
    return text, (f"{name} was read as Windows-1252 (ANSI), not UTF-8; {SAVE_AS_UTF8}",)


def read_profile_file(path: Path) -> tuple[str, tuple[str, ...]]:
    try:
        # Never more than the limit and a byte: a huge file (or /dev/zero) is not read whole.
        with path.open("rb") as file:
            data = file.read(MAX_TOML_BYTES + 1)
    except OSError as exc:
        raise ProfileError([f"cannot read {path}: {exc.strerror or exc}"]) from None
    if len(data) > MAX_TOML_BYTES:
        raise ProfileError([f"not a town profile: {size_problem(len(data))}"])
    return decode_profile(data, path.name)


def _decode(data: bytes, encoding: str, name: str, label: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise ProfileError(
            [
                f"{name} starts with a {label} byte-order mark but is not {label} text "
                f"(position {exc.start}); {SAVE_AS_UTF8}"
            ]
        ) from None
