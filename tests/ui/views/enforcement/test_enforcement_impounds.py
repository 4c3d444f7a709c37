"""The officer takes a dog in from the keyboard and sees it on the day list with its days
held and holding periods, and on its card its charges as the profile counts them."""

from __future__ import annotations

import pytest
from enforcement_area_support import area_for, find_and_pick, key, retype, settle, step
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.ui.views.enforcement.details import RecordDialog
from clerkdesk.ui.views.enforcement.impound_dialogs import DisposeDialog, TakeInDialog
from enforcement_towns import ACO, EnforcementTown, enforcement_town


@pytest.fixture(params=["sqlite"])
def database_url(request: pytest.FixtureRequest) -> str:
    return str(request.getfixturevalue("sqlite_url"))


@pytest.fixture
def town(database: Database, clock: FixedClock) -> EnforcementTown:
    return enforcement_town(database, clock, "sample-city")


def test_a_dog_taken_in_yesterday_shows_its_days_holding_and_charges(
    qtbot: QtBot, town: EnforcementTown
) -> None:
    with area_for(qtbot, town, ACO) as view:
        # WHEN the officer takes Rex in, found yesterday morning on Elm St
        key(qtbot, view.tabs, "Ctrl+I")
        form = view.dialog
        assert isinstance(form, TakeInDialog)
        find_and_pick(qtbot, form.dog, "Rex")
        assert form.day.hasFocus()  # Enter on the dog moves on to the date
        retype(qtbot, form.day, "05/31/2026")
        retype(qtbot, form.time, "09:00")
        retype(qtbot, form.place, "Elm St")
        qtbot.keyClick(form.place, Qt.Key.Key_Return)
        settle(qtbot, view, lambda: not form.isVisible())
        # THEN the message gives its reference and its holding periods' ends
        assert "I2026-0001 taken in (not licensed)" in view.notice.text()
        assert "7 days end 06/07/2026; 10 days end 06/10/2026" in view.notice.text()

        # AND the day list shows him held one day, with both ends
        view.reload()
        settle(qtbot, view)
        line = view.day.model.rows[0]
        assert (line.what, line.ref) == ("Dog held", "I2026-0001")
        assert line.who.startswith("Rex (Doe, Jane") or line.who.startswith("Rex (Jane")
        assert "1 day at Town dog pound" in line.detail
        assert "7 days end 06/07/2026, 10 days end 06/10/2026" in line.detail

        # AND the Impounds tab (Alt+I) lists him, the keyboard on the list
        qtbot.keyClick(view.tabs, Qt.Key.Key_I, Qt.KeyboardModifier.AltModifier)
        settle(qtbot, view, lambda: bool(view.impounds.model.rows))
        qtbot.waitUntil(lambda: view.impounds.table.hasFocus())
        assert view.impounds.model.rows[0].label == "I2026-0001"

        # WHEN Enter opens the line on the day list
        qtbot.keyClick(view.tabs, Qt.Key.Key_T, Qt.KeyboardModifier.AltModifier)
        settle(qtbot, view)
        qtbot.waitUntil(lambda: view.day.table.hasFocus())
        qtbot.keyClick(view.day.table, Qt.Key.Key_Return)
        details = view.dialog
        assert isinstance(details, RecordDialog)
        settle(qtbot, view, lambda: details.record is not None)
        # THEN its card counts the charges to now: $6 per 24 hours or part, two begun
        facts = details.facts.text()
        assert "Impound: $6.00 per 24 hours or part × 2: $12.00" in facts
        assert "Holding: 10 days, through 06/10/2026" in facts
        # AND the card is tall enough for every line of it (it opened saying "Reading…")
        label = details.facts
        qtbot.waitUntil(lambda: label.height() >= label.heightForWidth(label.width()))
        # AND the officer may dispose of it; the release is a clerk's, at the counter
        assert details.buttons["dispose"].isEnabled()
        assert not details.buttons["identify"].isEnabled()  # he is on file already

        # WHEN D opens Dispose… and the officer records euthanasia before the 10 days end
        step(qtbot, details, Qt.Key.Key_D)
        dispose = details.form
        assert isinstance(dispose, DisposeDialog)
        dispose.kind.setCurrentIndex(2)  # euthanized
        dispose.save()
        settle(qtbot, view, lambda: not dispose.saving)
        # THEN the service's refusal is beside the date, in words, and nothing changed
        assert "held through 06/10/2026" in dispose.messages["at"].text()
        assert dispose.isVisible()
        # AND Esc leaves the form (nothing typed), then the card
        qtbot.keyClick(dispose, Qt.Key.Key_Escape)
        settle(qtbot, view)
        assert not dispose.isVisible() and details.isVisible()
