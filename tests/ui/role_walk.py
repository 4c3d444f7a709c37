"""Pressing every action of every area the signed-in person can reach, and of every form
those actions open, to prove that each is either offered and ends in words, or hidden or
disabled with its reason — never an unhandled exception.

pytest-qt fails the test on any exception a slot raises; ``RecordedDialogs`` writes down
every message, so a crash handler's "did not expect" would be seen too.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QDialog,
    QPushButton,
    QTabBar,
    QTabWidget,
    QToolButton,
    QWidget,
)
from pytestqt.qtbot import QtBot

from clerkdesk.ui.main_window import MainWindow

# Buttons that only leave or go back: pressing them proves nothing.
_LEAVING = ("close", "cancel", "back", "go back", "discard")


@dataclass
class Walk:
    pressed: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # disabled, with the reason said
    seen: set[int] = field(default_factory=set)  # the buttons walked already


def _name(button: QAbstractButton) -> str:
    return (button.accessibleName() or button.text()).replace("&", "").strip()


def _actions(widget: QWidget) -> list[QAbstractButton]:
    """The push and tool buttons a person sees in ``widget`` (not a tab bar's arrows)."""
    found = []
    for button in widget.findChildren(QAbstractButton):
        if not isinstance(button, (QPushButton, QToolButton)):
            continue
        if isinstance(button.parent(), QTabBar) or not button.isVisibleTo(widget):
            continue
        if _name(button).lower().split("  ")[0] in _LEAVING:
            continue
        found.append(button)
    return found


def _dialogs() -> list[QDialog]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QDialog) and w.isVisible()]


def _settle(qtbot: QtBot, window: MainWindow) -> None:
    assert window.ctx is not None
    window.ctx.tasks.wait()
    qtbot.wait(20)
    window.ctx.tasks.wait()


def _close_new(before: list[QDialog]) -> None:
    for dialog in reversed(_dialogs()):
        if dialog not in before:
            dialog.reject()
            dialog.close()


def _press(qtbot: QtBot, window: MainWindow, button: QAbstractButton, walk: Walk) -> list[QDialog]:
    """Press ``button`` if it is offered; the forms it opened, still open."""
    if not button.isEnabled():
        walk.refused.append(_name(button))
        return []
    before = _dialogs()
    walk.pressed.append(_name(button))
    button.click()
    _settle(qtbot, window)
    return [d for d in _dialogs() if d not in before]


def choose_first_rows(where: QWidget) -> None:
    """The first row of every list in ``where`` chosen, so the actions on a chosen row
    are offered as they are to a clerk who picked one."""
    for table in where.findChildren(QAbstractItemView):
        model = table.model()
        if (
            table.isVisibleTo(where)
            and model is not None
            and model.rowCount() > 0
            and not table.currentIndex().isValid()
        ):
            table.setCurrentIndex(model.index(0, 0))


def walk_buttons(qtbot: QtBot, window: MainWindow, where: QWidget, walk: Walk) -> None:
    """Every action in ``where``; in every form one opens, every action of that form too
    (the form opened again before each, as a clerk would)."""
    choose_first_rows(where)
    for button in _actions(where):
        if not button.isVisibleTo(where) or id(button) in walk.seen:
            continue  # hidden by what an earlier press did, or walked on another page
        walk.seen.add(id(button))
        before = _dialogs()
        opened = _press(qtbot, window, button, walk)
        for dialog in opened[:1]:
            inner = [_name(b) for b in _actions(dialog)]
            _close_new(before)
            for name in inner:
                if not button.isVisibleTo(where) or not button.isEnabled():
                    break
                again = _press(qtbot, window, button, walk)
                if not again:
                    break
                choose_first_rows(again[0])
                match = [b for b in _actions(again[0]) if _name(b) == name]
                if match:
                    _press(qtbot, window, match[0], walk)
                _close_new(before)
        _close_new(before)


def menu_actions(window: MainWindow) -> Iterator[QAction]:
    """The year-end menu's actions a person sees (File and Help are the same for all)."""
    for action in window.year_end.menu.actions():
        if action.isVisible() and not action.isSeparator():
            yield action


def walk_menus(qtbot: QtBot, window: MainWindow, walk: Walk) -> None:
    for action in menu_actions(window):
        name = action.text().replace("&", "")
        if not action.isEnabled():
            walk.refused.append(name)
            continue
        before = _dialogs()
        walk.pressed.append(name)
        action.trigger()
        _settle(qtbot, window)
        for dialog in [d for d in _dialogs() if d not in before][:1]:
            walk_buttons(qtbot, window, dialog, walk)
        _close_new(before)


def walk_everything(qtbot: QtBot, window: MainWindow) -> Walk:
    """Every area open to the person signed in, then the year-end menu."""
    walk = Walk()
    for key, view in list(window.views.items()):
        if not window.nav.buttons[key].isVisibleTo(window):
            continue
        window.show_area(key)
        qtbot.waitUntil(lambda: not window.busy(), timeout=15000)
        for tabs in view.findChildren(QTabWidget):
            for index in range(tabs.count()):
                tabs.setCurrentIndex(index)
                qtbot.waitUntil(lambda: not window.busy(), timeout=15000)
                walk_buttons(qtbot, window, tabs.widget(index), walk)
        walk_buttons(qtbot, window, view, walk)
    walk_menus(qtbot, window, walk)
    return walk
