"""The Enforcement area over a small office (tests/services/enforcement's town under a
bundled preset, on SQLite): Jane Doe of 12 Elm St with Rex and Bella, John Smith with Max;
the clock at June 1, 2026, 10:30. The area is opened as a window of its own, for the person
named, and driven with keys."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from pytestqt.qtbot import QtBot

from clerkdesk.rules.roles import Actor
from clerkdesk.services.town import town_in_use
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.tasks import TaskRunner
from clerkdesk.ui.views.enforcement import EnforcementView
from enforcement_towns import EnforcementTown
from qt_support import RecordedDialogs


@contextmanager
def area_for(qtbot: QtBot, town: EnforcementTown, actor: Actor) -> Iterator[EnforcementView]:
    """The area, shown, for ``actor``; its day list read."""
    tasks = TaskRunner()
    ctx = UiContext(
        database=town.database,
        clock=town.clock,
        actor=actor,
        town=town_in_use(town.database),
        schema_revision=None,
        tasks=tasks,
        dialogs=RecordedDialogs(),
    )
    view = EnforcementView(ctx)
    qtbot.addWidget(view)
    view.resize(1240, 700)
    view.show()
    qtbot.waitExposed(view)
    view.activateWindow()
    settle(qtbot, view)
    try:
        yield view
    finally:
        for dialog in open_dialogs():
            dialog.done(0)
        tasks.wait()


def settle(qtbot: QtBot, view: EnforcementView, extra: Callable[[], bool] | None = None) -> None:
    def calm() -> bool:
        return not view.busy() and (extra is None or extra())

    qtbot.waitUntil(calm, timeout=10000)
    view.ctx.tasks.wait()
    qtbot.wait(10)
    qtbot.waitUntil(calm, timeout=10000)


def open_dialogs() -> list[QDialog]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QDialog) and w.isVisible()]


def key(qtbot: QtBot, widget: QWidget, keys: str) -> None:
    """A key sequence such as ``Ctrl+N`` pressed on ``widget``."""
    from PySide6.QtGui import QKeySequence

    combo = QKeySequence(keys)[0]
    qtbot.keyClick(widget, combo.key(), combo.keyboardModifiers())


def step(qtbot: QtBot, details: QWidget, letter: Qt.Key) -> None:
    """A record's step pressed by its letter: the letters are the dialog's shortcuts, heard
    once it is the active window (on a busy machine it may not be yet when its facts come)."""
    qtbot.waitUntil(lambda: QApplication.activeWindow() is details)
    qtbot.keyClick(details, letter)


def retype(qtbot: QtBot, edit: Any, text: str) -> None:
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClick(edit, Qt.Key.Key_Delete)
    qtbot.keyClicks(edit, text)


def find_and_pick(qtbot: QtBot, finder: Any, text: str) -> None:
    """Type into a form's finder, wait for its matches, Down and Enter on the first."""
    finder.edit.setFocus()
    qtbot.keyClicks(finder.edit, text)
    qtbot.waitUntil(lambda: not finder.busy() and finder.list.count() > 0, timeout=10000)
    qtbot.keyClick(finder.edit, Qt.Key.Key_Down)
    qtbot.keyClick(finder.list, Qt.Key.Key_Return)
    assert finder.hit is not None
