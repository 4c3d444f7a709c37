"""The violation's steps: Record violation… (owner, the dogs in the incident, the town's
code, when and where, the officer), Dismiss… (with the reason) and File with court… (the
unpaid fines past their day, all or none)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QPlainTextEdit, QWidget

from clerkdesk.errors import ClerkDeskError
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.town_time import town_moment
from clerkdesk.services import checks
from clerkdesk.services.enforcement.officer_picks import PickedDog, owner_dogs, person_name
from clerkdesk.services.enforcement.violations import (
    RecordedViolation,
    ViolationInput,
    dismiss_violation,
    file_with_court,
    record_violation,
)
from clerkdesk.services.search import SearchHit
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import BadInput
from clerkdesk.ui.form_base import FormDialog
from clerkdesk.ui.views.enforcement.form_bits import (
    DogChecklist,
    caption_at_top,
    day_of,
    town_time_of,
)
from clerkdesk.ui.views.kennels.finder import Finder


def fine_codes(ctx: UiContext, on: dt.date) -> list[tuple[str, str]]:
    """(code, words) of each fine the town's rules in force on ``on`` set: the words are
    the profile's description, as the officer knows the offense; the code is kept behind."""
    town = ctx.town
    if town is None:
        return []
    try:
        schedule = town.profile.schedule_on(on)
    except ClerkDeskError:
        return []
    return [(fine.code, fine.description or fine.code) for fine in schedule.fines]


def recorded_words(result: RecordedViolation) -> str:
    if result.warning:
        what = f"offense {result.offense_number}: a written warning, nothing to pay"
    else:
        what = f"offense {result.offense_number}: fine ${result.amount:,.2f}"
        if result.pay_by is not None:
            what += f", to be paid by {us_date(result.pay_by)}"
    return f"{result.label} recorded — {what}."


