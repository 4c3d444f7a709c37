"""Who reaches the Enforcement area, and what each may do there: the officer, the clerk and
the administrator act; the assistant clerk reads the records, the officer's steps disabled
with the refusal as their tooltip; the treasurer does not see the area. Every action of
the area, and of each form it opens, pressed as each role ends in words, never a crash."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_area_support import area_for, key, settle
from pytestqt.qtbot import QtBot
from role_walk import Walk, walk_buttons

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.rules.roles import Permission, Role
from clerkdesk.services.enforcement import hearings, impounds, violations
from clerkdesk.ui.nav import areas_open_to
from clerkdesk.ui.views.enforcement.details import RecordDialog
from enforcement_towns import (
    ACO,
    ASSISTANT,
    CLERK,
    TREASURER,
    EnforcementTown,
    enforcement_town,
    town_time,
)
from qt_support import RecordedDialogs


@pytest.fixture(params=["sqlite"])
def database_url(request: pytest.FixtureRequest) -> str:
    return str(request.getfixturevalue("sqlite_url"))


@pytest.fixture
def town(database: Database, clock: FixedClock) -> EnforcementTown:
    """A violation, a dog held and a complaint on file."""
    made = enforcement_town(database, clock, "sample-town")
    day = dt.date(2026, 5, 30)
    violations.record_violation(
        database,
        violations.ViolationInput(
            made.jane, (made.rex,), "domestic_animal", town_time(day), "Elm St", "Reyes"
        ),
        actor=ACO,
        clock=clock,
    )
    impounds.take_in(
        database,
        impounds.ImpoundInput(made.max, None, "", town_time(day), "Oak St", "Reyes", "Pound"),
        actor=ACO,
        clock=clock,
    )
    hearings.file_complaint(
        database,
        hearings.ComplaintInput(made.bella, day, "A neighbour", "Barks all night."),
        actor=ACO,
        clock=clock,
    )
    return made


def test_the_area_is_the_officers_the_clerks_and_the_assistants_not_the_treasurers() -> None:
    for actor in (ACO, CLERK, ASSISTANT, staff("admin", Role.ADMINISTRATOR)):
        assert "enforcement" in areas_open_to(actor), actor.role
    assert "enforcement" not in areas_open_to(TREASURER)


def test_the_assistant_reads_the_records_but_takes_no_step(
    qtbot: QtBot, town: EnforcementTown
) -> None:
    with area_for(qtbot, town, ASSISTANT) as view:
        refusal = ASSISTANT.refusal(Permission.ENFORCE)
        # The day list shows the dog held and the violation recorded today; each tab its record
        assert [line.what for line in view.day.model.rows] == ["Dog held", "Recorded today"]
        for page in view.pages.values():
            view.tabs.setCurrentWidget(page)
            settle(qtbot, view)
            assert len(page.model.rows) == 1, page.name
        # The officer's buttons are there, disabled, the refusal their tooltip
        for button in (view.violation_button, view.impound_button, view.complaint_button):
            assert not button.isHidden() and not button.isEnabled()
            assert button.toolTip() == refusal
        # Their keys say the refusal instead of opening a form
        key(qtbot, view.tabs, "Ctrl+N")
        assert view.dialog is None and view.notice.text() == refusal
        # A violation's details: its steps refused, but the counter (where the assistant
        # takes the fine) offered
        view.open_record("violations", view.violations.model.rows[0].id)
        details = view.dialog
        assert isinstance(details, RecordDialog)
        settle(qtbot, view, lambda: details.record is not None)
        assert details.buttons["dismiss"].toolTip() == refusal
        assert not details.buttons["counter"].isEnabled()  # a warning: nothing owed
        assert details.buttons["counter"].toolTip() == "Nothing is owed on V2026-0001."


@pytest.mark.parametrize("who", [ACO, ASSISTANT, CLERK], ids=lambda a: a.name)
def test_every_action_as_each_role_ends_in_words(
    qtbot: QtBot, town: EnforcementTown, who: object
) -> None:
    with area_for(qtbot, town, who) as view:  # type: ignore[arg-type]
        walk = Walk()
        for page in (view.day, *view.pages.values()):
            view.tabs.setCurrentWidget(page)
            settle(qtbot, view)
            walk_buttons(qtbot, view, page, walk)  # type: ignore[arg-type]
        assert walk.pressed
        dialogs = view.ctx.dialogs
        assert isinstance(dialogs, RecordedDialogs)
        assert [text for _t, text in dialogs.errors if "did not expect" in text] == []
