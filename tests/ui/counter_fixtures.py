"""A counter morning in the Westborough demo town: tag stock for last year and this one, and
an owner whose two dogs were licensed last year (2025–26), so today they renew — late,
since June 1 is the first day of Westborough's late fee."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from zoneinfo import ZoneInfo

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot
from sqlalchemy import func, select

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import (
    Dog,
    DogDesignation,
    DogStatus,
    License,
    Owner,
    OwnerStatus,
    RabiesCertificate,
    Receipt,
    TagIssue,
    Tender,
    TenderKind,
)
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem, checkout
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.tags import ReceiveTags, receive_stock, receive_tags
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow

EASTERN = ZoneInfo("America/New_York")
YEAR_2025 = dt.date(2025, 4, 1)
YEAR_2026 = dt.date(2026, 4, 1)
FIRST_TAG_2026 = 1001


@dataclass(frozen=True)
class CaseDog:
    dog_id: int
    name: str
    sex: str
    altered: bool
    born: dt.date | None


@dataclass(frozen=True)
class CounterCase:
    owner_id: int
    first_name: str
    last_name: str
    dogs: tuple[CaseDog, ...]

    @property
    def search_text(self) -> str:
        return f"{self.first_name} {self.last_name}"


def _two_dog_owner(
    database: Database, today: dt.date, *, besides: tuple[int, ...] = ()
) -> CounterCase:
    """An active owner under 70, unique by name, with exactly two active dogs, both with a
    current rabies certificate and no designation (not one of the owners ``besides``)."""
    with database.read() as session:
        counts = dict(
            session.execute(
                select(Owner.first_name + " " + Owner.last_name, func.count()).group_by(
                    Owner.first_name, Owner.last_name
                )
            ).all()
        )
        for owner in session.scalars(select(Owner).order_by(Owner.id)):
            if owner.status is not OwnerStatus.ACTIVE or counts[owner.display_name] != 1:
                continue
            if owner.id in besides:
                continue
            if owner.birth_date is not None and (today.year - owner.birth_date.year) >= 69:
                continue
            owned = list(session.scalars(select(Dog).where(Dog.owner_id == owner.id)))
            dogs = [d for d in owned if d.status is DogStatus.ACTIVE]
            if len(owned) != 2 or len(dogs) != 2:
                continue
            if len({d.name for d in dogs}) != 2:
                continue
            good = True
            for dog in dogs:
                latest = session.scalar(
                    select(func.max(RabiesCertificate.expires_on)).where(
                        RabiesCertificate.dog_id == dog.id
                    )
                )
                designated = session.scalar(
                    select(func.count())
                    .select_from(DogDesignation)
                    .where(DogDesignation.dog_id == dog.id)
                )
                born_ok = dog.birth_date is None or dog.birth_date < dt.date(2024, 6, 1)
                if latest is None or latest < dt.date(2027, 4, 1) or designated or not born_ok:
                    good = False
            if good:
                return CounterCase(
                    owner.id,
                    owner.first_name,
                    owner.last_name,
                    tuple(
                        CaseDog(d.id, d.name, d.sex.value, d.altered, d.birth_date)
                        for d in sorted(dogs, key=lambda d: d.name)
                    ),
                )
    raise AssertionError("the demo town has no owner with two licensable dogs")


def prepare_counter(database: Database, *, prefix: str | None = None) -> CounterCase:
    """Tag stock for 2025–26 and 2026–27 (this year's received with ``prefix``, "W-" reads
    "W-1001"); the case's dogs licensed for 2025–26."""
    last_year = FixedClock(dt.datetime(2025, 4, 15, 9, 0, tzinfo=EASTERN))
    receive_stock(database, YEAR_2025, 1, 500, actor=staff("test"), clock=last_year)
    this_year = ReceiveTags(YEAR_2026.year, FIRST_TAG_2026, 1500, prefix=prefix)
    receive_tags(database, this_year, actor=staff("test"), clock=last_year)
    case = _two_dog_owner(database, dt.date(2026, 6, 1))
    checkout(
        database,
        CheckoutRequest(
            case.owner_id,
            tuple(LicenseItem(d.dog_id) for d in case.dogs),
            (TenderInput(TenderKind.CASH, None),),
        ),
        actor=staff("test"),
        clock=last_year,
    )
    return case


