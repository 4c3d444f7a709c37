"""Preview first, or print at once: the workstation's choice decides what a sale shows."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from clerkdesk.ui.printing.jobs import DocumentKind, PrintJob
from clerkdesk.ui.printing.present import present
from clerkdesk.ui.printing.settings import PrintSettings
from printing_support import label_sheet
from qt_support import RecordedDialogs


@pytest.fixture
def jobs(tmp_path: Path) -> list[PrintJob]:
    sheet = label_sheet(tmp_path / "receipt.pdf")
    return [
        PrintJob("Receipt 2026-000001", DocumentKind.RECEIPT, sheet),
        PrintJob("Certificates", DocumentKind.CERTIFICATE, sheet),
    ]


@pytest.fixture
def settings(tmp_path: Path) -> PrintSettings:
    return PrintSettings(QSettings(str(tmp_path / "printing.ini"), QSettings.Format.IniFormat))


@pytest.fixture
def parent(qtbot: QtBot) -> QWidget:
    widget = QWidget()
    qtbot.addWidget(widget)
    return widget


def test_preview_first_shows_the_documents_and_prints_nothing(
    parent: QWidget, jobs: list[PrintJob], settings: PrintSettings
) -> None:
    dialogs = RecordedDialogs()
    shown = present(parent, "Receipt 2026-000001", jobs, dialogs.print_job, settings)
    assert shown.preview is not None and shown.preview.isVisible()
    assert shown.preview.tabs.count() == 2
    assert dialogs.jobs == []
    assert shown.message("Receipt") == ""
    shown.preview.close()


def test_print_at_once_sends_every_document_without_a_preview(
    parent: QWidget, jobs: list[PrintJob], settings: PrintSettings
) -> None:
    settings.preview_first = False
    dialogs = RecordedDialogs()
    shown = present(parent, "Receipt 2026-000001", jobs, dialogs.print_job, settings)
    assert shown.preview is None
    assert dialogs.jobs == jobs
    assert shown.message("Receipt 2026-000001") == "Receipt 2026-000001 sent to the printer."


def test_cancelling_the_printer_stops_the_rest(
    parent: QWidget, jobs: list[PrintJob], settings: PrintSettings
) -> None:
    settings.preview_first = False
    asked: list[PrintJob] = []

    def cancel(_parent: QWidget | None, job: PrintJob) -> bool:
        asked.append(job)
        return False

    shown = present(parent, "Receipt", jobs, cancel, settings)
    assert asked == jobs[:1] and shown.sent == ()
    assert "printing cancelled" in shown.message("Receipt")
