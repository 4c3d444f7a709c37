"""The Python modules ClerkDesk needs, read from its own imports, and each one imported."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from clerkdesk.self_check.findings import Finding
from clerkdesk.self_check.modules import (
    app_imports,
    check_modules,
    import_problem,
    import_whole_package,
    scan_imports,
)


def test_the_imports_are_read_from_the_sources(tmp_path: Path) -> None:
    source = tmp_path / "screen.py"
    source.write_text(
        '"""A screen."""\n'
        "from __future__ import annotations\n"
        "import json, os.path\n"
        "import sqlalchemy as sa\n"
        "from PySide6 import QtCore, QtGui\n"
        "from PySide6.QtPrintSupport import QPrinter\n"
        "from PySide6.QtWidgets import (\n    QWidget,\n)\n"
        "from clerkdesk.rules import fees\n"
        "    from reportlab.lib import colors  # inside a function\n"
        "import openpyxl as xl, pypdf as reader\n"
        '"""Prose in a docstring is no import: what the\n'
        "import needs and no column holds, or a word\n"
        'from the shelter import records; none is a module."""\n',
        encoding="utf-8",
    )
    found = scan_imports([source])
    assert found.third_party == {"sqlalchemy", "PySide6", "reportlab", "openpyxl", "pypdf"}
    assert found.qt_modules == {"QtCore", "QtGui", "QtPrintSupport", "QtWidgets"}


def test_the_apps_own_imports_name_the_modules_it_needs() -> None:
    found = app_imports()
    assert found is not None
    assert {"sqlalchemy", "alembic", "reportlab", "pypdfium2", "argon2"} <= found.third_party
    assert {"QtCore", "QtGui", "QtWidgets", "QtPrintSupport"} <= found.qt_modules


def test_every_module_imports_here() -> None:
    finding = check_modules()
    assert finding.ok, [p.line() for p in finding.problems]
    assert "Python modules import" in finding.passed


def test_a_missing_system_library_is_named_with_its_package() -> None:
    exc = ImportError("libEGL.so.1: cannot open shared object file: No such file or directory")
    line = import_problem("PySide6.QtGui", exc, "ClerkDesk imports it").line()
    assert line.startswith("PySide6.QtGui cannot load: the system library libEGL.so.1 is missing")
    assert line.endswith("libegl1")


def test_a_missing_module_says_to_reinstall() -> None:
    exc = ModuleNotFoundError("No module named 'PySide6.QtSvg'", name="PySide6.QtSvg")
    line = import_problem("PySide6.QtSvg", exc, "ClerkDesk imports it").line()
    assert "the Python module PySide6.QtSvg is missing (ClerkDesk imports it)" in line
    assert "reinstall" in line


@pytest.fixture
def broken_package(tmp_path: Path) -> Iterator[str]:
    """A package of three modules, two of which import a module that is not installed."""
    package = tmp_path / "selfcheck_sample"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "good.py").write_text("import json\n")
    (package / "charts.py").write_text("import no_such_module_for_clerkdesk\n")
    (package / "more_charts.py").write_text("import no_such_module_for_clerkdesk\n")
    (package / "__main__.py").write_text("raise SystemExit('must not run')\n")
    sys.path.insert(0, str(tmp_path))
    try:
        yield package.name
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m.startswith(package.name)]:
            del sys.modules[name]


def test_a_bundle_without_sources_imports_every_module_and_names_what_is_missing(
    broken_package: str,
) -> None:
    finding = Finding("modules")
    names = import_whole_package(finding, broken_package)
    assert sorted(names) == [f"{broken_package}.{m}" for m in ("charts", "good", "more_charts")]
    # THEN the missing module is one line, however many modules import it
    assert [p.what for p in finding.problems] == [
        "the Python module no_such_module_for_clerkdesk is missing (ClerkDesk imports it)"
    ]
