"""Year-end renewals… on March 2, 2027, in the early sale of 2027–28: the kennels licensed for
2026–27 listed ready or refused, the ready ones ticked and paid by check, renewed off the UI
thread, and each kennel's outcome said in the table — all from the keyboard."""

from __future__ import annotations

import datetime as dt

import pytest
from counter_fixtures import active_dialog, focused
from kennels_area_support import (
    ACO,
    EASTERN,
    SeededKennel,
    keepers,
    license_kennel,
    open_kennels,
    seed_kennel,
)
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from clerkdesk.clock import FixedClock
from clerkdesk.models import KennelLicense, Tender
from clerkdesk.rules.kinds import InspectionResult, TenderKind
from clerkdesk.services.kennels import InspectionInput, record_inspection
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.views.kennels.renewals_dialog import RenewalsDialog
from clerkdesk.ui.views.kennels.renewals_table import STATE, TENDER, TICK

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier
JUNE_2026 = FixedClock(dt.datetime(2026, 6, 2, 9, 0, tzinfo=EASTERN))


@pytest.fixture
def clock() -> FixedClock:
    """The early sale of 2027–28 (Westborough: from 60 days before April 1)."""
    return FixedClock(dt.datetime(2027, 3, 2, 10, 30, tzinfo=EASTERN))


def _licensed_last_year(
    ui_context: UiContext, clock: FixedClock, inspected: int = 2
) -> list[SeededKennel]:
    """Three kennels licensed for 2026–27; the first ``inspected`` inspected again for
    2027–28."""
    database = ui_context.database
    names = ("Alder Kennel", "Birch Kennel", "Cedar Kennel")
    seeded = []
    for keeper, name in zip(keepers(database, 3), names, strict=True):
        kennel = seed_kennel(database, keeper, JUNE_2026, name=name, license_year=2026)
        license_kennel(database, kennel, JUNE_2026, 2026)
        seeded.append(kennel)
    for kennel in seeded[:inspected]:
        record_inspection(
            database,
            InspectionInput(kennel.kennel_id, 2027, clock.today(), InspectionResult.PASSED,
                            "aco", None),
            actor=ACO,
            clock=clock,
        )  # fmt: skip
    return seeded


