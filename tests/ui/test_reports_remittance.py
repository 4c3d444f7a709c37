"""The Reports area's remittance, keyboard only: F7, Ctrl+Enter previews last month off the
UI thread, the totals on screen are the ledger's, Alt+V shows the PDF, Alt+C/Alt+X/Alt+P
save the same figures, Esc cancels a preview; the lock button waits for the period lock."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from counter_fixtures import active_dialog, focused
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.rules.periods import month_bounds
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.question import QuestionDialog
from clerkdesk.ui.views.reports import ReportsView
from clerkdesk.ui.views.reports.lock_dialog import LockDialog
from clerkdesk.ui.views.reports.remittance_panel import RemittancePanel
from ledger_rows import raw_sums
from prepared_databases import demo_copy
from qt_support import RecordedDialogs
from remittance_files import csv_figures, pdf_figures, xlsx_figures

ALT = Qt.KeyboardModifier.AltModifier
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def demo_url(sqlite_database: Database, sqlite_url: str, clock: FixedClock) -> str:
    """The demo town with a year of sales written through the checkout, up to yesterday."""
    demo_copy(sqlite_database, dogs=80, seed=7, town_id="westborough", clock=clock, history_years=1)
    return sqlite_url


@pytest.fixture
def panel(qtbot: QtBot, window: MainWindow) -> RemittancePanel:
    window.activateWindow()
    qtbot.keyClick(focused(), Qt.Key.Key_F7)
    view = window.views["reports"]
    assert isinstance(view, ReportsView) and window.current_area == "reports"
    # The season's home comes first in Reports; Ctrl+2 brings the remittance forward.
    qtbot.waitUntil(lambda: focused() is view.season.first_field())
    qtbot.keyClick(focused(), Qt.Key.Key_2, CTRL)
    qtbot.waitUntil(lambda: focused() is view.remittance.month)
    return view.remittance


def _preview(qtbot: QtBot, panel: RemittancePanel) -> None:
    with qtbot.waitSignal(panel.made, timeout=20000):
        qtbot.keyClick(focused(), Qt.Key.Key_Return, CTRL)


def test_last_month_previews_with_the_ledgers_totals(
    qtbot: QtBot, panel: RemittancePanel, sqlite_database: Database
) -> None:
    assert panel.month.currentText() == "May 2026"
    _preview(qtbot, panel)
    assert panel.result is not None
    raw = raw_sums(sqlite_database, *month_bounds("2026-05"))
    assert raw.receipts > 0
    shown = {
        panel.totals.item(i, 0).text(): panel.totals.item(i, 1).text()
        for i in range(panel.totals.rowCount())
    }
    assert shown["Net due to the treasurer"] == f"{raw.net:,.2f}"
    assert shown[f"Gross receipts ({raw.receipts:,})"] == f"{raw.gross:,.2f}"
    assert "net due to the treasurer" in panel.message.text()
    assert not panel.cancel_button.isEnabled() and panel.preview_button.isEnabled()


def test_pdf_shown_and_every_file_saved_from_the_keyboard(
    qtbot: QtBot,
    panel: RemittancePanel,
    window: MainWindow,
    sqlite_database: Database,
    tmp_path: Path,
) -> None:
    _preview(qtbot, panel)
    qtbot.keyClick(focused(), Qt.Key.Key_V, ALT)
    dialog = active_dialog(qtbot, PrintPreview)
    assert isinstance(dialog, PrintPreview) and dialog.jobs[0].path.suffix == ".pdf"
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window and focused() is panel.month)
    dialogs = window.shell.dialogs
    assert isinstance(dialogs, RecordedDialogs)
    raw = raw_sums(sqlite_database, *month_bounds("2026-05"))
    for key, kind, read in (
        (Qt.Key.Key_P, "pdf", pdf_figures),
        (Qt.Key.Key_C, "csv", csv_figures),
        (Qt.Key.Key_X, "xlsx", xlsx_figures),
    ):
        target = tmp_path / f"may.{kind}"
        dialogs.save_paths.append(target)
        qtbot.keyClick(focused(), key, ALT)
        qtbot.waitUntil(lambda t=target: t.exists(), timeout=10000)
        figures = read(target.read_bytes())
        assert (figures.gross, figures.net) == (raw.gross, raw.net), kind
        assert dialogs.asked[-1][1].name == f"remittance-2026-05.{kind}"
    qtbot.waitUntil(lambda: "Saved the remittance" in panel.message.text())


def test_esc_cancels_a_preview(qtbot: QtBot, panel: RemittancePanel) -> None:
    # GIVEN both worker threads busy, so the preview waits its turn
    gate = threading.Event()
    for _ in range(2):
        panel.ctx.tasks.run(lambda: gate.wait(10), lambda _r: None)
    qtbot.keyClick(focused(), Qt.Key.Key_Return, CTRL)
    assert panel.running and panel.cancel_button.isEnabled()
    # WHEN the clerk presses Esc before it starts
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    gate.set()
    # THEN it stops at its first step and says nothing was made
    qtbot.waitUntil(lambda: not panel.running, timeout=10000)
    assert panel.result is None
    assert panel.message.text() == "Cancelled: no remittance was made."
    assert not panel.save_buttons["pdf"].isEnabled()


def test_a_period_that_runs_backwards_is_refused_beside_the_button(
    qtbot: QtBot, panel: RemittancePanel
) -> None:
    qtbot.keyClick(focused(), Qt.Key.Key_D, ALT)
    qtbot.waitUntil(lambda: panel.by_days.isChecked() and panel.first.isEnabled())
    panel.first.setDate(panel.last.date().addDays(3))
    qtbot.keyClick(focused(), Qt.Key.Key_Return, CTRL)
    assert "ends" in panel.message.text() and not panel.running


def test_a_previewed_month_is_marked_remitted_and_locked_from_the_keyboard(
    qtbot: QtBot, panel: RemittancePanel, sqlite_database: Database
) -> None:
    from clerkdesk.services.periods import locked_periods

    # GIVEN May 2026 previewed (a month that is over)
    assert not panel.lock_button.isEnabled()
    _preview(qtbot, panel)
    assert panel.lock_button.isEnabled()
    # WHEN the clerk presses Ctrl+L, types the treasurer's reference and confirms with L
    qtbot.keyClick(focused(), Qt.Key.Key_L, CTRL)
    dialog = active_dialog(qtbot, LockDialog)
    assert isinstance(dialog, LockDialog)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.reference)
    qtbot.keyClicks(focused(), "TR-2026-05")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    question = active_dialog(qtbot, QuestionDialog)
    with qtbot.waitSignal(panel.made, timeout=20000):
        qtbot.keyClick(question, Qt.Key.Key_L)
    # THEN May is locked with the reference, and cannot be locked again
    assert [(p.month, p.reference) for p in locked_periods(sqlite_database)] == [
        ("2026-05", "TR-2026-05")
    ]
    assert "Remitted: 2026-05 reference TR-2026-05" in panel.message.text()
    assert not panel.lock_button.isEnabled()
