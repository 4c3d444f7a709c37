"""A form dialog: labelled fields with their messages beside them, one main button that
says what is missing, and saving through a service off the UI thread."""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import EnvironmentProblem, ValidationError
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.fields import BadInput, message_label, parse_date, say


class FormDialog(QDialog):
    """Subclasses add fields with ``add_field`` and implement ``work``."""

    saved = Signal(object)

    def __init__(self, ctx: UiContext, title: str, action: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.action = action
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.setModal(True)
        self.setMinimumWidth(560)
        outer = QVBoxLayout(self)
        heading = QLabel(title, self)
        heading.setObjectName("DialogTitle")
        outer.addWidget(heading)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(10)
        self.grid.setVerticalSpacing(4)
        self.grid.setColumnStretch(1, 1)
        self.grid.setColumnStretch(2, 1)
        outer.addLayout(self.grid)
        self.form_message = message_label(self, "the form")
        outer.addWidget(self.form_message)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.cancel_button = QPushButton("Cancel  Esc", self)
        self.cancel_button.setAccessibleName("Cancel")
        self.cancel_button.setAutoDefault(False)
        self.cancel_button.clicked.connect(self.reject)
        self.save_button = QPushButton(action, self)
        self.save_button.setAccessibleName(action)
        self.save_button.setDefault(True)
        self.save_button.clicked.connect(self.save)
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.cancel_button)
        outer.addLayout(buttons)
        self.widgets: dict[str, QWidget] = {}
        self.labels: dict[str, QLabel] = {}
        self.messages: dict[str, QLabel] = {}
        self.required: dict[str, str] = {}
        self._order: list[QWidget] = []
        self.saving = False

    # building -----------------------------------------------------------------------
    def add_field(
        self, key: str, label: str, widget: QWidget, *, required: bool = False, date: bool = False
    ) -> QWidget:
        row = self.grid.rowCount()
        caption = QLabel(label + (" *" if required else ""), self)
        caption.setBuddy(widget)
        widget.setAccessibleName(label.replace("&", ""))
        message = message_label(self, label.replace("&", ""))
        self.grid.addWidget(caption, row, 0, Qt.AlignmentFlag.AlignRight)
        self.grid.addWidget(widget, row, 1)
        self.grid.addWidget(message, row, 2)
        self.widgets[key], self.labels[key], self.messages[key] = widget, caption, message
        if required:
            self.required[key] = label.replace("&", "").lower()
        if isinstance(widget, QLineEdit):
            widget.textChanged.connect(lambda _t, k=key: self._edited(k))
            if date:
                widget.setPlaceholderText("MM/DD/YYYY")
                widget.editingFinished.connect(lambda k=key: self._check_date(k))
        self._order.append(widget)
        return widget

    def finish(self) -> None:
        """Tab order follows the form, then the main button, then Cancel."""
        chain = [*self._order, self.save_button, self.cancel_button]
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)
        if self._order:
            self._order[0].setFocus()
        self.refresh_button()

    def set_row_visible(self, key: str, visible: bool) -> None:
        for part in (self.labels[key], self.widgets[key]):
            part.setVisible(visible)
        if not visible:
            say(self.messages[key], "")

    # reading ------------------------------------------------------------------------
    def edit(self, key: str) -> QLineEdit:
        widget = self.widgets[key]
        assert isinstance(widget, QLineEdit)
        return widget

    def text(self, key: str) -> str:
        widget = self.widgets[key]
        if isinstance(widget, QLineEdit):
            return widget.text().strip()
        if isinstance(widget, QComboBox):
            return str(widget.currentData())
        raise TypeError(key)

    def date(self, key: str) -> dt.date | None:
        try:
            return parse_date(self.text(key))
        except BadInput as exc:
            raise BadInput(str(exc), key) from None

    def _check_date(self, key: str) -> None:
        try:
            self.date(key)
        except BadInput as exc:
            say(self.messages[key], str(exc))

    def optional(self, key: str) -> str | None:
        return self.text(key) or None

    def checked(self, key: str) -> bool:
        widget = self.widgets[key]
        assert isinstance(widget, QCheckBox)
        return widget.isChecked()

    def missing(self) -> list[str]:
        gaps = []
        for key, label in self.required.items():
            widget = self.widgets[key]
            if not widget.isHidden() and isinstance(widget, QLineEdit) and not self.text(key):
                gaps.append(label)
        return gaps

    def refresh_button(self) -> None:
        if self.saving:
            self.save_button.setText("Saving…")
            return
        gaps = self.missing()
        self.save_button.setText(f"Enter {', '.join(gaps)}" if gaps else self.action)

    def _edited(self, key: str) -> None:
        say(self.messages[key], "")
        self.refresh_button()

    # messages -----------------------------------------------------------------------
    def show_message(self, field: str | None, text: str) -> None:
        target = self.messages.get(field or "")
        if target is not None and not self.widgets[field or ""].isHidden():
            say(target, text)
            self.widgets[field or ""].setFocus()
        else:
            say(self.form_message, text)

    def clear_messages(self) -> None:
        for label in (*self.messages.values(), self.form_message):
            say(label, "")

    # saving -------------------------------------------------------------------------
    def work(self) -> Callable[[], Any]:
        """Read the fields (raising BadInput or ValidationError) and return the service call."""
        raise NotImplementedError

    def save(self) -> None:
        if self.saving:
            return
        self.clear_messages()
        gaps = [key for key, label in self.required.items() if label in self.missing()]
        for key in gaps:
            say(self.messages[key], f"{self.required[key].capitalize()} is required.")
        try:
            job = self.work()
        except BadInput as exc:
            self.show_message(exc.field, str(exc))
            return
        except ValidationError as exc:
            self.show_message(exc.field, exc.message)
            return
        if gaps:
            self.widgets[gaps[0]].setFocus()
            return
        self.saving = True
        self.refresh_button()
        self.ctx.tasks.run(job, self._done, self._failed)

    def _done(self, result: object) -> None:
        self.saving = False
        self.refresh_button()
        self.saved.emit(result)
        self.accept()

    def _failed(self, exc: Exception) -> None:
        self.saving = False
        self.refresh_button()
        if isinstance(exc, ValidationError):
            self.show_message(exc.field, exc.message)
        elif isinstance(exc, EnvironmentProblem):
            self.ctx.dialogs.show_error(self, f"{self.windowTitle()}: not saved", str(exc))
        else:
            raise exc
