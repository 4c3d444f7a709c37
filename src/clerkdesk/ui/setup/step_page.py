"""What every step of the set-up shares: its title and guidance, a line saying what is done,
a message for a refusal, Enter for the step's main action, and its work off the UI thread."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLabel, QLayout, QPushButton, QVBoxLayout, QWidget

from clerkdesk.errors import ClerkDeskError
from clerkdesk.services.office_setup import OfficeSetup, SetupStep
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import message_label, say, tell


class StepPage(QWidget):
    """One step. ``saved`` says, in words, what the step's service saved: the set-up then
    reads the database again and moves on (or, for the staff, stays for another)."""

    saved = Signal(str)

    def __init__(self, ctx: UiContext, step: SetupStep, hint: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.step = step
        self.working = False
        self.setAccessibleName(step.heading)
        title = QLabel(step.heading + ("" if step.required else " (optional)"), self)
        title.setObjectName("TownRulesHeading")
        self.hint = QLabel(hint, self)
        self.hint.setObjectName("ViewHint")
        self.hint.setWordWrap(True)
        self.hint.setAccessibleName(f"{step.heading}: what this step is for")
        # What the database holds of this step, once it is done.
        self.done_line = QLabel("", self)
        self.done_line.setWordWrap(True)
        self.done_line.setAccessibleName(f"{step.heading}: done so far")
        self.done_line.setVisible(False)
        self.message = message_label(self, step.heading)
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(0, 0, 0, 0)
        self.column.setSpacing(10)
        self.column.addWidget(title)
        self.column.addWidget(self.hint)
        self.column.addWidget(self.done_line)
        self.body = QVBoxLayout()
        self.body.setSpacing(8)
        self.column.addLayout(self.body)
        self.column.addWidget(self.message)
        self.column.addStretch(1)

    # What each step fills in -------------------------------------------------------
    def show_state(self, state: OfficeSetup) -> None:
        """The database was read: show what this step holds."""

    def first_focus(self) -> QWidget | None:
        """Where the cursor goes when the step is shown."""
        return None

    def submit(self) -> None:
        """Enter: the step's main action."""

    def busy(self) -> bool:
        return self.working

    # Shared ------------------------------------------------------------------------
    def show_done(self, text: str) -> None:
        """``✓ …`` in the notice's green; empty hides it."""
        tell(self.done_line, f"✓ {text}" if text else "", problem=False)

    def say(self, text: str) -> None:
        say(self.message, text)

    def button(self, text: str, name: str, action: Callable[[], None]) -> QPushButton:
        """A button Enter presses while it has the cursor (the page is no dialog, so no
        button is pressed by Enter on its own)."""
        button = QPushButton(text, self)
        button.setAccessibleName(name)
        button.setAutoDefault(True)
        button.clicked.connect(action)
        return button

    def run(self, job: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """The step's service on the worker; a refusal is said beside the step."""
        if self.working:
            return
        self.working = True
        self.say("")
        self.ctx.tasks.run(job, lambda result: self._finished(done, result), self._refused)

    def _finished(self, done: Callable[[Any], None], result: Any) -> None:
        self.working = False
        done(result)

    def _refused(self, exc: Exception) -> None:
        self.working = False
        if not isinstance(exc, ClerkDeskError):
            raise exc  # a bug: the crash handler shows it
        self.say(str(exc))
        self.refused(exc)

    def refused(self, exc: Exception) -> None:
        """Where the cursor goes after a refusal."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Enter in a field (or a list) comes up here unhandled: the step's main action.
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.modifiers():
            self.submit()
            event.accept()
            return
        super().keyPressEvent(event)


# A form's fields read best at about this width, however wide the window.
FORM_WIDTH = 720


def narrow(form: QLayout, parent: QWidget) -> QWidget:
    """``form`` in a widget no wider than FORM_WIDTH, at the left."""
    holder = QWidget(parent)
    holder.setLayout(form)
    holder.setMaximumWidth(FORM_WIDTH)
    form.setContentsMargins(0, 0, 0, 0)
    return holder
