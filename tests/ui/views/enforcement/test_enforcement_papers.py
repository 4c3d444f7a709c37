"""The enforcement papers from the officer's area, by keys: a violation recorded opens its
notice in the print preview, Ctrl+P prints it; P on its details reprints it, asking why,
marked REPRINT and recorded. A decided complaint's order is reprinted with O; E ends its
order and X closes it, both refused in words to the assistant clerk. Each paper is read back
from the PDF the preview holds."""

from __future__ import annotations

import pytest
from enforcement_area_support import area_for, find_and_pick, key, retype, settle, step
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.rules.kinds import PrintedKind
from clerkdesk.rules.roles import Permission
from clerkdesk.services.enforcement.hearing_views import hearing_view
from clerkdesk.services.enforcement.papers import reprint_count
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.views.enforcement import EnforcementView
from clerkdesk.ui.views.enforcement.close_dialogs import CloseHearingDialog, EndOrderDialog
from clerkdesk.ui.views.enforcement.details import RecordDialog
from clerkdesk.ui.views.enforcement.paper_print import ReprintPaperDialog
from clerkdesk.ui.views.enforcement.violation_dialogs import RecordViolationDialog
from enforcement_towns import (
    ACO,
    ASSISTANT,
    CLERK,
    EnforcementTown,
    enforcement_town,
    muzzle_order,
)
from pdf_support import page_texts
from qt_support import RecordedDialogs


@pytest.fixture(params=["sqlite"])
def database_url(request: pytest.FixtureRequest) -> str:
    return str(request.getfixturevalue("sqlite_url"))


@pytest.fixture
def town(database: Database, clock: FixedClock) -> EnforcementTown:
    return enforcement_town(database, clock, "sample-town")


def _text(preview: PrintPreview) -> str:
    return "\n".join(page_texts(preview.jobs[0].path.read_bytes()))


def _open(qtbot: QtBot, view: EnforcementView, page: str) -> RecordDialog:
    """Enter on the first line of the tab (Alt+V, Alt+H)."""
    qtbot.keyClick(view.tabs, {"violations": Qt.Key.Key_V, "hearings": Qt.Key.Key_H}[page],
                   Qt.KeyboardModifier.AltModifier)  # fmt: skip
    records = view.pages[page]
    settle(qtbot, view, lambda: bool(records.model.rows))
    records.table.setFocus()
    qtbot.keyClick(records.table, Qt.Key.Key_Return)
    details = view.dialog
    assert isinstance(details, RecordDialog)
    settle(qtbot, view, lambda: details.record is not None)
    return details


def _reprint(qtbot: QtBot, view: EnforcementView, details: RecordDialog, letter: Qt.Key,
             why: str) -> PrintPreview:  # fmt: skip
    step(qtbot, details, letter)
    form = details.form
    assert isinstance(form, ReprintPaperDialog)
    qtbot.waitUntil(form.reason.hasFocus)  # the keyboard is on the reason
    qtbot.keyClicks(form.reason, why)
    qtbot.keyClick(form.reason, Qt.Key.Key_Return)
    settle(qtbot, view, lambda: not form.isVisible() and details.papers.preview is not None)
    preview = details.papers.preview
    assert preview is not None and preview.isVisible()
    return preview


