"""Whether Qt can open its window here: its platform plugin and the system libraries it links.

PySide6's wheels carry Qt but not the desktop's libraries (libxcb-cursor0, libxcb-icccm4,
libEGL...). Without one, Qt aborts at start with a message that names the wrong thing ("could
not load the Qt platform plugin xcb... reinstalling may fix this"). The dynamic linker itself
is asked which libraries are missing (``ldd`` on the plugin: it follows every library the
plugin needs, as loading it would), not a fixed list that would drift with Qt. This module
imports nothing of Qt, so the app can ask it before Qt loads; the asking (``Ldd``) is a
parameter, so a test can play a machine that lacks a library.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from clerkdesk.self_check.findings import Problem
from clerkdesk.self_check.system_packages import install_fix, packages_for

Ldd = Callable[[Sequence[Path]], str]
"""Runs ``ldd`` on files and returns what it printed."""

# Platforms that draw on a real screen; offscreen, minimal, vnc... need no X or Wayland.
SCREEN_PLATFORMS = ("xcb", "wayland")
# Loaded by name when the window's xcb platform starts; without it Qt warns and draws
# without OpenGL, so it is checked by the self-check but never stops the window.
XCB_GL = "plugins/xcbglintegrations/libqxcb-glx-integration.so"
# The app's icons are SVG files, drawn through these plugins.
SVG_PLUGINS = ("plugins/imageformats/libqsvg.so", "plugins/iconengines/libqsvgicon.so")
_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found", re.MULTILINE)
_LDD_TIMEOUT_S = 20


class LddUnavailable(Exception):
    """``ldd`` is not on this machine, or did not answer."""


def run_ldd(files: Sequence[Path]) -> str:
    """What ``ldd`` (glibc's, from PATH) says of ``files``."""
    ldd = shutil.which("ldd")
    if ldd is None:
        raise LddUnavailable("ldd is not on this machine")
    return _ldd_answer(ldd, tuple(map(str, files)), os.environ.get("LD_LIBRARY_PATH", ""))


@functools.lru_cache(maxsize=32)
def _ldd_answer(ldd: str, files: tuple[str, ...], _library_path: str) -> str:
    # Kept for the process: the libraries do not change while it runs, and a script (or
    # the suite) that checks many databases in one process asks about the same files.
    try:
        done = subprocess.run(
            [ldd, *files],
            capture_output=True,
            text=True,
            errors="replace",
            timeout=_LDD_TIMEOUT_S,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise LddUnavailable(f"ldd did not answer ({exc})") from exc
    return done.stdout


def missing_by_file(files: Sequence[Path], ldd: Ldd = run_ldd) -> dict[Path, list[str]]:
    """Each file's libraries that the dynamic linker cannot find (every file gets a key)."""
    text = ldd(files)
    found: dict[Path, list[str]] = {path: [] for path in files}
    current = files[0] if len(files) == 1 else None
    headers = {f"{path}:": path for path in files}
    for line in text.splitlines():
        if line in headers:  # ldd heads each file's list with its name when given several
            current = headers[line]
            continue
        match = _NOT_FOUND.match(line)
        if match and current is not None and match[1] not in found[current]:
            found[current].append(match[1])
    return found


# -- where Qt is, and which platform it will start -------------------------------------
def pyside_dir() -> Path | None:
    """PySide6's folder, found without importing it (importing it costs the pre-check)."""
    try:
        spec = importlib.util.find_spec("PySide6")
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    for place in spec.submodule_search_locations or ():
        return Path(place)
    return Path(spec.origin).parent if spec.origin else None


def qt_dir(pyside: Path) -> Path:
    """Qt's own folder: ``PySide6/Qt`` in the Linux and macOS wheels, PySide6 itself on
    Windows (``PySide6/plugins``)."""
    inside = pyside / "Qt"
    return inside if inside.is_dir() else pyside


def platform_candidates(environ: Mapping[str, str]) -> list[str]:
    """The platforms Qt will try, in order: ``QT_QPA_PLATFORM`` (``wayland;xcb``,
    ``offscreen``, ``vnc:size=800x600``), else Wayland in a Wayland session with xcb after
    it, else xcb."""
    given = environ.get("QT_QPA_PLATFORM", "")
    names = [part.split(":", 1)[0].strip() for part in given.split(";")]
    names = [name for name in names if name]
    if names:
        return names
    if environ.get("XDG_SESSION_TYPE") == "wayland" and environ.get("WAYLAND_DISPLAY"):
        return ["wayland", "xcb"]
    return ["xcb"]


def plugin_files(qt: Path, platform: str) -> list[Path]:
    """The plugin files of ``platform`` (``libqxcb.so``; Wayland's may be several)."""
    folder = qt / "plugins" / "platforms"
    exact = folder / f"libq{platform}.so"
    if exact.is_file():
        return [exact]
    return sorted(folder.glob(f"libq{platform}-*.so"))


def platforms_here(qt: Path) -> list[str]:
    folder = qt / "plugins" / "platforms"
    return sorted(
        {
            p.name.removeprefix("libq").removesuffix(".so").split("-")[0]
            for p in folder.glob("libq*.so")
        }
    )


# -- what is missing ---------------------------------------------------------------------
@dataclass(frozen=True)
class Part:
    """Files of Qt that something the app does needs loaded, named for the clerk's reader."""

    label: str
    files: tuple[Path, ...]


def lacking_line(missing: Mapping[str, Sequence[str]]) -> Problem:
    """One line for every part that lacks libraries: which, and the command that installs
    them. ``missing`` maps a part's label to its missing sonames."""
    labels = [label for label, names in missing.items() if names]
    sonames = list(dict.fromkeys(name for names in missing.values() for name in names))
    if len(labels) > 3:
        who = f"{labels[0]}, {labels[1]} and {len(labels) - 2} more parts of Qt"
    else:
        who = labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]
    verb = "needs" if len(labels) == 1 else "need"
    return Problem(
        f"{who} {verb} system libraries this machine lacks ({', '.join(sonames)})",
        install_fix(packages_for(sonames)),
    )


def missing_in_parts(parts: Sequence[Part], ldd: Ldd = run_ldd) -> dict[str, list[str]]:
    """Each part's missing libraries, asking ``ldd`` once for every file."""
    files = [path for part in parts for path in part.files]
    if not files:
        return {}
    by_file = missing_by_file(files, ldd)
    missing: dict[str, list[str]] = {}
    for part in parts:
        names = [name for path in part.files for name in by_file.get(path, [])]
        missing[part.label] = list(dict.fromkeys(names))
    return missing


def window_problem(environ: Mapping[str, str] | None = None, ldd: Ldd = run_ldd) -> Problem | None:
    """Before the app makes its QApplication on Linux: the line that says which libraries
    the window's platform lacks, or None when it can start (or it cannot be told: then Qt
    says what it says). Quick: one ``ldd`` on the platform plugin, no Qt imported."""
    env = os.environ if environ is None else environ
    if not sys.platform.startswith("linux"):
        return None
    candidates = platform_candidates(env)
    if candidates[0] not in SCREEN_PLATFORMS:
        return None
    pyside = pyside_dir()
    if pyside is None:
        return None
    qt = qt_dir(pyside)
    parts = [platform_part(qt, name) for name in candidates if plugin_files(qt, name)]
    if not parts:
        return None
    try:
        missing = missing_in_parts(parts, ldd)
    except LddUnavailable:
        return None
    if any(not names for names in missing.values()):
        return None  # one platform Qt tries can start
    return lacking_line({parts[0].label: missing[parts[0].label]})


def platform_part(qt: Path, platform: str) -> Part:
    return Part(f"Qt's window (platform {platform})", tuple(plugin_files(qt, platform)))
