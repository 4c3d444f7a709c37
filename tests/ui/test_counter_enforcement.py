"""Enforcement at the counter, from the keyboard (issue 28, items 1, 2 and 4): the owner's
card shows unpaid fines, a held dog's charges, orders and a licensing bar; I puts the fines in
the cart, G a held dog's release with its license; F12 takes it all on one receipt.

The town is built for the case (``counter_town``), with the demo's people to sign in as."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from counter_fixtures import CounterCase, active_dialog, focused, open_owner_by_keyboard
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.demo.fill import add_demo_users
from clerkdesk.models import Impound, License, Receipt, ReceiptLine, TenderKind
from clerkdesk.rules.enforcement_kinds import ImpoundDisposition
from clerkdesk.services.remittance import remittance
from clerkdesk.ui.counter.tags_dialog import TagsDialog
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.payment_dialog import PaymentDialog
from clerkdesk.ui.printing.preview import PrintPreview
from enforcement_towns import (
    CLERK,
    EnforcementTown,
    bar,
    counter_town,
    impound,
    muzzle_order,
    town_time,
    violation,
)
from pdf_support import page_texts

ALT = Qt.KeyboardModifier.AltModifier
D = Decimal
MONDAY_0905 = FixedClock(town_time(dt.date(2026, 6, 1), 9, 5))


@pytest.fixture
def clock() -> FixedClock:
    """Monday, June 1, 2026 at 09:05 on the town's clock."""
    return MONDAY_0905


@pytest.fixture
def town(
    sqlite_database: Database, clock: FixedClock, request: pytest.FixtureRequest
) -> EnforcementTown:
    built = counter_town(sqlite_database, clock, request.param)
    add_demo_users(sqlite_database, clock)
    return built


@pytest.fixture
def demo_url(town: EnforcementTown, sqlite_url: str) -> str:
    """The window opens this town instead of the demo's."""
    return sqlite_url


def jane(town: EnforcementTown) -> CounterCase:
    return CounterCase(town.jane, "Jane", "Doe", ())


def pay_by_check(qtbot: QtBot, due: Decimal, number: str) -> None:
    qtbot.keyClick(focused(), Qt.Key.Key_F12)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    assert payment.due.text() == f"{due:,.2f}"
    qtbot.keyClick(focused(), Qt.Key.Key_K, ALT)
    qtbot.keyClicks(focused(), f"{due:.2f}")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    qtbot.keyClicks(focused(), number)
    qtbot.keyClick(focused(), Qt.Key.Key_Return)


@pytest.mark.parametrize("town", ["sample-town"], indirect=True)
def test_seed_000_a_fine_is_paid_by_check_from_the_keyboard(
    qtbot: QtBot, window: MainWindow, counter: CounterView, town: EnforcementTown
) -> None:
    # GIVEN Rex at large twice within a year: a warning, then a $50 fine
    first = dt.date(2026, 3, 10)
    violation(town, town.jane, (town.rex,), "domestic_animal", first)
    violation(
        town, town.jane, (town.rex,), "domestic_animal", dt.date(2026, 5, 20),
        earlier=(first,), number=2,
    )  # fmt: skip
    # WHEN the clerk opens Jane Doe: her card shows the fine, not the warning
    open_owner_by_keyboard(qtbot, window, counter, jane(town))
    box = counter.card.enforcement
    assert box.isVisible()
    said = box.plain_text()
    assert "Unpaid fines 50.00:" in said and "V2026-0002 of 05/20/2026 — Domestic animal" in said
    assert "V2026-0001" not in said
    assert box.buttons["fines"].isVisible() and not box.buttons["release"].isVisible()
    # AND presses I, then F12, and pays by check
    qtbot.keyClick(focused(), Qt.Key.Key_I)
    assert counter.cart.cart.fine_ids() and counter.cart.cart.total == D("50.00")
    assert "Fine V2026-0002" in counter.cart.table.item(0, 1).text()  # type: ignore[union-attr]
    pay_by_check(qtbot, D("50.00"), "501")
    # THEN the receipt prints (no tags to hand out), and the card has nothing left to say
    preview = active_dialog(qtbot, PrintPreview, timeout=15000)
    assert isinstance(preview, PrintPreview)
    assert "Fine V2026-0002" in " ".join(page_texts(preview.jobs[0].path.read_bytes()))
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not counter.card.enforcement.isVisible(), timeout=10000)
    assert counter.cart.cart.empty
    # AND the month's remittance shows it on the fines account
    month = remittance(
        town.database, dt.date(2026, 6, 1), dt.date(2026, 6, 30), actor=CLERK, clock=town.clock
    )
    assert {m.key: m.net for m in month.accounts if m.net} == {"Bylaw fines": D("50.00")}


