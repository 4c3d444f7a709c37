"""The Money area, keyboard only: F6 lists the receipts a page at a time, the filters narrow
them, Enter opens one, Ctrl+P reprints it and Ctrl+D voids it after a reason and a
confirmation naming the amount; a role that may not void never sees the action."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest
from counter_fixtures import active_dialog, focused
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import DocumentReprint, ReceiptVoid
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.roles import Role
from clerkdesk.services.receipt_list import PAGE_SIZE
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.question import QuestionDialog
from clerkdesk.ui.views.money import MoneyView
from clerkdesk.ui.views.money.receipt_dialog import ReceiptDialog
from clerkdesk.ui.views.money.receipts_table import chosen_caption, describe_row
from clerkdesk.ui.views.money.void_dialog import VoidDialog
from prepared_databases import demo_copy
from ui.money.closeout_support import styled

__all__ = ["styled"]

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def demo_url(sqlite_database: Database, sqlite_url: str, clock: FixedClock) -> str:
    """A smaller demo town than the other screens', with a year of history: receipts."""
    demo_copy(
        sqlite_database, dogs=150, seed=7, town_id="westborough", clock=clock, history_years=1
    )
    return sqlite_url


@pytest.fixture
def money_view(qtbot: QtBot, window: MainWindow) -> MoneyView:
    window.activateWindow()
    qtbot.keyClick(focused(), Qt.Key.Key_F6)
    view = window.views["money"]
    assert isinstance(view, MoneyView) and window.current_area == "money"
    qtbot.waitUntil(lambda: not view.busy() and view.page is not None, timeout=10000)
    return view


def _settled(qtbot: QtBot, view: MoneyView) -> None:
    qtbot.waitUntil(lambda: not view.busy(), timeout=10000)


def test_receipts_are_listed_newest_first_a_page_at_a_time(
    qtbot: QtBot, money_view: MoneyView
) -> None:
    ModelTester(None).check(money_view.model)
    page = money_view.page
    assert page is not None and page.total_count > PAGE_SIZE
    days = [r.business_day for r in page.rows]
    assert len(days) == PAGE_SIZE and days == sorted(days, reverse=True)
    assert money_view.count.text() == f"{page.total_count:,} receipts"
    assert money_view.where.text() == "1–50"
    assert focused() is money_view.table
    assert money_view.open_button.text() == "Open  Enter"
    assert money_view.reprint_button.text() == "Reprint  Ctrl+P"
    assert money_view.void_button.text() == "Void…  Ctrl+D" and money_view.void_button.isVisible()
    # WHEN the clerk pages on and back
    # (a button's shortcut clicks it a moment later, as a click is shown)
    qtbot.keyClick(focused(), Qt.Key.Key_PageDown, CTRL)
    qtbot.waitUntil(lambda: money_view.where.text() == "51–100", timeout=10000)
    assert money_view.page is not None and money_view.page.rows[0].business_day <= days[-1]
    qtbot.keyClick(focused(), Qt.Key.Key_PageUp, CTRL)
    qtbot.waitUntil(lambda: money_view.where.text() == "1–50", timeout=10000)


def test_filters_narrow_the_list(qtbot: QtBot, money_view: MoneyView) -> None:
    page = money_view.page
    assert page is not None
    newest = page.rows[0].business_day
    # WHEN the clerk types the newest day into From and presses Enter
    money_view.day_from.setFocus()
    qtbot.keyClicks(focused(), us_date(newest))
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    _settled(qtbot, money_view)
    narrowed = money_view.page
    assert narrowed is not None and narrowed.total_count < page.total_count
    assert {r.business_day for r in narrowed.rows} == {newest}
    # WHEN the tender is cash only (keyboard: Tab to it, then choose)
    money_view.day_from.clear()
    money_view.tender.setFocus()
    money_view.tender.setCurrentIndex(money_view.tender.findText("Cash"))
    _settled(qtbot, money_view)
    cash = money_view.page
    assert cash is not None and cash.rows
    assert all("cash" in r.tenders for r in cash.rows)
    # WHEN a date cannot be read THEN the message says so and the list stays
    money_view.day_to.setFocus()
    qtbot.keyClicks(focused(), "13/45/2026")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    assert "is not a" in money_view.message.text() and money_view.message.isVisible()


