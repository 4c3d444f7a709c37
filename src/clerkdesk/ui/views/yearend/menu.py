"""The Year end menu: renewal notices, the unlicensed dogs, opening the next license year.
Each entry is shown only to a role that may use it, and the menu only when it holds one."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMainWindow, QMenu

from clerkdesk.ui.context import UiContext
from clerkdesk.ui.views.yearend.tasks import TASKS, YearEndTask


class YearEndMenu:
    def __init__(self, window: QMainWindow, before: QAction | None = None) -> None:
        self.window = window
        self.ctx: UiContext | None = None
        self.dialog: QDialog | None = None
        self.menu = QMenu("&Year end", window)
        self.menu.setAccessibleName("Year end")
        if before is not None:
            window.menuBar().insertMenu(before, self.menu)
        else:
            window.menuBar().addMenu(self.menu)
        self.actions: dict[str, QAction] = {}
        for task in TASKS:
            action = QAction(task.label, window)
            action.setShortcut(QKeySequence(task.keys))
            action.triggered.connect(lambda _=False, t=task: self.open(t))
            self.menu.addAction(action)
            window.addAction(action)  # the shortcut works with the menu closed
            self.actions[task.key] = action
        self.close()

    def open_for(self, ctx: UiContext) -> None:
        self.ctx = ctx
        for task in TASKS:
            allowed = task.open_to(ctx.actor)
            self.actions[task.key].setVisible(allowed)
            self.actions[task.key].setEnabled(allowed)
        self.menu.menuAction().setVisible(any(t.open_to(ctx.actor) for t in TASKS))

    def close(self) -> None:
        """No one signed in (or the window locked): nothing to offer."""
        self.ctx = None
        for action in self.actions.values():
            action.setEnabled(False)
        self.menu.menuAction().setVisible(False)

    def open(self, task: YearEndTask) -> QDialog | None:
        if self.ctx is None or not task.open_to(self.ctx.actor):
            return None
        self.dialog = task.open(self.ctx, self.window)
        return self.dialog
