"""A receipt or a certificate leaves a preview for the printer once: another copy is a
reprint, marked and recorded through the counter's Documents… or Find, never a second
unmarked original."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from clerkdesk.ui.printing.jobs import DocumentKind, PrintJob
from clerkdesk.ui.printing.preview import PrintPreview
from printing_support import label_sheet
from qt_support import RecordedDialogs


def test_a_receipt_prints_once_and_a_label_sheet_as_often_as_asked(
    qtbot: QtBot, tmp_path: Path
) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    receipt = PrintJob("Receipt 2026-000012", DocumentKind.RECEIPT, label_sheet(tmp_path / "r.pdf"))
    labels = PrintJob("Tag labels", DocumentKind.TAG_LABELS, label_sheet(tmp_path / "l.pdf"))
    dialogs = RecordedDialogs()
    preview = PrintPreview("Documents", [receipt, labels], dialogs.print_job, parent)
    qtbot.addWidget(preview)
    preview.show()
    preview.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is preview)

    # WHEN the clerk prints the receipt (Ctrl+P), THEN it goes to the printer
    qtbot.keyClick(preview, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert dialogs.jobs == [receipt]

    # WHEN she presses Ctrl+P again, THEN nothing is printed and she is told how to reprint
    qtbot.keyClick(preview, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert dialogs.jobs == [receipt]
    assert "already sent to the printer" in preview.message.text()
    assert "REPRINT" in preview.message.text()

    # AND Print all sends only what was not printed; the labels may go again and again
    preview.print_all_button.click()
    preview.tabs.setCurrentIndex(1)
    qtbot.keyClick(preview, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert dialogs.jobs == [receipt, labels, labels]
