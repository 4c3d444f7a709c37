"""The .deb's Depends: the system libraries the frozen bundle needs and does not carry.

PySide6 carries Qt itself but not the X11/xcb, OpenGL, font and D-Bus libraries of the
desktop (``make run`` and ``clerkdesk self-check`` name the same packages, from one table).
The bundle is
read for what its ELF files need (``NEEDED``); each soname not shipped inside it must be one
this table knows, so a new Qt that needs a new library fails the build instead of the clerk's
first start. Libraries of the desktop are taken from the system even when PyInstaller copied
the build machine's: their configuration (fonts, GL drivers, X) belongs to the system.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from clerkdesk.self_check.system_packages import DEBIAN_PACKAGES
from installer.steps import run

# soname -> Debian bookworm package. The desktop's libraries are the app's own table, the one
# `clerkdesk self-check` names a missing library's package from (taken from the system, never
# shipped); the base system's are present on any Debian and named here for completeness.
DESKTOP: dict[str, str] = dict(DEBIAN_PACKAGES)
BASE: dict[str, str] = {
    "libc.so.6": "libc6",
    "libm.so.6": "libc6",
    "libdl.so.2": "libc6",
    "librt.so.1": "libc6",
    "libpthread.so.0": "libc6",
    "libresolv.so.2": "libc6",
    "libutil.so.1": "libc6",
    "ld-linux-x86-64.so.2": "libc6",
    "libstdc++.so.6": "libstdc++6",
    "libgcc_s.so.1": "libgcc-s1",
    "libz.so.1": "zlib1g",
    "libexpat.so.1": "libexpat1",
    "libpng16.so.16": "libpng16-16",
    "libbz2.so.1.0": "libbz2-1.0",
    "liblzma.so.5": "liblzma5",
    "libffi.so.8": "libffi8",
    "libuuid.so.1": "libuuid1",
    "libpcre2-8.so.0": "libpcre2-8-0",
    "libbrotlidec.so.1": "libbrotli1",
    "libbrotlicommon.so.1": "libbrotli1",
    "libmount.so.1": "libmount1",
    "libselinux.so.1": "libselinux1",
    "libblkid.so.1": "libblkid1",
    "libsystemd.so.0": "libsystemd0",
    "libcap.so.2": "libcap2",
    "libgcrypt.so.20": "libgcrypt20",
    "libgpg-error.so.0": "libgpg-error0",
    "liblz4.so.1": "liblz4-1",
    "libzstd.so.1": "libzstd1",
    "libcrypto.so.3": "libssl3",
    "libssl.so.3": "libssl3",
}
# Not libraries but what Qt finds through them: a font for fontconfig to name, the X
# keyboard data xkbcommon reads, and time zones for Python's zoneinfo.
ALWAYS = ("fontconfig", "fonts-dejavu-core", "xkb-data", "tzdata")
_NEEDED = re.compile(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]")


class UnknownLibrary(ValueError):
    """A soname neither shipped in the bundle nor known to the table."""


def package_of(soname: str) -> str | None:
    return DESKTOP.get(soname) or BASE.get(soname)


def depends(needed: Iterable[str], shipped: Iterable[str]) -> list[str]:
    """The sorted Depends for what the bundle ``needed`` and does not ship itself."""
    inside = set(shipped)
    packages = set(ALWAYS)
    unknown = []
    for soname in sorted(set(needed) - inside):
        package = package_of(soname)
        if package is None:
            unknown.append(soname)
        else:
            packages.add(package)
    if unknown:
        raise UnknownLibrary(
            "the bundle needs libraries installer/debian.py does not know: " + ", ".join(unknown)
        )
    return sorted(packages)


def is_elf(path: Path) -> bool:
    with path.open("rb") as stream:
        return stream.read(4) == b"\x7fELF"


def needed_by_file(paths: Iterable[Path]) -> dict[Path, set[str]]:
    """Each ELF file's NEEDED sonames (readelf, 200 files a call)."""
    found: dict[Path, set[str]] = {}
    batch = [p for p in paths if p.is_file() and not p.is_symlink() and is_elf(p)]
    for start in range(0, len(batch), 200):
        chunk = batch[start : start + 200]
        out = run(["readelf", "-d", "-W", *chunk], capture=True).stdout or ""
        if len(chunk) == 1:
            found[chunk[0]] = set(_NEEDED.findall(out))
            continue
        by_name = {str(p): p for p in chunk}
        for part in out.split("\nFile: ")[1:]:
            name, _, rest = part.partition("\n")
            if name.strip() in by_name:
                found[by_name[name.strip()]] = set(_NEEDED.findall(rest))
    return found


def needed_of(paths: Iterable[Path]) -> set[str]:
    return set().union(*needed_by_file(paths).values())


def control(version: str, depends_list: list[str], installed_kib: int) -> str:
    return (
        "Package: clerkdesk\n"
        f"Version: {version}\n"
        "Section: misc\n"
        "Priority: optional\n"
        "Architecture: amd64\n"
        "Maintainer: ClerkDesk <clerkdesk@localhost>\n"
        f"Installed-Size: {installed_kib}\n"
        f"Depends: {', '.join(depends_list)}\n"
        "Description: dog and kennel licensing for the town clerk's office\n"
        " ClerkDesk runs a town clerk's dog-licensing year: the counter, tags and\n"
        " certificates, renewals, the money and the reports. A local SQLite database\n"
        " or the office's shared PostgreSQL server (/etc/xdg/ClerkDesk/clerkdesk.ini).\n"
    )
