"""Next year's licenses on early sale at the counter: the clerk switches the card to next
year with Y and renews for it, keys only; the status bar says next year is on sale."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal

import pytest
from counter_fixtures import (
    YEAR_2026,
    CaseDog,
    CounterCase,
    active_dialog,
    focused,
    open_owner_by_keyboard,
)
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from actors import staff
from clerkdesk.cli.main import main as cli_main
from clerkdesk.clock import FixedClock
from clerkdesk.models import License, Receipt, TagIssue, TenderKind
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem, checkout
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.tags import receive_stock
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.tags_dialog import TagsDialog
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.payment_dialog import PaymentDialog
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.status import license_year_text

YEAR_2027 = dt.date(2027, 4, 1)
EARLY = dt.date(2027, 2, 15)  # Westborough sells next year's licenses 60 days ahead


def quoted(dog: CaseDog, capsys: pytest.CaptureFixture[str]) -> Decimal:
    args = ["quote", "dog", "--town", "westborough", "--on", EARLY.isoformat()]
    args += ["--license-year", "2027", "--sex", dog.sex, "--renewal", "--json"]
    args += ["--altered" if dog.altered else "--intact"]
    if dog.born is not None:
        args += ["--born", dog.born.isoformat()]
    capsys.readouterr()
    assert cli_main(args) == 0
    return Decimal(json.loads(capsys.readouterr().out)["total"])


@pytest.fixture
def february(ui_context: UiContext, counter_case: CounterCase, clock: FixedClock) -> FixedClock:
    """The case's dogs licensed for 2026–27 in June; tags for 2027–28 received; the clock
    moved to February 15, 2027, inside next year's early sale."""
    database = ui_context.database
    items = tuple(LicenseItem(d.dog_id) for d in counter_case.dogs)
    cash = (TenderInput(TenderKind.CASH, None),)
    checkout(
        database, CheckoutRequest(counter_case.owner_id, items, cash), actor=staff("t"), clock=clock
    )
    receive_stock(database, YEAR_2027, 1, 300, actor=staff("t"), clock=clock)
    clock.moment = clock.moment.replace(year=EARLY.year, month=EARLY.month, day=EARLY.day)
    assert ui_context.clock.today() == EARLY
    return clock


def test_next_years_licenses_are_sold_early_from_the_keyboard(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
    february: FixedClock,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # GIVEN two dogs licensed for 2026–27, in February while 2027–28 is on sale early
    assert license_year_text(ui_context).endswith("· 2027–28 on sale")
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    card = counter.card
    assert card.year.isVisibleTo(counter) and card.year.currentText() == "2026–27 (this year)"
    assert all(d.held is not None for d in card.card.dogs)  # type: ignore[union-attr]
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    assert counter.cart.cart.entries == []
    assert "No dog of this owner is due for 2026–27" in card.notice.text()

    # WHEN the clerk switches to next year (Y), renews all due (R) and pays cash (F12)
    qtbot.keyClick(focused(), Qt.Key.Key_Y)
    qtbot.waitUntil(lambda: card.card is not None and card.card.license_year.starts_in == 2027)
    assert card.year.currentText() == "2027–28 (early sale)"
    # the early sale is a note beside the dog, not a reason it is refused
    assert "early sale of a license for 2027–28" in card.notes.text()
    assert card.why.text() == ""
    assert focused() is card.table
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    expected = sum((quoted(d, capsys) for d in counter_case.dogs), Decimal("0.00"))
    assert counter.cart.cart.total == expected
    fees = [counter.cart.table.item(r, 1).text() for r in range(counter.cart.table.rowCount())]
    assert fees == ["License 2027–28"] * 2  # a renewal on time: no late fee
    qtbot.keyClick(focused(), Qt.Key.Key_F12)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    qtbot.keyClicks(focused(), f"{expected + 5:.2f}")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    tags = active_dialog(qtbot, TagsDialog)
    assert isinstance(tags, TagsDialog)
    assert sorted(n for n in tags.tags().values() if n) == [1, 2]  # 2027–28's own stock
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    preview = active_dialog(qtbot, PrintPreview, timeout=15000)
    qtbot.keyClick(preview, Qt.Key.Key_Escape)

    # THEN each dog holds a 2027–28 license and tag besides its 2026–27 one
    with ui_context.database.read() as session:
        receipt = session.scalars(select(Receipt).order_by(Receipt.id.desc())).first()
        assert receipt is not None and receipt.total == expected
        sold = session.scalars(select(License).where(License.receipt_id == receipt.id)).all()
        assert {(lic.dog_id, lic.license_year_start) for lic in sold} == {
            (d.dog_id, YEAR_2027) for d in counter_case.dogs
        }
        years = session.scalars(
            select(TagIssue.license_year_start).where(
                TagIssue.license_id.in_(
                    select(License.id).where(
                        License.dog_id.in_([d.dog_id for d in counter_case.dogs])
                    )
                )
            )
        ).all()
        assert sorted(years).count(YEAR_2026) == 2 and sorted(years).count(YEAR_2027) == 2
    qtbot.waitUntil(lambda: all(d.held for d in card.card.dogs))  # type: ignore[union-attr]
    assert card.card is not None and card.card.license_year.starts_in == 2027
    assert "change due 5.00" in counter.card.notice.text()


def test_y_says_when_next_years_licenses_are_not_on_sale(
    qtbot: QtBot, window: MainWindow, counter: CounterView, counter_case: CounterCase
) -> None:
    # June 1, 2026: only 2026–27 is on sale, so there is no chooser, only the year's caption.
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    card = counter.card
    assert not card.year.isVisibleTo(counter)
    assert card.year_caption.text() == "Licenses for 2026–27"
    qtbot.keyClick(focused(), Qt.Key.Key_Y)
    assert "Only license year 2026–27 is on sale today" in card.notice.text()
    assert card.card is not None and card.card.license_year.starts_in == 2026
