"""A machine that lacks system libraries, played without uninstalling anything: the real
``ldd``'s answer with "not found" for the libraries named, as the dynamic linker says of a
library that is not installed. In-process (``ldd_lacking``, for the checks' ``ldd``
parameter) or as an ``ldd`` first on PATH (``folder_lacking``) for a real process."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Sequence
from pathlib import Path

from clerkdesk.self_check.qt_libraries import Ldd, run_ldd


def _lacking(text: str, sonames: Sequence[str]) -> str:
    for name in sonames:
        text = re.sub(rf"(?m)^(\s*{re.escape(name)}) => .*$", r"\1 => not found", text)
    return text


def ldd_lacking(*sonames: str) -> Ldd:
    """An ``ldd`` for the checks that reports ``sonames`` as not found."""

    def ldd(files: Sequence[Path]) -> str:
        return _lacking(run_ldd(files), sonames)

    return ldd


def folder_lacking(folder: Path, *sonames: str) -> Path:
    """A folder with an ``ldd`` script that reports ``sonames`` as not found; put it first
    on PATH (``path_with``)."""
    real, sed = shutil.which("ldd"), shutil.which("sed")
    assert real and sed, "this machine has no ldd or sed"
    folder.mkdir(parents=True, exist_ok=True)
    edits = " ".join(
        f"-e 's#^\\([[:space:]]*{name.replace('.', chr(92) + '.')}\\) => .*#\\1 => not found#'"
        for name in sonames
    )
    script = folder / "ldd"
    script.write_text(f'#!/bin/sh\n"{real}" "$@" | "{sed}" {edits}\n', encoding="utf-8")
    script.chmod(0o755)
    return folder


def path_with(folder: Path) -> str:
    return f"{folder}{os.pathsep}{os.environ.get('PATH', '')}"
