"""Step 1, once done: who the administrator is (the first-run page created them)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from clerkdesk.services.office_setup import OfficeSetup, SetupStep
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.setup.step_page import StepPage


class AdministratorStep(StepPage):
    def __init__(self, ctx: UiContext, parent: QWidget) -> None:
        super().__init__(
            ctx,
            SetupStep.ADMINISTRATOR,
            "The administrator adds the staff and their roles and may change the town's "
            "rules and settings. Keep the password somewhere safe: only an administrator "
            "can set a forgotten one again.",
            parent,
        )

    def show_state(self, state: OfficeSetup) -> None:
        admin = state.administrator
        if admin is None:
            self.show_done("")
            return
        who = f"{admin.name} ({admin.full_name})" if admin.full_name else admin.name
        self.show_done(f"{who} is the administrator, signed in now.")