def test_enter_opens_a_receipt_with_its_rules_and_tenders(
    qtbot: QtBot, money_view: MoneyView
) -> None:
    row = money_view.current()
    assert row is not None
    qtbot.keyClick(money_view.table, Qt.Key.Key_Return)
    dialog = active_dialog(qtbot, ReceiptDialog)
    assert isinstance(dialog, ReceiptDialog)
    assert dialog.windowTitle() == f"Receipt {row.label}"
    assert dialog.lines.rowCount() >= 1
    rule = dialog.lines.item(0, 3).text()
    assert rule, "each line names its rule"
    assert dialog.tenders.text().startswith("Paid by ")
    assert dialog.void_label.text() == "Not voided."
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def test_a_receipt_is_voided_from_the_keyboard(
    qtbot: QtBot, money_view: MoneyView, ui_context: UiContext
) -> None:
    row = money_view.current()
    assert row is not None and not row.voided
    # WHEN Ctrl+D opens Void… and Enter is pressed with no reason
    qtbot.keyClick(money_view.table, Qt.Key.Key_D, CTRL)
    dialog = active_dialog(qtbot, VoidDialog)
    assert isinstance(dialog, VoidDialog)
    assert focused() is dialog.reason
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    assert dialog.isVisible() and not active_questions()
    assert dialog.messages["reason"].text() == "Say why the receipt is voided."
    # WHEN a reason is typed and Enter pressed THEN the amount is confirmed first
    qtbot.keyClicks(focused(), "wrong dog")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    question = active_dialog(qtbot, QuestionDialog)
    assert isinstance(question, QuestionDialog)
    total = f"{row.total:,.2f}"
    assert question.buttons["void"].text() == f"Void {total}  V"
    qtbot.keyClick(focused(), Qt.Key.Key_V)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=10000)
    _settled(qtbot, money_view)
    # THEN the void is on record, said, and the row reads VOID with its action disabled
    with ui_context.database.read() as session:
        void = session.scalars(
            select(ReceiptVoid).where(ReceiptVoid.receipt_id == row.receipt_id)
        ).one()
    assert (void.reason, void.voided_by) == ("wrong dog", ui_context.actor.name)
    assert money_view.message.text().startswith(f"Receipt {row.label} voided: {total} reversed.")
    again = money_view.current()
    assert again is not None and again.receipt_id == row.receipt_id and again.voided
    assert money_view.model.index(0, 6).data() == "VOID"
    assert not money_view.void_button.isEnabled()
    # AND its detail shows the void
    qtbot.keyClick(money_view.table, Qt.Key.Key_Return)
    detail = active_dialog(qtbot, ReceiptDialog)
    assert isinstance(detail, ReceiptDialog)
    assert detail.void_label.text().startswith(
        f"Voided {us_date(void.voided_at.date())} by {void.voided_by}"
    )
    assert not detail.void_button.isVisible()
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)


def active_questions() -> list[QuestionDialog]:
    from PySide6.QtWidgets import QApplication

    return [
        w for w in QApplication.topLevelWidgets() if isinstance(w, QuestionDialog) and w.isVisible()
    ]


def test_ctrl_p_reprints_through_the_recorded_path(
    qtbot: QtBot, money_view: MoneyView, ui_context: UiContext
) -> None:
    row = money_view.current()
    assert row is not None
    qtbot.keyClick(money_view.table, Qt.Key.Key_P, CTRL)
    preview = active_dialog(qtbot, PrintPreview, timeout=15000)
    assert isinstance(preview, PrintPreview)
    with ui_context.database.read() as session:
        receipts = session.scalars(select(DocumentReprint.receipt_id)).all()
    assert receipts == [row.receipt_id]
    assert "reprinted (reprint no. 1)" in money_view.message.text()
    preview.reject()


def test_a_role_that_may_not_void_never_sees_the_action(
    qtbot: QtBot, ui_context: UiContext
) -> None:
    assistant = dataclasses.replace(ui_context, actor=staff("amy", Role.ASSISTANT_CLERK))

    class NoReprints:
        busy = False

        def start(self, *_args: object) -> None:
            raise AssertionError("not asked")

    view = MoneyView(assistant, lambda _view, _said: NoReprints())
    qtbot.addWidget(view)
    view.resize(1100, 700)
    view.show()
    qtbot.waitUntil(lambda: not view.busy() and view.page is not None, timeout=10000)
    assert not view.void_button.isVisible()
    view.table.setFocus()
    qtbot.keyClick(view.table, Qt.Key.Key_D, CTRL)
    assert not [w for w in (view.dialog,) if isinstance(w, VoidDialog) and w.isVisible()]
    qtbot.keyClick(view.table, Qt.Key.Key_Return)
    detail = active_dialog(qtbot, ReceiptDialog)
    assert isinstance(detail, ReceiptDialog) and not detail.void_button.isVisible()
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)


def _lock_month_of(money_view: MoneyView, ui_context: UiContext) -> None:
    from clerkdesk.services.periods import lock_period

    row = money_view.current()
    assert row is not None
    month = row.business_day.strftime("%Y-%m")
    today = ui_context.clock.today()
    assert row.business_day.replace(day=28) + dt.timedelta(days=4) <= today, "month not over"
    lock_period(ui_context.database, month, "TR-1", actor=ui_context.actor, clock=ui_context.clock)


