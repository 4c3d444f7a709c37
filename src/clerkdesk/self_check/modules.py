"""Whether the Python modules ClerkDesk needs import here.

Which modules those are is read from the app's own imports, not a list kept beside them: the
package's sources are scanned for ``import X`` and ``from X import`` (the Qt modules by name,
``PySide6.QtPrintSupport``), so the check follows the code when a module is added or dropped. A
frozen bundle carries no sources; there every module of the package is imported instead,
which pulls in all it imports. A few modules are loaded by name, never imported by the app.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from clerkdesk.self_check.findings import Finding, Problem
from clerkdesk.self_check.system_packages import debian_package, install_fix

PACKAGE_DIR = Path(__file__).resolve().parent.parent
# Imported by name by a library, so no ``import`` in the app names them.
LOADED_BY_NAME: dict[str, str] = {
    "psycopg": "the PostgreSQL driver SQLAlchemy loads for a shared server",
    "_rl_accel": "ReportLab's accelerator (without it every page is drawn five times slower)",
}
if sys.platform == "win32":
    LOADED_BY_NAME["tzdata"] = "the time zones Python reads on Windows"

# A whole statement to the end of its line (or a comment, ``;``, an open parenthesis or a
# backslash), so that a docstring's prose ("…what the import needs and…") is not one.
_AS = r"(?:[ \t]+as[ \t]+\w+)?"
_IMPORT = re.compile(
    rf"^[ \t]*(?:import[ \t]+(?P<modules>[\w.]+{_AS}(?:[ \t]*,[ \t]*[\w.]+{_AS})*)"
    r"|from[ \t]+(?P<module>[\w.]+)[ \t]+import[ \t]+\(?(?P<names>[\w \t,]*))"
    r"[ \t]*(?:[#;(\\]|$)",
    re.MULTILINE,
)
_SHARED_LIBRARY = re.compile(r"([\w.+-]+\.so(?:\.\d+)*): cannot open shared object file")
_NOT_THIRD_PARTY = {"clerkdesk", "__future__"}
WHY = "ClerkDesk imports it"


@dataclass(frozen=True)
class AppImports:
    """The top-level modules of other projects the app imports, and its Qt modules."""

    third_party: frozenset[str]
    qt_modules: frozenset[str]


def scan_imports(sources: Iterable[Path]) -> AppImports:
    """What ``sources`` import, read line by line (a tenth of the time ``ast`` takes)."""
    tops: set[str] = set()
    qt: set[str] = set()
    for path in sources:
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in _IMPORT.finditer(text):
            if match["modules"]:
                names = [name.split()[0] for name in match["modules"].split(",")]
            else:
                names = [match["module"]]
                if match["module"] == "PySide6":
                    words = match["names"].replace(",", " ").split()
                    names += [f"PySide6.{word}" for word in words if word.startswith("Qt")]
            for name in names:
                top, _, rest = name.partition(".")
                tops.add(top)
                if top == "PySide6" and rest.startswith("Qt"):
                    qt.add(rest.split(".")[0])
    third = {name for name in tops if name not in sys.stdlib_module_names | _NOT_THIRD_PARTY}
    return AppImports(frozenset(third), frozenset(qt))


@functools.cache
def app_imports() -> AppImports | None:
    """The app's imports from its sources; None in a bundle that carries none."""
    sources = list(PACKAGE_DIR.rglob("*.py"))
    if len(sources) < 10:
        return None
    return scan_imports(sources)


def app_qt_modules() -> list[str]:
    """The Qt modules the app uses: from its sources, else those the bundle carries."""
    found = app_imports()
    if found is not None:
        return sorted(found.qt_modules)
    from clerkdesk.self_check.qt_libraries import pyside_dir

    pyside = pyside_dir()
    if pyside is None:
        return []
    return sorted(
        {p.name.split(".")[0] for p in pyside.glob("Qt*.*") if p.suffix in (".so", ".pyd")}
    )


# -- importing them ----------------------------------------------------------------------
def check_modules() -> Finding:
    finding = Finding("modules")
    found = app_imports()
    if found is None:
        names = import_whole_package(finding)
    else:
        names = [*sorted(found.third_party), *(f"PySide6.{m}" for m in sorted(found.qt_modules))]
        for name in names:
            _try_import(name, finding, WHY)
    for name, why in LOADED_BY_NAME.items():
        _try_import(name, finding, why)
    count = len(names) + len(LOADED_BY_NAME)
    finding.passed = f"{count} Python modules import"
    return finding


def import_whole_package(finding: Finding, package: str = "clerkdesk") -> list[str]:
    """Import every module of ``package`` (its ``__main__`` aside, which would run it);
    what one of them cannot import is a problem of ``finding``."""
    root = importlib.import_module(package)
    names = [
        info.name
        # A package that fails to import is reported by the import below, not here.
        for info in pkgutil.walk_packages(root.__path__, f"{package}.", onerror=lambda _n: None)
        if not info.name.endswith("__main__")
    ]
    for name in names:
        _try_import(name, finding, WHY)
    return names


def _try_import(name: str, finding: Finding, why: str) -> None:
    try:
        importlib.import_module(name)
    except Exception as exc:  # any failure to import is this check's to report
        problem = import_problem(name, exc, why)
        if problem not in finding.problems:
            finding.problems.append(problem)


def import_problem(name: str, exc: BaseException, why: str) -> Problem:
    """The line for a module that would not import: a system library it lacks is named
    with its package; anything else is a broken installation."""
    said = " ".join(str(exc).split())
    library = _SHARED_LIBRARY.search(said)
    if library is not None:
        soname = library[1]
        return Problem(
            f"{name} cannot load: the system library {soname} is missing",
            install_fix([debian_package(soname)]),
        )
    if isinstance(exc, ModuleNotFoundError) and exc.name:
        return Problem(f"the Python module {exc.name} is missing ({why})", reinstall_fix())
    return Problem(
        f"the Python module {name} cannot be imported ({type(exc).__name__}: {said[:200]})",
        reinstall_fix(),
    )


def reinstall_fix() -> str:
    if getattr(sys, "frozen", False):
        return "reinstall ClerkDesk"
    checkout = PACKAGE_DIR.parent.parent
    if (checkout / "pyproject.toml").is_file():
        return f"reinstall its packages: {sys.executable} -m pip install -e {checkout}"
    return (
        f"reinstall ClerkDesk with its packages: {sys.executable} -m pip install "
        "--force-reinstall followed by the ClerkDesk wheel"
    )
