"""Find a receipt or a license certificate by its number, and reprint it.

A receipt number is typed as printed (``2026-000012``); a license number with the license
year it belongs to (the year in force is proposed).
"""

from __future__ import annotations

import datetime as dt

from PySide6.QtWidgets import QDialog, QFormLayout, QLabel, QVBoxLayout, QWidget

from clerkdesk.errors import EnvironmentProblem, ValidationError
from clerkdesk.rules.kinds import PrintedKind
from clerkdesk.services.reprints import Reprinted, find_license, find_receipt
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.reprint_job import Reprinter
from clerkdesk.ui.fields import button_row, line_edit, message_label, say, tell

REASON_LENGTH = 200


def _find(ctx: UiContext, number: str, year_text: str, today: dt.date) -> tuple[PrintedKind, int]:
    """For the task runner: a ``-`` makes it a receipt number, else a license number."""
    if "-" in number or "/" in number:
        return PrintedKind.RECEIPT, find_receipt(ctx.database, number)
    cleaned = year_text.strip()
    if cleaned and not (len(cleaned) == 4 and cleaned.isascii() and cleaned.isdigit()):
        raise ValidationError(f"Write the license year as YYYY, e.g. {today.year}.", field="year")
    year = int(cleaned) if cleaned else None
    return PrintedKind.CERTIFICATE, find_license(ctx.database, number, year, today)


class FindDocumentDialog(QDialog):
    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        title = "Find receipt or certificate"
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.setModal(True)
        self.setMinimumWidth(520)
        self.finding = False
        outer = QVBoxLayout(self)
        heading = QLabel("Find a receipt or a license certificate to reprint", self)
        heading.setObjectName("DialogTitle")
        heading.setWordWrap(True)
        hint = QLabel(
            "Type a receipt number as printed (2026-000012), or a license number and its "
            "license year. Enter reprints it, marked REPRINT, and records the reprint.",
            self,
        )
        hint.setObjectName("ViewHint")
        hint.setWordWrap(True)
        form = QFormLayout()
        self.number = line_edit(self, "Receipt or license number", "2026-000012 or 123")
        self.number.setMaxLength(40)
        self.year = line_edit(self, "License year (for a license number)", "YYYY")
        self.year.setMaxLength(4)
        self.year.setText(str(self._year_in_force()))
        self.reason = line_edit(self, "Reason for the reprint", "optional")
        self.reason.setMaxLength(REASON_LENGTH)
        form.addRow("&Number", self.number)
        form.addRow("License &year", self.year)
        form.addRow("&Reason", self.reason)
        self.message = message_label(self, "the number")
        buttons, self.find_button, close = button_row(
            self, ("Find and reprint  Enter", "Find and reprint"), ("Close  Esc", "Close")
        )
        self.find_button.clicked.connect(self.find_and_reprint)
        close.clicked.connect(self.reject)
        outer.addWidget(heading)
        outer.addWidget(hint)
        outer.addLayout(form)
        outer.addWidget(self.message)
        outer.addLayout(buttons)
        self.reprinter = Reprinter(ctx, self, self._said, self._reprinted)
        for edit in (self.number, self.year, self.reason):
            edit.textEdited.connect(lambda _t: say(self.message, ""))
        self.number.setFocus()

    def _year_in_force(self) -> int:
        """The calendar year the license year in force starts in (the town's rules say
        when a license year begins)."""
        today = self.ctx.clock.today()
        if self.ctx.town is None:
            return today.year
        return self.ctx.town.profile.license_year_containing(today).starts_in

    def busy(self) -> bool:
        return self.finding or self.reprinter.busy

    def find_and_reprint(self) -> None:
        if self.busy():
            return
        number = self.number.text()
        if not number.strip():
            self._said("Type a receipt number (2026-000012) or a license number.", True)
            self.number.setFocus()
            return
        self.finding = True
        ctx, year, today = self.ctx, self.year.text(), self.ctx.clock.today()
        ctx.tasks.run(lambda: _find(ctx, number, year, today), self._found, self._failed)

    def _found(self, found: tuple[PrintedKind, int]) -> None:
        self.finding = False
        kind, document_id = found
        self.reprinter.start(kind, document_id, self.reason.text())

    def _failed(self, exc: Exception) -> None:
        self.finding = False
        if isinstance(exc, (ValidationError, EnvironmentProblem)):
            self._said(str(exc), True)
            target = self.year if getattr(exc, "field", None) == "year" else self.number
            target.setFocus()
            target.selectAll()
        else:
            raise exc

    def _said(self, text: str, problem: bool) -> None:
        tell(self.message, text, problem=problem)

    def _reprinted(self, done: Reprinted) -> None:
        self.reason.clear()
        self.number.selectAll()
