"""Esc on a form the clerk has typed into asks before throwing the typing away.

What counts as typed is only what a person did — text edited, a box ticked, an item
chosen — so a form that fills itself in (an edit form, a name carried over from the search)
closes at once until someone changes it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QRadioButton,
    QTextEdit,
    QWidget,
)

from clerkdesk.ui.dialogs import Dialogs
from clerkdesk.ui.question import Choice, Question

QUESTION = Question(
    "Throw away what was typed?",
    "This form has been filled in part-way and is not saved. Closing it now throws that "
    "typing away.",
    (
        Choice("keep", "Go back to the form", "G", "Nothing is lost; finish it or save it."),
        Choice("discard", "Throw it away", "T", "The form closes and nothing is saved."),
    ),
    cancel="Go back",
)


class TypedGuard:
    """Watches ``form``'s inputs for a person's edits; ``close`` closes it at once if none
    were made, and otherwise only once the clerk says to throw them away."""

    def __init__(self, form: QWidget) -> None:
        self.form = form
        self.typed = False
        self.asking = False
        self._watched: set[int] = set()

    def watch(self) -> None:
        """Every input the form holds now (call again after adding more)."""
        for widget in self.form.findChildren(QWidget):
            if id(widget) in self._watched:
                continue
            self._watched.add(id(widget))
            if isinstance(widget, QLineEdit):
                widget.textEdited.connect(self._mark)
            elif isinstance(widget, (QPlainTextEdit, QTextEdit)):
                widget.textChanged.connect(lambda w=widget: self._mark_if_focused(w))
            elif isinstance(widget, QComboBox):
                widget.activated.connect(self._mark)
            elif isinstance(widget, (QCheckBox, QRadioButton)):
                widget.clicked.connect(self._mark)

    def _mark(self, *_args: object) -> None:
        self.typed = True

    def _mark_if_focused(self, widget: QWidget) -> None:
        # A text box filled by the program has no focus while it is filled.
        if widget.hasFocus():
            self.typed = True

    def close(self, dialogs: Dialogs, closing: Callable[[], None]) -> None:
        if not self.typed:
            closing()
            return
        if self.asking:
            return
        self.asking = True

        def answered(choice: str | None) -> None:
            self.asking = False
            if choice == "discard":
                closing()
            else:
                self.form.activateWindow()

        dialogs.ask(self.form, QUESTION, answered)
