"""The officer records violations from the keyboard: an at-large dog picked up twice within
a year under seed 000's rules (the sample-town preset) is a written warning, then a $50
fine; the list finds them; a form refuses what it cannot take, naming the field."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_area_support import area_for, find_and_pick, key, retype, settle
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.rules.roles import Permission
from clerkdesk.services.enforcement.violations import list_violations
from clerkdesk.ui.views.enforcement import EnforcementView
from clerkdesk.ui.views.enforcement.details import RecordDialog
from clerkdesk.ui.views.enforcement.violation_dialogs import RecordViolationDialog
from enforcement_towns import ACO, EnforcementTown, enforcement_town


@pytest.fixture(params=["sqlite"])
def database_url(request: pytest.FixtureRequest) -> str:
    return str(request.getfixturevalue("sqlite_url"))


@pytest.fixture
def town(database: Database, clock: FixedClock) -> EnforcementTown:
    return enforcement_town(database, clock, "sample-town")


def _record(qtbot: QtBot, view: EnforcementView, day: str, place: str) -> RecordViolationDialog:
    key(qtbot, view.tabs, "Ctrl+N")
    form = view.dialog
    assert isinstance(form, RecordViolationDialog)
    settle(qtbot, view, lambda: form.officer.text() != "aco" or True)
    find_and_pick(qtbot, form.owner, "Jane Doe")
    settle(qtbot, view, lambda: form.dogs.count() == 2)
    # The keyboard is on the dogs now: Space ticks the first (Bella), Down and Space Rex.
    assert form.dogs.hasFocus()
    qtbot.keyClick(form.dogs, Qt.Key.Key_Space)
    retype(qtbot, form.day, day)
    retype(qtbot, form.time, "07:45")
    retype(qtbot, form.place, place)
    qtbot.keyClick(form.place, Qt.Key.Key_Return)
    return form


def _close_notice(qtbot: QtBot, view: EnforcementView) -> None:
    preview = view.papers.preview
    assert preview is not None and preview.isVisible()
    qtbot.keyClick(preview, Qt.Key.Key_Escape)
    assert not preview.isVisible()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is view)


def test_a_warning_then_a_fine_by_keys(qtbot: QtBot, town: EnforcementTown) -> None:
    with area_for(qtbot, town, ACO) as view:
        # GIVEN the area, opened on the officer's day list, with nothing waiting
        assert view.tabs.currentWidget() is view.day
        assert view.day.empty.isVisible()
        assert "Nothing waits today" in view.day.empty.text()

        # WHEN the officer records Jane's dog at large on March 10
        form = _record(qtbot, view, "03/10/2026", "Main St at the common")
        settle(qtbot, view, lambda: not form.isVisible())
        # (its notice opens in the print preview; Esc closes it)
        _close_notice(qtbot, view)
        # THEN it is the first offense: a written warning, said in the message line
        assert "V2026-0001 recorded" in view.notice.text()
        assert "written warning" in view.notice.text()

        # WHEN the same dog is picked up again today, within 12 months
        form = _record(qtbot, view, "06/01/2026", "Elm St")
        settle(qtbot, view, lambda: not form.isVisible())
        _close_notice(qtbot, view)
        # THEN the second offense is the $50 fine
        assert "V2026-0002 recorded" in view.notice.text()
        assert "fine $50.00" in view.notice.text()
        rows = list_violations(town.database)
        assert [(r.label, r.warning, str(r.amount)) for r in rows] == [
            ("V2026-0002", False, "50.00"),
            ("V2026-0001", True, "0.00"),
        ]
        assert rows[0].dog_names == ("Bella",) and rows[0].officer == "aco"

        # AND the day list shows today's violation
        view.tabs.setCurrentWidget(view.violations)
        view.tabs.setCurrentWidget(view.day)
        settle(qtbot, view)
        cells = [view.day.model.data(view.day.model.index(r, 1)) for r in range(2)]
        assert "V2026-0002" in cells

        # WHEN the officer finds the warning by its reference on the Violations tab
        key(qtbot, view.tabs, "Ctrl+F")
        assert view.tabs.currentWidget() is view.violations
        assert view.violations.search.hasFocus()
        qtbot.keyClicks(view.violations.search, "V2026-0001")
        qtbot.keyClick(view.violations.search, Qt.Key.Key_Return)
        settle(qtbot, view)
        assert [r.label for r in view.violations.model.rows] == ["V2026-0001"]
        # AND opens it with Enter: its facts; the officer may dismiss it, and money is the
        # Counter's (a clerk's), so that step says why not
        qtbot.keyClick(view.violations.table, Qt.Key.Key_Return)
        details = view.dialog
        assert isinstance(details, RecordDialog)
        settle(qtbot, view, lambda: details.record is not None)
        assert "Offense 1: a written warning" in details.facts.text()
        counter = details.buttons["counter"]
        assert not counter.isEnabled() and counter.toolTip() == ACO.refusal(Permission.SELL)
        assert details.buttons["dismiss"].isEnabled()
        court = details.buttons["court"]
        assert not court.isEnabled() and "written warning" in court.toolTip()
        # Esc closes it
        qtbot.keyClick(details, Qt.Key.Key_Escape)
        assert not details.isVisible()


def test_a_form_names_what_it_needs_and_escape_cancels(qtbot: QtBot, town: EnforcementTown) -> None:
    with area_for(qtbot, town, ACO) as view:
        key(qtbot, view.tabs, "Ins")
        form = view.dialog
        assert isinstance(form, RecordViolationDialog)
        settle(qtbot, view)
        # The main button says what is missing
        assert "needs owner" in form.save_button.text()
        # Saved as it is: each problem beside its field, nothing recorded
        form.save()
        assert "Find the owner" in form.messages["owner"].text()
        assert "Tick the dog" in form.messages["dogs"].text()
        assert "place" in form.messages["place"].text().lower()
        # A time it cannot read is named beside the time
        find_and_pick(qtbot, form.owner, "Jane Doe")
        settle(qtbot, view, lambda: form.dogs.count() == 2)
        qtbot.keyClick(form.dogs, Qt.Key.Key_Space)
        retype(qtbot, form.time, "25:99")
        retype(qtbot, form.place, "Elm St")
        form.save()
        assert "not a time" in form.messages["time"].text()
        # A moment still to come is the service's refusal, beside the date
        retype(qtbot, form.day, "06/02/2026")
        retype(qtbot, form.time, "09:00")
        form.save()
        settle(qtbot, view, lambda: not form.saving)
        assert "has not come yet" in form.messages["occurred_at"].text()
        assert list_violations(town.database) == []
        # Esc, then the question that throws the typing away
        qtbot.keyClick(form, Qt.Key.Key_Escape)
        settle(qtbot, view)
        assert view.ctx.clock.today() == dt.date(2026, 6, 1)


def test_the_forms_propose_the_towns_time_on_a_computer_set_to_utc(
    qtbot: QtBot, town: EnforcementTown
) -> None:
    with area_for(qtbot, town, ACO) as view:
        # GIVEN a computer whose clock says 13:18 in UTC (09:18 in June, Eastern daylight time)
        view.ctx.clock = FixedClock(dt.datetime(2026, 6, 1, 13, 18, tzinfo=dt.UTC))
        key(qtbot, view.tabs, "Ctrl+N")
        form = view.dialog
        assert isinstance(form, RecordViolationDialog)
        # THEN the violation's time proposed is the town's, not one still to come
        assert (form.day.text(), form.time.text()) == ("06/01/2026", "09:18")
        # AND with the owner's one dog not yet ticked, the main button asks for it
        find_and_pick(qtbot, form.owner, "John Smith")
        settle(qtbot, view, lambda: form.dogs.count() == 1)
        assert "needs dogs" in form.save_button.text()
        qtbot.keyClick(form.dogs, Qt.Key.Key_Space)
        assert form.dogs.ticked() == (town.max,)
        assert "dogs" not in form.save_button.text()
