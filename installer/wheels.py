"""Installing a wheel is unpacking it: what pip does, minus the parts a frozen tree needs not.

The Windows tree is assembled on Linux, where pip would write Linux launchers for the wheels'
console scripts; unpacking ourselves keeps only the importable files. A wheel's ``.data``
folder contributes its ``purelib`` and ``platlib`` parts; its scripts, headers and data are
for a development install and are left out.
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path, PurePosixPath


def target_of(member: str) -> PurePosixPath | None:
    """Where a member of a wheel goes under site-packages, or None to leave it out."""
    path = PurePosixPath(member)
    if member.endswith("/") or "__pycache__" in path.parts:
        return None
    if ".." in path.parts or path.is_absolute():
        raise ValueError(f"unsafe path in wheel: {member}")
    top = path.parts[0]
    if top.endswith(".data"):
        if len(path.parts) > 2 and path.parts[1] in ("purelib", "platlib"):
            return PurePosixPath(*path.parts[2:])
        return None
    return path


def unpack(wheel: Path, site_packages: Path) -> int:
    """Unpack ``wheel`` into ``site_packages``; the number of files written."""
    written = 0
    with zipfile.ZipFile(wheel) as archive:
        for info in archive.infolist():
            target = target_of(info.filename)
            if target is None:
                continue
            dest = site_packages.joinpath(*target.parts)
            dest.parent.mkdir(parents=True, exist_ok=True)
            with archive.open(info) as source, dest.open("wb") as out:
                shutil.copyfileobj(source, out)
            written += 1
    return written
