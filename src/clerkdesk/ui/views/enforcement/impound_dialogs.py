"""The impound's steps: Take in a dog… (a dog on file, found by its name, tag or microchip,
or one described; when and where; where it is held), Identify… (an unknown dog found to be
one on file) and Dispose… (adopted, transferred, or otherwise; a return to its owner is the
counter's release, where the charges are paid)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QComboBox, QLineEdit, QPlainTextEdit, QSpinBox, QWidget

from clerkdesk.errors import ClerkDeskError
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.enforcement_kinds import ImpoundDisposition
from clerkdesk.rules.town_time import town_moment
from clerkdesk.services import checks
from clerkdesk.services.enforcement.impounds import (
    ImpoundInput,
    TakenImpound,
    dispose,
    identify,
    take_in,
)
from clerkdesk.services.enforcement.officer_picks import person_name
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import BadInput
from clerkdesk.ui.form_base import FormDialog
from clerkdesk.ui.views.enforcement.form_bits import caption_at_top, town_time_of
from clerkdesk.ui.views.kennels.finder import Finder

DEFAULT_HELD_AT = "Town dog pound"
DISPOSITIONS = (
    (ImpoundDisposition.ADOPTED, "Adopted (the adopter licenses it)"),
    (ImpoundDisposition.TRANSFERRED, "Transferred (a shelter, a rescue, another town)"),
    (ImpoundDisposition.EUTHANIZED, "Euthanized"),
    (ImpoundDisposition.DIED, "Died"),
    (ImpoundDisposition.OTHER, "Other (say what in the notes)"),
)


def taken_words(result: TakenImpound) -> str:
    licensed = "licensed" if result.licensed else "not licensed"
    ends = "; ".join(
        f"{period.days} days end {us_date(period.ends_on)}" for period in result.holding
    )
    return f"{result.label} taken in ({licensed}); {ends}."


class TakeInDialog(FormDialog):
    """``saved`` carries the TakenImpound."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, "Take in a dog", "Take in  Enter", parent)
        now = town_moment(ctx.clock.now())  # the town's clock face, not this PC's zone
        self.add_intro(
            "Find the dog on file by its name, tag or microchip; a dog not known yet is "
            "described instead (identify it later). Its charges run from the time taken in."
        )
        self.dog = Finder(ctx, "dog", "Dog on file", self)
        self.add_field("dog", "Dog on &file", self.dog)
        self.description = QLineEdit(self)
        self.description.setMaxLength(300)
        self.description.setPlaceholderText("for a dog not known: breed, colour, collar…")
        self.add_field("description", "&Description", self.description)
        self.day = QLineEdit(us_date(now.date()), self)
        self.add_field("taken_at", "D&ate taken", self.day, required=True, date=True,
                       short="date")  # fmt: skip
        self.time = QLineEdit(f"{now:%H:%M}", self)
        self.time.setPlaceholderText("HH:MM")
        self.add_field("time", "&Time", self.time, required=True, short="time")
        self.place = QLineEdit(self)
        self.place.setMaxLength(200)
        self.place.setPlaceholderText("where the dog was found")
        self.add_field("place", "&Where found", self.place, required=True, short="where found")
        self.taken_by = QLineEdit(ctx.actor.name, self)
        self.taken_by.setMaxLength(80)
        self.add_field("taken_by", "Taken &by", self.taken_by, required=True, short="officer")
        self.held_at = QLineEdit(DEFAULT_HELD_AT, self)
        self.held_at.setMaxLength(120)
        self.add_field("held_at", "&Held at", self.held_at, required=True, short="held at")
        self.events = QSpinBox(self)
        self.events.setRange(0, 99)
        self.events.setValue(1)
        self.add_field("handling_events", "Handling &events", self.events)
        self.notes = QPlainTextEdit(self)
        self.notes.setFixedHeight(48)
        self.notes.setTabChangesFocus(True)
        self.add_field("notes", "&Notes", self.notes)
        caption_at_top(self, "dog", "notes")
        self.finish()
        self.dog.setFocus()
        self.dog.picked.connect(lambda: self.day.setFocus())
        self.naming = 0
        # The officer proposed is the person signed in, by the name they go by.
        self.naming += 1
        database, user = ctx.database, ctx.actor.name
        ctx.tasks.run(lambda: person_name(database, user), self._officer_named, self._unnamed)

    def _officer_named(self, name: str) -> None:
        self.naming -= 1
        if self.taken_by.text() == self.ctx.actor.name:
            self.taken_by.setText(name)

    def _unnamed(self, exc: Exception) -> None:
        self.naming -= 1
        if not isinstance(exc, ClerkDeskError):
            raise exc

    def busy(self) -> bool:
        return self.naming > 0 or self.dog.busy()

    def work(self) -> Callable[[], Any]:
        hit = self.dog.hit
        if hit is None and not self.description.text().strip():
            self.problem("description", "Find the dog on file, or describe a dog not known yet.")
        # The service's own checks of the words, now, so every problem shows at once.
        self.check(checks.required, self.place.text(), "place", "Where taken", max_length=200)
        self.check(checks.required, self.taken_by.text(), "taken_by", "The officer", max_length=80)
        self.check(checks.required, self.held_at.text(), "held_at", "Where held", max_length=120)
        try:
            taken = town_time_of(self.day.text(), self.time.text(), "taken_at", "time")
        except BadInput as exc:
            self.problem(exc.field or "taken_at", str(exc))
            return lambda: None
        data = ImpoundInput(
            dog_id=hit.dog_id if hit is not None else None,
            owner_id=hit.owner_id if hit is not None else None,
            description=self.description.text(),
            taken_at=taken,
            place=self.place.text(),
            taken_by=self.taken_by.text(),
            held_at=self.held_at.text(),
            handling_events=self.events.value(),
            notes=self.notes.toPlainText() or None,
        )
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        return lambda: take_in(database, data, actor=actor, clock=clock)


