"""A complaint through its hearing from the keyboard: filed, scheduled, decided dangerous with
a muzzle order, the order violated — and the five-year bar shows on the complaint and on the
day list, its 30-day report due."""

from __future__ import annotations

import pytest
from enforcement_area_support import area_for, find_and_pick, key, retype, settle, step
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.rules.roles import Permission
from clerkdesk.ui.views.enforcement.bar_dialogs import BreachDialog
from clerkdesk.ui.views.enforcement.details import RecordDialog
from clerkdesk.ui.views.enforcement.hearing_dialogs import (
    ComplaintDialog,
    DecideDialog,
    ScheduleDialog,
)
from enforcement_towns import (
    ACO,
    CLERK,
    EnforcementTown,
    enforcement_town,
)


@pytest.fixture(params=["sqlite"])
def database_url(request: pytest.FixtureRequest) -> str:
    return str(request.getfixturevalue("sqlite_url"))


@pytest.fixture
def town(database: Database, clock: FixedClock) -> EnforcementTown:
    return enforcement_town(database, clock, "sample-town")


def _step(qtbot: QtBot, details: RecordDialog, letter: Qt.Key) -> object:
    step(qtbot, details, letter)
    return details.form


def _close_paper(qtbot: QtBot, details: RecordDialog) -> None:
    preview = details.papers.preview
    assert preview is not None and preview.isVisible()
    qtbot.keyClick(preview, Qt.Key.Key_Escape)
    assert not preview.isVisible()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is details)


def test_complaint_hearing_dangerous_muzzle_breach_bar(qtbot: QtBot, town: EnforcementTown) -> None:
    with area_for(qtbot, town, CLERK) as view:
        # GIVEN a complaint about Rex, filed from the keyboard (Ctrl+H)
        key(qtbot, view.tabs, "Ctrl+H")
        form = view.dialog
        assert isinstance(form, ComplaintDialog)
        find_and_pick(qtbot, form.dog, "Rex")
        retype(qtbot, form.on, "05/01/2026")
        retype(qtbot, form.complainant, "Pat Neighbour")
        form.complaint.setFocus()
        qtbot.keyClicks(form.complaint, "Rex bit a cyclist on Elm St.")
        qtbot.keyClick(form.complainant, Qt.Key.Key_Return)
        settle(qtbot, view, lambda: not form.isVisible())
        assert "H2026-0001 filed" in view.notice.text()
        assert view.tabs.currentWidget() is view.day  # the message says where to go

        # WHEN the Hearings tab (Alt+H) lists it and Enter opens it
        qtbot.keyClick(view.tabs, Qt.Key.Key_H, Qt.KeyboardModifier.AltModifier)
        assert view.tabs.currentWidget() is view.hearings
        settle(qtbot, view, lambda: bool(view.hearings.model.rows))
        view.hearings.table.setFocus()
        qtbot.keyClick(view.hearings.table, Qt.Key.Key_Return)
        details = view.dialog
        assert isinstance(details, RecordDialog)
        settle(qtbot, view, lambda: details.record is not None)
        # THEN a decision waits for its hearing, said on the button
        assert "Schedule the hearing first" in details.buttons["decide"].toolTip()

        # WHEN S schedules it for May 20 at 18:30
        schedule = _step(qtbot, details, Qt.Key.Key_S)
        assert isinstance(schedule, ScheduleDialog)
        retype(qtbot, schedule.day, "05/20/2026")
        retype(qtbot, schedule.time, "18:30")
        qtbot.keyClick(schedule.time, Qt.Key.Key_Return)
        settle(qtbot, view, lambda: not schedule.isVisible() and not details.busy())
        assert "Hearing 05/20/2026 18:30 at Town Hall" in details.facts.text()
        # (the notice of the hearing opens in the print preview; Esc closes it)
        _close_paper(qtbot, details)

        # AND D decides: dangerous (the first choice), muzzled and leashed (the third order)
        decide = _step(qtbot, details, Qt.Key.Key_D)
        assert isinstance(decide, DecideDialog)
        retype(qtbot, decide.on, "05/21/2026")
        decide.orders.setFocus()
        qtbot.keyClick(decide.orders, Qt.Key.Key_Down)
        qtbot.keyClick(decide.orders, Qt.Key.Key_Down)
        qtbot.keyClick(decide.orders, Qt.Key.Key_Space)
        qtbot.keyClick(decide.authority, Qt.Key.Key_Return)
        settle(qtbot, view, lambda: not decide.isVisible() and not details.busy())
        facts = details.facts.text()
        assert "Decided 05/21/2026 by Select Board: dangerous" in facts
        assert "Order: muzzled and leashed off the owner's premises, from 05/21/2026" in facts
        _close_paper(qtbot, details)  # the order of the hearing authority, to print

        # AND B records that the order was violated today
        breach = _step(qtbot, details, Qt.Key.Key_B)
        assert isinstance(breach, BreachDialog)
        qtbot.keyClick(breach.on, Qt.Key.Key_Return)
        settle(qtbot, view, lambda: not breach.isVisible() and not details.busy())

        # THEN the bar shows: five years from the breach, its report due in 30 days
        facts = details.facts.text()
        assert "may not license a dog from 06/01/2026 until 06/01/2031" in facts
        assert "report due by 07/01/2026" in facts
        assert details.buttons["report"].isEnabled() and details.buttons["lift"].isEnabled()
        qtbot.keyClick(details, Qt.Key.Key_Escape)
        settle(qtbot, view)
        # AND the day list has the bar to report, Enter opening its complaint
        view.tabs.setCurrentWidget(view.day)
        settle(qtbot, view)
        lines = view.day.model.rows
        bar = next(line for line in lines if line.what == "Bar to report")
        assert bar.tab == "hearings" and "07/01/2026" in bar.when


def test_the_officer_files_but_does_not_decide(qtbot: QtBot, town: EnforcementTown) -> None:
    # GIVEN the officer's complaint about Max
    with area_for(qtbot, town, ACO) as view:
        key(qtbot, view.tabs, "Ctrl+H")
        form = view.dialog
        assert isinstance(form, ComplaintDialog)
        find_and_pick(qtbot, form.dog, "Max")
        retype(qtbot, form.complainant, "Officer Reyes")
        form.complaint.setFocus()
        qtbot.keyClicks(form.complaint, "Chases the mail carrier.")
        form.save()
        settle(qtbot, view, lambda: not form.isVisible())
        view.tabs.setCurrentWidget(view.hearings)
        settle(qtbot, view, lambda: bool(view.hearings.model.rows))
        view.hearings.open_chosen()
        details = view.dialog
        assert isinstance(details, RecordDialog)
        settle(qtbot, view, lambda: details.record is not None)
        # THEN the hearing authority's steps are disabled with the refusal as their tooltip
        schedule = details.buttons["schedule"]
        assert not schedule.isEnabled()
        assert schedule.toolTip() == ACO.refusal(Permission.HEARINGS)
        # AND its key says so in the details' message line, opening nothing
        step(qtbot, details, Qt.Key.Key_S)
        assert details.form is None
        assert details.message.text() == ACO.refusal(Permission.HEARINGS)
