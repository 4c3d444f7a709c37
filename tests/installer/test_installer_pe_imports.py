"""Reading a Windows DLL's import tables on Linux, from a PE image made here byte by byte."""

from __future__ import annotations

import struct

import pytest
from installer_code import pe_imports


def _pe(imports: list[str], delayed: list[str]) -> bytes:
    image = bytearray(0x400)
    image[0:2] = b"MZ"
    struct.pack_into("<I", image, 0x3C, 0x40)
    image[0x40:0x44] = b"PE\0\0"
    struct.pack_into("<HHIIIHH", image, 0x44, 0x8664, 1, 0, 0, 0, 240, 0x2022)
    optional = 0x58
    struct.pack_into("<H", image, optional, 0x20B)  # PE32+
    directories = optional + 112
    struct.pack_into("<II", image, directories + 8 * 1, 0x1000, 20 * (len(imports) + 1))
    struct.pack_into("<II", image, directories + 8 * 13, 0x1080, 32 * (len(delayed) + 1))
    section = optional + 240
    image[section : section + 8] = b".idata\0\0"
    struct.pack_into("<IIII", image, section + 8, 0x200, 0x1000, 0x200, 0x200)
    name_rva = 0x1100

    def put_name(name: str) -> int:
        nonlocal name_rva
        at = name_rva
        raw = name.encode() + b"\0"
        image[0x200 + at - 0x1000 : 0x200 + at - 0x1000 + len(raw)] = raw
        name_rva += 0x20
        return at

    for index, name in enumerate(imports):
        struct.pack_into("<I", image, 0x200 + 20 * index + 12, put_name(name))
    for index, name in enumerate(delayed):
        struct.pack_into("<I", image, 0x200 + 0x80 + 32 * index + 4, put_name(name))
    return bytes(image)


def test_direct_and_delay_loaded_imports_are_read_in_order() -> None:
    image = _pe(["KERNEL32.dll", "Qt6Core.dll"], ["USER32.dll"])

    assert pe_imports.imported_dlls(image) == ["KERNEL32.dll", "Qt6Core.dll", "USER32.dll"]
    assert pe_imports.machine(image) == 0x8664


def test_an_image_without_imports_imports_nothing() -> None:
    assert pe_imports.imported_dlls(_pe([], [])) == []


@pytest.mark.parametrize(
    "junk", [b"\x7fELF" + bytes(200), b"MZ" + bytes(0x3A) + b"\x40\0\0\0" + bytes(64)]
)
def test_what_is_not_a_pe_image_says_so(junk: bytes) -> None:
    with pytest.raises(pe_imports.NotPE):
        pe_imports.imported_dlls(junk)