class IdentifyDialog(FormDialog):
    """``saved`` carries the impound's reference."""

    def __init__(
        self, ctx: UiContext, impound_id: int, label: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(ctx, f"Identify the dog of {label}", "Identify  Enter", parent)
        self.impound_id, self.label = impound_id, label
        self.dog = Finder(ctx, "dog", "Dog on file", self)
        self.add_field("dog", "Dog on &file", self.dog, required=True, short="dog")
        caption_at_top(self, "dog")
        self.finish()
        self.dog.chosen.connect(lambda _hit: self.refresh_button())

    def missing(self) -> list[str]:
        dog = getattr(self, "dog", None)
        return ["dog"] if dog is not None and dog.hit is None else []

    def work(self) -> Callable[[], Any]:
        hit = self.dog.hit
        if hit is None or hit.dog_id is None:
            self.problem("dog", "Find the dog: type its name, tag or microchip, Down, Enter.")
            return lambda: None
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        impound_id, dog_id, label = self.impound_id, hit.dog_id, self.label

        def job() -> str:
            identify(database, impound_id, dog_id, actor=actor, clock=clock)
            return label

        return job


class DisposeDialog(FormDialog):
    """``saved`` carries the impound's reference."""

    def __init__(
        self, ctx: UiContext, impound_id: int, label: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(ctx, f"Dispose — {label}", "Record disposition  Enter", parent)
        self.impound_id, self.label = impound_id, label
        now = town_moment(ctx.clock.now())  # the town's clock face, not this PC's zone
        self.add_intro(
            "How the impound ended, other than a return to the owner: that is a release at "
            "the Counter, where the charges are paid (and an unlicensed dog licensed)."
        )
        self.kind = QComboBox(self)
        for disposition, words in DISPOSITIONS:
            self.kind.addItem(words, disposition.value)
        self.add_field("disposition", "&Disposition", self.kind, required=True)
        self.adopter = Finder(ctx, "owner", "Adopter", self)
        self.add_field("adopter", "&Adopter", self.adopter)
        self.day = QLineEdit(us_date(now.date()), self)
        self.add_field("at", "D&ate", self.day, required=True, date=True, short="date")
        self.time = QLineEdit(f"{now:%H:%M}", self)
        self.add_field("time", "&Time", self.time, required=True, short="time")
        self.notes = QLineEdit(self)
        self.notes.setMaxLength(300)
        self.notes.setPlaceholderText("needed before the 10 days end: why (a court order…)")
        self.add_field("notes", "&Notes", self.notes)
        caption_at_top(self, "adopter")
        self.finish()
        self.kind.currentIndexChanged.connect(lambda _i: self._follow_kind())
        self._follow_kind()

    def _follow_kind(self) -> None:
        adopted = self.kind.currentData() == ImpoundDisposition.ADOPTED.value
        self.set_row_visible("adopter", adopted)

    def busy(self) -> bool:
        return self.adopter.busy()

    def work(self) -> Callable[[], Any]:
        disposition = ImpoundDisposition(str(self.kind.currentData()))
        adopter = self.adopter.hit if disposition is ImpoundDisposition.ADOPTED else None
        if disposition is ImpoundDisposition.ADOPTED and adopter is None:
            self.problem("adopter", "Find the adopter on file (add them at the Counter first).")
        try:
            at = town_time_of(self.day.text(), self.time.text(), "at", "time")
        except BadInput as exc:
            self.problem(exc.field or "at", str(exc))
            return lambda: None
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        impound_id, label = self.impound_id, self.label
        adopter_id = adopter.owner_id if adopter is not None else None
        notes = self.notes.text() or None

        def job() -> str:
            dispose(
                database, impound_id, disposition, at=at, adopter_owner_id=adopter_id,
                notes=notes, actor=actor, clock=clock,
            )  # fmt: skip
            return label

        return job
