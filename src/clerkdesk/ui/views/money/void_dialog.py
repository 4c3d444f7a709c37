"""Void…: the reason a receipt is voided, then a confirmation naming the amount.

Shown only to a role that may void; the service checks the permission again, with the
period lock and the receipt's state, and its refusal is shown here in words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QLineEdit, QWidget

from clerkdesk.rules.dates import us_date
from clerkdesk.services.receipt_list import ReceiptRow
from clerkdesk.services.voids import MAX_REASON, clean_reason, void_receipt
from clerkdesk.ui.confirmed_form import ConfirmedForm
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import money
from clerkdesk.ui.question import Choice, Question

CONFIRM_KEY = "V"


def void_action(row: ReceiptRow) -> str:
    return f"Void {money(row.total)}  Enter"


class VoidDialog(ConfirmedForm):
    """``saved`` carries the service's ``VoidResult``."""

    field_key, confirm = "reason", "void"

    def __init__(self, ctx: UiContext, row: ReceiptRow, parent: QWidget | None = None) -> None:
        super().__init__(ctx, f"Void receipt {row.label}", void_action(row), parent)
        self.row = row
        intro = self.add_intro(
            f"{money(row.total)} paid by {row.payer} on {us_date(row.business_day)} "
            f"({row.tenders or 'no tender'}) is reversed today, in today's drawer. The receipt "
            "stays on file, marked void. A license sold on it becomes void (the dog can be "
            "licensed again; its tag number is not given out again); a replacement tag is "
            "void and the lost one is the license's tag again; a transfer is undone."
        )
        intro.setAccessibleName("What a void does")
        self.reason = self.field = QLineEdit(self)
        self.reason.setMaxLength(MAX_REASON)
        self.reason.setPlaceholderText("e.g. wrong dog, check returned by the bank")
        self.add_field("reason", "&Reason", self.reason, required=True, short="reason")
        self.finish()
        self.reason.setFocus()

    def check_field(self, text: str) -> None:
        clean_reason(text)

    def question(self) -> Question:
        return Question(
            f"Void receipt {self.row.label}?",
            f"{money(self.row.total)} paid by {self.row.payer} is reversed today. A void "
            "cannot be taken back.",
            (
                Choice(
                    "void",
                    f"Void {money(self.row.total)}",
                    CONFIRM_KEY,
                    "Post the void with the reason given.",
                ),
            ),
            cancel="Keep the receipt",
        )

    def work(self) -> Callable[[], Any]:
        reason = clean_reason(self.reason.text())
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        receipt_id = self.row.receipt_id
        return lambda: void_receipt(database, receipt_id, reason, actor=actor, clock=clock)
