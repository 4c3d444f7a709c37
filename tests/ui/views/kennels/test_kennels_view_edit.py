"""Edit kennel…, Close kennel… and Tag labels…, driven with the keys a clerk would press."""

from __future__ import annotations

from counter_fixtures import active_dialog, focused
from kennels_area_support import (
    kennel_chosen,
    license_kennel,
)
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from clerkdesk.clock import FixedClock
from clerkdesk.models import Kennel, KennelDog, KennelStatus
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.question import QuestionDialog
from clerkdesk.ui.views.kennels.close_dialog import CloseKennelDialog
from clerkdesk.ui.views.kennels.kennel_dialog import EditKennelDialog
from clerkdesk.ui.views.kennels.tag_labels_dialog import KennelTagLabelsDialog

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def test_edit_starts_from_the_record_and_keeps_the_maximum_above_the_dogs_counted(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    view, kennel = kennel_chosen(qtbot, window, ui_context.database, clock, max_dogs=4)
    # WHEN the clerk presses Ctrl+E
    qtbot.keyClick(view.table, Qt.Key.Key_E, CTRL)
    dialog = active_dialog(qtbot, EditKennelDialog)
    assert isinstance(dialog, EditKennelDialog)
    # THEN the form holds the kennel as it stands, the keeper chosen
    assert dialog.windowTitle() == f"Edit kennel — {kennel.name}"
    assert (dialog.name.text(), dialog.street.text(), dialog.max_dogs.text()) == (
        kennel.name,
        "14 Maple Hill Rd",
        "4",
    )
    assert dialog.keeper.hit is not None and dialog.keeper.hit.owner_id == kennel.keeper.owner_id
    assert "the keeper on file" in dialog.keeper.status.text()
    assert dialog.save_button.text() == "Save changes  Enter"
    # WHEN the maximum goes below the two grown dogs on the roster
    dialog.max_dogs.setFocus()
    dialog.max_dogs.selectAll()
    qtbot.keyClicks(dialog.max_dogs, "1")
    qtbot.keyClick(dialog.max_dogs, Qt.Key.Key_Return)
    # THEN it is refused beside the field, and nothing is saved
    qtbot.waitUntil(lambda: dialog.messages["max_dogs"].isVisible(), timeout=10000)
    assert "2 dogs on the roster count today, more than 1" in dialog.messages["max_dogs"].text()
    assert dialog.isVisible() and focused() is dialog.max_dogs
    # WHEN the clerk renames it and allows six
    dialog.max_dogs.selectAll()
    qtbot.keyClicks(dialog.max_dogs, "6")
    dialog.name.setFocus()
    dialog.name.selectAll()
    qtbot.keyClicks(dialog.name, "Maple Hill Kennels")
    qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=10000)
    # THEN it is saved, still chosen, and the list says so
    qtbot.waitUntil(
        lambda: (
            not view.busy()
            and view.chosen() is not None
            and view.chosen().name == "Maple Hill Kennels"  # type: ignore[union-attr]
        )
    )
    assert view.chosen().max_dogs == 6  # type: ignore[union-attr]
    assert "Kennel changed" in view.notice.text()
    with ui_context.database.read() as session:
        saved = session.get(Kennel, kennel.kennel_id)
        assert saved is not None and saved.keeper_id == kennel.keeper.owner_id
        assert saved.premises_street == "14 Maple Hill Rd"
    assert QApplication.activeModalWidget() is None


def test_close_asks_the_reason_then_says_what_closing_does(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    view, kennel = kennel_chosen(qtbot, window, ui_context.database, clock)
    qtbot.waitUntil(lambda: view.details.card is not None and not view.busy())
    # WHEN the clerk presses Ctrl+Shift+K and Enter with no reason
    qtbot.keyClick(view.table, Qt.Key.Key_K, CTRL | SHIFT)
    dialog = active_dialog(qtbot, CloseKennelDialog)
    assert isinstance(dialog, CloseKennelDialog)
    assert dialog.save_button.text().startswith("Close kennel  Enter — needs reason")
    qtbot.keyClicks(dialog.field, "Keeper moved to Grafton")
    qtbot.keyClick(dialog.field, Qt.Key.Key_Return)
    # THEN the question says what closing does; Esc keeps it open
    question = active_dialog(qtbot, QuestionDialog)
    text = question.question.text  # type: ignore[attr-defined]
    assert "3 dogs on its roster leave it today" in text and "never licensed again" in text
    qtbot.keyClick(question, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is dialog)
    # WHEN the clerk confirms with C
    qtbot.keyClick(dialog.field, Qt.Key.Key_Return)
    question = active_dialog(qtbot, QuestionDialog)
    qtbot.keyClick(question, Qt.Key.Key_C)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=10000)
    # THEN the kennel is closed, its roster empty, and nothing more can change it
    qtbot.waitUntil(
        lambda: (
            not view.busy()
            and view.chosen() is not None
            and view.chosen().status is KennelStatus.CLOSED  # type: ignore[union-attr]
        )
    )
    assert f"{kennel.name} is closed" in view.notice.text()
    for button in (view.edit_button, view.close_button, view.license_button, view.add_dog_button):
        assert not button.isEnabled()
    with ui_context.database.read() as session:
        closed = session.get(Kennel, kennel.kennel_id)
        assert closed is not None and closed.status is KennelStatus.CLOSED
        assert closed.notes is not None and "Keeper moved to Grafton" in closed.notes
        kept = session.scalars(
            select(KennelDog).where(
                KennelDog.kennel_id == kennel.kennel_id, KennelDog.removed_on.is_(None)
            )
        ).all()
        assert kept == []


def test_tag_labels_of_the_kennels_license_previewed_by_keys(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    view, kennel = kennel_chosen(qtbot, window, ui_context.database, clock)
    # A kennel with no license yet: told why, nothing opens
    qtbot.keyClick(view.table, Qt.Key.Key_T, CTRL)
    qtbot.waitUntil(lambda: "holds no license for 2026–27" in view.notice.text())
    assert QApplication.activeModalWidget() is None
    # Once licensed, Ctrl+T asks the sheet; a tag it lacks is refused
    license_kennel(ui_context.database, kennel, clock, 2026)
    view.reload(kennel.kennel_id)
    qtbot.waitUntil(lambda: not view.busy() and view.chosen().license_label is not None)  # type: ignore[union-attr]
    qtbot.keyClick(view.table, Qt.Key.Key_T, CTRL)
    dialog = active_dialog(qtbot, KennelTagLabelsDialog)
    assert isinstance(dialog, KennelTagLabelsDialog)
    dialog.tags.setFocus()
    qtbot.keyClicks(dialog.tags, "9")
    qtbot.keyClick(dialog.tags, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.messages["tags"].isVisible(), timeout=10000)
    assert "has no tag #9 (its tags: #1–#2)" in dialog.messages["tags"].text()
    # Every tag: the preview opens with the labels
    dialog.tags.clear()
    qtbot.keyClick(dialog.tags, Qt.Key.Key_Return)
    preview = active_dialog(qtbot, PrintPreview)
    assert isinstance(preview, PrintPreview)
    assert "2 kennel tag labels of 2026–27-K001 (K001 #1, K001 #2)" in preview.message.text()
    qtbot.keyClick(preview, Qt.Key.Key_Escape)
