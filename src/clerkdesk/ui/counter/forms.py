"""New and edit forms for owners and dogs; the messages beside the fields are the services'
own (``check_owner``, ``check_dog``), every one at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QWidget

from clerkdesk.services.new_to_town import arrival_note
from clerkdesk.services.people import (
    YEAR_ROUND_RESIDENT,
    DogInput,
    OwnerInput,
    check_dog,
    check_owner,
    create_dog,
    create_owner,
    facts_named,
    update_dog,
    update_owner,
)
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import BadInput, parse_date, show_date, tell
from clerkdesk.ui.form_base import FormDialog


def _town_city(ctx: UiContext) -> str:
    if ctx.town is None:
        return ""
    name = ctx.town.name
    for prefix in ("Town of ", "City of "):
        if name.startswith(prefix):
            return name[len(prefix) :]
    return name


class OwnerForm(FormDialog):
    """``saved`` carries the owner's id."""

    def __init__(
        self,
        ctx: UiContext,
        parent: QWidget | None = None,
        *,
        owner_id: int | None = None,
        current: OwnerInput | None = None,
        starting_name: tuple[str, str] | None = None,
    ) -> None:
        """``starting_name`` is the (first, last) name a new owner's form starts with."""
        title = "New owner" if owner_id is None else "Edit owner"
        super().__init__(ctx, title, "Save owner", parent)
        self.owner_id = owner_id
        for key, label, short in (
            ("first_name", "&First name", "first name"),
            ("last_name", "&Last name", "last name"),
            ("street", "&Street address", "street"),
            ("unit", "&Unit", None),
            ("city", "&City or town", "city"),
            ("state", "S&tate", "state"),
            ("postal_code", "&ZIP code", "ZIP code"),
            ("phone", "&Phone", None),
            ("email", "&Email", None),
            ("birth_date", "&Birth date (for 70+)", None),
        ):
            self.add_field(
                key,
                label,
                QLineEdit(self),
                required=short is not None,
                date=key == "birth_date",
                short=short,
            )
        year_round = QCheckBox("Lives in town year-round", self)
        self.add_field("year_round_resident", "&Year-round", year_round)
        year_round.setAccessibleName("Lives in town year-round")
        # Asked only where an exemption depends on it; elsewhere it would change no fee.
        named = ctx.town is not None and YEAR_ROUND_RESIDENT in facts_named(ctx.town.profile)
        self.set_row_visible("year_round_resident", named)
        self.edit("state").setText("MA")
        self.edit("city").setText(_town_city(ctx))
        if current is not None:
            for key in ("first_name", "last_name", "street", "unit", "city", "state"):
                self.edit(key).setText(getattr(current, key) or "")
            for key in ("postal_code", "phone", "email"):
                self.edit(key).setText(getattr(current, key) or "")
            self.edit("birth_date").setText(show_date(current.birth_date))
            year_round.setChecked(current.year_round_resident)
        if starting_name is not None and current is None:
            for key, text in zip(("first_name", "last_name"), starting_name, strict=True):
                self.edit(key).setText(text)
        self._current = current
        self.finish()
        if starting_name is not None and all(starting_name):
            self.edit("street").setFocus()  # the name is there: the address comes next

    def work(self) -> Callable[[], Any]:
        keep = self._current
        data = OwnerInput(
            first_name=self.text("first_name"),
            last_name=self.text("last_name"),
            street=self.text("street"),
            city=self.text("city"),
            postal_code=self.text("postal_code"),
            state=self.text("state"),
            unit=self.optional("unit"),
            phone=self.optional("phone"),
            email=self.optional("email"),
            birth_date=self.date("birth_date"),
            mailing_street=keep.mailing_street if keep else None,
            mailing_city=keep.mailing_city if keep else None,
            mailing_state=keep.mailing_state if keep else None,
            mailing_postal_code=keep.mailing_postal_code if keep else None,
            phone_alt=keep.phone_alt if keep else None,
            notes=keep.notes if keep else None,
            year_round_resident=self.checked("year_round_resident"),
        )
        self.check(check_owner, data, self.ctx.clock.today())
        database, clock, owner_id = self.ctx.database, self.ctx.clock, self.owner_id
        actor = self.ctx.actor
        if owner_id is None:
            return lambda: create_owner(database, data, actor=actor, clock=clock)

        def change() -> int:
            update_owner(database, owner_id, data, actor=actor, clock=clock)
            return owner_id

        return change


