"""A question with a few named answers, each on a button with its key, and Esc to go back.

The app's own dialog rather than a native message box, so it looks like the rest of the
program and a test drives it with keys as a clerk would. It is shown through
``Dialogs.ask``, the seam for every modal question.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget


@dataclass(frozen=True)
class Choice:
    """One answer: ``key`` is what the asker gets back; ``label`` the button's words;
    ``shortcut`` the single key that chooses it; ``detail`` what it does, in a sentence."""

    key: str
    label: str
    shortcut: str
    detail: str = ""


@dataclass(frozen=True)
class Question:
    title: str
    text: str
    choices: tuple[Choice, ...]
    cancel: str = "Cancel"


class QuestionDialog(QDialog):
    """``answered`` carries the chosen Choice.key, or None when the clerk went back (Esc)."""

    answered = Signal(object)

    def __init__(self, question: Question, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.question = question
        self.setWindowTitle(question.title)
        self.setAccessibleName(question.title)
        self.setModal(True)
        self.setMinimumWidth(520)
        self.setMaximumWidth(700)
        self._answer: str | None = None
        layout = QVBoxLayout(self)
        heading = QLabel(question.title, self)
        heading.setObjectName("DialogTitle")
        heading.setWordWrap(True)
        text = QLabel(question.text, self)
        text.setObjectName("QuestionText")
        text.setWordWrap(True)
        text.setAccessibleName("Question")
        layout.addWidget(heading)
        layout.addWidget(text)
        self.buttons: dict[str, QPushButton] = {}
        for choice in question.choices:
            button = QPushButton(f"{choice.label}  {choice.shortcut}", self)
            button.setObjectName("QuestionChoice")
            button.setAccessibleName(choice.label)
            button.setAccessibleDescription(choice.detail)
            button.setAutoDefault(True)
            button.clicked.connect(lambda _c=False, k=choice.key: self.choose(k))
            layout.addWidget(button)
            if choice.detail:
                detail = QLabel(choice.detail, self)
                detail.setObjectName("ViewHint")
                detail.setWordWrap(True)
                detail.setIndent(14)
                layout.addWidget(detail)
            shortcut = QShortcut(QKeySequence(choice.shortcut), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(lambda k=choice.key: self.choose(k))
            self.buttons[choice.key] = button
        row = QHBoxLayout()
        row.addStretch(1)
        self.back = QPushButton(f"{question.cancel}  Esc", self)
        self.back.setAccessibleName(question.cancel)
        self.back.setAutoDefault(False)
        self.back.clicked.connect(self.reject)
        row.addWidget(self.back)
        layout.addLayout(row)
        if question.choices:
            # The first answer has the focus, so Enter takes it: list the safest first.
            self.buttons[question.choices[0].key].setFocus()
        self.finished.connect(lambda _r: self.answered.emit(self._answer))

    def choose(self, key: str) -> None:
        self._answer = key
        self.accept()
