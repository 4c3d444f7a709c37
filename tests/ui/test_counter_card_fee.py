"""Paying at the counter by card under a card convenience fee, with the keyboard only: for
licenses, a replacement tag and a transfer alike."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from counter_fixtures import (
    CounterCase,
    active_dialog,
    another_owner,
    focused,
    licensed_this_year,
    open_owner_by_keyboard,
)
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from actors import CLERK
from clerkdesk.models import Receipt, TenderKind
from clerkdesk.rules import parse_profile
from clerkdesk.services.taking_money import tender_fees
from clerkdesk.services.town import save_town_profile
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.changes import OwnerPicker
from clerkdesk.ui.counter.tags_dialog import TagsDialog
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.payment_dialog import PaymentDialog
from clerkdesk.ui.printing.preview import PrintPreview
from document_support import card_fee_profile
from pdf_support import page_texts

ALT = Qt.KeyboardModifier.AltModifier


def test_paying_by_card_adds_the_fee_line_and_the_card_pays_it(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    # GIVEN the town charges 3% on card payments, at least 1.00, at most 10.00
    database = ui_context.database
    save_town_profile(database, card_fee_profile(), actor=CLERK, clock=ui_context.clock)
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    licenses = counter.cart.cart.total
    fee_for = tender_fees(parse_profile(card_fee_profile()), dt.date(2026, 6, 1))
    fee = fee_for(TenderKind.CARD, licenses)
    assert fee is not None and fee.amount > 0

    # WHEN the clerk pays the whole cart by card: Alt+A offers what is due
    qtbot.keyClick(focused(), Qt.Key.Key_F12)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    assert payment.due.text() == f"{licenses:,.2f}"
    qtbot.keyClick(focused(), Qt.Key.Key_A, ALT)
    card = payment.row(TenderKind.CARD)
    assert focused() is card.amount and card.amount.text() == f"{licenses:.2f}"

    # THEN the fee line shows at once and the amount due includes it
    assert not payment.fees.isHidden() and fee.description in payment.fees.text()
    charged = licenses + fee.amount
    assert payment.due.text() == f"{charged:,.2f}"
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    assert focused() is card.reference
    qtbot.keyClicks(focused(), "AUTH-3321")
    assert f"Charge the card {charged:,.2f} in all." in payment.fees.text()
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    tags = active_dialog(qtbot, TagsDialog)
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    preview = active_dialog(qtbot, PrintPreview, timeout=15000)
    assert isinstance(preview, PrintPreview) and not tags.isVisible()

    # AND the receipt has the fee as its own line, and the card tender pays it
    with database.read() as session:
        receipt = session.scalars(select(Receipt).order_by(Receipt.id.desc())).first()
        assert receipt is not None and receipt.total == charged
        last = receipt.lines[-1]
        assert (last.code, last.amount, last.account) == (
            "convenience_fee",
            fee.amount,
            "Card fees",
        )
        assert [(t.kind, t.amount, t.reference) for t in receipt.tenders] == [
            (TenderKind.CARD, charged, "AUTH-3321")
        ]
    text = " ".join(" ".join(page_texts(preview.jobs[0].path.read_bytes())).split())
    assert "Card convenience fee" in text and f"{fee.amount:.2f}" in text


def test_a_lost_tag_paid_by_card_carries_the_card_fee(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    # GIVEN the card fee, and the case's dogs licensed this year
    database = ui_context.database
    save_town_profile(database, card_fee_profile(), actor=CLERK, clock=ui_context.clock)
    licensed_this_year(ui_context, counter_case)
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    # WHEN the clerk replaces the first dog's lost tag and pays its 1.00 by card
    qtbot.keyClick(focused(), Qt.Key.Key_L)
    active_dialog(qtbot, TagsDialog)
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    assert payment.due.text() == "1.00"
    qtbot.keyClick(focused(), Qt.Key.Key_A, ALT)
    card = payment.row(TenderKind.CARD)
    assert focused() is card.amount and card.amount.text() == "1.00"
    # THEN the dialog shows the fee line (the 1.00 minimum) and the 2.00 due with it
    assert "Card convenience fee" in payment.fees.text()
    assert payment.due.text() == "2.00"
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    qtbot.keyClicks(focused(), "AUTH-5150")
    assert "Charge the card 2.00 in all." in payment.fees.text()
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    preview = active_dialog(qtbot, PrintPreview, timeout=15000)
    assert isinstance(preview, PrintPreview)
    # AND the receipt has the fee as its own line, paid by the card
    with database.read() as session:
        receipt = session.scalars(select(Receipt).order_by(Receipt.id.desc())).first()
        assert receipt is not None and receipt.total == Decimal("2.00")
        assert [(line.code, line.amount) for line in receipt.lines] == [
            ("duplicate_tag", Decimal("1.00")),
            ("convenience_fee", Decimal("1.00")),
        ]
        assert [(t.kind, t.amount) for t in receipt.tenders] == [(TenderKind.CARD, Decimal("2.00"))]
    assert "(payment fee 1.00 included)" in window.statusBar().currentMessage()
    text = " ".join(" ".join(page_texts(preview.jobs[0].path.read_bytes())).split())
    assert "Card convenience fee" in text


def test_a_transfer_quotes_the_card_fee_on_the_card(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    # GIVEN the card fee, and the first dog licensed this year
    save_town_profile(ui_context.database, card_fee_profile(), actor=CLERK, clock=ui_context.clock)
    licensed_this_year(ui_context, counter_case)
    other = another_owner(ui_context, counter_case)
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    # WHEN the clerk transfers it and types the 1.25 transfer fee on the card row
    qtbot.keyClick(focused(), Qt.Key.Key_T)
    picker = active_dialog(qtbot, OwnerPicker)
    assert isinstance(picker, OwnerPicker)
    qtbot.keyClicks(focused(), other.full_name)
    qtbot.waitUntil(lambda: not picker.results.busy() and picker.results.model.rowCount() > 0)
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    assert payment.due.text() == "1.25"
    qtbot.keyClick(focused(), Qt.Key.Key_A, ALT)
    # THEN the fee line shows and the amount due includes it, as at a checkout
    assert "Card convenience fee" in payment.fees.text()
    assert payment.due.text() == "2.25"


def test_a_fee_per_sale_is_one_cart_line_for_all_the_dogs_and_charged_once(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    # GIVEN the town charges a $1.00 processing fee once per sale
    database = ui_context.database
    per_sale = '\n[schedules.transaction_fees.processing]\namount = 1.00\ncitation = "§11A"\n'
    save_town_profile(database, card_fee_profile() + per_sale, actor=CLERK, clock=ui_context.clock)
    open_owner_by_keyboard(qtbot, window, counter, counter_case)

    # WHEN both dogs go in the cart (R)
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    table = counter.cart.table
    rows = [table.item(r, 0).text() for r in range(table.rowCount())]
    dogs = sum(line.amount for e in counter.cart.cart.entries for line in e.lines)

    # THEN one row says "This sale" and the total counts it once
    assert rows.count("This sale") == 1
    assert counter.cart.cart.total == dogs + Decimal("1.00")
    assert counter.cart.pay.text().startswith(f"Pay {dogs + Decimal('1.00'):,.2f}")

    # AND the payment screen asks for it once (checkout charges it once: tests/services)
    qtbot.keyClick(focused(), Qt.Key.Key_F12)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    assert payment.due.text() == f"{dogs + Decimal('1.00'):,.2f}"
    payment.reject()
