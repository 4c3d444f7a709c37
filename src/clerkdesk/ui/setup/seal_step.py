"""Step 3 (optional): the town's seal on certificates, with Settings → Certificate seal's
own page and service; certificates print a plain default seal until one is chosen."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from clerkdesk.services.office_setup import OfficeSetup, SetupStep
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.setup.step_page import StepPage
from clerkdesk.ui.views.settings.seal import SealPage


class SealStep(StepPage):
    def __init__(self, ctx: UiContext, parent: QWidget) -> None:
        super().__init__(
            ctx,
            SetupStep.SEAL,
            "The seal or logo printed on every license certificate. Skip it to print the "
            "plain default seal; choose the town's own later in Settings → Certificate seal.",
            parent,
        )
        self.seal = SealPage(ctx, self)
        self.seal.layout().setContentsMargins(0, 0, 0, 0)  # type: ignore[union-attr]
        for heading in self.seal.findChildren(QLabel, "TownRulesHeading"):
            heading.hide()  # the step's own title says it
        self.body.addWidget(self.seal)

    def show_state(self, state: OfficeSetup) -> None:
        self.show_done(
            f"Certificates print the town's seal from {state.seal_file}." if state.seal_file else ""
        )

    def first_focus(self) -> QWidget | None:
        return self.seal.choose_button

    def submit(self) -> None:
        # The seal page's buttons leave Enter to the page they sit on: here, this one.
        for button in (self.seal.choose_button, self.seal.default_button):
            if button.hasFocus():
                button.click()

    def busy(self) -> bool:
        return self.seal.busy()
