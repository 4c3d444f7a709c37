"""The set-up page in the main window's stack: the steps down the side, the step shown,
and Back, Next (or Skip) and Finish later below it.

Each step saves through its own service; after each save the page reads the database again
(``services.office_setup``), so the check marks say what is really stored and an office
that stops after any step comes back to the first step a sale still needs. It ends at the
counter, signed in as the administrator who set the office up.

Until the office can sell, Restore from a backup… (Ctrl+R) stands below the steps: an
office that had ClerkDesk before, whose administrator was created on the new PC before
anyone thought of the backup, starts again from it (the administrator restores, and the
database as it was is kept first, as from the File menu)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import ClerkDeskError
from clerkdesk.services.office_setup import STEPS, OfficeSetup, SetupStep, office_setup
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import say, tell
from clerkdesk.ui.printing.settings import PrintSettings
from clerkdesk.ui.setup.administrator_step import AdministratorStep
from clerkdesk.ui.setup.printers_step import PrintersStep
from clerkdesk.ui.setup.restore_choice import RestoreChoice
from clerkdesk.ui.setup.seal_step import SealStep
from clerkdesk.ui.setup.staff_step import StaffStep
from clerkdesk.ui.setup.step_list import StepList
from clerkdesk.ui.setup.step_page import StepPage
from clerkdesk.ui.setup.tags_step import TagsStep
from clerkdesk.ui.setup.town_step import TownStep

BACK_KEYS = "Alt+Left"
NEXT_KEYS = "Alt+Right"
LEFT_WIDTH = 250  # the steps, and Restore from a backup… below them
# What a required step still missing says when Next is pressed.
NEEDED = {
    SetupStep.ADMINISTRATOR: "Create the administrator first.",
    SetupStep.TOWN: "Choose a preset (Enter) or load a profile file (Ctrl+O) first: the "
    "license year and the fees come from the town's rules.",
    SetupStep.TAGS: "Receive the first tags (Enter) first: each license is sold with a tag.",
}


class OfficeSetupPage(QWidget):
    """``signed_in`` carries the administrator once the set-up is left for the counter
    (finished, or to finish later); ``town_changed`` the town's rules once saved."""

    signed_in = Signal(object)
    town_changed = Signal(object)

    def __init__(
        self,
        ctx: UiContext,
        state: OfficeSetup,
        *,
        start_at: SetupStep | None = None,
        print_settings: PrintSettings | None = None,
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.state = state
        self.reading = False
        self.setAccessibleName("Set up the office")
        self.list = StepList(self)
        self.list.setFixedWidth(LEFT_WIDTH)
        self.pages = QStackedWidget(self)
        self.steps: dict[SetupStep, StepPage] = {}
        self.town = TownStep(ctx, self.pages)
        self.town.town_saved.connect(self.town_changed)
        self.printers = PrintersStep(ctx, self.pages, print_settings)
        for page in (
            AdministratorStep(ctx, self.pages),
            self.town,
            SealStep(ctx, self.pages),
            TagsStep(ctx, self.pages),
            StaffStep(ctx, self.pages),
            self.printers,
        ):
            self.steps[page.step] = page
            self.pages.addWidget(page)
            page.saved.connect(self._saved)
        self.notice = QLabel("", self)
        self.notice.setWordWrap(True)
        self.notice.setAccessibleName("Set-up message")
        self.notice.setVisible(False)
        self.back_button = self._nav_button(f"Back  {_keys(BACK_KEYS)}", "Back", self.back)
        self.later_button = self._nav_button("Finish &later", "Finish later", self.finish)
        self.later_button.setToolTip(
            "Go to the counter now; the set-up comes back when the administrator signs in "
            "until the office can sell (File → Office set-up… at any time)."
        )
        self.next_button = self._nav_button(f"Next  {_keys(NEXT_KEYS)}", "Next", self.next)
        for keys, slot in ((BACK_KEYS, self.back), (NEXT_KEYS, self.next)):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)

        card = QFrame(self)
        card.setObjectName("SignInCard")
        right = QVBoxLayout(card)
        right.setContentsMargins(24, 18, 24, 14)
        right.addWidget(self.pages, 1)
        right.addWidget(self.notice)
        buttons = QHBoxLayout()
        buttons.addWidget(self.back_button)
        buttons.addWidget(self.later_button)
        buttons.addStretch(1)
        buttons.addWidget(self.next_button)
        right.addLayout(buttons)
        self.restore_choice = RestoreChoice(self, lambda: self.ctx)
        # As wide as the steps, or as its button with its keys when that is wider.
        self.restore_choice.setFixedWidth(
            max(LEFT_WIDTH, self.restore_choice.button.sizeHint().width())
        )
        left = QVBoxLayout()
        left.setSpacing(16)
        left.addWidget(self.list, 0)
        left.addWidget(self.restore_choice, 0)
        left.addStretch(1)
        row = QHBoxLayout(self)
        row.setContentsMargins(24, 18, 24, 18)
        row.setSpacing(24)
        row.addLayout(left, 0)
        row.addWidget(card, 1)
        self.current = SetupStep.ADMINISTRATOR
        self._show_state(state)
        self.go_to(start_at or state.resume_at)

    def _nav_button(self, text: str, name: str, slot: object) -> QPushButton:
        button = QPushButton(text, self)
        button.setAccessibleName(name)
        button.setAutoDefault(True)  # Enter presses it while it has the cursor
        button.clicked.connect(slot)
        return button

    # Moving ------------------------------------------------------------------------
    @property
    def step_page(self) -> StepPage:
        return self.steps[self.current]

    def done(self, step: SetupStep) -> bool:
        if step is SetupStep.PRINTERS:
            return self.printers.is_done()
        return self.state.done(step)

    def go_to(self, step: SetupStep) -> None:
        if step is not self.current:
            self.refresh()  # a step may have saved on its own page (the seal's)
        self.current = step
        self.pages.setCurrentWidget(self.step_page)
        self._mark()
        target = self.step_page.first_focus()
        if target is not None and self.isVisible():
            target.setFocus(Qt.FocusReason.OtherFocusReason)

    def back(self) -> None:
        if self.busy():
            return
        at = STEPS.index(self.current)
        if at > 0:
            say(self.notice, "")
            self.go_to(STEPS[at - 1])

    def next(self) -> None:
        if self.busy():
            return
        step = self.current
        if step.required and not self.done(step):
            self.step_page.say(NEEDED[step])
            return
        say(self.notice, "")
        if step is STEPS[-1]:
            self.finish()
        else:
            self.go_to(STEPS[STEPS.index(step) + 1])

    def finish(self) -> None:
        """To the counter (or wherever this person may work first)."""
        if not self.busy():
            self.signed_in.emit(self.ctx.actor)

    def busy(self) -> bool:
        return self.reading or any(page.busy() for page in self.steps.values())

    # After a step saved ------------------------------------------------------------
    def refresh(self) -> None:
        """Read the database again for the check marks."""
        if self.reading:
            return
        self.reading = True
        database = self.ctx.database
        self.ctx.tasks.run(lambda: office_setup(database), self._refreshed, self._unread)

    def _refreshed(self, state: OfficeSetup) -> None:
        self.reading = False
        self._show_state(state)

    def _saved(self, words: str) -> None:
        saved_at = self.current
        self.reading = True
        database = self.ctx.database
        self.ctx.tasks.run(
            lambda: office_setup(database),
            lambda state: self._read(state, saved_at, words),
            self._unread,
        )

    def _read(self, state: OfficeSetup, saved_at: SetupStep, words: str) -> None:
        self.reading = False
        self._show_state(state)
        tell(self.notice, f"✓ {words}", problem=False)
        if saved_at is SetupStep.STAFF:
            return  # another person, or Next
        if saved_at is self.current and saved_at is not STEPS[-1]:
            self.go_to(STEPS[STEPS.index(saved_at) + 1])
        else:
            self.next_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def _unread(self, exc: Exception) -> None:
        self.reading = False
        if not isinstance(exc, ClerkDeskError):
            raise exc  # a bug: the crash handler shows it
        # The step saved; the database could not be read back just now (busy, say).
        tell(self.notice, f"Saved, but the set-up could not read it back: {exc}", problem=True)

    def _show_state(self, state: OfficeSetup) -> None:
        self.state = state
        self.restore_choice.setVisible(not state.can_sell)
        for page in self.steps.values():
            page.show_state(state)
        self._mark()

    def _mark(self) -> None:
        self.list.show_steps(self.current, [step for step in STEPS if self.done(step)])
        step = self.current
        self.back_button.setEnabled(step is not SetupStep.ADMINISTRATOR)
        if step is STEPS[-1]:
            text, name = "Finish: go to the counter", "Finish"
        elif step.required or self.done(step):
            text, name = "Next", "Next"
        else:
            text, name = "Skip", "Skip this step"
        self.next_button.setText(f"{text}  {_keys(NEXT_KEYS)}")
        self.next_button.setAccessibleName(name)
        self.later_button.setVisible(step is not STEPS[-1])

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        target = self.step_page.first_focus() or self.next_button
        target.setFocus(Qt.FocusReason.OtherFocusReason)


def _keys(keys: str) -> str:
    return keys.replace("Left", "←").replace("Right", "→")
