"""New kennel… and Edit kennel…: its name, the keeper (found by name as at the counter), the
premises (blank: the keeper's home), its class or the town's own category, and the most dogs
it may keep. Editing starts from the record as it stands."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QComboBox, QLineEdit, QWidget

from clerkdesk.errors import FieldErrors
from clerkdesk.services.kennels import KennelInput, add_kennel, change_kennel
from clerkdesk.services.search import SearchHit
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.form_base import FormDialog
from clerkdesk.ui.views.kennels.finder import Finder
from clerkdesk.ui.views.kennels.town_words import ClassChoice, class_choices, kennel_rules

ACTION = "Add kennel  Enter"
SAVE_ACTION = "Save changes  Enter"
FIND_KEEPER = "Find the keeper: type a name, then Down and Enter."


class KennelDialog(FormDialog):
    """``saved`` carries the new kennel's id."""

    def __init__(
        self,
        ctx: UiContext,
        parent: QWidget | None = None,
        *,
        title: str = "New kennel",
        action: str = ACTION,
    ) -> None:
        super().__init__(ctx, title, action, parent)
        profile = ctx.town.profile if ctx.town is not None else None
        rules = kennel_rules(profile, ctx.clock.today())
        self.name = self._edit(120, "e.g. Maple Hill Kennel")
        self.add_field("name", "Kennel &name", self.name, required=True, short="name")
        self.keeper = Finder(ctx, "owner", "Keeper", self)
        self.keeper.chosen.connect(lambda _hit: self._edited("keeper"))
        self.keeper.picked.connect(self._keeper_picked)
        self.add_field("keeper", "&Keeper", self.keeper)
        # Level with the search text, not the middle of its list.
        self.labels["keeper"].setFixedHeight(self.keeper.edit.sizeHint().height())
        self.street = self._edit(120, "blank: the keeper's home")
        self.add_field("premises_street", "Premises &street", self.street)
        self.unit = self._edit(30, "optional")
        self.add_field("premises_unit", "&Unit", self.unit)
        self.city = self._edit(80, "with a street")
        self.add_field("premises_city", "&City or town", self.city)
        self.postal = self._edit(10, "with a street, e.g. 01581")
        self.add_field("premises_postal_code", "&ZIP code", self.postal)
        self.choices: tuple[ClassChoice, ...] = class_choices(rules)
        self.kind = QComboBox(self)
        for choice in self.choices:
            self.kind.addItem(choice.caption)
        self.add_field("kennel_class", "C&lass or category", self.kind)
        self.max_dogs = self._edit(4, "the most dogs the license allows")
        self.max_dogs.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,4}")))
        self.add_field("max_dogs", "&Most dogs", self.max_dogs, required=True, short="most dogs")
        self.notes = self._edit(4000, "optional")
        self.add_field("notes", "N&otes", self.notes)
        self.finish()

    def _edit(self, length: int, placeholder: str = "") -> QLineEdit:
        edit = QLineEdit(self)
        edit.setMaxLength(length)
        if placeholder:
            edit.setPlaceholderText(placeholder)
        return edit

    def _keeper_picked(self) -> None:
        self.street.setFocus()

    def missing(self) -> list[str]:
        gaps = super().missing()
        if self.keeper.hit is None:
            # The finder is no plain field: named here, in the form's order.
            gaps.insert(1 if "name" in gaps else 0, "keeper")
        return gaps

    def show_problems(self, problems: Mapping[str, str]) -> None:
        # The rules name a category's problem "category"; here it is the class box's.
        renamed = {("kennel_class" if k == "category" else k): v for k, v in problems.items()}
        super().show_problems(renamed)

    def chosen_class(self) -> ClassChoice:
        return self.choices[self.kind.currentIndex()]

    def described(self) -> KennelInput:
        """The kennel as the form describes it; raises the form's problems."""
        hit = self.keeper.hit
        if hit is None:
            self.problem("keeper", FIND_KEEPER)
        text = self.max_dogs.text().strip()
        most = int(text) if text else 0
        if most < 1:
            self.problem("max_dogs", "Say the most dogs the license allows (1 or more).")
        if self._found.messages or hit is None:
            raise FieldErrors(self._found.messages)
        choice = self.chosen_class()
        data = KennelInput(
            name=self.name.text().strip(),
            keeper_id=hit.owner_id,
            premises_street=self.street.text().strip() or None,
            premises_unit=self.unit.text().strip() or None,
            premises_city=self.city.text().strip() or None,
            premises_postal_code=self.postal.text().strip() or None,
            kennel_class=choice.kennel_class,
            category=choice.category,
            max_dogs=most,
            notes=self.notes.text().strip() or None,
        )
        return data

    def work(self) -> Callable[[], Any]:
        data = self.described()
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        return lambda: add_kennel(database, data, actor=actor, clock=clock)


class EditKennelDialog(KennelDialog):
    """The kennel's record as it stands, to correct; ``saved`` carries the kennel's id.
    Licenses already sold keep what they said."""

    def __init__(
        self,
        ctx: UiContext,
        kennel_id: int,
        current: KennelInput,
        keeper: tuple[str, str],
        parent: QWidget | None = None,
    ) -> None:
        """``keeper`` is the keeper's name and address as the card shows them."""
        super().__init__(ctx, parent, title=f"Edit kennel — {current.name}", action=SAVE_ACTION)
        self.kennel_id = kennel_id
        self.name.setText(current.name)
        name, address = keeper
        hit = SearchHit("owner", current.keeper_id, None, name, address, (), None, "", 0.0)
        self.keeper.preset(hit, name, f"{name} (the keeper on file) — {address}")
        self.street.setText(current.premises_street or "")
        self.unit.setText(current.premises_unit or "")
        self.city.setText(current.premises_city or "")
        self.postal.setText(current.premises_postal_code or "")
        self.kind.setCurrentIndex(self._class_at(current))
        self.max_dogs.setText(str(current.max_dogs))
        self.notes.setText(current.notes or "")
        self.refresh_button()

    def _class_at(self, current: KennelInput) -> int:
        for at, choice in enumerate(self.choices):
            if current.category is not None and choice.category == current.category:
                return at
        for at, choice in enumerate(self.choices):
            if choice.category is None and choice.kennel_class == current.kennel_class:
                return at
        return 0

    def work(self) -> Callable[[], Any]:
        data = self.described()
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        kennel_id = self.kennel_id

        def job() -> int:
            change_kennel(database, kennel_id, data, actor=actor, clock=clock)
            return kennel_id

        return job
