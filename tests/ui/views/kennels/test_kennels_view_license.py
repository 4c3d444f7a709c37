"""License / renew…: the quote and every refusal in words, the counter's payment dialog, one
receipt through the ledger, and the kennel certificate offered — all from the keyboard."""

from __future__ import annotations

from decimal import Decimal

from counter_fixtures import active_dialog
from kennels_area_support import choose_kennel, keepers, open_kennels, seed_kennel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from clerkdesk.clock import FixedClock
from clerkdesk.models import KennelLicense, Receipt
from clerkdesk.rules.kinds import TenderKind
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.payment_dialog import PaymentDialog
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.views.kennels.standing_dialog import StandingDialog
from pdf_support import page_texts

CTRL = Qt.KeyboardModifier.ControlModifier


def test_license_a_kennel_paid_in_cash_and_see_its_certificate(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    # GIVEN an inspected kennel with two grown dogs and a puppy, chosen in the list
    (keeper,) = keepers(ui_context.database, 1)
    kennel = seed_kennel(ui_context.database, keeper, clock)
    view = open_kennels(qtbot, window)
    choose_kennel(qtbot, view, kennel.name)
    # WHEN the clerk presses Ctrl+L
    qtbot.keyClick(view.table, Qt.Key.Key_L, CTRL)
    standing = active_dialog(qtbot, StandingDialog)
    assert isinstance(standing, StandingDialog)
    # THEN the fee line names its rule and the total is Westborough's fee for up to 4 dogs
    assert standing.standing.refusals == ()
    assert standing.total.text() == "15.00"
    assert "Art. 19 §11" in standing.lines.itemAtPosition(0, 0).widget().text()  # type: ignore[union-attr]
    assert standing.pay.isVisible() and standing.pay.text() == "Pay  Enter"
    # WHEN Enter: the counter's payment dialog, cash 20.00, Enter
    qtbot.keyClick(standing.pay, Qt.Key.Key_Return)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    assert payment.due.text() == "15.00"
    assert kennel.name in payment.purpose.text()
    cash = payment.row(TenderKind.CASH).amount
    qtbot.keyClicks(cash, "20.00")
    assert payment.change.text() == "5.00"
    qtbot.keyClick(cash, Qt.Key.Key_Return)
    # THEN the certificate and the receipt are previewed, and the list says licensed
    preview = active_dialog(qtbot, PrintPreview, timeout=15000)
    assert isinstance(preview, PrintPreview)
    certificate = page_texts(preview.jobs[0].path.read_bytes())[0]
    with ui_context.database.read() as session:
        issued = session.scalars(
            select(KennelLicense).where(KennelLicense.kennel_id == kennel.kennel_id)
        ).one()
        receipt = session.get(Receipt, issued.receipt_id)
        assert receipt is not None
        assert (issued.max_dogs, issued.dogs_counted) == (4, 2)
        assert receipt.total == Decimal("15.00")
    assert "Maple Hill" in " ".join(certificate.split())
    preview.accept()
    qtbot.waitUntil(lambda: not view.busy())
    assert view.notice.text().startswith("Kennel license 2026–27-K")
    assert "change due 5.00" in view.notice.text()
    row = next(r for r in view.model.rows if r.kennel_id == kennel.kennel_id)
    assert row.license_label is not None


def test_a_kennel_that_cannot_be_licensed_says_every_reason_and_offers_no_payment(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    # GIVEN a kennel never inspected, and next year's licenses not yet on sale (June 1)
    (keeper,) = keepers(ui_context.database, 1)
    kennel = seed_kennel(ui_context.database, keeper, clock, inspected=False)
    view = open_kennels(qtbot, window)
    view.year.setFocus()
    qtbot.keyClick(view.year, Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: not view.busy() and view.year.currentText().endswith("(next year)"))
    choose_kennel(qtbot, view, kennel.name)
    # WHEN the clerk asks to license it for next year
    qtbot.keyClick(view.table, Qt.Key.Key_L, CTRL)
    standing = active_dialog(qtbot, StandingDialog)
    assert isinstance(standing, StandingDialog)
    # THEN every reason is said in words, there is no Pay, and Enter closes
    reasons = standing.standing.refusals
    assert len(reasons) >= 2
    assert any("no inspection for license year 2027–28" in r for r in reasons)
    assert standing.refusals.isVisible()
    assert f"for {len(reasons)} reasons" in standing.refusals.text()
    for reason in reasons:
        assert reason in standing.refusals.text()
    assert not standing.pay.isVisible()
    qtbot.keyClick(standing, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not standing.isVisible())
    with ui_context.database.read() as session:
        assert (
            session.scalars(
                select(KennelLicense).where(KennelLicense.kennel_id == kennel.kennel_id)
            ).first()
            is None
        )


def test_a_charitable_kennel_is_licensed_free_without_a_payment(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    # GIVEN a domestic charitable corporation kennel, inspected (MGL c.140 §137A: free)
    (keeper,) = keepers(ui_context.database, 1)
    kennel = seed_kennel(
        ui_context.database, keeper, clock, name="Second Chance Rescue", kennel_class="charitable"
    )
    view = open_kennels(qtbot, window)
    choose_kennel(qtbot, view, kennel.name)
    qtbot.keyClick(view.table, Qt.Key.Key_L, CTRL)
    standing = active_dialog(qtbot, StandingDialog)
    assert isinstance(standing, StandingDialog)
    # THEN nothing is due and the main button issues the license
    assert standing.total.text() == "0.00"
    assert standing.pay.text() == "Issue the license  Enter"
    qtbot.keyClick(standing.pay, Qt.Key.Key_Return)
    # THEN no payment is asked: the certificate comes straight away, on a receipt for 0.00
    preview = active_dialog(qtbot, PrintPreview, timeout=15000)
    assert isinstance(preview, PrintPreview)
    assert not any(
        isinstance(w, PaymentDialog) and w.isVisible() for w in QApplication.topLevelWidgets()
    )
    with ui_context.database.read() as session:
        issued = session.scalars(
            select(KennelLicense).where(KennelLicense.kennel_id == kennel.kennel_id)
        ).one()
        receipt = session.get(Receipt, issued.receipt_id)
        assert receipt is not None and receipt.total == Decimal("0.00")
    preview.accept()
