"""State report… (Ctrl+Shift+S) and Inspection record… (Ctrl+Shift+I) in the Kennels area:
from the keyboard, the year chosen's kennel report (a PDF in the preview and a CSV of the
same columns beside it) and the chosen kennel's inspections, each naming the town."""

from __future__ import annotations

import csv
import io
import re

from counter_fixtures import active_dialog
from kennels_area_support import choose_kennel, keepers, license_kennel, open_kennels, seed_kennel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.reports.state_kennels_data import column_names
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.printing.jobs import DocumentKind
from clerkdesk.ui.printing.preview import PrintPreview
from pdf_support import page_texts

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_the_state_report_and_an_inspection_record_from_the_keyboard(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    # GIVEN a licensed kennel and an empty one, inspected and not licensed
    first, second = keepers(ui_context.database, 2)
    kennel = seed_kennel(ui_context.database, first, clock)
    license_kennel(ui_context.database, kennel, clock, 2026)
    seed_kennel(ui_context.database, second, clock, name="Quiet Acres")
    view = open_kennels(qtbot, window)
    assert view.buttons.state_report.offered
    # WHEN the clerk presses Ctrl+Shift+S
    qtbot.keyClick(view.table, Qt.Key.Key_S, CTRL_SHIFT)
    preview = active_dialog(qtbot, PrintPreview, timeout=15000)
    assert isinstance(preview, PrintPreview)
    # THEN the report is previewed: the town, the year, today, the license and its inspection
    [job] = preview.jobs
    assert job.kind is DocumentKind.REPORT
    text = _flat(" ".join(page_texts(job.path.read_bytes())))
    assert "Town of Westborough" in text and "License year 2026–27" in text
    assert f"as of {clock.today():%m/%d/%Y}" in text and "passed" in text
    assert "Quiet Acres" not in text  # not licensed: not on the state's report
    # AND the CSV beside it holds the same columns, and the message says where it is
    spreadsheet = job.path.with_suffix(".csv")
    assert str(spreadsheet) in preview.message.text()
    rows = list(csv.reader(io.StringIO(spreadsheet.read_text(encoding="utf-8-sig"))))
    assert tuple(rows[0][4:]) == column_names() and len(rows) == 2
    preview.accept()
    # THEN the keyboard is back in the area
    qtbot.waitUntil(lambda: not preview.isVisible() and QApplication.activeWindow() is window)

    # WHEN the clerk chooses the kennel and presses Ctrl+Shift+I
    choose_kennel(qtbot, view, kennel.name)
    qtbot.keyClick(view.table, Qt.Key.Key_I, CTRL_SHIFT)
    preview = active_dialog(qtbot, PrintPreview, timeout=15000)
    assert isinstance(preview, PrintPreview)
    [job] = preview.jobs
    text = _flat(page_texts(job.path.read_bytes())[0])
    # THEN the officer's record: the kennel, its inspection, when the next is due
    assert "Kennel Inspection Record" in text and kennel.name in text
    assert "passed" in text and "before the 2027–28 license" in text
    assert "1 inspection on file" in preview.message.text()
    preview.accept()
    qtbot.waitUntil(lambda: not preview.isVisible() and not view.busy())
