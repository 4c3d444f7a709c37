"""The counter as a clerk drives it: search, open, renew all due, pay by check, tags, receipt —
with the keyboard only."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from counter_fixtures import (
    FIRST_TAG_2026,
    YEAR_2026,
    CaseDog,
    CounterCase,
    active_dialog,
    counts,
    focused,
    open_owner_by_keyboard,
)
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from clerkdesk.cli.main import main as cli_main
from clerkdesk.models import License, Receipt, ReceiptLine, TagIssue, Tender, TenderKind
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.tags_dialog import TagsDialog
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.payment_dialog import PaymentDialog
from clerkdesk.ui.printing.preview import PrintPreview
from pdf_support import page_texts
from qt_support import RecordedDialogs

ALT = Qt.KeyboardModifier.AltModifier
CTRL = Qt.KeyboardModifier.ControlModifier


def cli_total(dog: CaseDog, capsys: pytest.CaptureFixture[str]) -> Decimal:
    args = ["quote", "dog", "--town", "westborough", "--on", "2026-06-01", "--sex", dog.sex]
    args += ["--altered" if dog.altered else "--intact", "--renewal", "--json"]
    if dog.born is not None:
        args += ["--born", dog.born.isoformat()]
    capsys.readouterr()
    assert cli_main(args) == 0
    return Decimal(json.loads(capsys.readouterr().out)["total"])


def test_renewing_two_dogs_with_one_check_gives_one_receipt_two_tags_and_one_tender(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # GIVEN an owner whose two dogs were licensed last year, on June 1 (late fees begin)
    database = ui_context.database
    before = counts(database)
    expected = sum((cli_total(d, capsys) for d in counter_case.dogs), Decimal("0.00"))

    # WHEN the clerk finds the owner, renews all due and pays with one check — keys only
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    assert [e.standing.dog_name for e in counter.cart.cart.entries] == [
        d.name
        for d in counter.card.card.dogs  # type: ignore[union-attr]
    ]
    assert counter.cart.cart.total == expected
    assert counter.cart.total.text() == f"{expected:,.2f}"
    qtbot.keyClick(focused(), Qt.Key.Key_F12)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    assert payment.due.text() == f"{expected:,.2f}"
    qtbot.keyClick(focused(), Qt.Key.Key_K, ALT)
    assert focused() is payment.row(TenderKind.CHECK).amount
    qtbot.keyClicks(focused(), f"{expected:.2f}")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    assert focused() is payment.row(TenderKind.CHECK).reference
    qtbot.keyClicks(focused(), "4521")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    tags = active_dialog(qtbot, TagsDialog)
    assert isinstance(tags, TagsDialog)
    assert sorted(n for n in tags.tags().values() if n) == [FIRST_TAG_2026, FIRST_TAG_2026 + 1]
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    preview = active_dialog(qtbot, PrintPreview, timeout=15000)
    assert isinstance(preview, PrintPreview)
    qtbot.keyClick(focused(), Qt.Key.Key_P, CTRL)
    dialogs = ui_context.dialogs
    assert isinstance(dialogs, RecordedDialogs)
    assert dialogs.printed == [preview.jobs[0].path]
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    assert not preview.isVisible()

    # THEN one receipt with both license lines and their late fees, two tags, one check
    after = counts(database)
    assert after.receipts == before.receipts + 1
    assert after.licenses == before.licenses + 2
    assert after.tags == before.tags + 2
    assert after.tenders == before.tenders + 1
    with database.read() as session:
        receipt = session.scalars(select(Receipt).order_by(Receipt.id.desc())).first()
        assert receipt is not None and receipt.total == expected
        lines = session.scalars(
            select(ReceiptLine).where(ReceiptLine.receipt_id == receipt.id)
        ).all()
        for dog in counter_case.dogs:  # its license line and its late fee ($3 + $1 a week)
            codes = [line.code for line in lines if line.dog_id == dog.dog_id]
            assert codes.count("dog_license") == 1
            assert "late_fee" in codes
        tender = session.scalars(select(Tender).where(Tender.receipt_id == receipt.id)).one()
        assert (tender.kind, tender.amount, tender.reference) == (
            TenderKind.CHECK,
            expected,
            "4521",
        )
        issued = session.scalars(
            select(TagIssue).where(
                TagIssue.receipt_id == receipt.id, TagIssue.license_year_start == YEAR_2026
            )
        ).all()
        assert sorted(t.tag_number for t in issued) == [FIRST_TAG_2026, FIRST_TAG_2026 + 1]
        licensed = session.scalars(select(License).where(License.receipt_id == receipt.id)).all()
        assert {lic.dog_id for lic in licensed} == {d.dog_id for d in counter_case.dogs}
        label = receipt.label
    text = "\n".join(page_texts(preview.jobs[0].path.read_bytes()))
    assert label in text
    for dog in counter_case.dogs:
        assert dog.name in text
    assert len(preview.jobs) == 2
    certificates = "\n".join(page_texts(preview.jobs[1].path.read_bytes()))
    for dog in counter_case.dogs:
        assert dog.name in certificates
    # and the card now says both are licensed
    qtbot.waitUntil(lambda: all(d.held for d in counter.card.card.dogs))  # type: ignore[union-attr]
    assert counter.cart.cart.entries == []


def test_a_late_fee_waived_with_a_reason_is_recorded_on_the_receipt(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    full = counter.cart.cart.total
    counter.cart.table.setFocus()
    row = next(i for i, (_d, code) in enumerate(counter.cart._rows) if code == "late_fee")
    counter.cart.table.setCurrentCell(row, 0)
    qtbot.keyClick(focused(), Qt.Key.Key_W)
    assert focused() is counter.cart.reason
    qtbot.keyClicks(focused(), "Notice went to the old address")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    assert counter.cart.cart.total < full
    waived = full - counter.cart.cart.total
    qtbot.keyClick(focused(), Qt.Key.Key_F12)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    qtbot.keyClicks(focused(), f"{payment.total:.2f}")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    active_dialog(qtbot, TagsDialog)
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    active_dialog(qtbot, PrintPreview, timeout=15000)
    with ui_context.database.read() as session:
        receipt = session.scalars(select(Receipt).order_by(Receipt.id.desc())).first()
        assert receipt is not None and receipt.total == full - waived
        reasons = [
            line.waiver_reason
            for line in session.scalars(
                select(ReceiptLine).where(ReceiptLine.receipt_id == receipt.id)
            )
            if line.waiver_reason
        ]
    # Westborough's late fee is two lines ($3, and $1 a week): the waiver covers both
    assert reasons and set(reasons) == {"Notice went to the old address"}
