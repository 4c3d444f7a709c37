"""Pressing every action of every area the signed-in person can reach, and of every form
those actions open, to prove that each is either offered and ends in words, or hidden or
disabled with its reason — never an unhandled exception.

pytest-qt fails the test on any exception a slot raises; ``RecordedDialogs`` writes down
every message, so a crash handler's "did not expect" would be seen too.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import shiboken6
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
    forms: set[str] = field(default_factory=set)  # the kinds of form walked already
    once: list[str] = field(default_factory=list)  # offered, pressed by an earlier role


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


def _alive(dialog: QDialog | None) -> bool:
    return dialog is not None and shiboken6.isValid(dialog) and dialog.isVisible()


def _walk_form(
    qtbot: QtBot,
    window: MainWindow,
    where: QWidget,
    button: QAbstractButton,
    form: QDialog,
    before: list[QDialog],
    walk: Walk,
) -> None:
    """Every action of ``form``, which ``button`` opened: pressed one after another in the
    same form, as a clerk would, and the form opened again only once a press has closed it.
    (Opened afresh before each press, a form that reads on opening — the unlicensed list
    quotes every dog — was most of the walk's time.)"""
    current: QDialog | None = form
    actions = _actions(form)
    for position, name in enumerate([_name(b) for b in actions]):
        if not _alive(current):
            _close_new(before)
            if not button.isVisibleTo(where) or not button.isEnabled():
                break
            again = _press(qtbot, window, button, walk)
            if not again:
                break
            current = again[0]
            actions = _actions(current)
        assert current is not None
        choose_first_rows(current)
        # The same button, or in a form opened again the one of the same name; a name that
        # says the form's state ("Write the list — needs a PDF file") by its place.
        same = actions[position] if position < len(actions) else None
        if same is None or not shiboken6.isValid(same) or not same.isVisibleTo(current):
            match = [b for b in _actions(current) if _name(b) == name]
            same = match[0] if match else None
        if same is not None:
            inside = _dialogs()
            _press(qtbot, window, same, walk)
            _close_new(inside)  # what the press opened over the form, not the form


def walk_buttons(qtbot: QtBot, window: MainWindow, where: QWidget, walk: Walk) -> None:
    """Every action in ``where``; in every form one opens, every action of that form too."""
    choose_first_rows(where)
    for button in _actions(where):
        if not button.isVisibleTo(where) or id(button) in walk.seen:
            continue  # hidden by what an earlier press did, or walked on another page
        walk.seen.add(id(button))
        before = _dialogs()
        opened = _press(qtbot, window, button, walk)
        for form in opened[:1]:
            walk.forms.add(type(form).__qualname__)
            _walk_form(qtbot, window, where, button, form, before, walk)
        _close_new(before)


def menu_actions(window: MainWindow) -> Iterator[QAction]:
    """The year-end menu's actions a person sees (File and Help are the same for all)."""
    for action in window.year_end.menu.actions():
        if action.isVisible() and not action.isSeparator():
            yield action


_MENU_FORMS_OPENED: set[str] = set()
"""The menu actions, across the whole session, whose form an area's button had already
walked when they were triggered: the menu's way in is the same code for every role."""


def walk_menus(qtbot: QtBot, window: MainWindow, walk: Walk) -> None:
    for action in menu_actions(window):
        name = action.text().replace("&", "")
        if not action.isEnabled():
            walk.refused.append(name)
            continue
        if name in _MENU_FORMS_OPENED:
            # Offered to this role too (seen above); its form, walked in an area, opened
            # from the menu once in the session already (the unlicensed list reads every
            # dog on opening: 2-3 s a role).
            walk.once.append(name)
            continue
        before = _dialogs()
        walk.pressed.append(name)
        action.trigger()
        _settle(qtbot, window)
        for dialog in [d for d in _dialogs() if d not in before][:1]:
            # A form an area's button opened has been walked: the menu's way in is proved
            # by its opening.
            if type(dialog).__qualname__ in walk.forms:
                _MENU_FORMS_OPENED.add(name)
            else:
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
