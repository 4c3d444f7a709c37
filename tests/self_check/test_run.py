"""Every check in turn; one that breaks is a problem of its own and the rest still run."""

from __future__ import annotations

from pathlib import Path

import pytest

from clerkdesk.self_check.findings import Finding
from clerkdesk.self_check.run import guarded, run_checks
from fake_ldd import ldd_lacking


def test_every_check_passes_on_this_machine(tmp_path: Path) -> None:
    findings = run_checks(
        f"sqlite:///{tmp_path / 'office.sqlite'}", {"QT_QPA_PLATFORM": "offscreen"}
    )
    assert [f.check for f in findings] == [
        "modules", "Qt", "fonts", "migrations", "database", "folders", "PDF",
    ]  # fmt: skip
    assert all(f.ok and f.passed for f in findings), [f for f in findings if not f.ok]
    assert list(tmp_path.iterdir()) == []


def test_only_the_lacking_part_is_a_problem(tmp_path: Path) -> None:
    findings = run_checks(
        f"sqlite:///{tmp_path / 'office.sqlite'}",
        {"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":0"},
        ldd_lacking("libxcb-icccm.so.4"),
    )
    lacking = [f.check for f in findings if not f.ok]
    assert lacking == ["Qt"]


@pytest.mark.allow_log_errors
def test_a_check_that_breaks_is_a_problem_naming_the_bug() -> None:
    def broken() -> Finding:
        raise KeyError("oops")

    finding = guarded("fonts", broken)
    assert [p.line() for p in finding.problems] == [
        "the fonts check itself failed (KeyError: 'oops'); this is a bug in ClerkDesk; the "
        "details are in its log file"
    ]


def test_a_check_that_cannot_import_a_module_names_it_as_the_modules_check_does() -> None:
    def needs_svg() -> Finding:
        raise ModuleNotFoundError("No module named 'PySide6.QtSvg'", name="PySide6.QtSvg")

    finding = guarded("PDF", needs_svg)
    assert [p.what for p in finding.problems] == [
        "the Python module PySide6.QtSvg is missing (ClerkDesk imports it)"
    ]