class RecordViolationDialog(FormDialog):
    """``saved`` carries the RecordedViolation."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, "Record violation", "Record violation  Enter", parent)
        now = town_moment(ctx.clock.now())  # the town's clock face, not this PC's zone
        self.add_intro(
            "One incident is one violation, however many of the owner's dogs were in it. "
            "The offense is counted, and the fine set, by the town's rules."
        )
        self.owner = Finder(ctx, "owner", "Owner or keeper", self)
        self.add_field("owner", "&Owner or keeper", self.owner, required=True, short="owner")
        self.dogs = DogChecklist("Dogs in the incident", self)
        self.add_field("dogs", "&Dogs (Space ticks)", self.dogs)
        self.code = QComboBox(self)
        codes = fine_codes(ctx, ctx.clock.today())
        for number, (code, words) in enumerate(codes):
            self.code.addItem(words, code)
            # The words in full on hover, where a long one is cut short.
            self.code.setItemData(number, words, Qt.ItemDataRole.ToolTipRole)
        self.code.setMaximumWidth(420)
        self.add_field("code", "&Violation", self.code, required=True, short="violation")
        self.day = QLineEdit(us_date(now.date()), self)
        self.add_field("occurred_at", "D&ate", self.day, required=True, date=True, short="date")
        self.time = QLineEdit(f"{now:%H:%M}", self)
        self.time.setPlaceholderText("HH:MM")
        self.add_field("time", "&Time", self.time, required=True, short="time")
        self.place = QLineEdit(self)
        self.place.setMaxLength(200)
        self.place.setPlaceholderText("e.g. Main St at the town common")
        self.add_field("place", "&Place", self.place, required=True, short="place")
        self.officer = QLineEdit(ctx.actor.name, self)
        self.officer.setMaxLength(80)
        self.add_field("officer", "O&fficer", self.officer, required=True, short="officer")
        self.notes = QPlainTextEdit(self)
        self.notes.setFixedHeight(56)
        self.notes.setTabChangesFocus(True)
        self.add_field("notes", "&Notes", self.notes)
        caption_at_top(self, "owner", "dogs", "notes")
        self.finish()
        self.owner.setFocus()
        self.owner.chosen.connect(self._owner_chosen)
        self.owner.picked.connect(lambda: self.dogs.setFocus())
        self.dogs.itemChanged.connect(lambda _item: self.refresh_button())
        self.loading = 0
        if not codes:
            self.show_message(
                "code", "The town's rules set no fines: add them in Settings (F8) first."
            )
        database, user = ctx.database, ctx.actor.name
        self._read(lambda: person_name(database, user), self._officer_named)

    def busy(self) -> bool:
        return self.loading > 0 or self.owner.busy()

    def _read(self, fn: Callable[[], Any], then: Callable[[Any], None]) -> None:
        self.loading += 1

        def done(result: Any) -> None:
            self.loading -= 1
            then(result)

        def failed(exc: Exception) -> None:
            self.loading -= 1
            if not isinstance(exc, ClerkDeskError):
                raise exc
            self.show_message(None, str(exc))

        self.ctx.tasks.run(fn, done, failed)

    def _officer_named(self, name: str) -> None:
        if self.officer.text() == self.ctx.actor.name:
            self.officer.setText(name)

    def _owner_chosen(self, hit: SearchHit | None) -> None:
        self.refresh_button()
        if hit is None:
            self.dogs.clear()
            return
        database, owner_id = self.ctx.database, hit.owner_id
        self._read(lambda: owner_dogs(database, owner_id), self._dogs_read)

    def _dogs_read(self, dogs: Sequence[PickedDog]) -> None:
        self.dogs.show_dogs(dogs)

    def missing(self) -> list[str]:
        gaps = super().missing()
        if getattr(self, "owner", None) is not None and self.owner.hit is None:
            gaps.insert(0, "owner")
        elif getattr(self, "dogs", None) is not None and not self.dogs.ticked():
            gaps.insert(0, "dogs")
        return gaps

    def work(self) -> Callable[[], Any]:
        hit = self.owner.hit
        if hit is None:
            self.problem("owner", "Find the owner or keeper: type a name, then Down and Enter.")
        if not self.dogs.ticked():
            self.problem("dogs", "Tick the dog or dogs in the incident (Space).")
        code = self.code.currentData()
        if not code:
            self.problem("code", "Choose the violation.")
        # The service's own checks of the words, now, so every problem shows at once.
        self.check(checks.required, self.place.text(), "place", "The place", max_length=200)
        self.check(checks.required, self.officer.text(), "officer", "The officer", max_length=80)
        try:
            occurred = town_time_of(self.day.text(), self.time.text(), "occurred_at", "time")
        except BadInput as exc:
            self.problem(exc.field or "occurred_at", str(exc))
            return lambda: None
        if hit is None or not code:
            return lambda: None
        data = ViolationInput(
            owner_id=hit.owner_id,
            dog_ids=self.dogs.ticked(),
            code=str(code),
            occurred_at=occurred,
            place=self.place.text(),
            officer=self.officer.text(),
            notes=self.notes.toPlainText() or None,
        )
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        return lambda: record_violation(database, data, actor=actor, clock=clock)


class DismissViolationDialog(FormDialog):
    """``saved`` carries the violation's reference."""

    def __init__(
        self, ctx: UiContext, violation_id: int, label: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(ctx, f"Dismiss {label}", "Dismiss  Enter", parent)
        self.violation_id, self.label = violation_id, label
        self.add_intro(
            "A dismissed violation is kept on file; it no longer counts toward a later "
            "offense and nothing is owed on it."
        )
        self.reason = QLineEdit(self)
        self.reason.setMaxLength(200)
        self.reason.setPlaceholderText("e.g. withdrawn by the officer; found not responsible")
        self.add_field("reason", "&Reason", self.reason, required=True, short="reason")
        self.finish()

    def work(self) -> Callable[[], Any]:
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        violation_id, reason, label = self.violation_id, self.reason.text(), self.label

        def job() -> str:
            dismiss_violation(database, violation_id, reason, actor=actor, clock=clock)
            return label

        return job


class CourtFilingDialog(FormDialog):
    """File unpaid fines with the court: ``saved`` carries how many were filed."""

    def __init__(
        self,
        ctx: UiContext,
        fines: Sequence[tuple[int, str]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(ctx, "File unpaid fines with the court", "File with court  Enter", parent)
        self.fines = tuple(fines)
        listed = ", ".join(label for _id, label in self.fines) or "none"
        self.add_intro(
            f"The clerk's complaint to the court for fines unpaid past their day (MGL c.40 "
            f"§21D). Filed: {listed}. All or none: one that is paid or not yet due is refused "
            "by its reference, and nothing is filed."
        )
        self.on = QLineEdit(us_date(ctx.clock.today()), self)
        self.add_field("on", "Filed &on", self.on, required=True, date=True, short="date")
        self.finish()

    def work(self) -> Callable[[], Any]:
        if not self.fines:
            self.problem("", "No fine is past due and unfiled: there is nothing to file.")
            return lambda: 0
        on = day_of(self.on.text(), "on")
        assert on is not None
        ids = [violation_id for violation_id, _label in self.fines]
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        return lambda: file_with_court(database, ids, on, actor=actor, clock=clock)
