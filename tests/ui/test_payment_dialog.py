"""The payment dialog plans tenders as the clerk types: change for cash, split tenders."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clerkdesk.models import TenderKind
from clerkdesk.rules import parse_profile
from clerkdesk.services.payments import FeeFor
from clerkdesk.services.taking_money import tender_fees
from clerkdesk.ui.payment_dialog import PaymentDialog
from document_support import card_fee_profile


def test_cash_shows_the_change_due_large(qtbot: QtBot) -> None:
    dialog = PaymentDialog(Decimal("14.00"), "Payment", fee_for=None)
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
    dialog = PaymentDialog(Decimal("14.00"), "Payment", fee_for=None)
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
    dialog = PaymentDialog(Decimal("14.00"), "Payment", fee_for=None)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    qtbot.keyClicks(dialog.row(TenderKind.CARD).amount, "14.00")
    message = dialog.row(TenderKind.CARD).message
    assert not message.isHidden() and "authorization reference" in message.text()
    assert dialog.plan is None
    # The whole message shows: not cut off by a narrow column or a dialog that did not grow.
    qtbot.waitUntil(lambda: message.height() >= message.heightForWidth(message.width()))
    assert message.width() >= dialog.row(TenderKind.CARD).amount.width()
    assert message.geometry().bottom() < dialog.height()


def test_an_amount_that_is_not_money_is_named(qtbot: QtBot) -> None:
    dialog = PaymentDialog(Decimal("14.00"), "Payment", fee_for=None)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    qtbot.keyClicks(dialog.row(TenderKind.CASH).amount, "1O.00")
    assert "is not an amount" in dialog.row(TenderKind.CASH).message.text()


def _card_fee() -> FeeFor:
    return tender_fees(parse_profile(card_fee_profile()), dt.date(2026, 6, 1))


def test_a_card_amount_shows_its_fee_at_once_and_the_amount_due_includes_it(
    qtbot: QtBot,
) -> None:
    # GIVEN a 3% card fee, at least 1.00, and 14.00 due
    dialog = PaymentDialog(Decimal("14.00"), "Payment", fee_for=_card_fee())
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    assert dialog.fees.isHidden() and dialog.due.text() == "14.00"
    # WHEN the clerk types the amount on the card row, before its reference
    qtbot.keyClicks(dialog.row(TenderKind.CARD).amount, "14.00")
    # THEN the fee line shows with its rule in words and the amount due grows by it
    assert not dialog.fees.isHidden()
    assert "Card convenience fee: 3% of $14.00 paid by card is $0.42; the minimum, $1.00" in (
        dialog.fees.text()
    )
    assert "Treasurer's fee schedule 2026" in dialog.fees.text()
    assert dialog.due.text() == "15.00"
    reference = dialog.row(TenderKind.CARD).reference
    assert reference is not None
    qtbot.keyClicks(reference, "AUTH-9")
    assert dialog.plan is not None
    assert "Charge the card 15.00 in all." in dialog.fees.text()


def test_cash_or_a_check_pays_no_fee(qtbot: QtBot) -> None:
    dialog = PaymentDialog(Decimal("14.00"), "Payment", fee_for=_card_fee())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.row(TenderKind.CASH).amount, "20")
    assert dialog.fees.isHidden() and dialog.due.text() == "14.00"
    assert dialog.change.text() == "6.00"


def test_a_split_pays_the_fee_on_the_card_share_and_cash_covers_the_rest(qtbot: QtBot) -> None:
    dialog = PaymentDialog(Decimal("50.00"), "Payment", fee_for=_card_fee())
    qtbot.addWidget(dialog)
    dialog.show()
    card = dialog.row(TenderKind.CARD)
    assert card.reference is not None
    qtbot.keyClicks(card.amount, "40.00")
    qtbot.keyClicks(card.reference, "AUTH-1")
    qtbot.keyClicks(dialog.row(TenderKind.CASH).amount, "20")
    # 3% of 40.00 is 1.20: the card is charged 41.20, cash pays 10.00 of the 20.00
    assert dialog.due.text() == "51.20"
    assert dialog.change.text() == "10.00"
