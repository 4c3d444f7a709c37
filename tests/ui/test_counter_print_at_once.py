"""The counter and the workstation's print setting: print at once after a sale, and the
end-of-day run of certificates from the counter's own key."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from counter_fixtures import CounterCase, active_dialog, focused, open_owner_by_keyboard
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.tags_dialog import TagsDialog
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.payment_dialog import PaymentDialog
from clerkdesk.ui.printing.batch_dialog import BatchPrintDialog
from clerkdesk.ui.printing.jobs import DocumentKind
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.printing.settings import PrintSettings
from qt_support import RecordedDialogs

ALT = Qt.KeyboardModifier.AltModifier


@pytest.fixture
def print_at_once() -> Iterator[PrintSettings]:
    """This workstation prints without a preview (the suite's own settings folder)."""
    settings = PrintSettings()
    settings.preview_first = False
    settings.sync()
    yield settings
    settings.preview_first = True
    settings.sync()


def test_with_print_at_once_a_sale_goes_straight_to_the_printer(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
    print_at_once: PrintSettings,
) -> None:
    # GIVEN this workstation prints at once; WHEN a renewal is paid in cash
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    qtbot.keyClick(focused(), Qt.Key.Key_F12)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    qtbot.keyClick(focused(), Qt.Key.Key_C, ALT)
    qtbot.keyClicks(focused(), f"{counter.cart.cart.total:.2f}")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    active_dialog(qtbot, TagsDialog)
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    # THEN the receipt and the certificates are printed with no preview in between
    dialogs = ui_context.dialogs
    assert isinstance(dialogs, RecordedDialogs)
    qtbot.waitUntil(lambda: len(dialogs.jobs) == 2, timeout=15000)
    assert [job.kind for job in dialogs.jobs] == [
        DocumentKind.RECEIPT,
        DocumentKind.CERTIFICATE,
    ]
    assert not any(
        isinstance(w, PrintPreview) and w.isVisible() for w in QApplication.topLevelWidgets()
    )
    assert "sent to the printer" in window.statusBar().currentMessage()


def test_ctrl_shift_p_at_the_counter_opens_the_days_certificates(
    qtbot: QtBot, window: MainWindow, counter: CounterView
) -> None:
    counter.home.batch_button.setFocus()
    qtbot.keyClick(
        focused(),
        Qt.Key.Key_P,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    dialog = active_dialog(qtbot, BatchPrintDialog)
    assert isinstance(dialog, BatchPrintDialog)
    qtbot.waitUntil(lambda: not dialog.busy())
    assert dialog.summary.text().endswith("06/01/2026.")
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    assert not dialog.isVisible()
