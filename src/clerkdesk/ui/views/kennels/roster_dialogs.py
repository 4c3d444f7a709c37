"""A kennel's roster: Add dog… (the dog found as at the counter, and the day it came) and
Remove dog… (the day it left, confirmed: the dog then needs a license of its own)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QLineEdit, QWidget

from clerkdesk.errors import FieldErrors, ValidationError
from clerkdesk.services.kennels import add_to_roster, remove_from_roster
from clerkdesk.ui.confirmed_form import ConfirmedForm
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import BadInput, parse_date, show_date
from clerkdesk.ui.form_base import FormDialog
from clerkdesk.ui.question import Choice, Question
from clerkdesk.ui.views.kennels.finder import Finder

ADD_ACTION = "Add to roster  Enter"
REMOVE_ACTION = "Remove from roster  Enter"


def _not_ahead(day: dt.date, today: dt.date, field: str) -> None:
    if day > today:
        raise ValidationError(
            f"{show_date(day)} is still to come: record the roster as it is today.", field=field
        )


class AddDogDialog(FormDialog):
    """``saved`` carries the dog's name."""

    def __init__(
        self, ctx: UiContext, kennel_id: int, kennel_name: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(ctx, f"Add dog to roster — {kennel_name}", ADD_ACTION, parent)
        self.kennel_id = kennel_id
        self.add_intro(
            "A dog on the roster is kept under the kennel's license and needs no license of "
            "its own; it is counted toward the kennel's most dogs once old enough."
        )
        self.dog = Finder(ctx, "dog", "Dog", self)
        self.dog.chosen.connect(lambda _hit: self._edited("dog"))
        self.dog.picked.connect(self._dog_picked)
        self.add_field("dog", "&Dog", self.dog, required=True, short="dog")
        # Level with the search text, not the middle of its list.
        self.labels["dog"].setFixedHeight(self.dog.edit.sizeHint().height())
        self.day = QLineEdit(self)
        self.day.setText(show_date(ctx.clock.today()))
        self.add_field("on", "&Kept from", self.day, required=True, date=True, short="date")
        self.finish()

    def _dog_picked(self) -> None:
        self.day.setFocus()

    def missing(self) -> list[str]:
        gaps = super().missing()
        return ["dog", *gaps] if self.dog.hit is None else gaps

    def work(self) -> Callable[[], Any]:
        hit = self.dog.hit
        if hit is None or hit.dog_id is None:
            self.problem("dog", "Find the dog: type its name, then Down and Enter.")
        day = self.date("on")
        if day is not None:
            self.check(_not_ahead, day, self.ctx.clock.today(), "on")
        if day is None:
            self.problem("on", "Write the day the dog came, MM/DD/YYYY.")
        if self._found.messages or hit is None or hit.dog_id is None or day is None:
            raise FieldErrors(self._found.messages)
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        kennel_id, dog_id, name = self.kennel_id, hit.dog_id, hit.dog_name or "The dog"

        def job() -> str:
            add_to_roster(database, kennel_id, dog_id, on=day, actor=actor, clock=clock)
            return name

        return job


class RemoveDogDialog(ConfirmedForm):
    """``saved`` carries the dog's name."""

    field_key = "on"
    confirm = "remove"

    def __init__(
        self,
        ctx: UiContext,
        kennel_id: int,
        kennel_name: str,
        dog_id: int,
        dog_name: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(ctx, f"Remove {dog_name} from the roster", REMOVE_ACTION, parent)
        self.kennel_id, self.kennel_name = kennel_id, kennel_name
        self.dog_id, self.dog_name = dog_id, dog_name
        self.field = QLineEdit(self)
        self.field.setText(show_date(ctx.clock.today()))
        self.add_field("on", "&Left the kennel on", self.field, required=True, date=True,
                       short="date")  # fmt: skip
        self.finish()

    def _day(self, text: str) -> dt.date:
        try:
            day = parse_date(text)
        except BadInput as exc:
            raise ValidationError(str(exc), field="on") from None
        if day is None:
            raise ValidationError("Write the day the dog left, MM/DD/YYYY.", field="on")
        _not_ahead(day, self.ctx.clock.today(), "on")
        return day

    def check_field(self, text: str) -> None:
        self._day(text)

    def question(self) -> Question:
        day = show_date(self._day(self.field.text()))
        return Question(
            f"Remove {self.dog_name}?",
            f"{self.dog_name} leaves {self.kennel_name}'s roster as of {day}. From then on "
            f"{self.dog_name} needs a license of its own.",
            (Choice("remove", "Remove from the roster", "R"),),
            cancel="Keep on the roster",
        )

    def work(self) -> Callable[[], Any]:
        day = self._day(self.field.text())
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        kennel_id, dog_id, name = self.kennel_id, self.dog_id, self.dog_name

        def job() -> str:
            remove_from_roster(database, kennel_id, dog_id, on=day, actor=actor, clock=clock)
            return name

        return job
