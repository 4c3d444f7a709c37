"""Add schedule effective from…: fees voted now for a license year still to come."""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QDate, Signal
from PySide6.QtWidgets import (
    QDateEdit,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import ValidationError
from clerkdesk.services.town import NOTE_LENGTH, TownInUse
from clerkdesk.services.town_changes import (
    ScheduleAdded,
    add_fee_schedule,
    first_license_year_under,
    new_schedule_problem,
    suggested_effective,
)
from clerkdesk.ui.context import UiContext


class AddScheduleDialog(QDialog):
    """``added`` carries the :class:`ScheduleAdded` once the new version is saved."""

    added = Signal(object)

    def __init__(self, ctx: UiContext, town: TownInUse, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self._profile = town.profile
        self._saving = False
        newest = max(s.effective for s in self._profile.schedules)
        self.setWindowTitle("Add a fee schedule")
        self.setAccessibleName("Add a fee schedule")
        intro = QLabel(
            "A fee schedule applies to every license year that starts on or after its date, "
            "so fees voted now for next year are entered now. The new schedule starts as a "
            f"copy of the one effective {newest:%b %-d, %Y}; afterwards change only what the "
            "new vote changes, with Edit TOML… (Ctrl+E).",
            self,
        )
        intro.setWordWrap(True)
        self.effective = QDateEdit(self)
        self.effective.setAccessibleName("Effective from")
        for inner in self.effective.findChildren(QLineEdit):
            inner.setAccessibleName("Effective from")
        self.effective.setCalendarPopup(True)
        self.effective.setDisplayFormat("yyyy-MM-dd")
        self.effective.setDate(_qdate(suggested_effective(self._profile, ctx.clock.today())))
        self.effective.dateChanged.connect(self.check)
        self.meaning = QLabel("", self)
        self.meaning.setObjectName("FieldMessage")
        self.meaning.setAccessibleName("What the date means")
        self.meaning.setWordWrap(True)
        self.citation = QLineEdit(self)
        self.citation.setAccessibleName("Citation of the new schedule")
        self.citation.setPlaceholderText("e.g. Art. 19 §11 as amended, ATM 2026 Art. 12")
        self.note = QLineEdit(self)
        self.note.setAccessibleName("Note for the history")
        self.note.setMaxLength(NOTE_LENGTH)
        self.note.setPlaceholderText("optional: why the fees change")

        form = QFormLayout()
        form.addRow("&Effective from:", self.effective)
        form.addRow("", self.meaning)
        form.addRow("&Citation:", self.citation)
        form.addRow("&Note:", self.note)
        self.add_button = QPushButton("Add schedule  Enter", self)
        self.add_button.setAccessibleName("Add schedule")
        self.add_button.setDefault(True)
        self.add_button.clicked.connect(self.add)
        cancel = QPushButton("Cancel  Esc", self)
        cancel.setAccessibleName("Cancel")
        cancel.setAutoDefault(False)
        cancel.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.add_button)
        buttons.addWidget(cancel)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addLayout(buttons)
        self.resize(620, 300)
        self.check()
        self.effective.setFocus()

    def chosen(self) -> dt.date:
        date = self.effective.date()
        return dt.date(date.year(), date.month(), date.day())

    def check(self) -> None:
        effective = self.chosen()
        problem = new_schedule_problem(self._profile, effective, self._ctx.clock.today())
        if problem is not None:
            self.meaning.setText(f"The date {problem}.")
        else:
            year = first_license_year_under(self._profile, effective)
            self.meaning.setText(
                f"Prices license year {year.label} ({year.start:%b %-d, %Y} – "
                f"{year.end:%b %-d, %Y}) and the years after it."
            )
        self.add_button.setEnabled(problem is None and not self._saving)
        self.add_button.setToolTip("" if problem is None else self.meaning.text())

    def add(self) -> None:
        self.check()
        if not self.add_button.isEnabled():
            return
        ctx, effective = self._ctx, self.chosen()
        citation, note = self.citation.text(), self.note.text()
        self._saving = True
        self.check()
        ctx.tasks.run(
            lambda: add_fee_schedule(
                ctx.database,
                effective,
                actor=ctx.actor,
                clock=ctx.clock,
                citation=citation or None,
                note=note or None,
            ),
            self._added,
            self._failed,
        )

    def _added(self, result: ScheduleAdded) -> None:
        self._saving = False
        self.added.emit(result)
        self.accept()

    def _failed(self, exc: Exception) -> None:
        self._saving = False
        self.check()
        if not isinstance(exc, ValidationError):
            raise exc
        self.meaning.setText(f"Not added: {exc.message}")

    def reject(self) -> None:
        if not self._saving:  # the save under way finishes first, then the dialog closes
            super().reject()

    def busy(self) -> bool:
        return self._saving


def _qdate(day: dt.date) -> QDate:
    return QDate(day.year, day.month, day.day)
