"""Third-party license notices, shipped in both installers under ``licenses/``.

Each distribution's license files come from its wheel's ``.dist-info``; Python's from the
interpreter shipped; the fonts' from ``resources/fonts``; the GNU licenses' full texts from
Debian's ``/usr/share/common-licenses`` (PySide6's wheels carry only a commercial notice).
``THIRD-PARTY-NOTICES.txt`` lists them all and states Qt's LGPLv3 relinking terms.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from email.parser import HeaderParser
from pathlib import Path

_LICENSE_NAMES = re.compile(r"^(licen[cs]e|copying|notice|authors)", re.IGNORECASE)
COMMON_LICENSES = Path("/usr/share/common-licenses")

QT_TERMS = """\
Qt and Qt for Python (PySide6-Essentials, shiboken6) {qt_version}
  Used under the GNU Lesser General Public License version 3 (LGPL-3.txt, which adds
  permissions to GPL-3.txt beside it). ClerkDesk does not modify Qt. Qt's libraries are
  shipped as separate dynamic libraries, loaded at run time through PySide6:
      {qt_where}
  You may replace them, and PySide6's own modules, with a version you built or modified yourself
  from the corresponding source, and ClerkDesk will use it; you may reverse-engineer ClerkDesk
  as far as needed to debug such a change. The corresponding source of this exact version is
  published by The Qt Company (qt-everywhere-src-{qt_version} and pyside-setup {qt_version},
  also PySide6's source distribution on PyPI); on request the office's supplier of this
  installer provides a copy of it, for three years from this release, for no more than the
  cost of the copy. Qt itself includes third-party code (such as FreeType, HarfBuzz, libpng,
  libjpeg, PCRE2, zlib) under their own permissive licenses, listed in Qt's documentation
  ("Licenses Used in Qt") for this version. (PDFium, which draws the print preview, comes
  with pypdfium2, its licenses in that package's folder.)
"""
# The distribution that carries Qt's libraries: only PySide6-Essentials since issue 24; the
# PySide6 meta-package before it.
QT_DISTRIBUTIONS = ("pyside6-essentials", "pyside6")


@dataclass(frozen=True)
class Component:
    name: str
    version: str
    license: str
    files: tuple[str, ...]


def license_of(metadata_text: str) -> str:
    headers = HeaderParser().parsestr(metadata_text)
    expression = headers.get("License-Expression")
    if expression:
        return expression.strip()
    short = (headers.get("License") or "").strip().splitlines()
    if short and len(short[0]) < 120:
        return short[0]
    classifiers = [c for c in headers.get_all("Classifier") or [] if c.startswith("License ::")]
    return classifiers[0].split("::")[-1].strip() if classifiers else "see the files"


def license_files(dist_info: Path) -> list[Path]:
    return sorted(
        p
        for p in dist_info.rglob("*")
        if p.is_file()
        and (_LICENSE_NAMES.match(p.name) or "licenses" in p.relative_to(dist_info).parts)
    )


def gather_site_packages(
    site_packages: Path, target: Path, only: set[str] | None = None
) -> list[Component]:
    """Copy every distribution's license files to ``target/<name>/``; ``only`` limits which
    (normalized names)."""
    found = []
    for dist_info in sorted(site_packages.glob("*.dist-info")):
        metadata = (dist_info / "METADATA").read_text(encoding="utf-8", errors="replace")
        headers = HeaderParser().parsestr(metadata)
        name, version = headers["Name"], headers["Version"]
        key = re.sub(r"[-_.]+", "-", name).lower()
        if (only is not None and key not in only) or key == "clerkdesk":
            continue
        copied = []
        for path in license_files(dist_info):
            dest = target / key / path.relative_to(dist_info)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, dest)
            copied.append(str(dest.relative_to(target)))
        found.append(Component(name, version, license_of(metadata), tuple(copied)))
    return found


def qt_version(components: list[Component]) -> str:
    """The version of Qt shipped, from the PySide6 distribution among ``components``."""
    by_name = {re.sub(r"[-_.]+", "-", c.name).lower(): c.version for c in components}
    for name in QT_DISTRIBUTIONS:
        if name in by_name:
            return by_name[name]
    raise LookupError("no PySide6 distribution among the packages shipped")


def write_notices(
    target: Path,
    components: list[Component],
    *,
    python_license: Path,
    python_version: str,
    fonts_license: Path,
    qt_version: str,
    qt_where: str,
) -> Path:
    target.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(python_license, target / "Python-LICENSE.txt")
    shutil.copyfile(fonts_license, target / "DejaVu-fonts-LICENSE.txt")
    for name in ("LGPL-3", "GPL-3", "Apache-2.0"):
        shutil.copyfile(COMMON_LICENSES / name, target / f"{name}.txt")
    lines = [
        "ClerkDesk: third-party software it ships, and the terms each is used under.",
        "",
        QT_TERMS.format(qt_version=qt_version, qt_where=qt_where),
        f"Python {python_version}",
        "  Python Software Foundation License: Python-LICENSE.txt (with the licenses of the",
        "  libraries CPython includes, such as OpenSSL, SQLite, libffi, zlib, expat).",
        "",
        "DejaVu fonts (resources/fonts): DejaVu-fonts-LICENSE.txt (Bitstream Vera license).",
        "",
        "Python packages (their license files are in the folder of each name):",
    ]
    for c in sorted(components, key=lambda c: c.name.lower()):
        lines.append(f"  {c.name} {c.version}: {c.license}")
    lines += [
        "",
        "psycopg and psycopg-binary are used under LGPL-3.0 as well (LGPL-3.txt); psycopg-binary",
        "bundles libpq (PostgreSQL License) and OpenSSL (Apache-2.0), named in its folder.",
    ]
    notices = target / "THIRD-PARTY-NOTICES.txt"
    notices.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return notices
