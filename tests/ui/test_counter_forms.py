"""Bad input at the counter: the message stands beside the field and nothing is saved."""

from __future__ import annotations

import datetime as dt

from counter_fixtures import (
    EASTERN,
    FIRST_TAG_2026,
    CounterCase,
    active_dialog,
    counts,
    focused,
    open_owner_by_keyboard,
)
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot
from sqlalchemy import func, select

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Dog, DogStatus, RabiesCertificate, TenderKind
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem, checkout
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.forms import DogForm, OwnerForm
from clerkdesk.ui.counter.rabies_form import RabiesForm
from clerkdesk.ui.counter.tags_dialog import TagsDialog
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.payment_dialog import PaymentDialog
from clerkdesk.ui.printing.preview import PrintPreview

ALT = Qt.KeyboardModifier.AltModifier


def type_into(qtbot: QtBot, widget: QWidget, text: str) -> None:
    widget.setFocus()
    qtbot.keyClicks(widget, text)


def test_an_owner_without_a_first_name_is_refused_beside_the_field(
    qtbot: QtBot, window: MainWindow, counter: CounterView, ui_context: UiContext
) -> None:
    before = counts(ui_context.database)
    counter.results.list.setFocus()
    qtbot.keyClick(focused(), Qt.Key.Key_O)
    form = active_dialog(qtbot, OwnerForm)
    assert isinstance(form, OwnerForm)
    assert focused() is form.widgets["first_name"]
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    qtbot.keyClicks(focused(), "Marsh")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    qtbot.keyClicks(focused(), "14 Oak Street")
    form.edit("postal_code").setFocus()
    qtbot.keyClicks(focused(), "01581")
    # the main button says what is missing
    assert form.save_button.text() == "Save owner — needs first name"
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: form.messages["first_name"].isVisible())
    assert form.messages["first_name"].text() == "First name is required."
    assert focused() is form.widgets["first_name"]
    assert form.isVisible()
    assert counts(ui_context.database) == before
    qtbot.keyClicks(focused(), "Ann")
    assert form.save_button.text() == "Save owner"
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not form.isVisible())
    qtbot.waitUntil(lambda: counter.card.card is not None)
    assert counter.card.card is not None and counter.card.card.display_name == "Ann Marsh"
    assert counts(ui_context.database).owners == before.owners + 1


def test_a_dog_born_in_the_future_is_refused_beside_its_birth_date(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    before = counts(ui_context.database)
    qtbot.keyClick(focused(), Qt.Key.Key_N)
    form = active_dialog(qtbot, DogForm)
    assert isinstance(form, DogForm)
    for text in ("Biscuit", "Beagle", "Tan"):
        qtbot.keyClicks(focused(), text)
        qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    assert focused() is form.widgets["sex"]
    qtbot.keyClicks(focused(), "F")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    qtbot.keyClick(focused(), Qt.Key.Key_Space)  # spayed
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    assert focused() is form.widgets["birth_date"]
    qtbot.keyClicks(focused(), "12/31/2030")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: form.messages["birth_date"].isVisible())
    assert "cannot be in the future" in form.messages["birth_date"].text()
    assert form.isVisible()
    assert counts(ui_context.database) == before