def test_a_void_in_a_locked_month_is_refused_before_the_reason(
    qtbot: QtBot, money_view: MoneyView, ui_context: UiContext
) -> None:
    # GIVEN the chosen receipt's month remitted and locked
    _lock_month_of(money_view, ui_context)

    # WHEN the clerk asks to void it
    qtbot.keyClick(money_view.table, Qt.Key.Key_D, CTRL)

    # THEN the refusal comes at once, with no reason asked and nothing to confirm
    qtbot.waitUntil(lambda: "is locked" in money_view.message.text(), timeout=10000)
    _settled(qtbot, money_view)
    assert not [w for w in (money_view.dialog,) if isinstance(w, VoidDialog) and w.isVisible()]


def test_a_month_locked_while_the_reason_is_typed_is_said_in_the_dialog(
    qtbot: QtBot, money_view: MoneyView, ui_context: UiContext
) -> None:
    # GIVEN the void form open on a receipt of a month not locked yet
    qtbot.keyClick(money_view.table, Qt.Key.Key_D, CTRL)
    dialog = active_dialog(qtbot, VoidDialog)
    assert isinstance(dialog, VoidDialog)
    edit = focused()
    assert isinstance(edit, QLineEdit)
    qtbot.keyClicks(edit, "late")
    # WHEN the treasurer locks that month at another workstation, then the clerk confirms
    _lock_month_of(money_view, ui_context)
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    active_dialog(qtbot, QuestionDialog)
    qtbot.keyClick(focused(), Qt.Key.Key_V)
    # THEN the refusal is said in the form, which stays open
    qtbot.waitUntil(lambda: "is locked" in dialog.form_message.text(), timeout=10000)
    assert dialog.isVisible()
    dialog.discard()


def test_f6_gives_the_receipts_the_keyboard_from_anywhere(qtbot: QtBot, window: MainWindow) -> None:
    window.activateWindow()
    money = window.views["money"]
    assert isinstance(money, MoneyView)
    # GIVEN the cursor in another area's list (the counter's card, the owners' table)
    qtbot.keyClick(focused(), Qt.Key.Key_F3)
    owners = window.views["owners"]
    owners.table.setFocus()
    assert focused() is owners.table
    # WHEN the clerk presses F6
    qtbot.keyClick(focused(), Qt.Key.Key_F6)
    qtbot.waitUntil(lambda: not money.busy() and money.page is not None, timeout=10000)
    # THEN the receipts have the keyboard: Down goes to the next receipt at once
    qtbot.waitUntil(lambda: focused() is money.table)
    assert money.table.currentIndex().row() == 0
    qtbot.keyClick(focused(), Qt.Key.Key_Down)
    assert money.table.currentIndex().row() == 1
    # and again on coming back, after the cursor was left in a filter box
    money.day_from.setFocus()
    qtbot.keyClick(focused(), Qt.Key.Key_F3)
    assert window.current_area == "owners"
    qtbot.keyClick(focused(), Qt.Key.Key_F6)
    qtbot.waitUntil(lambda: not money.busy(), timeout=10000)
    qtbot.waitUntil(lambda: focused() is money.table)
    qtbot.keyClick(focused(), Qt.Key.Key_Down)
    assert money.table.currentIndex().row() == 1


def test_a_receipt_shows_every_fee_line_whole(qtbot: QtBot, money_view: MoneyView) -> None:
    # GIVEN the receipt with the most fee lines on the page, opened at 1280×800
    page = money_view.page
    assert page is not None
    money_view.window().resize(1280, 800)
    most = max(range(len(page.rows)), key=lambda n: page.rows[n].total)
    money_view.table.selectRow(most)
    qtbot.keyClick(money_view.table, Qt.Key.Key_Return)
    dialog = active_dialog(qtbot, ReceiptDialog)
    assert isinstance(dialog, ReceiptDialog)
    lines = dialog.lines
    assert lines.rowCount() >= 2
    # THEN each line is as tall as its wrapped words at the columns' widths, and all of
    # them show without scrolling, in a dialog no taller than the screen
    for row in range(lines.rowCount()):
        assert lines.rowHeight(row) == lines.sizeHintForRow(row)
    last = lines.visualRect(lines.model().index(lines.rowCount() - 1, 0))
    assert last.bottom() < lines.viewport().height()
    assert dialog.frameGeometry().height() <= 800
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)


def test_the_chosen_receipt_is_said_whole_beside_the_buttons(
    styled: None, qtbot: QtBot, money_view: MoneyView
) -> None:
    money_view.window().resize(1280, 800)
    page = money_view.page
    assert page is not None
    for number in range(10):
        money_view.table.selectRow(number)
        row = page.rows[number]
        qtbot.waitUntil(lambda row=row: money_view.chosen.text() == chosen_caption(row))
        assert not money_view.chosen.is_elided(), money_view.chosen.text()
        assert money_view.chosen.accessibleDescription() == describe_row(row)
