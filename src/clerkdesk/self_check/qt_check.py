"""The self-check's look at Qt: the platform plugin the window starts with and every system
library it, the app's Qt modules and the SVG icon plugins need.

``python -m clerkdesk.self_check.qt_check`` prints the Debian packages Qt's X11 window
lacks, one a line, for ``scripts/qt-system-libs.sh`` (which installs them before `make run`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from clerkdesk.self_check.findings import Finding, Problem
from clerkdesk.self_check.modules import app_qt_modules, reinstall_fix
from clerkdesk.self_check.qt_libraries import (
    SCREEN_PLATFORMS,
    SVG_PLUGINS,
    XCB_GL,
    Ldd,
    LddUnavailable,
    Part,
    lacking_line,
    missing_in_parts,
    platform_candidates,
    platform_part,
    platforms_here,
    plugin_files,
    pyside_dir,
    qt_dir,
    run_ldd,
)
from clerkdesk.self_check.system_packages import packages_for


def check_qt(
    environ: Mapping[str, str] | None = None,
    ldd: Ldd = run_ldd,
    qt_modules: Sequence[str] | None = None,
) -> Finding:
    env = os.environ if environ is None else environ
    finding = Finding("Qt")
    pyside = pyside_dir()
    if pyside is None:
        finding.problems.append(
            Problem("PySide6 (Qt for Python) is not installed", reinstall_fix())
        )
        return finding
    qt = qt_dir(pyside)
    if sys.platform == "win32":
        return _windows(qt, finding)
    if sys.platform == "darwin":
        finding.notes.append("macOS: Qt's platform plugin and libraries were not checked")
        return finding
    return _linux(qt, pyside, env, ldd, qt_modules, finding)


def _windows(qt: Path, finding: Finding) -> Finding:
    plugin = qt / "plugins" / "platforms" / "qwindows.dll"
    if plugin.is_file():
        finding.passed = "Qt's Windows platform plugin is there"
    else:
        finding.problems.append(
            Problem(
                f"Qt's platform plugin {plugin} is missing: no window can open", reinstall_fix()
            )
        )
    return finding


def linux_parts(
    qt: Path, pyside: Path, platforms: Sequence[str], qt_modules: Sequence[str]
) -> list[Part]:
    """What Qt loads on Linux: each platform's plugin, the window's OpenGL, the SVG icon
    plugins, and the library behind each of the app's Qt modules."""
    parts = [platform_part(qt, name) for name in platforms if plugin_files(qt, name)]
    if platforms[:1] == ["xcb"] and (qt / XCB_GL).is_file():
        parts.append(Part("OpenGL in the window (Qt's GLX plugin)", (qt / XCB_GL,)))
    svg = tuple(qt / name for name in SVG_PLUGINS if (qt / name).is_file())
    if svg:
        parts.append(Part("the icons (Qt's SVG plugins)", svg))
    for module in qt_modules:
        files = sorted(p for p in pyside.glob(f"{module}.*so") if p.name.split(".")[0] == module)
        if files:
            parts.append(Part(f"PySide6.{module}", tuple(files)))
    return parts


def _linux(
    qt: Path,
    pyside: Path,
    env: Mapping[str, str],
    ldd: Ldd,
    qt_modules: Sequence[str] | None,
    finding: Finding,
) -> Finding:
    candidates = platform_candidates(env)
    usable = [name for name in candidates if plugin_files(qt, name)]
    if not usable:
        finding.problems.append(
            Problem(
                f"QT_QPA_PLATFORM={env.get('QT_QPA_PLATFORM', '')} names no platform this Qt "
                f"has (it has {', '.join(platforms_here(qt))})",
                "unset QT_QPA_PLATFORM, or set it to one of those",
            )
        )
        return finding
    if candidates[0] not in SCREEN_PLATFORMS:
        finding.notes.append(
            f"QT_QPA_PLATFORM={env.get('QT_QPA_PLATFORM')}: no window on a screen, so the "
            "libraries of X11 (xcb) and Wayland were not needed and not checked"
        )
    modules = app_qt_modules() if qt_modules is None else list(qt_modules)
    parts = linux_parts(qt, pyside, usable, modules)
    try:
        missing = missing_in_parts(parts, ldd)
    except LddUnavailable as exc:
        finding.notes.append(f"{exc}: the system libraries Qt needs were not checked")
        return finding
    platform_labels = [platform_part(qt, name).label for name in usable]
    working = [label for label in platform_labels if not missing[label]]
    if working:
        # Qt starts the first platform that loads; the others' libraries do not matter.
        for label in platform_labels[: platform_labels.index(working[0])]:
            finding.notes.append(
                f"{label} lacks {', '.join(missing[label])}, so Qt starts {working[0]} instead"
            )
        for label in platform_labels:
            if label != working[0]:
                missing.pop(label)
    else:
        for label in platform_labels[1:]:
            missing.pop(label)  # installing the first one's libraries is the fix
    if any(missing.values()):
        finding.problems.append(lacking_line(missing))
    else:
        finding.passed = (
            f"{working[0]} loads; the libraries of {len(parts)} parts of Qt are all found"
        )
    return finding


def missing_packages(ldd: Ldd = run_ldd) -> list[str]:
    """The Debian packages Qt's X11 window and the app's Qt modules lack here."""
    pyside = pyside_dir()
    if pyside is None or not sys.platform.startswith("linux"):
        return []
    qt = qt_dir(pyside)
    parts = linux_parts(qt, pyside, ["xcb"], app_qt_modules())
    missing = missing_in_parts(parts, ldd)
    return packages_for(name for names in missing.values() for name in names)


def main() -> int:
    try:
        packages = missing_packages()
    except LddUnavailable:
        return 0
    sys.stdout.write("".join(f"{package}\n" for package in packages))
    return 0


if __name__ == "__main__":
    sys.exit(main())