def test_the_officer_prints_the_ticket_then_reprints_it(
    qtbot: QtBot, town: EnforcementTown
) -> None:
    with area_for(qtbot, town, ACO) as view:
        dialogs = view.ctx.dialogs
        assert isinstance(dialogs, RecordedDialogs)
        # GIVEN John's Max at large this morning, recorded from the keyboard
        key(qtbot, view.tabs, "Ctrl+N")
        form = view.dialog
        assert isinstance(form, RecordViolationDialog)
        # The picker names the offense in the bylaw's words, not the profile's code
        assert form.code.currentText().startswith("Domestic animal on a town way")
        assert form.code.currentData() == "domestic_animal"
        find_and_pick(qtbot, form.owner, "John Smith")
        settle(qtbot, view, lambda: form.dogs.count() == 1)
        qtbot.keyClick(form.dogs, Qt.Key.Key_Space)
        retype(qtbot, form.time, "07:45")
        retype(qtbot, form.place, "Oak St")
        qtbot.keyClick(form.place, Qt.Key.Key_Return)
        # THEN its notice opens in the print preview: the ticket, a written warning first
        settle(qtbot, view, lambda: not form.isVisible() and view.papers.preview is not None)
        preview = view.papers.preview
        assert preview is not None and preview.isVisible()
        assert preview.windowTitle() == "Violation notice V2026-0001"
        ticket = _text(preview)
        assert "V2026-0001" in ticket and "REPRINT" not in ticket
        # AND Ctrl+P sends it to the printer; Esc goes back to the area
        qtbot.keyClick(preview, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
        assert [job.title for job in dialogs.jobs] == ["Violation notice V2026-0001"]
        qtbot.keyClick(preview, Qt.Key.Key_Escape)
        qtbot.waitUntil(lambda: QApplication.activeWindow() is view)
        assert "V2026-0001 recorded" in view.notice.text()

        # WHEN the officer opens it and presses P: why, then Enter
        details = _open(qtbot, view, "violations")
        assert details.buttons["notice"].isEnabled()
        again = _reprint(qtbot, view, details, Qt.Key.Key_P, "mailed again")
        # THEN the copy says REPRINT, and it is on record
        assert again.windowTitle() == "Reprint — Violation notice V2026-0001"
        assert "REPRINT" in _text(again)
        assert "reprint no. 1" in details.message.text()
        violation_id = details.record_id
        assert reprint_count(town.database, PrintedKind.VIOLATION_NOTICE, violation_id) == 1
        qtbot.keyClick(again, Qt.Key.Key_Escape)


def test_a_decided_complaint_order_reprinted_ended_and_closed(
    qtbot: QtBot, town: EnforcementTown
) -> None:
    # GIVEN Rex deemed dangerous on May 1 with a muzzle order
    order = muzzle_order(town, town.rex, town.jane, town.clock.today().replace(month=5, day=1))
    with area_for(qtbot, town, CLERK) as view:
        details = _open(qtbot, view, "hearings")
        assert details.buttons["close"].isEnabled() and details.buttons["end_order"].isEnabled()
        # WHEN O reprints the order of the hearing authority
        again = _reprint(qtbot, view, details, Qt.Key.Key_O, "the owner asked for a copy")
        text = _text(again)
        assert "REPRINT" in text and "uzzle" in text
        qtbot.keyClick(again, Qt.Key.Key_Escape)
        qtbot.waitUntil(lambda: QApplication.activeWindow() is details)
        # AND E ends the muzzle order: complied with
        step(qtbot, details, Qt.Key.Key_E)
        end = details.form
        assert isinstance(end, EndOrderDialog)
        assert end.order.currentData() == order
        retype(qtbot, end.reason, "the dog died")
        qtbot.keyClick(end.reason, Qt.Key.Key_Return)
        settle(qtbot, view, lambda: not end.isVisible() and not details.busy())
        assert "ended 06/01/2026 (the dog died)" in details.facts.text()
        assert not details.buttons["end_order"].isEnabled()
        # AND X closes the case
        step(qtbot, details, Qt.Key.Key_X)
        close = details.form
        assert isinstance(close, CloseHearingDialog)
        qtbot.keyClick(close, Qt.Key.Key_Return)
        settle(qtbot, view, lambda: not close.isVisible() and not details.busy())
        assert hearing_view(town.database, details.record_id).closed_at is not None
        assert "is closed" in details.buttons["close"].toolTip()


def test_the_assistant_clerk_may_not_end_an_order_or_close_a_case(
    qtbot: QtBot, town: EnforcementTown
) -> None:
    muzzle_order(town, town.rex, town.jane, town.clock.today().replace(month=5, day=1))
    with area_for(qtbot, town, ASSISTANT) as view:
        details = _open(qtbot, view, "hearings")
        refusal = ASSISTANT.refusal(Permission.HEARINGS)
        for name in ("end_order", "close"):
            button = details.buttons[name]
            assert not button.isEnabled() and button.toolTip() == refusal
        # The key says why, in words, where the clerk is looking
        step(qtbot, details, Qt.Key.Key_X)
        assert details.form is None
        assert details.message.text() == refusal
        # A copy of the order is a reprint the assistant clerk may make
        assert details.buttons["order_paper"].isEnabled()
