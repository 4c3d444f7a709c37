"""Inspection…: recording the animal control officer's visit to a kennel, for the license year it
clears the kennel for: the day, passed or failed, who inspected, and notes. The year starts as
the one the area shows (the year being worked), the inspector as the person signed in, by the
full name the certificate prints."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QComboBox, QLineEdit, QWidget

from clerkdesk.errors import FieldErrors
from clerkdesk.rules.kinds import InspectionResult
from clerkdesk.services.kennels import InspectionInput, record_inspection
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import show_date
from clerkdesk.ui.form_base import FormDialog
from clerkdesk.ui.views.kennels.town_words import YearChoice

ACTION = "Record inspection  Enter"
RESULTS = ((InspectionResult.PASSED, "Passed"), (InspectionResult.FAILED, "Failed"))


class InspectionDialog(FormDialog):
    """``saved`` carries the new inspection's id."""

    def __init__(
        self,
        ctx: UiContext,
        kennel_id: int,
        kennel_name: str,
        years: tuple[YearChoice, ...],
        chosen_year: int | None,
        parent: QWidget | None = None,
        *,
        inspector: str | None = None,
    ) -> None:
        """``inspector``: the name proposed (the signed-in person's full name); their
        sign-in name without one."""
        super().__init__(ctx, f"Record inspection — {kennel_name}", ACTION, parent)
        self.kennel_id = kennel_id
        self.year_box = QComboBox(self)
        for year in years:
            self.year_box.addItem(f"{year.caption}", year.starts_in)
        if chosen_year is not None and (at := self.year_box.findData(chosen_year)) >= 0:
            self.year_box.setCurrentIndex(at)
        self.add_field("license_year", "For license &year", self.year_box)
        self.day = QLineEdit(self)
        self.day.setText(show_date(ctx.clock.today()))
        self.add_field("inspected_on", "Inspected &on", self.day, required=True, date=True,
                       short="date")  # fmt: skip
        self.result_box = QComboBox(self)
        for result, words in RESULTS:
            self.result_box.addItem(words, result.value)
        self.add_field("result", "&Result", self.result_box)
        self.inspector = QLineEdit(self)
        self.inspector.setMaxLength(80)
        self.inspector.setText(inspector or ctx.actor.name)
        self.add_field("inspector", "&Inspector", self.inspector, required=True, short="inspector")
        self.notes = QLineEdit(self)
        self.notes.setMaxLength(500)
        self.notes.setPlaceholderText("optional; what was found, what must be put right")
        self.add_field("notes", "&Notes", self.notes)
        self.finish()

    def work(self) -> Callable[[], Any]:
        day = self.date("inspected_on")
        if day is not None and day > self.ctx.clock.today():
            self.problem("inspected_on", "An inspection is recorded once made: not a day ahead.")
        if day is None:
            self.problem("inspected_on", "Write the day of the inspection, MM/DD/YYYY.")
        if self._found.messages or day is None:
            raise FieldErrors(self._found.messages)
        data = InspectionInput(
            kennel_id=self.kennel_id,
            license_year=int(self.year_box.currentData()),
            inspected_on=day,
            result=InspectionResult(self.result_box.currentData()),
            inspector=self.inspector.text().strip(),
            notes=self.notes.text().strip() or None,
        )
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        return lambda: record_inspection(database, data, actor=actor, clock=clock)
