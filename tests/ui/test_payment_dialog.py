"""The payment dialog plans tenders as the clerk types: change for cash, split tenders."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clerkdesk.models import TenderKind
from clerkdesk.ui.counter.payment_dialog import PaymentDialog


def test_cash_shows_the_change_due_large(qtbot: QtBot) -> None:
    dialog = PaymentDialog(Decimal("14.00"), "Payment")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    cash = dialog.row(TenderKind.CASH).amount
    qtbot.keyClicks(cash, "20")
    assert dialog.change.text() == "6.00"
    assert dialog.change.objectName() == "ChangeDue"
    paid: list[object] = []
    dialog.paid.connect(paid.append)
    qtbot.keyClick(cash, Qt.Key.Key_Return)
    assert paid and paid[0][0].offered == Decimal("20.00")  # type: ignore[index]


def test_a_split_tender_of_check_and_cash(qtbot: QtBot) -> None:
    dialog = PaymentDialog(Decimal("14.00"), "Payment")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    qtbot.keyClicks(dialog.row(TenderKind.CASH).amount, "10")
    assert "4.00 is still due" in dialog.summary.text()
    assert dialog.complete.text().startswith("4.00 is still due")
    check = dialog.row(TenderKind.CHECK)
    check.amount.setFocus()  # offered what is still due, selected
    assert check.amount.text() == "4.00"
    assert check.reference is not None
    qtbot.keyClicks(check.reference, "1207")
    assert dialog.plan is not None and dialog.change.text() == "0.00"
    kinds = [t.kind for t in dialog.plan.tenders]
    assert kinds == [TenderKind.CHECK, TenderKind.CASH]


def test_a_card_without_its_reference_says_so_beside_the_card(qtbot: QtBot) -> None:
    dialog = PaymentDialog(Decimal("14.00"), "Payment")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    qtbot.keyClicks(dialog.row(TenderKind.CARD).amount, "14.00")
    message = dialog.row(TenderKind.CARD).message
    assert not message.isHidden() and "authorization reference" in message.text()
    assert dialog.plan is None


def test_an_amount_that_is_not_money_is_named(qtbot: QtBot) -> None:
    dialog = PaymentDialog(Decimal("14.00"), "Payment")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    qtbot.keyClicks(dialog.row(TenderKind.CASH).amount, "1O.00")
    assert "is not an amount" in dialog.row(TenderKind.CASH).message.text()
