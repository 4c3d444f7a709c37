"""The counter's search results: a sound model, stale answers dropped, exact hits opened."""

from __future__ import annotations

from counter_fixtures import CounterCase
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from clerkdesk.models import Owner
from clerkdesk.services.search import search
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.results import SearchResultsModel
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow


def test_the_results_model_passes_qt_model_checks(
    qtmodeltester: ModelTester, ui_context: UiContext
) -> None:
    model = SearchResultsModel()
    qtmodeltester.check(model)
    model.set_hits(search(ui_context.database, "a", limit=30).hits)
    assert model.rowCount() > 0
    qtmodeltester.check(model)
    first = model.hit(0)
    assert first is not None
    shown = model.data(model.index(0, 0))
    assert first.owner_name in shown and "\n" in shown  # the dogs on the line beneath
    model.set_hits(())
    qtmodeltester.check(model)


def test_typing_fast_shows_only_the_answer_to_the_last_text(
    qtbot: QtBot, window: MainWindow, counter: CounterView, counter_case: CounterCase
) -> None:
    window.focus_search()
    qtbot.keyClicks(window.search, "a")
    counter.results.run_search()  # an answer to "a" is on its way…
    qtbot.keyClicks(window.search, "")
    window.search.clear()
    qtbot.keyClicks(window.search, counter_case.search_text)  # …and the clerk typed on
    qtbot.waitUntil(lambda: not counter.results.busy())
    hits = counter.results.model.hits
    assert hits and hits[0].owner_id == counter_case.owner_id
    assert counter_case.search_text in counter.results.summary.text()


def test_a_phone_typed_in_full_opens_its_owner_at_once(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    with ui_context.database.read() as session:
        phone = session.scalar(select(Owner.phone).where(Owner.id == counter_case.owner_id))
    assert phone
    qtbot.keyClick(window, Qt.Key.Key_F3)
    window.focus_search()
    qtbot.keyClicks(window.search, phone)
    assert window.current_area == "counter"
    qtbot.waitUntil(
        lambda: (
            counter.card.card is not None and counter.card.card.owner_id == counter_case.owner_id
        )
    )
    assert counter.middle.currentWidget() is counter.card


def test_nothing_found_says_what_to_do(
    qtbot: QtBot, window: MainWindow, counter: CounterView
) -> None:
    window.focus_search()
    qtbot.keyClicks(window.search, "zzqxv")
    qtbot.waitUntil(lambda: "Nothing on file" in counter.results.summary.text())
    assert "press Enter to add a new owner" in counter.results.summary.text()


def test_the_card_says_why_a_dog_cannot_be_licensed_and_renew_adds_the_others(
    qtbot: QtBot, window: MainWindow, counter: CounterView, ui_context: UiContext
) -> None:
    from clerkdesk.services.owner_card import owner_card

    # an owner with one dog whose certificate has lapsed, among others
    with ui_context.database.read() as session:
        owner_ids = list(session.scalars(select(Owner.id).order_by(Owner.id)))
    today = ui_context.clock.today()
    chosen = None
    for owner_id in owner_ids:
        card = owner_card(ui_context.database, owner_id, today)
        blocked = [d for d in card.dogs if d.active and not d.standing.can_license]
        if blocked and card.due:
            chosen = card
            break
    assert chosen is not None
    counter.open_owner(chosen.owner_id)
    qtbot.waitUntil(lambda: counter.card.card is not None)
    assert "cannot be licensed" in counter.card.why.text()
    qtbot.keyClick(counter.card.table, Qt.Key.Key_R)
    assert {e.standing.dog_id for e in counter.cart.cart.entries} == {d.dog_id for d in chosen.due}
    assert "Not added" in counter.card.notice.text()
    # Del removes the first line's dog, fees and all
    counter.cart.table.setFocus()
    counter.cart.table.setCurrentCell(0, 0)
    qtbot.keyClick(counter.cart.table, Qt.Key.Key_Delete)
    assert len(counter.cart.cart.entries) == len(chosen.due) - 1
