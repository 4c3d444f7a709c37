"""A form dialog: labelled fields with their messages beside them, one main button that
says what is missing, and saving through a service off the UI thread.

Save shows every problem at once: the form's own reading (a date it cannot parse) and the
service's checks (run here first, since they are pure, and again when saving) each put a
message beside its field, and the dialog grows to show them all, up to the screen's height.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QGuiApplication, QShowEvent
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

from clerkdesk.errors import EnvironmentProblem, FieldErrors, ValidationError
from clerkdesk.services.checks import Problems
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.elide import ElidedLabel
from clerkdesk.ui.fields import BadInput, message_label, parse_date, say
from clerkdesk.ui.typed_guard import TypedGuard

P = ParamSpec("P")
# The most gaps the main button names before it counts the rest.
NAMED_GAPS = 4
# Room the window manager's frame takes around a dialog.
FRAME = 40
# Wide enough for a field and a two-line message beside it.
MIN_WIDTH = 720


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
        self.setMinimumWidth(MIN_WIDTH)
        outer = QVBoxLayout(self)
        # A title naming a long owner or dog gives way rather than widening the dialog.
        self.heading = ElidedLabel(title, self, role="Form", hint_width=MIN_WIDTH)
        self.heading.setObjectName("DialogTitle")
        outer.addWidget(self.heading)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(10)
        self.grid.setVerticalSpacing(4)
        # The fields and the messages beside them share the width; a message wraps.
        self.grid.setColumnStretch(1, 5)
        self.grid.setColumnStretch(2, 4)
        outer.addLayout(self.grid)
        self.form_message = message_label(self, "the form")
        outer.addWidget(self.form_message)
        outer.addStretch(1)
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
        self._found = Problems()
        self.saving = False
        self.guard = TypedGuard(self)

    # building -----------------------------------------------------------------------
    def add_field(
        self,
        key: str,
        label: str,
        widget: QWidget,
        *,
        required: bool = False,
        date: bool = False,
        short: str | None = None,
    ) -> QWidget:
        """``short`` is the field's name on the main button while it is empty ("street")."""
        row = self.grid.rowCount()
        caption = QLabel(label + (" *" if required else ""), self)
        caption.setBuddy(widget)
        widget.setAccessibleName(label.replace("&", ""))
        message = message_label(self, label.replace("&", ""))
        # The caption and a message's first line sit level with the text in the field.
        level = widget.sizeHint().height()
        caption.setMinimumHeight(level)
        caption.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        message.setMinimumHeight(level)
        message.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.grid.addWidget(
            caption, row, 0, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop
        )
        self.grid.addWidget(widget, row, 1, Qt.AlignmentFlag.AlignTop)
        self.grid.addWidget(message, row, 2, Qt.AlignmentFlag.AlignTop)
        self.widgets[key], self.labels[key], self.messages[key] = widget, caption, message
        if required:
            self.required[key] = short or label.replace("&", "").lower()
        if isinstance(widget, QLineEdit):
            widget.textChanged.connect(lambda _t, k=key: self._edited(k))
            if date:
                widget.setPlaceholderText("MM/DD/YYYY")
                widget.editingFinished.connect(lambda k=key: self._check_date(k))
        elif isinstance(widget, QComboBox):
            widget.currentIndexChanged.connect(lambda _i, k=key: self._edited(k))
        self._order.append(widget)
        return widget

    def add_intro(self, text: str) -> QLabel:
        """A few words under the title, above the fields, on what the form does."""
        intro = QLabel(text, self)
        intro.setWordWrap(True)
        intro.setObjectName("ViewHint")
        outer = self.layout()
        assert isinstance(outer, QVBoxLayout)
        outer.insertWidget(1, intro)
        return intro

    def finish(self) -> None:
        """Tab order follows the form, then the main button, then Cancel."""
        chain = [*self._order, self.save_button, self.cancel_button]
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)
        if self._order:
            self._order[0].setFocus()
        self.refresh_button()
        self.guard.watch()

    def set_required(self, key: str, short: str | None) -> None:
        """Make a field required (named ``short`` on the main button) or optional."""
        caption = self.labels[key]
        text = caption.text().removesuffix(" *")
        caption.setText(text + (" *" if short else ""))
        if short:
            self.required[key] = short
        else:
            self.required.pop(key, None)

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
        """The field's date; a date it cannot read is noted as the field's problem (shown
        with the others when Save finishes) and read as None."""
        try:
            return parse_date(self.text(key))
        except BadInput as exc:
            self._found.add(key, str(exc))
            return None

    def _check_date(self, key: str) -> None:
        try:
            parse_date(self.text(key))
        except BadInput as exc:
            say(self.messages[key], str(exc))
            self.fit_to_messages()

    def optional(self, key: str) -> str | None:
        return self.text(key) or None

    def checked(self, key: str) -> bool:
        widget = self.widgets[key]
        assert isinstance(widget, QCheckBox)
        return widget.isChecked()

    def problem(self, key: str, message: str) -> None:
        """A problem the form itself finds in a field (the service's come in ``check``)."""
        self._found.add(key, message)

    def check(self, rules: Callable[P, object], *args: P.args, **kwargs: P.kwargs) -> None:
        """Run the service's own checks now, on the UI thread (they are pure), so that Save
        shows their problems beside the form's own, all at once."""
        self._found.check(rules, *args, **kwargs)

    def missing(self) -> list[str]:
        gaps = []
        for key, label in self.required.items():
            widget = self.widgets[key]
            if widget.isHidden() or not isinstance(widget, QLineEdit | QComboBox):
                continue
            if not self.text(key):
                gaps.append(label)
        return gaps

    def refresh_button(self) -> None:
        if self.saving:
            self.save_button.setText("Saving…")
            self.save_button.setAccessibleName("Saving")
            return
        gaps = self.missing()
        if not gaps:
            text = self.action
        elif len(gaps) <= NAMED_GAPS:
            text = f"{self.action} — needs {', '.join(gaps)}"
        else:
            named = ", ".join(gaps[: NAMED_GAPS - 1])
            text = f"{self.action} — needs {named} and {len(gaps) - NAMED_GAPS + 1} more"
        self.save_button.setText(text)
        self.save_button.setAccessibleName(text)

    def _edited(self, key: str) -> None:
        say(self.messages[key], "")
        self.refresh_button()

    # messages -----------------------------------------------------------------------
    def show_message(self, field: str | None, text: str) -> None:
        self.show_problems({field or "": text})

    def show_problems(self, problems: Mapping[str, str]) -> None:
        """Each message beside its field; those for no field (or a hidden one) above the
        buttons. The cursor goes to the first field at fault, in the form's order."""
        loose: list[str] = []
        for field, text in problems.items():
            target = self.messages.get(field)
            if target is not None and not self.widgets[field].isHidden():
                say(target, text)
            else:
                loose.append(text)
        say(self.form_message, "\n".join(loose))
        at_fault = [
            widget
            for key, widget in self.widgets.items()
            if key in problems and not widget.isHidden()
        ]
        order = {widget: place for place, widget in enumerate(self._order)}
        if at_fault:
            min(at_fault, key=lambda w: order.get(w, len(order))).setFocus()
        self.fit_to_messages()

    def clear_messages(self) -> None:
        for label in (*self.messages.values(), self.form_message):
            say(label, "")

    def fit_to_messages(self) -> None:
        """Grow the dialog so that every wrapped message shows whole, within the screen."""
        layout = self.layout()
        if layout is None:
            return
        layout.activate()
        width = self.width()
        wanted = layout.totalHeightForWidth(width) if layout.hasHeightForWidth() else -1
        wanted = max(wanted, layout.totalMinimumSize().height())
        screen = self.screen() or QGuiApplication.primaryScreen()
        room = screen.availableGeometry().height() - FRAME if screen is not None else wanted
        if wanted > self.height():
            self.resize(QSize(width, min(wanted, room)))

    # Qt override: the dialog opens at its layout's minimum, which does not count a wrapped
    # intro's second line, so a tall field (a finder with its chosen line) was squeezed
    # under the next one; grown once shown, every row has its height.
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit_to_messages()

    # closing ------------------------------------------------------------------------
    def reject(self) -> None:
        """Esc or Cancel: at once on a form no one typed into; otherwise only once the
        clerk says to throw the typing away."""
        if self.saving:
            return  # the save under way finishes first
        self.guard.close(self.ctx.dialogs, self.discard)

    def discard(self) -> None:
        """Close without asking: someone else signed in, and what was typed is not theirs."""
        super().reject()

    # saving -------------------------------------------------------------------------
    def work(self) -> Callable[[], Any]:
        """Read the fields and return the service call. Problems found on the way go to
        ``problem``/``check`` (or are raised as BadInput or ValidationError)."""
        raise NotImplementedError

    def save(self) -> None:
        if self.saving:
            return
        self.clear_messages()
        self._found = found = Problems()
        job: Callable[[], Any] | None = None
        try:
            job = self.work()
        except BadInput as exc:
            found.add(exc.field or "", str(exc))
        except FieldErrors as exc:
            for field, message in exc.messages.items():
                found.add(field, message)
        except ValidationError as exc:
            found.add(exc.field or "", exc.message)
        if found.messages or job is None:
            self.show_problems(found.messages)
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
        if isinstance(exc, FieldErrors):
            self.show_problems(exc.messages)
        elif isinstance(exc, ValidationError):
            self.show_message(exc.field, exc.message)
        elif isinstance(exc, EnvironmentProblem):
            self.ctx.dialogs.show_error(self, f"{self.windowTitle()}: not saved", str(exc))
        else:
            raise exc
