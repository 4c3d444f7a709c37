"""Enforcement between the area and the counter, as a clerk works it by keys (issue 28,
items 5 and 6): a dog released at the counter has its impound release receipt beside the
receipt, reprinted later from the impound's details; the dog's details show its enforcement
in the owner card's words; "Take to the counter" in the Enforcement area opens the owner at
the Counter."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from counter_fixtures import CounterCase, active_dialog, focused, open_owner_by_keyboard
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.demo.fill import add_demo_users
from clerkdesk.ui.counter.dog_details import DogDetailsDialog
from clerkdesk.ui.counter.tags_dialog import TagsDialog
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.payment_dialog import PaymentDialog
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.views.enforcement import EnforcementView
from clerkdesk.ui.views.enforcement.details import RecordDialog
from enforcement_towns import (
    EnforcementTown,
    counter_town,
    impound,
    muzzle_order,
    town_time,
    violation,
)
from pdf_support import page_texts
from qt_support import sign_in_window

ALT = Qt.KeyboardModifier.AltModifier


@pytest.fixture
def clock() -> FixedClock:
    """Monday, June 1, 2026 at 09:05 on the town's clock."""
    return FixedClock(town_time(dt.date(2026, 6, 1), 9, 5))


@pytest.fixture
def town(sqlite_database: Database, clock: FixedClock) -> EnforcementTown:
    built = counter_town(sqlite_database, clock, "sample-city")
    add_demo_users(sqlite_database, clock)
    return built


@pytest.fixture
def demo_url(town: EnforcementTown, sqlite_url: str) -> str:
    return sqlite_url


def _as_clerk(qtbot: QtBot, window: MainWindow) -> None:
    window.sign_out()
    sign_in_window(qtbot, window, "clerk", "demo-clerk")
    qtbot.waitUntil(lambda: window.is_open and not window.busy(), timeout=10000)


def _jane(qtbot: QtBot, window: MainWindow, town: EnforcementTown) -> CounterView:
    counter = window.views["counter"]
    assert isinstance(counter, CounterView)
    open_owner_by_keyboard(qtbot, window, counter, CounterCase(town.jane, "Jane", "Doe", ()))
    return counter


def _rex(qtbot: QtBot, counter: CounterView, town: EnforcementTown) -> DogDetailsDialog:
    """Rex chosen on the card (arrow keys), then F: his details, with his enforcement read."""
    card = counter.card.card
    assert card is not None
    row = next(i for i, d in enumerate(card.dogs) if d.dog_id == town.rex)
    counter.card.table.setFocus()
    counter.card.table.setCurrentCell(row, 0)
    qtbot.keyClick(focused(), Qt.Key.Key_F)
    details = active_dialog(qtbot, DogDetailsDialog)
    assert isinstance(details, DogDetailsDialog)
    qtbot.waitUntil(lambda: not details.busy())
    return details


def _active(qtbot: QtBot, record: RecordDialog) -> None:
    """A record's step letters are the dialog's shortcuts, heard once it is the active window
    (on a busy machine it may not be yet when its facts arrive)."""
    qtbot.waitUntil(lambda: QApplication.activeWindow() is record)


def _press_until(qtbot: QtBot, record: RecordDialog, letter: Qt.Key, heard: object) -> None:
    """Press ``letter`` on the record until ``heard()``: on a loaded machine the first press
    on a just-opened record is now and then not heard (the cause is not yet found; a clerk
    presses again), and a second press once heard does nothing more."""

    def pressed() -> bool:
        if heard():  # type: ignore[operator]
            return True
        if record.isVisible():
            qtbot.keyClick(record, letter)
        return bool(heard())  # type: ignore[operator]

    qtbot.waitUntil(pressed)


