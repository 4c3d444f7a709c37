"""The end-of-day run: choose a day, see how many certificates it issued, print them."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.services.document_batches import certificates_issued_on
from clerkdesk.ui.printing.batch_dialog import BatchPrintDialog
from clerkdesk.ui.printing.jobs import DocumentKind
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.tasks import TaskRunner
from document_support import Sale, license_two_dogs
from qt_support import RecordedDialogs


@pytest.fixture
def sale(sqlite_database: Database, clock: FixedClock) -> Sale:
    return license_two_dogs(sqlite_database, clock)


@pytest.fixture
def tasks() -> Iterator[TaskRunner]:
    runner = TaskRunner()
    yield runner
    runner.wait()


@pytest.fixture
def dialogs() -> RecordedDialogs:
    return RecordedDialogs()


@pytest.fixture
def dialog(
    qtbot: QtBot,
    sqlite_database: Database,
    clock: FixedClock,
    sale: Sale,
    tasks: TaskRunner,
    dialogs: RecordedDialogs,
    tmp_path: Path,
) -> BatchPrintDialog:
    shown = BatchPrintDialog(
        sqlite_database, tasks, clock.today(), dialogs.print_job, folder=tmp_path / "docs"
    )
    qtbot.addWidget(shown)
    shown.show()
    qtbot.waitExposed(shown)
    qtbot.waitUntil(lambda: not shown.busy())
    return shown


def test_todays_certificates_are_counted_and_printed_with_ctrl_p(
    qtbot: QtBot,
    dialog: BatchPrintDialog,
    dialogs: RecordedDialogs,
    sqlite_database: Database,
    clock: FixedClock,
) -> None:
    expected = certificates_issued_on(sqlite_database, clock.today()).count
    assert expected >= 2
    assert dialog.summary.text() == f"{expected} certificates issued on 06/01/2026."
    qtbot.keyClick(dialog, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: len(dialogs.jobs) == 1)
    job = dialogs.jobs[0]
    assert job.kind is DocumentKind.CERTIFICATE and job.path.name == "certificates-2026-06-01.pdf"
    assert len(PdfReader(io.BytesIO(job.path.read_bytes())).pages) == expected
    assert dialog.message.text() == f"Sent {expected} certificates to the printer."


def test_a_day_without_licenses_offers_nothing_to_print(
    qtbot: QtBot, dialog: BatchPrintDialog, dialogs: RecordedDialogs
) -> None:
    # WHEN the clerk goes to the year and steps it back six years, before any license
    dialog.day.setFocus()
    qtbot.keyClick(dialog.day, Qt.Key.Key_End)
    for _ in range(6):
        qtbot.keyClick(dialog.day, Qt.Key.Key_Down)
    assert dialog.chosen_day() == dt.date(2020, 6, 1)
    qtbot.waitUntil(lambda: not dialog.busy())
    assert dialog.summary.text() == "No licenses were issued on 06/01/2020."
    assert not dialog.print_button.isEnabled() and not dialog.preview_button.isEnabled()
    qtbot.keyClick(dialog, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert dialogs.jobs == []


def test_preview_shows_the_batch_before_printing(
    qtbot: QtBot, dialog: BatchPrintDialog, dialogs: RecordedDialogs
) -> None:
    qtbot.keyClick(dialog, Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: dialog.preview is not None and dialog.preview.isVisible())
    preview = dialog.preview
    assert isinstance(preview, PrintPreview)
    assert preview.jobs[0].title == "License certificates issued 06/01/2026"
    assert dialogs.jobs == []
    preview.close()
