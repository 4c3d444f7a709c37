"""Tags: each dog being licensed with the next tag of the year's stock proposed; the clerk
types the number of the tag in hand when it differs.

A tag reads as it was received ("W-125"): the clerk may type it so, or the number alone,
and the field shows it as the collar does once the clerk moves on."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from PySide6.QtCore import QRegularExpression, Signal
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.rules.tag_text import TYPED_TAG, tag_text, typed_tag
from clerkdesk.services.tag_input import MAX_TAG_NUMBER
from clerkdesk.services.tags import StockSummary
from clerkdesk.ui.fields import button_row, message_label, say


@dataclass(frozen=True)
class TagRequest:
    dog_id: int
    dog_name: str
    license_year_label: str
    proposed: int | None
    stock: StockSummary | None = None
    """The year's tag stock, so a number shows as its tag reads (``W-125``)."""

    def text(self, number: int) -> str:
        return self.stock.tag_text(number) if self.stock else tag_text(number, None)

    def number(self, text: str) -> int | None:
        """The number of the tag typed, as this year's stock reads it; None if it is none."""
        typed = typed_tag(text, self.stock.prefixes if self.stock else ())
        return typed.number if typed and 1 <= typed.number <= MAX_TAG_NUMBER else None


class TagsDialog(QDialog):
    """``chosen`` carries {dog_id: tag number or None (let checkout take the next)}."""

    chosen = Signal(object)

    def __init__(
        self,
        requests: list[TagRequest],
        parent: QWidget | None = None,
        *,
        note: str = "",
        title: str = "Tags",
        back: tuple[str, str] = ("Back  Esc", "Back to the cart"),
    ) -> None:
        """``back`` is the Esc button's text and accessible name (back to the payment, or
        the cart, or cancel)."""
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.setModal(True)
        self.setMinimumWidth(560)
        outer = QVBoxLayout(self)
        heading = QLabel("Give each dog its tag" if title == "Tags" else title, self)
        heading.setObjectName("DialogTitle")
        outer.addWidget(heading)
        hint = QLabel(
            "The next tag of the year's stock is proposed. If the tag in your hand has another "
            "number, type it.",
            self,
        )
        hint.setWordWrap(True)
        hint.setObjectName("ViewHint")
        outer.addWidget(hint)
        self.note = QLabel(note, self)
        self.note.setObjectName("FieldError")
        self.note.setWordWrap(True)
        self.note.setAccessibleName("Tag stock")
        self.note.setVisible(bool(note))
        outer.addWidget(self.note)
        grid = QGridLayout()
        grid.setColumnStretch(2, 1)
        outer.addLayout(grid)
        self.edits: dict[int, QLineEdit] = {}
        self.messages: dict[int, QLabel] = {}
        self.requests = requests
        for row, request in enumerate(requests):
            caption = QLabel(f"{request.dog_name} — tag {request.license_year_label}", self)
            edit = QLineEdit(self)
            edit.setValidator(QRegularExpressionValidator(QRegularExpression(TYPED_TAG), edit))
            edit.setAccessibleName(f"Tag number for {request.dog_name}")
            edit.setText("" if request.proposed is None else request.text(request.proposed))
            edit.textChanged.connect(lambda _t, d=request.dog_id: say(self.messages[d], ""))
            edit.editingFinished.connect(lambda r=request: self._as_read(r))
            caption.setBuddy(edit)
            message = message_label(self, f"the tag for {request.dog_name}")
            grid.addWidget(caption, row, 0)
            grid.addWidget(edit, row, 1)
            grid.addWidget(message, row, 2)
            self.edits[request.dog_id], self.messages[request.dog_id] = edit, message
        buttons, self.confirm, cancel = button_row(
            self, ("Issue licenses  Enter", "Confirm tags"), back
        )
        self.confirm.clicked.connect(self.finish)
        cancel.clicked.connect(self.reject)
        outer.addLayout(buttons)
        chain: list[QWidget] = [*self.edits.values(), self.confirm, cancel]
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)
        if self.edits:
            first_edit = next(iter(self.edits.values()))
            first_edit.setFocus()
            first_edit.selectAll()

    def tags(self) -> dict[int, int | None]:
        """The number of each dog's tag; None for a blank (checkout takes the next) or a
        text that is no tag (``finish`` says so before it is used)."""
        return {r.dog_id: r.number(self.edits[r.dog_id].text()) for r in self.requests}

    def _as_read(self, request: TagRequest) -> None:
        """The typed tag shown as its stock reads it ("17" becomes "W-17")."""
        edit = self.edits[request.dog_id]
        number = request.number(edit.text())
        if number is not None and edit.text() != request.text(number):
            edit.setText(request.text(number))

    def _unread(self, request: TagRequest) -> bool:
        text = self.edits[request.dog_id].text()
        return bool(text.strip()) and request.number(text) is None

    def show_problem(self, text: str) -> None:
        """A refusal from checkout: beside the tag it names, or above the list."""
        for request in self.requests:
            tag = self.edits[request.dog_id].text().strip()
            if tag and f"Tag {tag} " in text:
                say(self.messages[request.dog_id], text)
                self.edits[request.dog_id].setFocus()
                self.edits[request.dog_id].selectAll()
                return
        say(self.note, text)

    def finish(self) -> None:
        unread = [r for r in self.requests if self._unread(r)]
        for request in unread:
            example = request.text(request.proposed or 125)
            say(self.messages[request.dog_id], f"Type the tag's number, e.g. {example}.")
        if unread:
            self.edits[unread[0].dog_id].setFocus()
            return
        for request in self.requests:
            self._as_read(request)
        numbers = [n for n in self.tags().values() if n is not None]
        if len(numbers) != len(set(numbers)):
            for dog_id, number in self.tags().items():
                if number is not None and numbers.count(number) > 1:
                    shown = self.edits[dog_id].text()
                    say(self.messages[dog_id], f"Tag {shown} is given to two dogs.")
            return
        self.chosen.emit(self.tags())
        self.accept()