def test_a_release_prints_its_receipt_beside_the_receipt(
    qtbot: QtBot, window: MainWindow, town: EnforcementTown
) -> None:
    # GIVEN Rex, never licensed, held since Friday 09:00 (seed 004: $6 per 24 hours)
    held = impound(town, town.rex, town_time(dt.date(2026, 5, 29), 9, 0), owner_id=town.jane)
    _as_clerk(qtbot, window)
    counter = _jane(qtbot, window, town)
    # WHEN the clerk opens Rex (F): the dog's details say it is held, with its charges
    details = _rex(qtbot, counter, town)
    said = details.enforcement_text()
    assert "Held: Rex I2026-0001 since 05/29/2026 09:00 — charges 24.00 to now" in said
    qtbot.keyClick(details, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)  # back on the card
    # AND G puts the release (and Rex's license) in the cart; F12 pays by check
    qtbot.keyClick(focused(), Qt.Key.Key_G)
    due = counter.cart.cart.total
    qtbot.keyClick(focused(), Qt.Key.Key_F12)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    qtbot.keyClick(focused(), Qt.Key.Key_K, ALT)
    qtbot.keyClicks(focused(), f"{due:.2f}")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    qtbot.keyClicks(focused(), "88")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    active_dialog(qtbot, TagsDialog)
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    # THEN the preview holds the receipt, the license and the impound release receipt
    preview = active_dialog(qtbot, PrintPreview, timeout=15000)
    assert isinstance(preview, PrintPreview)
    tabs = [preview.tabs.tabText(i) for i in range(preview.tabs.count())]
    assert tabs == ["Receipt", "License certificates", "Impound release I2026-0001"]
    release = "\n".join(page_texts(preview.jobs[2].path.read_bytes()))
    assert "I2026-0001" in release and "Rex" in release and "24.00" in release
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)

    # WHEN the clerk opens the impound in Enforcement (F10) and presses P
    qtbot.keyClick(window, Qt.Key.Key_F10)
    area = window.views["enforcement"]
    assert isinstance(area, EnforcementView)
    area.open_record("impounds", held)
    record = area.dialog
    assert isinstance(record, RecordDialog)
    qtbot.waitUntil(lambda: record.record is not None and not record.busy())
    assert record.buttons["release_paper"].isEnabled()
    _active(qtbot, record)
    _press_until(qtbot, record, Qt.Key.Key_P, lambda: record.form is not None)
    form = record.form
    assert form is not None
    qtbot.keyClick(form, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: record.papers.preview is not None, timeout=10000)
    # THEN the release receipt again, marked REPRINT
    copy = record.papers.preview
    assert copy is not None
    assert "REPRINT" in "\n".join(page_texts(copy.jobs[0].path.read_bytes()))
    qtbot.keyClick(copy, Qt.Key.Key_Escape)


def test_the_dog_details_show_its_fines_and_orders(
    qtbot: QtBot, window: MainWindow, town: EnforcementTown
) -> None:
    # GIVEN Rex at large twice (a warning, then a fine) and under a muzzle order; Bella clean
    violation(town, town.jane, (town.rex,), "violation", dt.date(2026, 5, 20),
              earlier=(dt.date(2026, 3, 1),))  # fmt: skip
    muzzle_order(town, town.rex, town.jane, dt.date(2026, 4, 2), "off her premises")
    _as_clerk(qtbot, window)
    counter = _jane(qtbot, window, town)
    details = _rex(qtbot, counter, town)
    said = details.enforcement_text()
    # THEN in the owner card's words: the fine with its pay-by, and the order
    card = counter.card.enforcement.plain_text()
    assert "V2026-0001 of 05/20/2026" in said
    assert "Order — Rex: Muzzled and leashed off the owner's premises: off her premises" in said
    assert all(line in card for line in said.splitlines())
    qtbot.keyClick(details, Qt.Key.Key_Escape)


def test_take_to_the_counter_opens_the_owner_there(
    qtbot: QtBot, window: MainWindow, town: EnforcementTown
) -> None:
    # GIVEN Jane's unpaid fine, found in Enforcement by the clerk
    violation(town, town.jane, (town.rex,), "violation", dt.date(2026, 5, 20),
              earlier=(dt.date(2026, 3, 1),))  # fmt: skip
    _as_clerk(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_F10)
    assert window.current_area == "enforcement"
    area = window.views["enforcement"]
    assert isinstance(area, EnforcementView)
    qtbot.waitUntil(lambda: not area.busy())
    qtbot.keyClick(area.tabs, Qt.Key.Key_V, ALT)
    qtbot.waitUntil(lambda: bool(area.violations.model.rows) and not area.busy())
    area.violations.table.setFocus()
    qtbot.keyClick(area.violations.table, Qt.Key.Key_Return)
    record = area.dialog
    assert isinstance(record, RecordDialog)
    qtbot.waitUntil(lambda: record.record is not None)
    # WHEN C: Take to the counter
    _active(qtbot, record)
    _press_until(qtbot, record, Qt.Key.Key_C, lambda: not record.isVisible())
    # THEN the Counter shows Jane's card, with the fine to take
    counter = window.views["counter"]
    assert isinstance(counter, CounterView)
    qtbot.waitUntil(lambda: window.current_area == "counter")
    qtbot.waitUntil(
        lambda: counter.card.card is not None and counter.card.card.owner_id == town.jane
    )
    assert not record.isVisible()
    assert "V2026-0001" in counter.card.enforcement.plain_text()
    card = counter.card.card
    assert card is not None and card.enforcement.unpaid_total > Decimal("0.00")
