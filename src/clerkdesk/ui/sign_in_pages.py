"""The pages shown in the main window before the areas: sign in, unlock, and on a database
with no users yet, create the administrator.

Hashing a password takes a noticeable moment, so each check runs on the task runner and the
page answers when it is done.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.ui.fields import line_edit, message_label, say

if TYPE_CHECKING:
    from clerkdesk.clock import Clock
    from clerkdesk.db.database import Database
    from clerkdesk.rules.roles import Actor
    from clerkdesk.services.users import DemoAccount
    from clerkdesk.ui.dialogs import Dialogs
    from clerkdesk.ui.tasks import TaskRunner


class _Page(QWidget):
    """A centred card with a title, a line of guidance, a form and its one button."""

    signed_in = Signal(object)  # the Actor

    def __init__(
        self, title: str, hint: str, database: Database, clock: Clock, tasks: TaskRunner
    ) -> None:
        super().__init__()
        self.database, self.clock, self.tasks = database, clock, tasks
        self.setAccessibleName(title)
        outer = QHBoxLayout(self)
        outer.addStretch(1)
        card = QFrame(self)
        card.setObjectName("SignInCard")
        card.setMaximumWidth(560)
        card.setMinimumWidth(440)
        outer.addWidget(card, 2)
        outer.addStretch(1)
        self.column = QVBoxLayout(card)
        self.column.setContentsMargins(24, 40, 24, 24)
        self.column.setSpacing(12)
        self.title = QLabel(title, card)
        self.title.setObjectName("ViewTitle")
        self.hint = QLabel(hint, card)
        self.hint.setObjectName("ViewHint")
        self.hint.setWordWrap(True)
        self.form = QFormLayout()
        self.form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.column.addWidget(self.title)
        self.column.addWidget(self.hint)
        self.column.addLayout(self.form)
        self.message = message_label(card, title)
        self.message.setObjectName("FieldError")
        self.column.addWidget(self.message)
        self.card = card
        self.working = False

    def _field(self, label: str, name: str, *, secret: bool = False) -> QLineEdit:
        edit = line_edit(self.card, name)
        edit.setMaxLength(256)
        if secret:
            edit.setEchoMode(QLineEdit.EchoMode.Password)
        edit.returnPressed.connect(self.submit)
        self.form.addRow(label, edit)
        return edit

    def _button(self, text: str, name: str) -> QPushButton:
        button = QPushButton(text, self.card)
        button.setAccessibleName(name)
        button.setDefault(True)
        button.clicked.connect(self.submit)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(button)
        self.column.addLayout(row)
        self.button = button
        self.button_row = row
        return button

    def submit(self) -> None:
        raise NotImplementedError

    def _run(self, job: Callable[[], Actor]) -> None:
        """Check on the worker; the page stays as it is until the answer comes."""
        if self.working:
            return
        self.working = True
        self.button.setEnabled(False)
        say(self.message, "")
        self.tasks.run(job, self._done, self._refused)

    def _done(self, actor: object) -> None:
        self.working = False
        self.button.setEnabled(True)
        self.signed_in.emit(actor)

    def _refused(self, exc: Exception) -> None:
        from clerkdesk.errors import ClerkDeskError

        self.working = False
        self.button.setEnabled(True)
        if not isinstance(exc, ClerkDeskError):
            raise exc  # a bug: the crash handler shows it
        say(self.message, str(exc))
        self.refused(exc)

    def refused(self, exc: Exception) -> None:
        """Where the cursor goes after a refusal."""


class SignInPage(_Page):
    """Name and password; on a demo database, the demo's people and their passwords.

    As the lock page it names who locked it: the same person types their password to go on,
    and anyone else who signs in instead signs them out."""

    def __init__(
        self,
        database: Database,
        clock: Clock,
        tasks: TaskRunner,
        *,
        workstation: str,
        demo: Sequence[DemoAccount] = (),
        locked_by: Actor | None = None,
    ) -> None:
        if locked_by is None:
            title, hint = "Sign in", "Sign in to work at the counter."
        else:
            title = "Locked"
            hint = (
                f"ClerkDesk is locked; {locked_by.described} is signed in. Type the password "
                "to go on, or Switch user (Alt+W) to sign in as someone else (which signs "
                "them out)."
            )
        super().__init__(title, hint, database, clock, tasks)
        self.workstation = workstation
        self.locked_by = locked_by
        self.name = self._field("&Name:", "User name")
        self.password = self._field("&Password:", "Password", secret=True)
        self._button("Sign in (Enter)", "Sign in")
        self.switch: QPushButton | None = None
        if locked_by is not None:
            self.name.setText(locked_by.name)
            # A colleague's name goes in Name: their password never counts against the clerk.
            self.switch = QPushButton("S&witch user", self.card)
            self.switch.setAccessibleName("Switch user")
            self.switch.setAutoDefault(False)
            self.switch.clicked.connect(self.switch_user)
            self.button_row.insertWidget(1, self.switch)
        if demo:
            self.column.addWidget(self._demo_list(demo))
        self.column.addStretch(1)

    def _demo_list(self, demo: Sequence[DemoAccount]) -> QLabel:
        lines = "".join(
            f"<tr><td><b>{account.name}</b></td><td>{account.role.words}</td>"
            f"<td><code>{account.password}</code></td></tr>"
            for account in demo
        )
        label = QLabel(
            "<p>This is a demo database. Sign in as any of its people:</p>"
            f"<table cellspacing='0' cellpadding='3'>{lines}</table>",
            self.card,
        )
        label.setObjectName("DemoUsers")
        label.setAccessibleName("Demo users and their passwords")
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.RichText)
        return label

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        target = self.password if self.name.text() else self.name
        target.setFocus(Qt.FocusReason.OtherFocusReason)

    def switch_user(self) -> None:
        """Someone else signs in: the name and password are theirs to type."""
        self.name.clear()
        self.password.clear()
        say(self.message, "")
        self.name.setFocus(Qt.FocusReason.OtherFocusReason)

    def submit(self) -> None:
        from clerkdesk.services.sign_in import sign_in

        name, password = self.name.text().strip(), self.password.text()
        if not name:
            say(self.message, "Type your user name.")
            self.name.setFocus()
            return
        database, clock, workstation = self.database, self.clock, self.workstation
        self._run(lambda: sign_in(database, name, password, clock=clock, workstation=workstation))

    def _done(self, actor: object) -> None:
        self.password.clear()
        super()._done(actor)

    def refused(self, exc: Exception) -> None:
        self.password.clear()
        self.password.setFocus()


class FirstRunPage(_Page):
    """A database with no users yet: its first user is the administrator, unless the office
    starts again from its last backup (``restore_choice``, below the form)."""

    def __init__(
        self,
        database: Database,
        clock: Clock,
        tasks: TaskRunner,
        *,
        workstation: str,
        dialogs: Dialogs,
    ) -> None:
        from clerkdesk.services.office_setup import SetupStep
        from clerkdesk.ui.setup.restore_choice import RestoreChoice, before_sign_in
        from clerkdesk.ui.setup.step_list import StepList

        super().__init__(
            "Create the administrator",
            "This database has no users yet. The first one is the administrator, who sets "
            "the office up next: the town's rules, the seal, the first tags, the staff and "
            "their roles, and this computer's printers.",
            database,
            clock,
            tasks,
        )
        # The first of the set-up's steps: the others follow on the set-up page.
        steps = StepList(self)
        steps.show_steps(SetupStep.ADMINISTRATOR, ())
        steps_layout = steps.layout()
        assert steps_layout is not None
        steps_layout.setContentsMargins(0, 44, 0, 0)  # level with the card's title
        outer = self.layout()
        assert isinstance(outer, QHBoxLayout)
        outer.insertWidget(1, steps, 0, Qt.AlignmentFlag.AlignTop)
        outer.insertSpacing(2, 24)
        self.steps = steps
        self.workstation = workstation
        self.name = self._field("User &name:", "User name")
        self.name.setMaxLength(40)
        self.name.setPlaceholderText("letters, digits, . _ - (e.g. jsmith)")
        self.full_name = self._field("&Full name:", "Full name")
        self.full_name.setMaxLength(120)
        self.password = self._field("&Password:", "Password", secret=True)
        self.password.setPlaceholderText("at least 8 characters")
        self.again = self._field("Password &again:", "Password again", secret=True)
        self._button("Create the administrator (Enter)", "Create the administrator")
        self.column.addSpacing(16)
        self.restore_choice = RestoreChoice(
            self.card,
            lambda: before_sign_in(database, clock, tasks, dialogs, workstation),
        )
        self.column.addWidget(self.restore_choice)
        self.column.addStretch(1)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.name.setFocus(Qt.FocusReason.OtherFocusReason)

    def submit(self) -> None:
        from clerkdesk.rules.roles import Role
        from clerkdesk.services.sign_in import sign_in
        from clerkdesk.services.users import add_user

        name, password = self.name.text().strip(), self.password.text()
        if password != self.again.text():
            say(self.message, "The two passwords differ; type the same one twice.")
            self.again.clear()
            self.again.setFocus()
            return
        full_name = self.full_name.text()
        database, clock, workstation = self.database, self.clock, self.workstation

        def create() -> Actor:
            add_user(
                database, name, Role.ADMINISTRATOR, password, full_name, actor=None, clock=clock
            )
            return sign_in(database, name, password, clock=clock, workstation=workstation)

        self._run(create)

    def refused(self, exc: Exception) -> None:
        field = str(getattr(exc, "field", "") or "")
        target = {"full_name": self.full_name, "password": self.password}.get(field, self.name)
        target.setFocus()
