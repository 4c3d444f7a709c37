"""A one-field form whose action cannot be taken back: the field is checked, the clerk
confirms in a question, then the work runs; a refusal from the service (a locked month, a
permission, a state that changed) belongs to no field and is shown under the form."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit

from clerkdesk.errors import ClerkDeskError, EnvironmentProblem
from clerkdesk.ui.form_base import FormDialog
from clerkdesk.ui.question import Question


class ConfirmedForm(FormDialog):
    """Subclasses set ``field`` (added with ``add_field`` under ``field_key``), and give
    ``check`` (raises the field's error) and ``question`` (whose choice ``confirm`` runs
    the work)."""

    field: QLineEdit
    field_key: str
    confirm: str

    def check_field(self, text: str) -> None:
        raise NotImplementedError

    def question(self) -> Question:
        raise NotImplementedError

    def save(self) -> None:
        if self.saving:
            return
        self.clear_messages()
        try:
            self.check_field(self.field.text())
        except ClerkDeskError as exc:
            self.show_message(self.field_key, str(exc))
            return
        self.ctx.dialogs.ask(self, self.question(), self._answered)

    def _answered(self, key: str | None) -> None:
        # The keyboard comes back here when the question closes.
        self.activateWindow()
        if key == self.confirm:
            super().save()
        else:
            self.field.setFocus()

    def _failed(self, exc: Exception) -> None:
        if isinstance(exc, ClerkDeskError) and not isinstance(exc, EnvironmentProblem):
            self.saving = False
            self.refresh_button()
            self.show_message(None, str(exc))
            self.activateWindow()
            self.field.setFocus()
            return
        super()._failed(exc)
