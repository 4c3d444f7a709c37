"""An amount typed on a screen that no money column could hold is named beside the field,
never a crash: the payment dialog's tender rows read amounts through ``ui.fields``."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clerkdesk.models import TenderKind
from clerkdesk.ui.fields import BadInput, parse_amount
from clerkdesk.ui.payment_dialog import PaymentDialog


@pytest.mark.parametrize(
    ("typed", "says"),
    [("1e308", "far too large"), ("9" * 40, "far too large"), ("1e-9", "more than two")],
)
def test_an_amount_past_the_column_is_named_beside_the_field(
    qtbot: QtBot, typed: str, says: str
) -> None:
    with pytest.raises(BadInput, match=says):
        parse_amount(typed)
    dialog = PaymentDialog(Decimal("14.00"), "Payment", fee_for=None)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    qtbot.keyClicks(dialog.row(TenderKind.CASH).amount, typed)
    assert says in dialog.row(TenderKind.CASH).message.text()
    assert dialog.plan is None