class DogForm(FormDialog):
    """``saved`` carries the dog's id."""

    def __init__(
        self,
        ctx: UiContext,
        owner_id: int,
        owner_name: str,
        parent: QWidget | None = None,
        *,
        dog_id: int | None = None,
        current: DogInput | None = None,
    ) -> None:
        title = f"New dog for {owner_name}" if dog_id is None else f"Edit dog of {owner_name}"
        super().__init__(ctx, title, "Save dog", parent)
        self.owner_id, self.dog_id = owner_id, dog_id
        self.add_field("name", "&Name", QLineEdit(self), required=True, short="name")
        self.add_field("breed", "&Breed", QLineEdit(self), required=True, short="breed")
        self.add_field("color", "C&olor", QLineEdit(self), required=True, short="color")
        sex = QComboBox(self)
        sex.addItem("Choose…", "")
        sex.addItem("Male", "male")
        sex.addItem("Female", "female")
        self.add_field("sex", "&Sex", sex, required=True, short="sex")
        altered = QCheckBox("Spayed or neutered", self)
        self.add_field("altered", "S&payed/neutered", altered)
        self.add_field("altered_proof", "Proof of spa&y/neuter", QLineEdit(self))
        self.add_field("birth_date", "Birth &date", QLineEdit(self), date=True)
        self.add_field("microchip", "&Microchip", QLineEdit(self))
        self.add_field("description", "Descr&iption (10 words)", QLineEdit(self))
        came = self.add_field("came_to_town_on", "Came to &town on", QLineEdit(self), date=True)
        assert isinstance(came, QLineEdit)
        came.editingFinished.connect(self._say_arrival)
        if current is not None:
            for key in ("name", "breed", "color", "altered_proof", "microchip", "description"):
                self.edit(key).setText(getattr(current, key) or "")
            sex.setCurrentIndex(max(sex.findData(current.sex), 0))
            altered.setChecked(current.altered)
            self.edit("birth_date").setText(show_date(current.birth_date))
            self.edit("came_to_town_on").setText(show_date(current.came_to_town_on))
        self._current = current
        self.finish()
        self._say_arrival()

    def _say_arrival(self) -> None:
        """Whether the date makes the dog new to town this license year, said beside it
        (a dog is new to town only in the license year it came)."""
        try:
            arrived = parse_date(self.text("came_to_town_on"))
        except BadInput:
            return  # the field's own message says what is wrong with the date
        words = arrival_note(self.ctx.database, arrived, self.ctx.clock.today())
        tell(self.messages["came_to_town_on"], words, problem=False)
        self.fit_to_messages()

    def work(self) -> Callable[[], Any]:
        keep = self._current
        data = DogInput(
            name=self.text("name"),
            breed=self.text("breed"),
            color=self.text("color"),
            sex=self.text("sex"),
            altered=self.checked("altered"),
            altered_proof=self.optional("altered_proof"),
            breed_secondary=keep.breed_secondary if keep else None,
            birth_date=self.date("birth_date"),
            birth_date_estimated=keep.birth_date_estimated if keep else False,
            microchip=self.optional("microchip"),
            description=self.optional("description"),
            came_to_town_on=self.date("came_to_town_on"),
        )
        self.check(check_dog, data, self.ctx.clock.today())
        database, clock, owner_id, dog_id = (
            self.ctx.database,
            self.ctx.clock,
            self.owner_id,
            self.dog_id,
        )
        actor = self.ctx.actor
        if dog_id is None:
            return lambda: create_dog(database, owner_id, data, actor=actor, clock=clock)

        def change() -> int:
            update_dog(database, dog_id, data, actor=actor, clock=clock)
            return dog_id

        return change
