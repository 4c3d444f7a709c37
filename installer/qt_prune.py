"""Which parts of PySide6 the Windows tree keeps: the Qt modules the app imports and every DLL
and plugin they need, found by following import tables; the rest goes.

The tree is built from PySide6-Essentials alone (the app draws its preview with pdfium and its
charts with QPainter, so none of the Addons is needed), which still carries QtQuick, QML,
QtNetwork, the OpenGL modules, Designer and the other tools, translations and headers that a
widgets app never loads: pruning them takes PySide6 and shiboken6 from 205 MiB to 47 MiB.

The Linux bundle needs none of this: PyInstaller's PySide6 hooks collect only what the app
imports.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

# Plugin folders a widgets app on Windows loads from: the window system, its style, pictures
# and SVG icons. Plugins elsewhere (TLS for QtNetwork, which nothing the app imports links
# since the preview draws with pdfium instead of QtPdf; QML tooling, SQL drivers...) serve
# modules we drop.
PLUGIN_FOLDERS = frozenset({"platforms", "styles", "imageformats", "iconengines"})
# Loaded by name at run time, not through an import table; kept when present.
LOADED_AT_RUN_TIME = frozenset({"msvcp140_1.dll", "msvcp140_2.dll", "concrt140.dll"})
# Folders of the wheel that only building with PySide6 or QML needs.
DROPPED_FOLDERS = frozenset(
    {"qml", "resources", "translations", "metatypes", "include", "typesystems", "glue",
     "scripts", "doc", "lib", "QtAsyncio"}
)  # fmt: skip
_QT_DLL = re.compile(r"^qt6(\w+)\.dll$", re.IGNORECASE)


def qt_modules_imported(sources: Iterable[Path]) -> set[str]:
    """``QtCore``, ``QtWidgets``… named in ``import PySide6.X`` or ``from PySide6.X import``."""
    found: set[str] = set()
    for path in sources:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == "PySide6":
                    names = [alias.name for alias in node.names]
                else:
                    names = (
                        [node.module.removeprefix("PySide6.")]
                        if node.module.startswith("PySide6.")
                        else []
                    )
            elif isinstance(node, ast.Import):
                names = [
                    a.name.removeprefix("PySide6.")
                    for a in node.names
                    if a.name.startswith("PySide6.")
                ]
            found.update(name.split(".")[0] for name in names if name.startswith("Qt"))
    return found


def closure(
    roots: Iterable[str], imports: Callable[[str], Iterable[str]], present: set[str]
) -> set[str]:
    """Every file (lower-case name) among ``present`` that ``roots`` need, roots included."""
    seen: set[str] = set()
    todo = [r.lower() for r in roots]
    while todo:
        name = todo.pop()
        if name in seen or name not in present:
            continue
        seen.add(name)
        todo.extend(dep.lower() for dep in imports(name))
    return seen


def module_of_dll(dll: str) -> str | None:
    """``Qt6Network.dll`` → ``QtNetwork``: a needed Qt library keeps its Python module too,
    because a module's .pyd imports the modules of the libraries it links."""
    match = _QT_DLL.match(dll)
    return f"Qt{match.group(1)}" if match else None


def missing_qt_libraries(dlls: Iterable[str], present: Mapping[str, object]) -> list[str]:
    """The Qt libraries among ``dlls`` that are not among ``present`` (lower-case names)."""
    return [d for d in dlls if module_of_dll(d) and d.lower() not in present]


def plan(
    package_dir: Path,
    app_modules: set[str],
    imports_of: Callable[[Path], list[str]],
) -> tuple[list[Path], Mapping[str, int]]:
    """The paths under ``PySide6/`` to delete, and counts of what is kept (for the log)."""
    top_files = {p.name.lower(): p for p in package_dir.iterdir() if p.is_file()}
    in_kept_folders = [
        p
        for folder in (package_dir / "plugins").iterdir()
        if folder.name in PLUGIN_FOLDERS
        for p in folder.glob("*.dll")
    ]
    # A plugin for a Qt library the wheel does not carry could never load (PySide6-Essentials
    # ships imageformats/qpdf.dll, whose Qt6Pdf.dll is in the Addons): it goes too.
    orphaned = [p for p in in_kept_folders if missing_qt_libraries(imports_of(p), top_files)]
    plugins = [p for p in in_kept_folders if p not in orphaned]
    cache: dict[str, list[str]] = {}

    def deps(name: str) -> list[str]:
        if name not in cache:
            path = top_files.get(name)
            cache[name] = imports_of(path) if path else []
        return cache[name]

    wanted = set(app_modules) | {"QtCore"}
    while True:
        pyds = [f"{m}.pyd".lower() for m in wanted]
        roots = [*pyds, "pyside6.abi3.dll", *LOADED_AT_RUN_TIME]
        plugin_deps = [d for p in plugins for d in imports_of(p)]
        kept = closure([*roots, *plugin_deps], deps, set(top_files))
        more = {m for name in kept if (m := module_of_dll(name))} - wanted
        more = {m for m in more if f"{m}.pyd".lower() in top_files}
        if not more:
            break
        wanted |= more
    doomed: list[Path] = []
    for name, path in top_files.items():
        if name.endswith((".dll", ".pyd", ".exe", ".lib", ".pyi")) and name not in kept:
            doomed.append(path)
    for folder in (package_dir / "plugins").iterdir():
        if folder.name not in PLUGIN_FOLDERS:
            doomed.append(folder)
    doomed.extend(orphaned)
    doomed.extend(package_dir / f for f in sorted(DROPPED_FOLDERS) if (package_dir / f).exists())
    modules = [n for n in kept if n.endswith(".pyd")]
    counts = {
        "modules": len(modules),
        "libraries": len(kept) - len(modules),
        "plugins": len(plugins),
    }
    return sorted(doomed), counts
