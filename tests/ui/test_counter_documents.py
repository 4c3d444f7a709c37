"""Finding a receipt or certificate later and reprinting it, from the keyboard: the owner's
Documents… (P) and Find receipt/cert… (Ctrl+F)."""

from __future__ import annotations

from pathlib import Path

import pytest
from counter_fixtures import (
    CounterCase,
    active_dialog,
    focused,
    licensed_this_year,
    open_owner_by_keyboard,
)
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from clerkdesk.models import DocumentReprint, License, PrintedKind, Receipt
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter import reprint_job
from clerkdesk.ui.counter.documents_dialog import DocumentsDialog
from clerkdesk.ui.counter.find_document import FindDocumentDialog
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.printing.preview import PrintPreview
from pdf_support import page_texts
from qt_support import RecordedDialogs

CTRL = Qt.KeyboardModifier.ControlModifier


def _reprints(ui_context: UiContext) -> list[tuple[PrintedKind, int | None, int | None, str]]:
    with ui_context.database.read() as session:
        rows = session.scalars(select(DocumentReprint).order_by(DocumentReprint.id)).all()
        return [(r.kind, r.receipt_id, r.license_id, r.printed_by) for r in rows]


def _preview(qtbot: QtBot) -> PrintPreview:
    preview = active_dialog(qtbot, PrintPreview)
    assert isinstance(preview, PrintPreview)
    return preview


