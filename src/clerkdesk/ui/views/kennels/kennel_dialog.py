"""New kennel…: its name, the keeper (found by name as at the counter), the premises (blank:
the keeper's home), its class or the town's own category, and the most dogs it may keep."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QComboBox, QLineEdit, QWidget

from clerkdesk.errors import FieldErrors
from clerkdesk.services.kennels import KennelInput, add_kennel
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.form_base import FormDialog
from clerkdesk.ui.views.kennels.finder import Finder
from clerkdesk.ui.views.kennels.town_words import ClassChoice, class_choices, kennel_rules

ACTION = "Add kennel  Enter"
FIND_KEEPER = "Find the keeper: type a name, then Down and Enter."


class KennelDialog(FormDialog):
    """``saved`` carries the new kennel's id."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, "New kennel", ACTION, parent)
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

    def work(self) -> Callable[[], Any]:
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
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        return lambda: add_kennel(database, data, actor=actor, clock=clock)
