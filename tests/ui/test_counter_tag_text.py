"""The paper matches the collar at the counter: this year's tags came as "W-1001" …, and the
tag dialog, the receipt, the certificates, the owner card and the search all read them so.
Keys only, as a clerk drives it."""

from __future__ import annotations

import pytest
from counter_fixtures import (
    FIRST_TAG_2026,
    CounterCase,
    active_dialog,
    focused,
    open_owner_by_keyboard,
    prepare_counter,
)
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.owner_card import COLUMNS
from clerkdesk.ui.counter.tags_dialog import TagsDialog
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.payment_dialog import PaymentDialog
from clerkdesk.ui.printing.preview import PrintPreview
from pdf_support import page_texts

CTRL = Qt.KeyboardModifier.ControlModifier
TYPED = FIRST_TAG_2026 + 9


@pytest.fixture
def prefixed_case(ui_context: UiContext) -> CounterCase:
    return prepare_counter(ui_context.database, prefix="W-")


def _flat(data: bytes) -> str:
    return " ".join(" ".join(page_texts(data)).split())


def test_a_tag_received_as_w_1001_reads_so_from_the_tag_dialog_to_the_search(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    prefixed_case: CounterCase,
) -> None:
    # GIVEN this year's tags received with the prefix "W-", and an owner of two dogs to renew
    open_owner_by_keyboard(qtbot, window, counter, prefixed_case)
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    qtbot.keyClick(focused(), Qt.Key.Key_F12)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    qtbot.keyClicks(focused(), f"{payment.total:.2f}")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    # WHEN the tags are proposed, THEN they read as the tags in the clerk's hand
    tags = active_dialog(qtbot, TagsDialog)
    assert isinstance(tags, TagsDialog)
    first, second = (d.dog_id for d in prefixed_case.dogs)
    assert [tags.edits[d].text() for d in (first, second)] == [
        f"W-{FIRST_TAG_2026}",
        f"W-{FIRST_TAG_2026 + 1}",
    ]
    # AND the number of the tag in hand, typed bare, reads so once the clerk moves on
    qtbot.keyClicks(focused(), str(TYPED))  # the proposal is selected: typing replaces it
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    assert tags.edits[first].text() == f"W-{TYPED}"
    assert tags.tags() == {first: TYPED, second: FIRST_TAG_2026 + 1}
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    # THEN the receipt and both certificates print the tags as received
    preview = active_dialog(qtbot, PrintPreview, timeout=15000)
    assert isinstance(preview, PrintPreview)
    said = window.statusBar().currentMessage()
    assert f"tag W-{TYPED}" in said and f"tag W-{FIRST_TAG_2026 + 1}" in said, said
    receipt, certificates = (_flat(job.path.read_bytes()) for job in preview.jobs)
    assert f"tag no. W-{TYPED}" in receipt and f"tag no. W-{FIRST_TAG_2026 + 1}" in receipt
    assert f"W-{TYPED}" in certificates and f"W-{FIRST_TAG_2026 + 1}" in certificates
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    # AND the owner card says which tag each dog wears
    card = counter.card
    qtbot.waitUntil(lambda: card.card is not None and all(d.held for d in card.card.dogs))
    owes = COLUMNS.index("Owes now")
    said = {card.table.item(row, owes).text() for row in range(card.table.rowCount())}
    assert {f"licensed, tag W-{TYPED}", f"licensed, tag W-{FIRST_TAG_2026 + 1}"} <= said
    # AND the search finds the dog by the tag as it reads, and says so
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    qtbot.keyClick(focused(), Qt.Key.Key_K, CTRL)
    assert focused() is window.search
    window.search.clear()
    qtbot.keyClicks(window.search, f"W-{TYPED}")
    qtbot.waitUntil(
        lambda: counter.results.model.rowCount() > 0 and not counter.results.busy(),
        timeout=15000,
    )
    hit = counter.results.model.hit(0)
    assert hit is not None and hit.dog_id == first
    assert hit.matched.startswith(f"tag W-{TYPED} (")


def test_a_tag_that_is_no_number_is_refused_beside_its_field(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    prefixed_case: CounterCase,
) -> None:
    open_owner_by_keyboard(qtbot, window, counter, prefixed_case)
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    qtbot.keyClick(focused(), Qt.Key.Key_F12)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    qtbot.keyClicks(focused(), f"{payment.total:.2f}")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    tags = active_dialog(qtbot, TagsDialog)
    assert isinstance(tags, TagsDialog)
    first = prefixed_case.dogs[0].dog_id
    qtbot.keyClicks(focused(), "W-")  # the prefix typed, the number not yet
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    assert tags.isVisible()
    assert tags.messages[first].text() == f"Type the tag's number, e.g. W-{FIRST_TAG_2026}."
    assert focused() is tags.edits[first]
