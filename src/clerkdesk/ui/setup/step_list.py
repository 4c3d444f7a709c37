"""The set-up's steps down the side: each with a check mark once done, the current one bold.

Shown on the first-run page too, so creating the administrator reads as the first step."""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from clerkdesk.services.office_setup import STEPS, SetupStep

DONE_MARK = "✓"


def step_words(step: SetupStep, *, done: bool, current: bool) -> str:
    """``✓ 2. The town's rules``; a step not needed for a sale says so."""
    number = STEPS.index(step) + 1
    optional = "" if step.required else " (optional)"
    mark = DONE_MARK if done else "  "
    here = "▸ " if current else ""
    return f"{mark} {here}{number}. {step.heading}{optional}"


class StepList(QWidget):
    """Read only: Back and Next move between the steps, so it takes no keyboard focus."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Set-up steps")
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(6)
        heading = QLabel("Setting up the office", self)
        heading.setObjectName("SectionCaption")
        column.addWidget(heading)
        self.labels: dict[SetupStep, QLabel] = {}
        for step in STEPS:
            label = QLabel("", self)
            label.setObjectName("SetupStep")
            column.addWidget(label)
            self.labels[step] = label
        column.addStretch(1)
        self.show_steps(SetupStep.ADMINISTRATOR, ())

    def show_steps(self, current: SetupStep, done: Collection[SetupStep]) -> None:
        for step, label in self.labels.items():
            is_done, is_current = step in done, step is current
            text = step_words(step, done=is_done, current=is_current)
            label.setText(text)
            number = STEPS.index(step) + 1
            state = ", done" if is_done else ""
            shown = ", the step shown" if is_current else ""
            label.setAccessibleName(f"Step {number}, {step.heading}{state}{shown}")
            font = label.font()
            font.setBold(is_current)
            label.setFont(font)
