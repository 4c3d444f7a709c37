"""Step 5 (optional): the staff, each with a role and their own password, through
``users.add_user`` — one person at a time, "add another" until everyone is in."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QWidget

from clerkdesk.rules.roles import PERMISSION_WORDS, ROLE_PERMISSIONS, Permission, Role
from clerkdesk.services.office_setup import OfficeSetup, SetupStep
from clerkdesk.services.users import FULL_NAME_MAX, NAME_MAX, PASSWORD_MAX, UserRow, add_user
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import line_edit
from clerkdesk.ui.setup.step_page import StepPage, narrow

# The order an office is staffed in: the counter first.
ROLES = (Role.CLERK, Role.ASSISTANT_CLERK, Role.ANIMAL_CONTROL, Role.TREASURER,
         Role.ADMINISTRATOR)  # fmt: skip


def role_words(role: Role) -> str:
    """``An assistant clerk may sell licenses, …``: what the role is for, from its rights."""
    allowed = [PERMISSION_WORDS[p] for p in Permission if p in ROLE_PERMISSIONS[role]]
    article = "An" if role.words[0] in "aeiou" else "A"
    if len(allowed) > 1:
        allowed[-1] = "and " + allowed[-1]
    return f"{article} {role.words} may {', '.join(allowed)}."


class StaffStep(StepPage):
    def __init__(self, ctx: UiContext, parent: QWidget) -> None:
        super().__init__(
            ctx,
            SetupStep.STAFF,
            "Add each person who works with ClerkDesk, with their role; each signs in with "
            "their own name and password, so the records say who did what. Add one, then "
            "another; Next when everyone is in. More can be added later: File → Office "
            "set-up…",
            parent,
        )
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.name = line_edit(self, "User name", "letters, digits, . _ - (e.g. jsmith)")
        self.name.setMaxLength(NAME_MAX)
        self.full_name = line_edit(self, "Full name")
        self.full_name.setMaxLength(FULL_NAME_MAX)
        self.role = QComboBox(self)
        self.role.setAccessibleName("Role")
        for role in ROLES:
            self.role.addItem(role.words, role.value)
        self.password = line_edit(self, "Password", "at least 8 characters")
        self.again = line_edit(self, "Password again")
        for secret in (self.password, self.again):
            secret.setEchoMode(QLineEdit.EchoMode.Password)
            secret.setMaxLength(PASSWORD_MAX)
        form.addRow("User &name:", self.name)
        form.addRow("&Full name:", self.full_name)
        form.addRow("&Role:", self.role)
        self.role_help = QLabel("", self)
        self.role_help.setObjectName("ViewHint")
        self.role_help.setWordWrap(True)
        self.role_help.setAccessibleName("What the role may do")
        form.addRow("", self.role_help)
        form.addRow("&Password:", self.password)
        form.addRow("Password &again:", self.again)
        self.add_button = self.button("Add this person  Enter", "Add this person", self.submit)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.add_button)
        form.addRow("", row)
        self.body.addWidget(narrow(form, self))
        self.people = QLabel("", self)
        self.people.setWordWrap(True)
        self.people.setAccessibleName("The staff so far")
        self.body.addWidget(self.people)
        self.role.currentIndexChanged.connect(self._role_chosen)
        self._role_chosen()

    def _role_chosen(self) -> None:
        self.role_help.setText(role_words(Role(str(self.role.currentData()))))

    def show_state(self, state: OfficeSetup) -> None:
        names = [
            f"{m.name} — {m.full_name}, {m.role.words}"
            if m.full_name
            else f"{m.name}, {m.role.words}"
            for m in state.staff
        ]
        self.people.setText("So far: " + "; ".join(names) + "." if names else "")
        others = len(state.staff) - 1
        self.show_done(
            f"{others} colleague{'s' * (others != 1)} added besides the administrator."
            if others > 0
            else ""
        )

    def first_focus(self) -> QWidget | None:
        return self.name

    def submit(self) -> None:
        name, password = self.name.text().strip(), self.password.text()
        if not name and not password:
            self.say("Type the new person's user name, or Next (Alt+→) when everyone is in.")
            self.name.setFocus()
            return
        if password != self.again.text():
            self.say("The two passwords differ; type the same one twice.")
            self.again.clear()
            self.again.setFocus()
            return
        role = Role(str(self.role.currentData()))
        full_name = self.full_name.text()
        ctx = self.ctx
        self.run(
            lambda: add_user(
                ctx.database, name, role, password, full_name, actor=ctx.actor, clock=ctx.clock
            ),
            self._added,
        )

    def _added(self, user: UserRow) -> None:
        for field in (self.name, self.full_name, self.password, self.again):
            field.clear()
        self.name.setFocus()
        self.saved.emit(
            f"Added {user.name} ({user.role.words}). Add another, or Next (Alt+→) when "
            "everyone is in."
        )

    def refused(self, exc: Exception) -> None:
        field = str(getattr(exc, "field", "") or "")
        if field == "password":
            self.again.clear()
        target = {"full_name": self.full_name, "password": self.password}.get(field, self.name)
        target.setFocus()