def test_renew_the_ready_kennels_by_check_and_see_the_one_refused(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    alder, birch, cedar = _licensed_last_year(ui_context, clock)
    view = open_kennels(qtbot, window)
    # WHEN the clerk shows next year and presses Ctrl+Shift+R
    view.year.setFocus()
    qtbot.keyClick(view.year, Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: not view.busy() and view.year.currentText().endswith("(next year)"))
    view.table.setFocus()
    qtbot.keyClick(view.table, Qt.Key.Key_R, CTRL | SHIFT)
    dialog = active_dialog(qtbot, RenewalsDialog)
    assert isinstance(dialog, RenewalsDialog)
    qtbot.waitUntil(lambda: not dialog.busy() and len(dialog.due) == 3)
    # THEN the two inspected are ready, and the third says why not
    ready = {d.name: d.ready for d in dialog.due}
    assert ready == {alder.name: True, birch.name: True, cedar.name: False}
    assert "no inspection for license year 2027–28" in dialog.table.item(2, STATE).text()
    assert dialog.renew.text() == "Renew — tick the kennels to renew (Space)"
    # WHEN Ctrl+A ticks the ready ones; Space on the refused one does nothing
    qtbot.keyClick(dialog.table, Qt.Key.Key_A, CTRL)
    dialog.table.setCurrentCell(2, 0)
    qtbot.keyClick(dialog.table, Qt.Key.Key_Space)
    assert dialog.ticked == {alder.kennel_id, birch.kennel_id}
    assert dialog.table.item(2, TICK).text() == "—"
    # THEN the main button asks for the check numbers
    assert dialog.renew.text().startswith("Renew — needs a number for Alder Kennel")
    # WHEN the clerk gives each its check number (Alt+N), moving with the arrows
    for row, number in ((0, "2210"), (1, "2211")):
        dialog.table.setFocus()
        dialog.table.setCurrentCell(row, 1)
        qtbot.keyClick(dialog.table, Qt.Key.Key_N, ALT)
        assert focused() is dialog.number
        qtbot.keyClicks(dialog.number, number)
    assert dialog.renew.text() == "Renew 2 kennels  Ctrl+Enter"
    # AND presses Ctrl+Enter
    qtbot.keyClick(dialog.number, Qt.Key.Key_Return, CTRL)
    qtbot.waitUntil(lambda: not dialog.busy() and dialog.outcome is not None, timeout=20000)
    # THEN each renewed kennel has its own receipt paid by its check, and the table says so
    assert dialog.outcome is not None and len(dialog.outcome.renewed) == 2
    assert dialog.table.item(0, STATE).text().startswith("renewed: license 2027–28-K")
    assert dialog.table.item(1, STATE).text().startswith("renewed: license 2027–28-K")
    assert "Renewed 2 kennels." in dialog.message.text()
    with ui_context.database.read() as session:
        licenses = session.scalars(
            select(KennelLicense).where(KennelLicense.license_year_start == dt.date(2027, 4, 1))
        ).all()
        assert {k.kennel_id for k in licenses} == {alder.kennel_id, birch.kennel_id}
        assert len({k.receipt_id for k in licenses}) == 2
        checks = session.scalars(
            select(Tender.reference).where(
                Tender.receipt_id.in_([k.receipt_id for k in licenses]),
                Tender.kind == TenderKind.CHECK,
            )
        ).all()
        assert sorted(checks) == ["2210", "2211"]
    # AND a renewed kennel cannot be ticked again; Esc closes and the list shows its licenses
    dialog.table.setCurrentCell(0, 0)
    qtbot.keyClick(dialog.table, Qt.Key.Key_Space)
    assert dialog.ticked == set()
    qtbot.keyClick(dialog.table, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible() and not view.busy())
    labels = {r.name: r.license_label for r in view.model.rows}
    assert labels[alder.name] and labels[birch.name] and labels[cedar.name] is None


def test_esc_stops_a_batch_between_kennels_and_says_what_was_done(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    _licensed_last_year(ui_context, clock, inspected=3)
    view = open_kennels(qtbot, window)
    view.year.setCurrentIndex(1)
    qtbot.waitUntil(lambda: not view.busy())
    view.year_end_renewals()
    dialog = active_dialog(qtbot, RenewalsDialog)
    assert isinstance(dialog, RenewalsDialog)
    qtbot.waitUntil(lambda: not dialog.busy() and len(dialog.due) == 3)
    qtbot.keyClick(dialog.table, Qt.Key.Key_A, CTRL)
    for row in range(3):  # cash (the second tender offered) needs no number
        dialog.table.setCurrentCell(row, 1)
        dialog.kind.setCurrentIndex(1)
    assert dialog.renew.text() == "Renew 3 kennels  Ctrl+Enter"
    # WHEN the clerk starts the batch and at once presses Esc
    qtbot.keyClick(dialog.table, Qt.Key.Key_Return, CTRL)
    assert dialog.close_button.text() == "Stop  Esc"
    qtbot.keyClick(dialog.table, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.busy(), timeout=20000)
    # THEN the dialog stays, says it stopped, and keeps the kennels not reached ticked
    assert dialog.isVisible()
    outcome = dialog.outcome
    assert outcome is not None and outcome.cancelled
    reached = len(outcome.renewed) + len(outcome.refused)
    assert reached < 3
    assert dialog.message.text().startswith("Stopped: Renewed")
    assert len(dialog.ticked) == 3 - reached
    with ui_context.database.read() as session:
        renewed = session.scalars(
            select(KennelLicense).where(KennelLicense.license_year_start == dt.date(2027, 4, 1))
        ).all()
        assert len(renewed) == len(outcome.renewed)


def test_a_free_kennel_renews_without_a_tender(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    # GIVEN a charitable kennel (licensed free) licensed for 2026–27 and inspected for 2027–28
    (keeper,) = keepers(ui_context.database, 1)
    rescue = seed_kennel(
        ui_context.database,
        keeper,
        JUNE_2026,
        name="Second Chance Rescue",
        license_year=2026,
        kennel_class="charitable",
    )
    license_kennel(ui_context.database, rescue, JUNE_2026, 2026, free=True)
    record_inspection(
        ui_context.database,
        InspectionInput(rescue.kennel_id, 2027, clock.today(), InspectionResult.PASSED, "aco"),
        actor=ACO,
        clock=clock,
    )
    view = open_kennels(qtbot, window)
    view.year.setCurrentIndex(1)
    qtbot.waitUntil(lambda: not view.busy())
    view.year_end_renewals()
    dialog = active_dialog(qtbot, RenewalsDialog)
    assert isinstance(dialog, RenewalsDialog)
    qtbot.waitUntil(lambda: not dialog.busy() and len(dialog.due) == 1)
    # THEN it asks for no tender: ticked, it is ready to renew at once
    qtbot.keyClick(dialog.table, Qt.Key.Key_Space)
    assert dialog.table.item(0, TENDER).text() == "nothing due"
    assert not dialog.kind.isEnabled() and not dialog.number.isEnabled()
    assert dialog.renew.text() == "Renew 1 kennel  Ctrl+Enter"
    qtbot.keyClick(dialog.table, Qt.Key.Key_Return, CTRL)
    qtbot.waitUntil(lambda: not dialog.busy() and dialog.outcome is not None, timeout=20000)
    assert dialog.outcome is not None and len(dialog.outcome.renewed) == 1
    assert dialog.outcome.renewed[0].total == 0