def licensed_this_year(ui_context: UiContext, case: CounterCase) -> None:
    """The case's dogs licensed for 2026–27 on June 1 (tags 1001 and 1002)."""
    clock = FixedClock(dt.datetime(2026, 6, 1, 9, 0, tzinfo=EASTERN))
    request = CheckoutRequest(
        case.owner_id,
        tuple(LicenseItem(d.dog_id) for d in case.dogs),
        (TenderInput(TenderKind.CASH, None),),
    )
    checkout(ui_context.database, request, actor=staff("test"), clock=clock)


@dataclass(frozen=True)
class OtherOwner:
    id: int
    display_name: str
    full_name: str
    street: str


def another_owner(ui_context: UiContext, case: CounterCase) -> OtherOwner:
    """The first owner on file who is not the case's: a transfer's new owner."""
    with ui_context.database.read() as session:
        other = session.scalars(
            select(Owner).where(Owner.id != case.owner_id).order_by(Owner.id)
        ).first()
        assert other is not None
        return OtherOwner(
            other.id, other.display_name, f"{other.first_name} {other.last_name}", other.street
        )


@pytest.fixture
def counter_case(ui_context: UiContext) -> CounterCase:
    return prepare_counter(ui_context.database)


def second_customer(database: Database, first: CounterCase) -> CounterCase:
    """A second resident in line: another owner of two licensable dogs."""
    return _two_dog_owner(database, dt.date(2026, 6, 1), besides=(first.owner_id,))


@pytest.fixture
def next_customer(ui_context: UiContext, counter_case: CounterCase) -> CounterCase:
    return second_customer(ui_context.database, counter_case)


@pytest.fixture
def counter(window: MainWindow) -> CounterView:
    view = window.views["counter"]
    assert isinstance(view, CounterView)
    window.activateWindow()
    return view


@dataclass(frozen=True)
class Counts:
    receipts: int
    licenses: int
    tags: int
    tenders: int
    dogs: int
    owners: int
    certificates: int


def counts(database: Database) -> Counts:
    with database.read() as session:

        def n(model: type) -> int:
            return session.scalar(select(func.count()).select_from(model)) or 0

        return Counts(
            n(Receipt), n(License), n(TagIssue), n(Tender), n(Dog), n(Owner), n(RabiesCertificate)
        )


def active_dialog(qtbot: QtBot, kind: type[QWidget], timeout: int = 5000) -> QWidget:
    """Wait for a visible top-level widget of ``kind`` and return it."""
    found: list[QWidget] = []

    def shown() -> bool:
        found[:] = [
            w for w in QApplication.topLevelWidgets() if isinstance(w, kind) and w.isVisible()
        ]
        return bool(found)

    qtbot.waitUntil(shown, timeout=timeout)
    dialog = found[-1]
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=timeout)
    return dialog


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def search_and_enter(
    qtbot: QtBot, window: MainWindow, counter: CounterView, case: CounterCase
) -> None:
    """Ctrl+K, type the owner's name, ↓ into the results and Enter on the first: the owner
    is asked for (the card may wait for the clerk's answer about the cart)."""
    qtbot.keyClick(focused(), Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    assert focused() is window.search
    qtbot.keyClicks(window.search, case.search_text)
    # Generous: on a loaded two-core machine the search waits behind the window's first reads.
    qtbot.waitUntil(
        lambda: counter.results.model.rowCount() > 0 and not counter.results.busy(),
        timeout=15000,
    )
    assert window.current_area == "counter"
    first = counter.results.model.hit(0)
    assert first is not None and first.owner_id == case.owner_id
    qtbot.keyClick(window.search, Qt.Key.Key_Down)
    assert focused() is counter.results.list
    qtbot.keyClick(counter.results.list, Qt.Key.Key_Return)


def open_owner_by_keyboard(
    qtbot: QtBot, window: MainWindow, counter: CounterView, case: CounterCase
) -> None:
    search_and_enter(qtbot, window, counter, case)
    qtbot.waitUntil(
        lambda: counter.card.card is not None and counter.card.card.owner_id == case.owner_id
    )
    assert focused() is counter.card.table


def wait_idle(qtbot: QtBot, view: CounterView) -> None:
    qtbot.waitUntil(lambda: not view.busy(), timeout=10000)


def wait_focus(qtbot: QtBot, widget: QWidget) -> None:
    """Wait for the keyboard focus to come back to ``widget`` (after a dialog closes, its
    window is active again a moment later)."""
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget, timeout=5000)
