"""Close kennel…: the reason, then a confirmation that says what closing does (the kennel is
kept on file and never licensed again; its dogs leave the roster today and each then needs
a license of its own)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QLineEdit, QWidget

from clerkdesk.rules.counts import counted
from clerkdesk.services import checks
from clerkdesk.services.kennels import close_kennel
from clerkdesk.ui.confirmed_form import ConfirmedForm
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.question import Choice, Question

ACTION = "Close kennel  Enter"


class CloseKennelDialog(ConfirmedForm):
    """``saved`` carries the kennel's name."""

    field_key = "reason"
    confirm = "close"

    def __init__(
        self,
        ctx: UiContext,
        kennel_id: int,
        kennel_name: str,
        dogs_kept: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(ctx, f"Close kennel — {kennel_name}", ACTION, parent)
        self.kennel_id, self.kennel_name, self.dogs_kept = kennel_id, kennel_name, dogs_kept
        self.field = QLineEdit(self)
        self.field.setMaxLength(300)
        self.field.setPlaceholderText("e.g. the keeper moved away")
        self.add_field("reason", "&Reason", self.field, required=True, short="reason")
        self.finish()

    def check_field(self, text: str) -> None:
        checks.required(text, "reason", "The reason", max_length=300)

    def question(self) -> Question:
        if self.dogs_kept:
            dogs = (
                f"{counted(self.dogs_kept, 'dog')} on its roster leave it today, and each then "
                "needs a license of its own."
            )
        else:
            dogs = "No dogs are on its roster."
        return Question(
            f"Close {self.kennel_name}?",
            f"{self.kennel_name} stays on file and is never licensed again. {dogs} "
            "Licenses already sold are kept.",
            (Choice("close", "Close the kennel", "C"),),
            cancel="Keep it open",
        )

    def work(self) -> Callable[[], Any]:
        reason = self.field.text()
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        kennel_id, name = self.kennel_id, self.kennel_name

        def job() -> str:
            close_kennel(database, kennel_id, reason, actor=actor, clock=clock)
            return name

        return job
