"""A new office from an empty database to its first license, by the keyboard alone: the
administrator, the town, the seal, the first tags, a clerk, the printers skipped; then at
the counter a new owner, a new dog with its rabies certificate, cash, the receipt."""

from __future__ import annotations

from decimal import Decimal

from counter_fixtures import active_dialog, focused
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from setup_keys import (
    ADMIN,
    add_colleague_by_keys,
    choose_preset_by_keys,
    choose_seal_by_keys,
    create_administrator,
    next_step,
    open_window,
    receive_tags_by_keys,
    recorded,
    type_line,
    wait_step,
)
from sqlalchemy import select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import License, Receipt, TagIssue, Tender, TenderKind
from clerkdesk.paths import resources_dir
from clerkdesk.rules.roles import Role
from clerkdesk.services.office_setup import STEPS, SetupStep, office_setup
from clerkdesk.services.users import list_users
from clerkdesk.ui.counter.forms import DogForm, OwnerForm
from clerkdesk.ui.counter.rabies_form import RabiesForm
from clerkdesk.ui.counter.tags_dialog import TagsDialog
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.payment_dialog import PaymentDialog
from clerkdesk.ui.printing.preview import PrintPreview
from pdf_support import page_texts

CTRL = Qt.KeyboardModifier.ControlModifier


def test_an_empty_database_is_set_up_by_keys_and_sells_its_first_license(
    qtbot: QtBot, sqlite_url: str, clock: FixedClock
) -> None:
    # GIVEN a new office: an empty database, no one to sign in
    window, shell = open_window(qtbot, sqlite_url, clock)
    try:
        # WHEN its administrator is created, THEN the set-up goes on at the town's rules
        page = create_administrator(qtbot, window)
        assert page.list.labels[SetupStep.ADMINISTRATOR].text().startswith("✓")
        assert not window.nav.isEnabled() and window.current_area == ""
        assert window.status.user.text() == "Setting up the office: chief (administrator)"
        # the town: Westborough's preset, Enter
        choose_preset_by_keys(qtbot, page, "westborough")
        wait_step(qtbot, page, SetupStep.SEAL)
        assert window.windowTitle() == "ClerkDesk — Town of Westborough"
        assert page.notice.text().startswith("✓ Town of Westborough's rules are set up")
        # the seal: the town's image, Ctrl+O, then Next
        choose_seal_by_keys(qtbot, page, shell, resources_dir() / "seal" / "town-seal.png")
        next_step(qtbot, page)
        wait_step(qtbot, page, SetupStep.TAGS)
        assert page.list.labels[SetupStep.SEAL].text().startswith("✓")
        # the first tags: 1 to 300, W-
        receive_tags_by_keys(qtbot, page, 1, 300, "W-")
        wait_step(qtbot, page, SetupStep.STAFF)
        assert "Received 300 tags for 2026–27: W-1 to W-300." in page.notice.text()
        # the staff: one clerk, then Next
        add_colleague_by_keys(qtbot, page, "ann", "Ann Clerk", "ann-password", downs=0)
        assert page.current is SetupStep.STAFF
        assert "ann — Ann Clerk, clerk" in page.steps[SetupStep.STAFF].people.text()  # type: ignore[attr-defined]
        next_step(qtbot, page)
        # the printers: none on this computer; Finish goes to the counter
        wait_step(qtbot, page, SetupStep.PRINTERS)
        assert page.next_button.text().startswith("Finish: go to the counter")
        assert [label.text()[0] for label in page.list.labels.values()] == [
            "✓", "✓", "✓", "✓", "✓", " ",
        ]  # fmt: skip
        next_step(qtbot, page)

        # THEN the administrator is at the counter, ready to sell
        qtbot.waitUntil(lambda: window.gate is None and window.is_open, timeout=15000)
        qtbot.waitUntil(lambda: not window.busy(), timeout=15000)
        assert window.current_area == "counter" and focused() is window.search
        assert window.status.user.text() == "Signed in: chief (administrator)"
        state = office_setup(window.workspace.database)  # type: ignore[union-attr]
        assert [step for step in STEPS if state.done(step)] == list(STEPS[:-1])
        assert [(u.name, u.role) for u in list_users(window.workspace.database)] == [  # type: ignore[union-attr]
            ("ann", Role.CLERK),
            (ADMIN[0], Role.ADMINISTRATOR),
        ]
        counter = window.views["counter"]
        assert isinstance(counter, CounterView)
        sell_the_first_license(qtbot, window.search, counter, shell)
    finally:
        shell.tasks.wait()
        if window.workspace is not None:
            window.workspace.database.dispose()


