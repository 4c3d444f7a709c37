"""The warning shown, on the Counter and in Settings → Town rules, while a preset's example
values are not yet confirmed by the clerk."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from clerkdesk.services.town import TownInUse
from clerkdesk.ui.views.settings.rule_rows import describe_example


def examples_text(town: TownInUse, *, then: str, listed: int) -> str:
    """The warning: a sentence, then up to ``listed`` of the values by name."""
    keys = town.profile.unconfirmed_examples
    count = len(keys)
    head = (
        f"<b>{count} value{'s' if count > 1 else ''} in {escape(town.name)}'s rules "
        f"{'are examples' if count > 1 else 'is an example'}, not yet "
        "confirmed by the clerk.</b> Quotes that use "
        f"{'them' if count > 1 else 'it'} carry a warning. {escape(then)}"
    )
    if not listed:
        return head
    items = [f"<li>{escape(describe_example(town.profile, k))}</li>" for k in keys[:listed]]
    if count > listed:
        items.append(f"<li>and {count - listed} more, all listed under Confirm…</li>")
    return f"{head}<ul style='margin: 4px 0 0 -20px'>{''.join(items)}</ul>"


def examples_list(town: TownInUse) -> str:
    return "\n".join(describe_example(town.profile, k) for k in town.profile.unconfirmed_examples)


class ExamplesBanner(QFrame):
    """Hidden when every value is confirmed; lists the first ``listed`` values (the rest,
    and all of them, are in its tooltip). ``button`` (if asked for) starts Confirm…."""

    def __init__(
        self, parent: QWidget, *, then: str, button_text: str | None = None, listed: int = 0
    ) -> None:
        super().__init__(parent)
        self.setObjectName("ExamplesBanner")
        self.setAccessibleName("Example values not yet confirmed")
        self._then = then
        self._listed = listed
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 8, 12, 8)
        self.text = QLabel("", self)
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setAccessibleName("Example values not yet confirmed")
        row.addWidget(self.text, 1)
        self.button: QPushButton | None = None
        if button_text is not None:
            self.button = QPushButton(button_text, self)
            self.button.setAccessibleName("Confirm example values")
            row.addWidget(self.button, 0, Qt.AlignmentFlag.AlignTop)
        self.hide()

    def show_for(self, town: TownInUse | None) -> None:
        pending = town is not None and bool(town.profile.unconfirmed_examples)
        if town is not None and pending:
            self.text.setText(examples_text(town, then=self._then, listed=self._listed))
            self.text.setToolTip(examples_list(town))
        self.setVisible(pending)
