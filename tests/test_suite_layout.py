"""The suite's own shape: any file or folder of it can be run alone, in any order.

pytest loads each folder's ``conftest.py`` under the one module name ``conftest``, so a test
that imported a helper from a conftest got whichever was loaded last, and collecting a few
chosen files failed or not by their order. Helpers live in importable modules instead
(``small_town``, ``cli/command_user``, ``prepared_databases``…); a conftest only declares fixtures.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
PYTHON_FILES = sorted(TESTS.rglob("*.py"))


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_no_file_imports_a_conftest() -> None:
    offenders = {
        str(path.relative_to(TESTS)): sorted(conftests)
        for path in PYTHON_FILES
        if (conftests := {m for m in _imported_modules(path) if m.split(".")[-1] == "conftest"})
    }
    assert not offenders, f"import helpers from modules of their own, not conftest: {offenders}"


def test_helper_modules_have_names_of_their_own() -> None:
    # pytest puts each test folder on sys.path, so two helpers of one name would shadow
    # each other depending on which folder's tests ran first.
    helpers = [p for p in PYTHON_FILES if not p.name.startswith("test_") and p.stem != "conftest"]
    helpers = [p for p in helpers if p.parent.name != "data"]
    names = [p.stem for p in helpers] + [p.stem for p in PYTHON_FILES if p.name.startswith("test_")]
    repeated = sorted({n for n in names if names.count(n) > 1})
    assert not repeated, f"modules of one name in two folders: {repeated}"
