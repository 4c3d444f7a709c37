"""The status bar's drawer: true when the window opens, after each receipt the counter
prints, and after the day is closed out (then it says where receipts post)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from counter_fixtures import CounterCase, active_dialog, focused
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from actors import staff
from clerkdesk.models import TenderKind
from clerkdesk.services import licensing
from clerkdesk.services.closeout import drawer_state
from clerkdesk.services.payments import TenderInput
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.status import drawer_text
from clerkdesk.ui.views.money.closeout_dialog import open_closeout
from ui.money.closeout_support import styled

__all__ = ["styled"]


def _drawer(window: MainWindow) -> str:
    return window.status.drawer.text()


def test_the_drawer_follows_sales_and_the_close_out(
    qtbot: QtBot,
    window: MainWindow,
    ui_context: UiContext,
    counter_case: CounterCase,
    styled: None,
    tmp_path: Path,
) -> None:
    ctx = ui_context
    today = ctx.clock.today()
    # GIVEN the window open: the drawer is what the ledger says
    first = drawer_text(drawer_state(ctx.database, today))
    assert first.startswith("Drawer: open · ")
    qtbot.waitUntil(lambda: _drawer(window) == first, timeout=10000)
    # WHEN a cash sale's receipt is printed at the counter
    sale = licensing.checkout(
        ctx.database,
        licensing.CheckoutRequest(
            counter_case.owner_id,
            (licensing.LicenseItem(counter_case.dogs[0].dog_id),),
            (TenderInput(TenderKind.CASH, Decimal("200.00")),),
        ),
        actor=staff("clerk"),
        clock=ctx.clock,
    )
    counter = window.views["counter"]
    assert isinstance(counter, CounterView)
    counter.flow.print_receipt(sale.receipt_id, sale.receipt_label)
    # THEN the drawer counts it
    after_sale = drawer_text(drawer_state(ctx.database, today))
    assert after_sale != first and "$" in after_sale
    qtbot.waitUntil(lambda: _drawer(window) == after_sale, timeout=10000)
    preview = active_dialog(qtbot, PrintPreview, timeout=15000)
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    assert not preview.isVisible()
    ctx.tasks.wait()
    window.resize(1280, 800)
    window.grab().save(str(tmp_path / "drawer-open.png"))

    # WHEN the day is closed out in the dialog
    dialog = open_closeout(ctx, window)
    qtbot.waitUntil(lambda: dialog.summary is not None and not dialog.loading, timeout=10000)
    assert active_dialog(qtbot, type(dialog)) is dialog and focused() is dialog.cash
    qtbot.keyClicks(focused(), f"{drawer_state(ctx.database, today).cash}")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    # THEN the drawer says so, and where receipts now post
    qtbot.waitUntil(
        lambda: (
            _drawer(window) == "Drawer: closed out 06/01/2026 (receipts now post to 06/02/2026)"
        ),
        timeout=10000,
    )
    ctx.tasks.wait()
    window.grab().save(str(tmp_path / "drawer-closed.png"))
    assert window.status.sizeHint().width() <= 1280
