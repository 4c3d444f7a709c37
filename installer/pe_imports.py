"""The DLLs a Windows executable or module names in its import tables, read on any machine.

Enough of the PE format (Microsoft's "PE Format" specification) to walk the import and
delay-load import directories: the Windows tree is checked and pruned on Linux by following
which DLL needs which, without a Windows machine or a third-party parser.
"""

from __future__ import annotations

import struct
from pathlib import Path

_IMPORT_DIRECTORY = 1
_DELAY_IMPORT_DIRECTORY = 13


class NotPE(ValueError):
    """The bytes are not a Portable Executable."""


def _sections(data: bytes, pe: int) -> tuple[list[tuple[int, int, int]], int]:
    sections_count = struct.unpack_from("<H", data, pe + 6)[0]
    optional_size = struct.unpack_from("<H", data, pe + 20)[0]
    optional = pe + 24
    first = optional + optional_size
    sections = []
    for index in range(sections_count):
        header = first + 40 * index
        virtual_size, virtual_address, raw_size, raw_pointer = struct.unpack_from(
            "<IIII", data, header + 8
        )
        sections.append(
            (virtual_address, max(virtual_size, raw_size), raw_pointer - virtual_address)
        )
    return sections, optional


def _offset(sections: list[tuple[int, int, int]], rva: int) -> int:
    for start, size, delta in sections:
        if start <= rva < start + size:
            return rva + delta
    raise NotPE(f"address {rva:#x} lies in no section")


def _name_at(data: bytes, offset: int) -> str:
    end = data.index(b"\0", offset)
    return data[offset:end].decode("ascii", "replace")


def imported_dlls(data: bytes) -> list[str]:
    """The DLL names the image imports, directly or delay-loaded, in file order."""
    if data[:2] != b"MZ":
        raise NotPE("no MZ header")
    pe = struct.unpack_from("<I", data, 0x3C)[0]
    if data[pe : pe + 4] != b"PE\0\0":
        raise NotPE("no PE signature")
    sections, optional = _sections(data, pe)
    magic = struct.unpack_from("<H", data, optional)[0]
    directories = optional + (112 if magic == 0x20B else 96)  # PE32+ or PE32
    names: list[str] = []
    for directory, entry_size, name_field in (
        (_IMPORT_DIRECTORY, 20, 12),
        (_DELAY_IMPORT_DIRECTORY, 32, 4),
    ):
        rva, size = struct.unpack_from("<II", data, directories + 8 * directory)
        if not rva or not size:
            continue
        at = _offset(sections, rva)
        while True:
            entry = data[at : at + entry_size]
            if len(entry) < entry_size or not any(entry):
                break
            name_rva = struct.unpack_from("<I", entry, name_field)[0]
            if name_rva:
                names.append(_name_at(data, _offset(sections, name_rva)))
            at += entry_size
    return names


def machine(data: bytes) -> int:
    """The image's machine type (0x8664 for x64)."""
    pe = struct.unpack_from("<I", data, 0x3C)[0]
    return int(struct.unpack_from("<H", data, pe + 4)[0])


def imports_of(path: Path) -> list[str]:
    return imported_dlls(path.read_bytes())
