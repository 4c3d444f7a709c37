"""Year-end renewals hand over their paper: a batch of two kennels renewed by check on March
2, 2027 ends with both kennels' certificates and both receipts in the shared print preview,
one PDF of certificates and one of receipts, each kennel's name and receipt number in them;
printed, each kind goes to the printer the workstation keeps for it."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from counter_fixtures import active_dialog
from kennels_area_support import EASTERN, licensed_last_year, open_kennels
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.printing.jobs import DocumentKind
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.views.kennels.renewals_dialog import RenewalsDialog
from pdf_support import page_texts
from qt_support import RecordedDialogs

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def clock() -> FixedClock:
    """The early sale of 2027–28 (Westborough: from 60 days before April 1)."""
    return FixedClock(dt.datetime(2027, 3, 2, 10, 30, tzinfo=EASTERN))


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_a_batch_of_two_ends_with_both_certificates_and_receipts_in_the_preview(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    # GIVEN two kennels licensed for 2026–27 and inspected again for 2027–28
    alder, birch = licensed_last_year(
        ui_context.database, clock, ("Alder Kennel", "Birch Kennel"), inspected=2
    )
    view = open_kennels(qtbot, window)
    view.year.setCurrentIndex(1)  # 2027–28 (next year)
    qtbot.waitUntil(lambda: not view.busy())
    # WHEN the clerk opens Year-end renewals (Ctrl+Shift+R), ticks both (Ctrl+A), gives each
    # its check number and renews (Ctrl+Enter)
    view.table.setFocus()
    qtbot.keyClick(view.table, Qt.Key.Key_R, CTRL | Qt.KeyboardModifier.ShiftModifier)
    dialog = active_dialog(qtbot, RenewalsDialog)
    assert isinstance(dialog, RenewalsDialog)
    qtbot.waitUntil(lambda: not dialog.busy() and len(dialog.due) == 2)
    qtbot.keyClick(dialog.table, Qt.Key.Key_A, CTRL)
    for row, number in ((0, "3101"), (1, "3102")):
        dialog.table.setCurrentCell(row, 1)
        dialog.number.setFocus()
        qtbot.keyClicks(dialog.number, number)
    qtbot.keyClick(dialog.number, Qt.Key.Key_Return, CTRL)
    # THEN the batch ends in the preview: the certificates in one PDF, the receipts in another
    preview = active_dialog(qtbot, PrintPreview, timeout=30000)
    assert isinstance(preview, PrintPreview)
    outcome = dialog.outcome
    assert outcome is not None and len(outcome.renewed) == 2
    assert [preview.tabs.tabText(i) for i in range(preview.tabs.count())] == [
        "Kennel certificates (2)",
        "Receipts (2)",
    ]
    certificates, receipts = preview.jobs
    assert (certificates.kind, receipts.kind) == (DocumentKind.CERTIFICATE, DocumentKind.RECEIPT)
    certificate_pages = [_flat(t) for t in page_texts(certificates.path.read_bytes())]
    receipt_pages = [_flat(t) for t in page_texts(receipts.path.read_bytes())]
    assert len(certificate_pages) == 2 and len(receipt_pages) == 2
    for page, kennel, sale in zip(certificate_pages, (alder, birch), outcome.renewed, strict=True):
        # Each kennel's own certificate: its name, its new license and the receipt it names.
        assert kennel.name in page and sale.license_label in page
        assert sale.receipt_label in page and "REPRINT" not in page
    for page, kennel, sale in zip(receipt_pages, (alder, birch), outcome.renewed, strict=True):
        assert sale.receipt_label in page and kennel.keeper.last_name in page
        assert "Check" in page
    assert "3101" in receipt_pages[0] and "3102" in receipt_pages[1]
    assert "in the preview" in dialog.papers_line.text()
    # WHEN the clerk prints all from the preview
    dialogs = ui_context.dialogs
    assert isinstance(dialogs, RecordedDialogs)
    preview.print_all()
    # THEN both go to the printer, each as its own kind; a second Print all sends nothing
    assert [job.kind for job in dialogs.jobs] == [DocumentKind.CERTIFICATE, DocumentKind.RECEIPT]
    preview.print_all()
    assert len(dialogs.jobs) == 2 and "already sent" in preview.message.text()
    preview.accept()
    qtbot.waitUntil(lambda: not preview.isVisible())
    assert dialog.isVisible()
