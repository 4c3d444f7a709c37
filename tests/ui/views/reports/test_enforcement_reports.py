"""The two enforcement reports from the Reports area (F7, Ctrl+3), by keys, as the animal
control officer (who reads reports and enforces): Alt+U previews the fines unpaid past their
day as of the day chosen, Alt+S the month's summary for the selectmen (last month first, as
the remittance chooses it); each read back from the PDF the preview holds."""

from __future__ import annotations

import datetime as dt

import pytest
from counter_fixtures import focused
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.demo.fill import add_demo_users
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.views.reports import ReportsView
from clerkdesk.ui.views.reports.enforcement_panel import EnforcementReportsPanel, ReportMade
from enforcement_towns import EnforcementTown, counter_town, town_time, violation
from pdf_support import page_texts
from qt_support import sign_in_window

ALT = Qt.KeyboardModifier.AltModifier
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(town_time(dt.date(2026, 6, 1), 9, 5))


@pytest.fixture
def town(sqlite_database: Database, clock: FixedClock) -> EnforcementTown:
    built = counter_town(sqlite_database, clock, "sample-city")
    add_demo_users(sqlite_database, clock)
    # Jane's second offense of May 5, due by May 26 and not paid
    violation(built, built.jane, (built.rex,), "violation", dt.date(2026, 5, 5),
              earlier=(dt.date(2026, 3, 1),), pay_by=dt.date(2026, 5, 26))  # fmt: skip
    return built


@pytest.fixture
def demo_url(town: EnforcementTown, sqlite_url: str) -> str:
    return sqlite_url


@pytest.fixture
def panel(qtbot: QtBot, window: MainWindow) -> EnforcementReportsPanel:
    window.sign_out()
    sign_in_window(qtbot, window, "aco", "demo-aco")
    qtbot.waitUntil(lambda: window.is_open and not window.busy(), timeout=10000)
    qtbot.keyClick(focused(), Qt.Key.Key_F7)
    view = window.views["reports"]
    assert isinstance(view, ReportsView) and window.current_area == "reports"
    qtbot.waitUntil(lambda: focused() is view.season.first_field())
    qtbot.keyClick(focused(), Qt.Key.Key_3, CTRL)
    assert view.enforcement is not None
    qtbot.waitUntil(lambda: focused() is view.enforcement.on)
    return view.enforcement


def _made(qtbot: QtBot, panel: EnforcementReportsPanel, letter: Qt.Key) -> str:
    with qtbot.waitSignal(panel.made, timeout=20000) as made:
        qtbot.keyClick(focused(), letter, ALT)
    result = made.args[0] if made.args else None
    assert isinstance(result, ReportMade)
    preview = panel.preview_dialog
    assert preview is not None and preview.isVisible()
    text = "\n".join(page_texts(preview.jobs[0].path.read_bytes()))
    qtbot.keyClick(preview, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not preview.isVisible() and QApplication.focusWidget() is not None)
    return text


def test_the_unpaid_fines_for_court_and_the_months_summary(
    qtbot: QtBot, panel: EnforcementReportsPanel
) -> None:
    # WHEN Alt+U, as of today (June 1)
    text = _made(qtbot, panel, Qt.Key.Key_U)
    # THEN the list holds Jane's fine, past its day
    assert "V2026-0001" in text and "Jane Doe" in text
    assert "Unpaid fines for court, 06/01/2026: 1 fine" in panel.message.text()
    # WHEN Alt+S, for the month proposed: May 2026
    assert panel.month.currentText() == "May 2026"
    text = _made(qtbot, panel, Qt.Key.Key_S)
    # THEN the summary of May, its violation counted by code
    assert "May 2026" in text and "Violation of chapter 6" in text
    assert panel.message.text().startswith("Enforcement summary, May 2026: 1 violation(s)")
