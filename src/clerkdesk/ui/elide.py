"""A one-line label that gives way with "…" instead of widening its window.

Names at the counter can be very long (a hyphenated surname, a town's full name, a file
path). Shown whole in a QLabel they set the window's minimum width, and a 200-character
owner name pushes the main window past the screen. This label asks for its full width but
can be squeezed to a few characters; when it is cut, the full text is its tooltip, and it is
always in the accessible name, so nothing is lost to the mouse or to a screen reader.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

# Narrow enough for any column, wide enough to recognise the start of a name.
MIN_CHARS = 8
SLACK = 6


def full_name(role: str, text: str) -> str:
    """The accessible name: what the label is, then all that it says."""
    if not role:
        return text
    return f"{role}: {text}" if text else role


class ElidedLabel(QLabel):
    """``setText`` takes the full text; the label shows as much as fits."""

    def __init__(
        self,
        text: str = "",
        parent: QWidget | None = None,
        *,
        role: str = "",
        mode: Qt.TextElideMode = Qt.TextElideMode.ElideRight,
        hint_width: int | None = None,
    ) -> None:
        """``hint_width`` caps the width the label asks for, so a dialog that sizes itself
        to its contents does not open wide for a long name."""
        super().__init__(parent)
        self._full = ""
        self._role = role
        self._mode = mode
        self._hint_width = hint_width
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setText(text)

    def setText(self, text: str) -> None:
        self._full = text
        self.setAccessibleName(full_name(self._role, text))
        self.updateGeometry()
        self._fit()

    def text(self) -> str:
        """The full text, as given: a drop-in for QLabel where code reads the text back."""
        return self._full

    def shown_text(self) -> str:
        return QLabel.text(self)

    def is_elided(self) -> bool:
        return self.shown_text() != self._full

    def set_role(self, role: str) -> None:
        self._role = role
        self.setAccessibleName(full_name(role, self._full))

    # Qt overrides keep their camelCase names --------------------------------------------
    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        margins = self.contentsMargins()
        width = self.fontMetrics().horizontalAdvance(self._full) + margins.left() + margins.right()
        width += 2 * self.margin() + SLACK
        if self._hint_width is not None:
            width = min(width, self._hint_width)
        return QSize(width, hint.height())

    def minimumSizeHint(self) -> QSize:
        hint = self.sizeHint()
        short = self.fontMetrics().horizontalAdvance("M" * MIN_CHARS)
        return QSize(min(hint.width(), short), hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        # Measured widths are rounded and a bold glyph can overhang its advance: keep a
        # little slack so that the last letter is never shaved.
        width = self.contentsRect().width() - 2 * self.margin() - SLACK // 2
        shown = self.fontMetrics().elidedText(self._full, self._mode, max(width, 0))
        if shown != self.shown_text():
            super().setText(shown)
        self.setToolTip(self._full if shown != self._full else "")