def test_the_dog_form_says_whether_the_dog_is_new_to_town_this_license_year(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    qtbot.keyClick(focused(), Qt.Key.Key_N)
    form = active_dialog(qtbot, DogForm)
    assert isinstance(form, DogForm)
    field, message = form.widgets["came_to_town_on"], form.messages["came_to_town_on"]
    assert not message.isVisible()
    today = ui_context.clock.today()
    with ui_context.database.read() as session:
        year = profile_in_force(session).license_year_containing(today)
    for arrived, says in (
        (today, f"New to town until {year.end:%m/%d/%Y}"),
        (year.start - dt.timedelta(days=400), "Not new to town in license year"),
    ):
        field.clear()
        type_into(qtbot, field, f"{arrived:%m/%d/%Y}")
        qtbot.keyClick(field, Qt.Key.Key_Tab)
        qtbot.waitUntil(lambda says=says: says in message.text())
    form.reject()


def test_an_expired_rabies_certificate_is_refused_beside_its_expiry(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    before = counts(ui_context.database)
    qtbot.keyClick(focused(), Qt.Key.Key_V)
    form = active_dialog(qtbot, RabiesForm)
    assert isinstance(form, RabiesForm)
    assert focused() is form.edit("vaccination_date")  # the cursor starts on the date
    qtbot.keyClicks(focused(), "05/01/2024")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)  # the vaccine's term fills in the expiry
    qtbot.keyClicks(focused(), "1")  # 1 year
    assert form.edit("expires_on").text() == "05/01/2025"
    form.edit("veterinarian").setFocus()
    qtbot.keyClicks(focused(), "Dr. Lyons")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    assert form.messages["expires_on"].isVisible()
    assert "expired on 05/01/2025" in form.messages["expires_on"].text()
    assert form.isVisible()
    assert counts(ui_context.database) == before


def test_a_check_for_the_wrong_amount_is_named_beside_the_check(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    before = counts(ui_context.database)
    qtbot.keyClick(focused(), Qt.Key.Key_F12)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    qtbot.keyClick(focused(), Qt.Key.Key_K, ALT)
    qtbot.keyClicks(focused(), f"{payment.total + 5:.2f}")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    qtbot.keyClicks(focused(), "881")
    message = payment.row(TenderKind.CHECK).message
    assert message.isVisible() and "is more than the" in message.text()
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    assert payment.isVisible()
    # too little: the summary says what is still due
    check = payment.row(TenderKind.CHECK).amount
    check.setFocus()
    check.selectAll()
    qtbot.keyClicks(check, "1.00")
    assert f"{payment.total - 1:.2f} is still due" in payment.summary.text()
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    assert payment.isVisible()
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    assert counts(ui_context.database) == before
    assert len(counter.cart.cart.entries) == 2


def _license_another_dog(database: Database, skip: set[int], tag: int) -> None:
    with database.read() as session:
        current = (
            select(RabiesCertificate.dog_id)
            .group_by(RabiesCertificate.dog_id)
            .having(func.max(RabiesCertificate.expires_on) > dt.date(2026, 6, 1))
        )
        dogs = session.execute(
            select(Dog.id, Dog.owner_id).where(
                Dog.status == DogStatus.ACTIVE, Dog.id.in_(current), Dog.id.not_in(skip)
            )
        ).all()
    clock = FixedClock(dt.datetime(2026, 5, 2, 9, 0, tzinfo=EASTERN))
    for dog_id, owner_id in dogs:
        request = CheckoutRequest(
            owner_id, (LicenseItem(dog_id, tag_number=tag),), (TenderInput(TenderKind.CASH, None),)
        )
        try:
            checkout(database, request, actor=staff("test"), clock=clock)
        except ValidationError:  # a dog that cannot be licensed: try the next
            continue
        return
    raise AssertionError("no other dog could be licensed")


def test_a_tag_already_given_out_is_refused_beside_the_tag(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    used = FIRST_TAG_2026 + 40
    _license_another_dog(ui_context.database, {d.dog_id for d in counter_case.dogs}, used)
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    before = counts(ui_context.database)
    qtbot.keyClick(focused(), Qt.Key.Key_F12)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    qtbot.keyClicks(focused(), f"{payment.total + 20:.2f}")  # cash, with change
    assert payment.change.text() == "20.00"
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    tags = active_dialog(qtbot, TagsDialog)
    assert isinstance(tags, TagsDialog)
    qtbot.keyClicks(focused(), str(used))  # the first field is selected: typing replaces it
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    first = counter_case.dogs[0].dog_id
    qtbot.waitUntil(lambda: tags.messages[first].isVisible() and tags.isVisible())
    assert f"Tag {used} was already given out" in tags.messages[first].text()
    assert counts(ui_context.database) == before


def test_every_counter_input_has_an_accessible_name(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
) -> None:
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractItemView,
        QAbstractSpinBox,
        QComboBox,
        QHeaderView,
        QLineEdit,
        QPlainTextEdit,
        QTextEdit,
    )

    from clerkdesk.ui.counter.changes import DogStatusDialog, OwnerPicker

    inputs = (
        QAbstractButton,
        QLineEdit,
        QAbstractItemView,
        QComboBox,
        QAbstractSpinBox,
        QPlainTextEdit,
        QTextEdit,
    )

    def unnamed(root: QWidget) -> list[str]:
        return [
            f"{type(w).__name__} {w.objectName()!r} {getattr(w, 'text', lambda: '')()!r}"
            for w in root.findChildren(QWidget)
            if isinstance(w, inputs)
            and not isinstance(w, QHeaderView)
            and w.isVisibleTo(root)
            and not w.accessibleName()
        ]

    def back_at_the_card() -> None:
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
        counter.card.table.setFocus()

    def each_named(*dialogs: tuple[Qt.Key, type[QWidget]]) -> None:
        for key, kind in dialogs:
            back_at_the_card()
            qtbot.keyClick(counter.card.table, key)
            dialog = active_dialog(qtbot, kind)
            assert unnamed(dialog) == [], kind.__name__
            qtbot.keyClick(dialog, Qt.Key.Key_Escape)
            qtbot.waitUntil(lambda d=dialog: not d.isVisible())  # type: ignore[misc]

    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    assert unnamed(counter) == []
    each_named((Qt.Key.Key_O, OwnerForm), (Qt.Key.Key_N, DogForm), (Qt.Key.Key_V, RabiesForm))
    back_at_the_card()
    qtbot.keyClick(counter.card.table, Qt.Key.Key_R)
    qtbot.keyClick(counter.card.table, Qt.Key.Key_F12)
    payment = active_dialog(qtbot, PaymentDialog)
    assert unnamed(payment) == []
    assert isinstance(payment, PaymentDialog)
    qtbot.keyClicks(focused(), f"{payment.total:.2f}")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    tags = active_dialog(qtbot, TagsDialog)
    assert unnamed(tags) == []
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    preview = active_dialog(qtbot, PrintPreview, timeout=15000)
    assert unnamed(preview) == []
    # the preview fits the screen it opens on (at most 1280×800)
    room = preview.screen().availableGeometry()
    assert preview.width() <= min(room.width(), 1280)
    assert preview.height() <= min(room.height(), 800)
    qtbot.keyClick(preview, Qt.Key.Key_Escape)
    # the dogs are licensed now: transfer, deceased/moved and lost tag have their dialogs
    qtbot.waitUntil(lambda: all(d.held for d in counter.card.card.dogs))  # type: ignore[union-attr]
    each_named(
        (Qt.Key.Key_T, OwnerPicker), (Qt.Key.Key_D, DogStatusDialog), (Qt.Key.Key_L, TagsDialog)
    )
