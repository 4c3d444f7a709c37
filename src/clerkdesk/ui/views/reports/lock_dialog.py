"""Mark remitted and lock…: the treasurer's turnover reference for a month, then a
confirmation, since a locked month is never reopened.

Offered only to a role that may lock a period; the service checks the permission again, with
the month being over and not already locked, and its refusal is shown here in words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QLineEdit, QWidget

from clerkdesk.services.periods import MAX_REFERENCE, clean_reference, lock_period
from clerkdesk.ui.confirmed_form import ConfirmedForm
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.question import Choice, Question

CONFIRM_KEY = "L"
ACTION = "Lock the month  Enter"


class LockDialog(ConfirmedForm):
    """``saved`` carries the service's ``LockedPeriod``."""

    field_key, confirm = "reference", "lock"

    def __init__(
        self, ctx: UiContext, month: str, words: str, net: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(ctx, f"Mark {words} remitted and lock it", ACTION, parent)
        self.month, self.words, self.net = month, words, net
        intro = self.add_intro(
            f"{net} was turned over to the treasurer for {words}. Locking the month records "
            "the treasurer's reference and signs the ledger as it stands: from then on nothing "
            "can be posted, voided or back-dated into the month, and it cannot be reopened."
        )
        intro.setAccessibleName("What locking does")
        self.reference = self.field = QLineEdit(self)
        self.reference.setMaxLength(MAX_REFERENCE)
        self.reference.setPlaceholderText("e.g. the treasurer's turnover receipt TR-2026-11")
        self.add_field(
            "reference", "Treasurer's &reference", self.reference, required=True, short="reference"
        )
        self.finish()
        self.reference.setFocus()

    def check_field(self, text: str) -> None:
        clean_reference(text)

    def question(self) -> Question:
        return Question(
            f"Lock {self.words} for good?",
            f"{self.words} is closed to every change once locked; a locked month is never "
            "reopened.",
            (Choice("lock", f"Lock {self.words}", CONFIRM_KEY, "Record the reference and lock."),),
            cancel="Keep it open",
        )

    def work(self) -> Callable[[], Any]:
        reference = clean_reference(self.reference.text())
        database, actor, clock, month = (
            self.ctx.database,
            self.ctx.actor,
            self.ctx.clock,
            self.month,
        )
        return lambda: lock_period(database, month, reference, actor=actor, clock=clock)
