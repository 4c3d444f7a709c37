"""Confirm…: the clerk checks a preset's example values against the bylaw."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import ValidationError
from clerkdesk.services.town import TownInUse
from clerkdesk.services.town_changes import ExamplesConfirmed, confirm_town_examples
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.views.settings.rule_rows import describe_example

KEY_ROLE = Qt.ItemDataRole.UserRole


class ConfirmExamplesDialog(QDialog):
    """``confirmed`` carries the :class:`ExamplesConfirmed` once the new version is saved."""

    confirmed = Signal(object)

    def __init__(self, ctx: UiContext, town: TownInUse, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self._saving = False
        self.setWindowTitle("Confirm example values")
        self.setAccessibleName("Confirm example values")
        intro = QLabel(
            f"{town.name}'s preset gives these values as examples: the bylaw "
            f"({town.profile.bylaw or 'the town bylaw'}) leaves them to another chapter. "
            "Check each against that chapter; correct any that differ with Edit TOML… first. "
            "Confirming saves a new version of the rules, and quotes stop warning about the "
            "values confirmed. Space ticks or clears the value under the cursor.",
            self,
        )
        intro.setWordWrap(True)
        self.values = QListWidget(self)
        self.values.setAccessibleName("Example values to confirm")
        self.values.setWordWrap(True)
        for key in town.profile.unconfirmed_examples:
            item = QListWidgetItem(describe_example(town.profile, key))
            item.setData(KEY_ROLE, key)
            item.setToolTip(key)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.values.addItem(item)
        self.values.setCurrentRow(0)
        self.values.itemChanged.connect(self._update)
        self.message = QLabel("", self)
        self.message.setObjectName("FieldMessage")
        self.message.setAccessibleName("Confirm status")
        self.message.setWordWrap(True)
        self.confirm_button = QPushButton("Confirm ticked values  Enter", self)
        self.confirm_button.setAccessibleName("Confirm ticked values")
        self.confirm_button.setDefault(True)
        self.confirm_button.clicked.connect(self.confirm)
        cancel = QPushButton("Cancel  Esc", self)
        cancel.setAccessibleName("Cancel")
        cancel.setAutoDefault(False)
        cancel.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.message, 1)
        buttons.addWidget(self.confirm_button)
        buttons.addWidget(cancel)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.values, 1)
        layout.addLayout(buttons)
        self.resize(760, 420)
        self._update()
        self.values.setFocus()

    def ticked(self) -> list[str]:
        found: list[str] = []
        for row in range(self.values.count()):
            item = self.values.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                found.append(str(item.data(KEY_ROLE)))
        return found

    def _update(self) -> None:
        ticked = len(self.ticked())
        self.message.setText("" if ticked else "Tick at least one value to confirm.")
        self.confirm_button.setEnabled(bool(ticked) and not self._saving)

    def confirm(self) -> None:
        keys = self.ticked()
        if not keys or self._saving:
            return
        ctx = self._ctx
        self._saving = True
        self._update()
        ctx.tasks.run(
            lambda: confirm_town_examples(ctx.database, keys, actor=ctx.actor, clock=ctx.clock),
            self._done,
            self._failed,
        )

    def _done(self, result: ExamplesConfirmed) -> None:
        self._saving = False
        self.confirmed.emit(result)
        self.accept()

    def _failed(self, exc: Exception) -> None:
        self._saving = False
        self._update()
        if not isinstance(exc, ValidationError):
            raise exc
        self.message.setText(f"Not confirmed: {exc.message}")

    def reject(self) -> None:
        if not self._saving:  # the save under way finishes first, then the dialog closes
            super().reject()

    def busy(self) -> bool:
        return self._saving
