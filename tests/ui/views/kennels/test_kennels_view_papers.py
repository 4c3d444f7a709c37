"""Papers… (Ctrl+P) in the Kennels area: a kennel license's certificate and its receipt printed
again, marked REPRINT and recorded like the counter's reprints, from the keyboard; a closed
kennel's papers too; a role that may not reprint is not offered it."""

from __future__ import annotations

import re

from counter_fixtures import active_dialog, focused
from kennels_area_support import (
    choose_kennel,
    keepers,
    license_kennel,
    open_kennels,
    seed_kennel,
)
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from clerkdesk.clock import FixedClock
from clerkdesk.models import DocumentReprint
from clerkdesk.rules.kinds import PrintedKind
from clerkdesk.services.kennels import close_kennel
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.printing.jobs import DocumentKind
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.views.kennels.papers_dialog import KennelPapersDialog
from pdf_support import page_texts
from qt_support import sign_in_window

CTRL = Qt.KeyboardModifier.ControlModifier


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def _reprints(ui_context: UiContext) -> list[tuple[PrintedKind, int | None, int | None, str]]:
    with ui_context.database.read() as session:
        return [
            (r.kind, r.kennel_license_id, r.receipt_id, r.reason or "")
            for r in session.scalars(select(DocumentReprint).order_by(DocumentReprint.id))
        ]


def test_print_a_kennel_certificate_and_its_receipt_again_marked_and_recorded(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    # GIVEN a licensed kennel, chosen in the list
    (keeper,) = keepers(ui_context.database, 1)
    kennel = seed_kennel(ui_context.database, keeper, clock)
    license_kennel(ui_context.database, kennel, clock, 2026)
    view = open_kennels(qtbot, window)
    choose_kennel(qtbot, view, kennel.name)
    # WHEN the clerk presses Ctrl+P
    qtbot.keyClick(view.table, Qt.Key.Key_P, CTRL)
    dialog = active_dialog(qtbot, KennelPapersDialog)
    assert isinstance(dialog, KennelPapersDialog)
    qtbot.waitUntil(lambda: not dialog.busy() and bool(dialog.papers))
    # THEN its certificate and its receipt are listed, newest license first, never reprinted
    certificate, receipt = dialog.papers
    assert (certificate.kind, receipt.kind) == (
        PrintedKind.KENNEL_CERTIFICATE,
        PrintedKind.RECEIPT,
    )
    assert certificate.label.startswith("2026–27-K") and receipt.label.startswith("2026-")
    assert focused() is dialog.table
    assert dialog.history.text().endswith("never reprinted.")
    # WHEN Enter on the certificate
    qtbot.keyClick(dialog.table, Qt.Key.Key_Return)
    preview = active_dialog(qtbot, PrintPreview, timeout=15000)
    assert isinstance(preview, PrintPreview)
    # THEN the preview shows it marked REPRINT with the clerk's name, and it is on record
    [job] = preview.jobs
    assert job.kind is DocumentKind.CERTIFICATE
    text = _flat(page_texts(job.path.read_bytes())[0])
    assert "REPRINT" in text and "by admin" in text and kennel.name in text
    assert _reprints(ui_context) == [
        (PrintedKind.KENNEL_CERTIFICATE, certificate.document_id, None, "")
    ]
    # AND a second copy from the preview is refused there, pointing back to Papers…
    preview.print_all()
    preview.print_all()
    assert "Papers… (Ctrl+P) on the kennel in the Kennels area" in preview.message.text()
    preview.accept()
    # THEN the keyboard is back in the papers, the count says once
    qtbot.waitUntil(lambda: not preview.isVisible() and not dialog.busy())
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    assert dialog.papers[0].reprints == 1
    # WHEN the clerk moves to the receipt, gives a reason and presses Ctrl+P
    dialog.table.setFocus()
    qtbot.keyClick(dialog.table, Qt.Key.Key_Down)
    qtbot.keyClick(dialog, Qt.Key.Key_R, Qt.KeyboardModifier.AltModifier)
    assert focused() is dialog.reason
    qtbot.keyClicks(dialog.reason, "keeper lost it")
    qtbot.keyClick(dialog.reason, Qt.Key.Key_P, CTRL)
    preview = active_dialog(qtbot, PrintPreview, timeout=15000)
    assert isinstance(preview, PrintPreview)
    [job] = preview.jobs
    assert job.kind is DocumentKind.RECEIPT
    text = _flat(page_texts(job.path.read_bytes())[0])
    assert "REPRINT" in text and receipt.label in text
    assert _reprints(ui_context)[-1] == (
        PrintedKind.RECEIPT,
        None,
        receipt.document_id,
        "keeper lost it",
    )
    preview.accept()
    qtbot.waitUntil(lambda: not dialog.busy())
    assert [p.reprints for p in dialog.papers] == [1, 1]


def test_a_closed_kennels_papers_are_still_offered(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    (keeper,) = keepers(ui_context.database, 1)
    kennel = seed_kennel(ui_context.database, keeper, clock)
    license_kennel(ui_context.database, kennel, clock, 2026)
    assert ui_context.actor is not None
    close_kennel(
        ui_context.database, kennel.kennel_id, "keeper moved", actor=ui_context.actor, clock=clock
    )
    view = open_kennels(qtbot, window)
    choose_kennel(qtbot, view, kennel.name)
    # THEN the actions that change it wait, saying why; Papers… is offered
    assert not view.license_button.isEnabled()
    assert "is closed" in view.license_button.toolTip()
    assert view.papers_button.isEnabled()
    qtbot.keyClick(view.table, Qt.Key.Key_P, CTRL)
    dialog = active_dialog(qtbot, KennelPapersDialog)
    assert isinstance(dialog, KennelPapersDialog)
    qtbot.waitUntil(lambda: not dialog.busy() and len(dialog.papers) == 2)
    dialog.reject()


def test_the_animal_control_officer_is_not_offered_papers(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    (keeper,) = keepers(ui_context.database, 1)
    kennel = seed_kennel(ui_context.database, keeper, clock)
    license_kennel(ui_context.database, kennel, clock, 2026)
    window.sign_out()
    sign_in_window(qtbot, window, "aco", "demo-aco")
    qtbot.waitUntil(lambda: window.is_open and not window.busy(), timeout=10000)
    view = open_kennels(qtbot, window)
    choose_kennel(qtbot, view, kennel.name)
    assert view.papers_button.isHidden()
    assert "may not reprint" in view.papers_button.toolTip()
    # WHEN the officer presses its key anyway THEN the area says why, and nothing opens
    qtbot.keyClick(view.table, Qt.Key.Key_P, CTRL)
    assert "may not reprint" in view.notice.text() and view.notice.isVisible()
    assert view.dialog is None