def test_the_owners_documents_reprint_with_enter_and_count_it(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    # GIVEN an owner licensed last year and again this morning, open at the counter
    licensed_this_year(ui_context, counter_case)
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    assert "Documents…  P" in counter.card.buttons["documents"].text()
    # WHEN the clerk presses P
    qtbot.keyClick(counter.card.table, Qt.Key.Key_P)
    dialog = active_dialog(qtbot, DocumentsDialog)
    assert isinstance(dialog, DocumentsDialog)
    qtbot.waitUntil(lambda: not dialog.busy() and dialog.table.rowCount() > 0)
    # THEN this morning's receipt comes first, then its certificates, then last year's
    entries = dialog.entries
    assert entries[0].kind is PrintedKind.RECEIPT and entries[0].issued_at.year == 2026
    assert [e.kind for e in entries[1:3]] == [PrintedKind.CERTIFICATE] * 2
    assert [e.issued_at for e in entries] == sorted((e.issued_at for e in entries), reverse=True)
    assert dialog.table.item(0, 5).text() == "0" and dialog.history.text() == "Never reprinted."
    assert focused() is dialog.table
    # WHEN the clerk goes down to the first certificate, types a reason and presses Enter
    qtbot.keyClick(dialog.table, Qt.Key.Key_Down)
    license_id = dialog.entries[1].document_id
    dialog.reason.setFocus()
    qtbot.keyClicks(dialog.reason, "Lost in the mail")
    dialog.table.setFocus()
    qtbot.keyClick(dialog.table, Qt.Key.Key_Return)
    # THEN the preview shows the certificate marked REPRINT by this clerk
    preview = _preview(qtbot)
    (job,) = preview.jobs
    text = " ".join(page_texts(job.path.read_bytes())[0].split())
    assert f"REPRINT — printed June 1, 2026, 10:30 AM by {ui_context.user_name}" in text
    assert job.path.name.endswith("-reprint-1.pdf") and job.path.name.startswith("license-")
    # AND it is recorded, with the reason, and the list counts it
    assert _reprints(ui_context) == [
        (PrintedKind.CERTIFICATE, None, license_id, ui_context.user_name)
    ]
    with ui_context.database.read() as session:
        row = session.scalars(select(DocumentReprint)).one()
        assert row.reason == "Lost in the mail"
    preview.accept()
    qtbot.waitUntil(lambda: not dialog.busy() and dialog.table.item(1, 5).text() == "1")
    assert dialog.current() is not None and dialog.current().document_id == license_id  # type: ignore[union-attr]
    assert dialog.history.text().startswith("Reprinted once; last 06/01/2026 10:30 AM by ")
    # AND Ctrl+P reprints the receipt too, recorded as a second reprint
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    qtbot.keyClick(dialog.table, Qt.Key.Key_Up)
    qtbot.keyClick(dialog.table, Qt.Key.Key_P, CTRL)
    second = _preview(qtbot)
    assert "REPRINT" in " ".join(page_texts(second.jobs[0].path.read_bytes())[0].split())
    assert [r[0] for r in _reprints(ui_context)] == [PrintedKind.CERTIFICATE, PrintedKind.RECEIPT]
    second.accept()


def test_find_by_receipt_number_and_by_license_number(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    licensed_this_year(ui_context, counter_case)
    with ui_context.database.read() as session:
        receipt = session.scalars(select(Receipt).order_by(Receipt.id.desc())).first()
        assert receipt is not None
        label, receipt_id = receipt.label, receipt.id
        licensed = session.scalars(
            select(License).where(License.receipt_id == receipt_id).order_by(License.number)
        ).first()
        assert licensed is not None
        number, license_id = licensed.number, licensed.id
    # Ctrl+F works from the search box, with no owner open
    window.search.setFocus()
    qtbot.keyClick(window.search, Qt.Key.Key_F, CTRL)
    dialog = active_dialog(qtbot, FindDocumentDialog)
    assert isinstance(dialog, FindDocumentDialog)
    assert focused() is dialog.number and dialog.year.text() == "2026"
    # A number not written as printed is refused beside the field, and nothing is recorded
    qtbot.keyClicks(dialog.number, "2026-12-x")
    qtbot.keyClick(dialog.number, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.busy() and dialog.message.isVisible())
    assert "is not a receipt number" in dialog.message.text() and _reprints(ui_context) == []
    assert dialog.message.objectName() == "FieldError"
    assert focused() is dialog.number
    # The receipt number as printed: reprinted, previewed and recorded
    qtbot.keyClicks(dialog.number, label)
    qtbot.keyClick(dialog.number, Qt.Key.Key_Return)
    preview = _preview(qtbot)
    assert label in " ".join(page_texts(preview.jobs[0].path.read_bytes())[0].split())
    assert _reprints(ui_context) == [(PrintedKind.RECEIPT, receipt_id, None, ui_context.user_name)]
    preview.accept()
    qtbot.waitUntil(lambda: focused() is dialog.number)
    # Done is said in the notice's green, not in an error's red
    assert "reprinted" in dialog.message.text()
    assert dialog.message.objectName() == "CounterNotice"
    # A license number with its year
    qtbot.keyClicks(dialog.number, str(number))
    qtbot.keyClick(dialog.number, Qt.Key.Key_Return)
    preview = _preview(qtbot)
    assert preview.jobs[0].title == f"Dog license {number}, 2026–27 (reprint)"
    assert _reprints(ui_context)[-1] == (
        PrintedKind.CERTIFICATE, None, license_id, ui_context.user_name,
    )  # fmt: skip
    preview.accept()
    # A license year typed wrong is named as such
    qtbot.waitUntil(lambda: focused() is dialog.number)
    dialog.year.setFocus()
    dialog.year.selectAll()
    qtbot.keyClicks(dialog.year, "26")
    qtbot.keyClick(dialog.year, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.busy() and dialog.message.isVisible())
    assert "Write the license year as YYYY" in dialog.message.text()
    assert focused() is dialog.year
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_a_reprint_that_cannot_be_saved_says_so_and_records_nothing(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    # GIVEN a documents folder that cannot be made (a file stands where it should be)
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")
    monkeypatch.setattr(reprint_job, "documents_dir", lambda: blocked / "documents")
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    qtbot.keyClick(counter.card.table, Qt.Key.Key_P)
    dialog = active_dialog(qtbot, DocumentsDialog)
    assert isinstance(dialog, DocumentsDialog)
    qtbot.waitUntil(lambda: not dialog.busy() and dialog.table.rowCount() > 0)
    # WHEN the clerk reprints
    qtbot.keyClick(dialog.table, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.busy())
    # THEN the clerk is told, and no reprint is on record
    dialogs = ui_context.dialogs
    assert isinstance(dialogs, RecordedDialogs)
    assert dialogs.errors and dialogs.errors[-1][0] == "The document could not be reprinted"
    assert "Nothing was recorded" in dialogs.errors[-1][1]
    assert _reprints(ui_context) == []


def test_every_card_action_shows_its_whole_caption_and_key_at_1280_by_800(
    qtbot: QtBot, window: MainWindow, counter: CounterView, counter_case: CounterCase
) -> None:
    window.resize(1280, 800)
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    for key, button in counter.card.buttons.items():
        if not button.isVisible():
            continue
        # The text a button has room for: its width less the style's side padding.
        room = button.contentsRect().width() - 12
        assert button.fontMetrics().horizontalAdvance(button.text()) <= room, key
