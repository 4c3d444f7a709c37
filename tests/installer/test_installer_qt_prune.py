"""Which parts of Qt the Windows tree keeps, and what its structural check accepts."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

from installer_code import REPO, authenticode, qt_prune, windows_check


def test_the_qt_modules_are_read_from_every_form_of_import(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text(
        "from PySide6.QtCore import Qt\nimport PySide6.QtCharts\nfrom PySide6 import QtPdf, QtGui\n"
        "from PySide6.QtWidgets.x import y\nimport shiboken6\n"
    )

    assert qt_prune.qt_modules_imported([tmp_path / "a.py"]) == {
        "QtCore",
        "QtCharts",
        "QtPdf",
        "QtGui",
        "QtWidgets",
    }


def essentials_modules() -> set[str]:
    """The Qt modules PySide6-Essentials' own wheel carries, read from its installed RECORD."""
    files = importlib.metadata.files("PySide6_Essentials") or []
    return {
        path.name.split(".")[0]
        for path in (Path(str(f)) for f in files)
        if path.parent.name == "PySide6" and path.name.startswith("Qt")
        and path.suffix in (".so", ".pyd")
    }  # fmt: skip


def test_the_app_needs_only_the_qt_modules_of_pyside6_essentials() -> None:
    # GIVEN the app's sources, THEN every Qt module they import is in PySide6-Essentials
    # (issue 24: the preview draws with pdfium and the charts with QPainter, not the Addons'
    # QtPdf and QtCharts), which is all pyproject.toml and the installers depend on
    modules = qt_prune.qt_modules_imported((REPO / "src" / "clerkdesk").rglob("*.py"))
    assert {"QtCore", "QtGui", "QtWidgets", "QtPrintSupport"} <= modules
    essentials = essentials_modules()
    assert {"QtCore", "QtWidgets"} <= essentials and "QtCharts" not in essentials
    assert modules <= essentials, sorted(modules - essentials)
    dependencies = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"]
    qt = [d for d in dependencies if d.lower().startswith("pyside6")]
    assert qt == ["PySide6-Essentials>=6.6,<6.12"]


def test_the_closure_follows_imports_among_the_files_present_only() -> None:
    imports = {
        "qtcharts.pyd": ["Qt6Charts.dll", "KERNEL32.dll"],
        "qt6charts.dll": ["Qt6OpenGL.dll", "Qt6Core.dll"],
        "qt6opengl.dll": ["Qt6Core.dll"],
        "qt6core.dll": [],
    }
    present = set(imports) | {"qt6quick.dll"}

    kept = qt_prune.closure(["QtCharts.pyd"], lambda name: imports.get(name, []), present)

    assert kept == {"qtcharts.pyd", "qt6charts.dll", "qt6opengl.dll", "qt6core.dll"}


def test_a_plugin_whose_qt_library_the_wheel_lacks_goes_with_the_unused_modules(
    tmp_path: Path,
) -> None:
    # GIVEN a PySide6-Essentials-like package: its imageformats hold qpdf.dll, which needs the
    # Addons' Qt6Pdf.dll, beside qjpeg.dll; QtQuick is there but the app does not import it
    imports = {
        "qtcore.pyd": ["Qt6Core.dll"],
        "qtgui.pyd": ["Qt6Gui.dll", "Qt6Core.dll"],
        "qtquick.pyd": ["Qt6Quick.dll"],
        "pyside6.abi3.dll": ["Qt6Core.dll"],
        "qt6core.dll": [],
        "qt6gui.dll": ["Qt6Core.dll"],
        "qt6quick.dll": ["Qt6Gui.dll"],
        "qjpeg.dll": ["Qt6Gui.dll", "KERNEL32.dll"],
        "qpdf.dll": ["Qt6Pdf.dll", "Qt6Gui.dll"],
        "qwindows.dll": ["Qt6Gui.dll"],
    }
    package = tmp_path / "PySide6"
    for folder, names in {
        "": ["QtCore.pyd", "QtGui.pyd", "QtQuick.pyd", "pyside6.abi3.dll", "Qt6Core.dll",
             "Qt6Gui.dll", "Qt6Quick.dll"],
        "plugins/imageformats": ["qjpeg.dll", "qpdf.dll"],
        "plugins/platforms": ["qwindows.dll"],
        "plugins/qmltooling": [],
    }.items():  # fmt: skip
        (package / folder).mkdir(parents=True, exist_ok=True)
        for name in names:
            (package / folder / name).write_bytes(b"")

    doomed, counts = qt_prune.plan(package, {"QtGui"}, lambda p: imports[p.name.lower()])

    names = {p.relative_to(package).as_posix() for p in doomed}
    # THEN qpdf.dll goes (it could never load), as do QtQuick and the QML tooling folder
    assert names == {
        "plugins/imageformats/qpdf.dll",
        "QtQuick.pyd",
        "Qt6Quick.dll",
        "plugins/qmltooling",
    }
    assert counts["plugins"] == 2 and counts["modules"] == 2


def test_a_qt_library_names_its_python_module() -> None:
    assert qt_prune.module_of_dll("Qt6Network.dll") == "QtNetwork"
    assert qt_prune.module_of_dll("msvcp140.dll") is None


def test_windows_own_dlls_are_known_and_others_are_not() -> None:
    assert windows_check.is_windows_dll("KERNEL32.dll") and windows_check.is_windows_dll(
        "api-ms-win-crt-heap-l1-1-0.dll"
    )
    assert windows_check.is_windows_dll("WINSPOOL.DRV")
    assert not windows_check.is_windows_dll("Qt6Core.dll") and not windows_check.is_windows_dll(
        "libpq.dll"
    )


def test_the_app_imports_are_read_without_its_own_package(tmp_path: Path) -> None:
    package = tmp_path / "clerkdesk"
    package.mkdir()
    (package / "m.py").write_text(
        "from __future__ import annotations\nimport os.path, sqlalchemy\n"
        "from clerkdesk.x import y\nfrom . import z\nfrom reportlab.lib import colors\n"
    )

    assert windows_check.imported_top_modules(package) == {"os", "sqlalchemy", "reportlab"}


PSF_REPORT = """
Current message digest    : 03A6
Calculated message digest : 03A6
Signer's certificate:
	Signer #0:
		Subject: /C=US/ST=Oregon/O=Python Software Foundation/CN=Python Software Foundation
Signature verification: ok
Succeeded
"""


def test_a_psf_signature_passes_only_when_osslsigncode_verified_it() -> None:
    assert authenticode.judge(Path("python.exe"), PSF_REPORT, succeeded=True).ok
    assert not authenticode.judge(Path("python.exe"), PSF_REPORT, succeeded=False).ok
    tampered = PSF_REPORT.replace(
        "Calculated message digest : 03A6", "Calculated message digest : FFFF"
    )
    assert not authenticode.judge(Path("python.exe"), tampered, succeeded=True).ok
    other = PSF_REPORT.replace("Python Software Foundation", "Someone Else")
    assert not authenticode.judge(Path("python.exe"), other, succeeded=True).ok


def test_the_microsoft_runtime_needs_its_digest_and_signer() -> None:
    report = PSF_REPORT.replace(
        "/C=US/ST=Oregon/O=Python Software Foundation", "/O=Microsoft Corporation"
    )
    assert authenticode.judge(Path("vcruntime140.dll"), report, succeeded=False).ok
    assert not authenticode.judge(Path("vcruntime140.dll"), PSF_REPORT, succeeded=False).ok
