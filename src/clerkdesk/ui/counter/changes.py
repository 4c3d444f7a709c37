"""Small dialogs for what happens to a dog: deceased, moved or lost (D), and the new owner
of a transfer (T). The fees of a transfer and a lost tag are taken in the payment dialog."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import ValidationError
from clerkdesk.rules.kinds import DogStatus
from clerkdesk.services.people import set_dog_status
from clerkdesk.services.search import SearchHit
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.results import ResultsPanel
from clerkdesk.ui.elide import ElidedLabel
from clerkdesk.ui.fields import show_date
from clerkdesk.ui.form_base import FormDialog

STATUS_CHOICES = (
    (DogStatus.DECEASED, "Deceased"),
    (DogStatus.MOVED, "Moved out of town"),
    (DogStatus.LOST, "Lost"),
)


class DogStatusDialog(FormDialog):
    """``saved`` carries the dog's id. No fee is refunded (MGL c.140 §137)."""

    def __init__(
        self, ctx: UiContext, dog_id: int, dog_name: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(ctx, f"{dog_name}: deceased, moved or lost", "Save", parent)
        self.dog_id = dog_id
        choice = QComboBox(self)
        for status, words in STATUS_CHOICES:
            choice.addItem(words, status.value)
        self.add_field("status", "&What happened", choice)
        on = QLineEdit(self)
        on.setText(show_date(ctx.clock.today()))
        self.add_field("on", "&On", on, required=True, date=True)
        note = QLabel(
            f"{dog_name} leaves the renewal lists. No license fee is refunded (MGL c.140 §137).",
            self,
        )
        note.setWordWrap(True)
        note.setObjectName("ViewHint")
        self.grid.addWidget(note, self.grid.rowCount(), 0, 1, 3)
        self.finish()

    def work(self) -> Callable[[], Any]:
        status = DogStatus(self.text("status"))
        on = self.date("on")
        if on is None:
            raise ValidationError("Enter the date.", field="on")
        database, clock, dog_id = self.ctx.database, self.ctx.clock, self.dog_id
        actor = self.ctx.actor

        def change() -> int:
            set_dog_status(database, dog_id, status, on=on, actor=actor, clock=clock)
            return dog_id

        return change


class OwnerPicker(QDialog):
    """Find the owner a dog goes to; ``picked`` carries the SearchHit. New owner (Alt+N)
    makes one instead."""

    picked = Signal(object)
    wants_new_owner = Signal(str)  # with the words searched, the new owner's name

    def __init__(self, ctx: UiContext, dog_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = f"Transfer {dog_name} to…"
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.setModal(True)
        self.resize(560, 520)
        layout = QVBoxLayout(self)
        heading = ElidedLabel(title, self, hint_width=520)
        heading.setObjectName("DialogTitle")
        self.box = QLineEdit(self)
        self.box.setAccessibleName("Search for the new owner")
        self.box.setPlaceholderText("The new owner's name, street or phone")
        self.results = ResultsPanel(
            ctx,
            self,
            prompt="Type the new owner's name, street or phone; ↓ to move, Enter to choose.",
            new_owner="press Enter or Alt+N to add them as a new owner",
        )
        self.results.heading.setVisible(False)
        self.results.attach(self.box)
        self.results.opened.connect(self._chosen)
        self.results.wants_new_owner.connect(lambda _words: self._new_owner())
        self.message = QLabel("", self)
        self.message.setObjectName("FieldError")
        self.message.setAccessibleName("Transfer message")
        self.message.setWordWrap(True)
        buttons = QHBoxLayout()
        new_owner = QPushButton("&New owner…  Alt+N", self)
        new_owner.setAccessibleName("New owner")
        new_owner.setAutoDefault(False)
        new_owner.clicked.connect(self._new_owner)
        cancel = QPushButton("Cancel  Esc", self)
        cancel.setAccessibleName("Cancel transfer")
        cancel.setAutoDefault(False)
        cancel.clicked.connect(self.reject)
        buttons.addWidget(new_owner)
        buttons.addStretch(1)
        buttons.addWidget(cancel)
        for widget in (heading, self.box):
            layout.addWidget(widget)
        layout.addWidget(self.results, 1)
        layout.addWidget(self.message)
        layout.addLayout(buttons)
        self.box.setFocus()

    def _chosen(self, hit: SearchHit) -> None:
        self.picked.emit(hit)
        self.accept()

    def _new_owner(self) -> None:
        self.wants_new_owner.emit(self.results.searched())
        self.accept()