def sell_the_first_license(
    qtbot: QtBot, search: object, counter: CounterView, shell: object
) -> None:
    # a resident nobody has on file: the search finds no one; Enter adds them
    qtbot.keyClicks(focused(), "Ann Marsh")
    qtbot.waitUntil(lambda: not counter.results.busy(), timeout=15000)
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    owner = active_dialog(qtbot, OwnerForm)
    assert isinstance(owner, OwnerForm)
    assert (owner.text("first_name"), owner.text("last_name")) == ("Ann", "Marsh")
    assert focused() is owner.edit("street")
    type_line(qtbot, "14 Oak Street")
    owner.edit("postal_code").setFocus()
    type_line(qtbot, "01581", Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not owner.isVisible(), timeout=15000)
    qtbot.waitUntil(lambda: counter.card.card is not None, timeout=15000)
    qtbot.waitUntil(lambda: focused() is counter.card.table)
    # N: a new dog
    qtbot.keyClick(focused(), Qt.Key.Key_N)
    dog = active_dialog(qtbot, DogForm)
    assert isinstance(dog, DogForm)
    for text in ("Biscuit", "Beagle", "Tan"):
        type_line(qtbot, text)
    qtbot.keyClicks(focused(), "M")  # male
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dog.isVisible(), timeout=15000)
    qtbot.waitUntil(
        lambda: counter.card.card is not None and bool(counter.card.card.dogs), timeout=15000
    )
    qtbot.waitUntil(lambda: focused() is counter.card.table)
    # V: its rabies certificate, good for three years
    qtbot.keyClick(focused(), Qt.Key.Key_V)
    rabies = active_dialog(qtbot, RabiesForm)
    assert isinstance(rabies, RabiesForm)
    type_line(qtbot, "05/01/2026")
    assert rabies.edit("expires_on").text() == "05/01/2029"
    rabies.edit("veterinarian").setFocus()
    type_line(qtbot, "Dr. Lyons", Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not rabies.isVisible(), timeout=15000)
    qtbot.waitUntil(
        lambda: (
            counter.card.card is not None
            and counter.card.card.dogs[0].standing.can_license
            and not counter.busy()
        ),
        timeout=15000,
    )
    qtbot.waitUntil(lambda: focused() is counter.card.table)
    # A: into the cart; F12: pay it in cash
    qtbot.keyClick(focused(), Qt.Key.Key_A)
    assert [e.standing.dog_name for e in counter.cart.cart.entries] == ["Biscuit"]
    due = counter.cart.cart.total
    assert due > Decimal("0.00")
    qtbot.keyClick(focused(), Qt.Key.Key_F12)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    qtbot.keyClicks(focused(), f"{due + 20:.2f}")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    # the first tag of the stock, W-1, proposed; Enter takes it
    tags = active_dialog(qtbot, TagsDialog)
    assert isinstance(tags, TagsDialog)
    assert list(tags.tags().values()) == [1]
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    # the receipt and the certificate in the preview; Ctrl+P prints them
    preview = active_dialog(qtbot, PrintPreview, timeout=20000)
    assert isinstance(preview, PrintPreview)
    qtbot.keyClick(focused(), Qt.Key.Key_P, CTRL)
    printed = recorded(shell).printed  # type: ignore[arg-type]
    assert printed == [preview.jobs[0].path]
    receipt_text = "\n".join(page_texts(preview.jobs[0].path.read_bytes()))
    certificate_text = "\n".join(page_texts(preview.jobs[1].path.read_bytes()))
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    database: Database = counter.ctx.database
    with database.read() as session:
        receipt = session.scalars(select(Receipt)).one()
        tender = session.scalars(select(Tender)).one()
        license_ = session.scalars(select(License)).one()
        tag = session.scalars(select(TagIssue)).one()
        label = receipt.label
        assert receipt.total == due
        assert (tender.kind, tender.amount) == (TenderKind.CASH, due)
        assert tag.tag_number == 1 and license_.receipt_id == receipt.id
    assert label in receipt_text and "Marsh" in receipt_text and "Biscuit" in receipt_text
    assert "Biscuit" in certificate_text and "W-1" in certificate_text
    # and no dead end: the counter is ready for the next resident
    qtbot.waitUntil(lambda: counter.cart.cart.entries == [] and not counter.busy(), timeout=15000)