@pytest.mark.parametrize("town", ["sample-city"], indirect=True)
def test_seed_004_a_dog_held_since_friday_goes_home_licensed_on_one_receipt(
    qtbot: QtBot, window: MainWindow, counter: CounterView, town: EnforcementTown
) -> None:
    # GIVEN Rex, never licensed, impounded Friday at 09:00; it is Monday 09:05
    held = impound(town, town.rex, town_time(dt.date(2026, 5, 29), 9, 0), owner_id=town.jane)
    open_owner_by_keyboard(qtbot, window, counter, jane(town))
    said = counter.card.enforcement.plain_text()
    assert "Held: Rex I2026-0001 since 05/29/2026 09:00 — charges 24.00 to now" in said
    assert "goes home licensed" in said
    # WHEN the clerk presses G: the release and Rex's license go in the cart together
    qtbot.keyClick(focused(), Qt.Key.Key_G)
    cart = counter.cart.cart
    assert cart.release_ids() == (held,)
    assert [e.standing.dog_name for e in cart.entries] == ["Rex"]
    license_total = sum((line.amount for line in cart.entries[0].lines), D(0))
    due = cart.total
    assert due == license_total + D("24.00")
    pay_by_check(qtbot, due, "88")
    tags = active_dialog(qtbot, TagsDialog)
    assert isinstance(tags, TagsDialog)
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    active_dialog(qtbot, PrintPreview, timeout=15000)
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    # THEN one receipt: the license and $24 of impound charges; Rex is home
    with town.database.read() as session:
        receipt = session.scalars(select(Receipt).order_by(Receipt.id.desc())).first()
        assert receipt is not None and receipt.total == due
        lines = session.scalars(
            select(ReceiptLine).where(ReceiptLine.receipt_id == receipt.id)
        ).all()
        assert sum((r.amount for r in lines if r.description.startswith("I2026-0001")), D(0)) == D(
            "24.00"
        )
        assert session.scalars(select(License).where(License.receipt_id == receipt.id)).one()
        row = session.get(Impound, held)
        assert row is not None and row.disposition is ImpoundDisposition.RETURNED
        assert row.release_receipt_id == receipt.id
        assert {t.kind for t in receipt.tenders} == {TenderKind.CHECK}


@pytest.mark.parametrize("town", ["sample-town"], indirect=True)
def test_a_barred_owner_is_refused_a_license_with_the_reason_where_the_clerk_looks(
    qtbot: QtBot, window: MainWindow, counter: CounterView, town: EnforcementTown
) -> None:
    order = muzzle_order(town, town.rex, town.jane, dt.date(2026, 1, 2), "off her premises")
    bar(town, town.jane, order, dt.date(2026, 3, 4))
    reason = (
        "Jane Doe may not license a dog until 03/04/2031: an order of 01/02/2026 was "
        "violated on 03/04/2026 (MGL c.140 §157)."
    )
    open_owner_by_keyboard(qtbot, window, counter, jane(town))
    said = counter.card.enforcement.plain_text()
    assert f"BARRED: {reason}" in said
    assert "Order — Rex: Muzzled and leashed off the owner's premises: off her premises" in said
    assert reason in counter.card.why.text()
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    assert counter.cart.cart.empty
    assert reason in counter.card.notice.text()
    qtbot.keyClick(focused(), Qt.Key.Key_A)
    assert counter.cart.cart.empty
    assert f"cannot be licensed: {reason}" in counter.card.notice.text()
