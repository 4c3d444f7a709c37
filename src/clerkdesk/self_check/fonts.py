"""Fonts: the ones ClerkDesk prints with (DejaVu Sans, carried in its resources, embedded in
every PDF) and, on Linux, a font for the window, which Qt asks fontconfig for."""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from dataclasses import dataclass

from clerkdesk.self_check.findings import Finding, Problem
from clerkdesk.self_check.modules import reinstall_fix
from clerkdesk.self_check.system_packages import install_fix


@dataclass(frozen=True)
class ScreenFonts:
    """What fontconfig knows: how many fonts, and the one ``sans-serif`` names."""

    count: int
    sans_family: str | None
    sans_file: str | None


class _FcFontSet(ctypes.Structure):
    _fields_ = [
        ("nfont", ctypes.c_int),
        ("sfont", ctypes.c_int),
        ("fonts", ctypes.c_void_p),
    ]


def check_fonts() -> Finding:
    finding = Finding("fonts")
    _printing_fonts(finding)
    if sys.platform.startswith("linux"):
        _screen_fonts(finding)
    if finding.ok:
        finding.passed = "; ".join(finding.notes.pop(0) for _ in range(len(finding.notes)))
    return finding


def _printing_fonts(finding: Finding) -> None:
    # The documents module chose its font when it was imported: DejaVu Sans from the
    # resources, or Helvetica when the files were missing. Ask it rather than look again.
    from clerkdesk.paths import resources_dir
    from clerkdesk.reports import layout

    if layout.FONT == layout.SANS:
        finding.notes.append("documents print in DejaVu Sans")
        return
    finding.problems.append(
        Problem(
            f"the fonts documents print in are missing from {resources_dir() / 'fonts'}, so "
            f"they print in {layout.FONT}, which lacks letters such as ł and ễ",
            reinstall_fix(),
        )
    )


def _screen_fonts(finding: Finding) -> None:
    try:
        found = screen_fonts()
    except OSError as exc:
        # libfontconfig missing is said by the Qt check, with its package.
        finding.notes.append(f"fontconfig could not be asked ({exc}): the window's fonts unchecked")
        return
    if found.count == 0:
        finding.problems.append(
            Problem(
                "fontconfig finds no fonts, so the window's text would not show",
                install_fix(["fonts-dejavu-core"]),
            )
        )
        return
    finding.notes.append(
        f"the window's text is in {found.sans_family or 'an unnamed font'} "
        f"({found.count} fonts found)"
    )


def screen_fonts() -> ScreenFonts:
    """Ask fontconfig, the library Qt asks on Linux, through ctypes (its command-line tools
    are often not installed). Raises OSError when the library cannot be loaded."""
    name = ctypes.util.find_library("fontconfig") or "libfontconfig.so.1"
    fc = ctypes.CDLL(name)
    fc.FcInitLoadConfigAndFonts.restype = ctypes.c_void_p
    fc.FcPatternCreate.restype = ctypes.c_void_p
    fc.FcNameParse.restype = ctypes.c_void_p
    fc.FcNameParse.argtypes = [ctypes.c_char_p]
    fc.FcObjectSetBuild.restype = ctypes.c_void_p
    fc.FcFontList.restype = ctypes.POINTER(_FcFontSet)
    fc.FcFontList.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    fc.FcConfigSubstitute.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int]
    fc.FcDefaultSubstitute.argtypes = [ctypes.c_void_p]
    fc.FcFontMatch.restype = ctypes.c_void_p
    fc.FcFontMatch.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)]
    fc.FcPatternGetString.argtypes = [
        ctypes.c_void_p,
        ctypes.c_char_p,
        ctypes.c_int,
        ctypes.POINTER(ctypes.c_char_p),
    ]
    for destroy in ("FcPatternDestroy", "FcObjectSetDestroy", "FcConfigDestroy"):
        getattr(fc, destroy).argtypes = [ctypes.c_void_p]
    fc.FcFontSetDestroy.argtypes = [ctypes.POINTER(_FcFontSet)]

    config = fc.FcInitLoadConfigAndFonts()
    if not config:
        return ScreenFonts(0, None, None)
    try:
        every = fc.FcPatternCreate()
        objects = fc.FcObjectSetBuild(b"family", b"file", None)
        listed = fc.FcFontList(config, every, objects)
        count = listed.contents.nfont if listed else 0
        if listed:
            fc.FcFontSetDestroy(listed)
        fc.FcObjectSetDestroy(objects)
        fc.FcPatternDestroy(every)
        family = file = None
        if count:
            family, file = _match_sans(fc, config)
        return ScreenFonts(count, family, file)
    finally:
        fc.FcConfigDestroy(config)


def _match_sans(fc: ctypes.CDLL, config: int) -> tuple[str | None, str | None]:
    pattern = fc.FcNameParse(b"sans-serif")
    fc.FcConfigSubstitute(config, pattern, 0)  # FcMatchPattern
    fc.FcDefaultSubstitute(pattern)
    result = ctypes.c_int()
    match = fc.FcFontMatch(config, pattern, ctypes.byref(result))
    fc.FcPatternDestroy(pattern)
    if not match:
        return None, None
    try:
        return _string(fc, match, b"family"), _string(fc, match, b"file")
    finally:
        fc.FcPatternDestroy(match)


def _string(fc: ctypes.CDLL, pattern: int, key: bytes) -> str | None:
    value = ctypes.c_char_p()
    if fc.FcPatternGetString(pattern, key, 0, ctypes.byref(value)) != 0 or value.value is None:
        return None
    return value.value.decode("utf-8", "replace")
