"""The register's columns page: each column of the file with its first values, and a box
saying what it holds (guessed from its header, or the office's saved choice), which the
clerk can change. A field chosen for two columns is said under the list, as is a field the
import needs and no column holds; neither is changed behind the clerk's back (arrowing
through a closed box chooses each item on the way)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.rules.register_columns import BY_KEY, FIELDS, OWNER_KEYS, missing_fields
from clerkdesk.services.importing.register_mapping import RegisterPreview
from clerkdesk.ui.elide import ElidedLabel
from clerkdesk.ui.fields import message_label, say

NOT_READ = "Not brought in"
SAMPLES_SHOWN = 3


def field_words(words: str) -> str:
    """A field's words as a choice in a list: "the dog's name" → "Dog's name"."""
    text = words.removeprefix("the ")
    return text[:1].upper() + text[1:]


def samples_of(column: int, rows: Sequence[Sequence[str]]) -> list[str]:
    return [row[column] for row in rows if column < len(row) and row[column].strip()]


class ColumnBox(QComboBox):
    """What one column holds: a field's key as the item's data, "" for not brought in."""

    def __init__(self, header: str, owners_only: bool, parent: QWidget) -> None:
        super().__init__(parent)
        self.header = header
        self.setAccessibleName(f"What the column {header} holds")
        self.addItem(NOT_READ, "")
        for field in FIELDS:
            if owners_only and field.key not in OWNER_KEYS:
                continue
            self.addItem(field_words(field.words), field.key)
        self.setMaxVisibleItems(16)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContentsOnFirstShow)

    def key(self) -> str:
        return str(self.currentData() or "")

    def choose(self, key: str) -> None:
        index = self.findData(key)
        self.setCurrentIndex(max(index, 0))


class ColumnChoices(QWidget):
    """The columns of the dogs sheet (and of the owners sheet, when there is one)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.intro = QLabel("", self)
        self.intro.setWordWrap(True)
        self.intro.setAccessibleName("About the columns")
        layout.addWidget(self.intro)
        self.area = QScrollArea(self)
        self.area.setWidgetResizable(True)
        self.area.setFrameShape(QFrame.Shape.StyledPanel)
        self.area.setAccessibleName("The file's columns")
        layout.addWidget(self.area, 1)
        self.missing = message_label(self, "the columns")
        layout.addWidget(self.missing)
        self.boxes: list[ColumnBox] = []
        self.owners_sheet: str | None = None

    def show_preview(self, preview: RegisterPreview, owners_sheet: str | None) -> None:
        """One row per column: its header, its first values, and what it holds."""
        self.owners_sheet = owners_sheet
        body = QWidget()
        grid = QGridLayout(body)
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(4)
        grid.setColumnStretch(1, 1)
        self.boxes = []
        self._heading(grid, "Column in the file", "First rows", "Holds")
        for index, header in enumerate(preview.headers):
            self._row(grid, header, samples_of(index, preview.samples), owners_only=False)
        if owners_sheet is not None:
            dog_headers = {h.casefold() for h in preview.headers}
            self._heading(grid, f"Owners sheet: {owners_sheet}", "", "")
            for index, header in enumerate(preview.owner_headers):
                if header.casefold() in dog_headers:
                    continue  # the owner's number both sheets share: chosen above
                self._row(grid, header, samples_of(index, preview.owner_samples), True)
        grid.setRowStretch(grid.rowCount(), 1)
        self.area.setWidget(body)
        mapping = preview.mapping
        by_header = {header: key for key, header in mapping.items()}
        for box in self.boxes:
            box.choose(by_header.get(box.header, ""))
            box.activated.connect(lambda _i, b=box: self._chosen(b))
        saved = preview.saved is not None
        self.intro.setText(
            (
                "These columns were chosen for files with these headers before. "
                if saved
                else "What each column holds was guessed from its header. "
            )
            + "Check each against its first rows and change any that are wrong; the choice "
            "is kept for the next file with the same headers."
        )
        self._say_missing()

    def _heading(self, grid: QGridLayout, *texts: str) -> None:
        row = grid.rowCount()
        for column, text in enumerate(texts):
            label = QLabel(text)
            label.setObjectName("SectionCaption")
            grid.addWidget(label, row, column)

    def _row(self, grid: QGridLayout, header: str, samples: list[str], owners_only: bool) -> None:
        row = grid.rowCount()
        body = grid.parentWidget()
        assert body is not None
        name = QLabel(header or "(no header)", body)
        name.setTextFormat(Qt.TextFormat.PlainText)
        shown = ElidedLabel(
            " · ".join(samples[:SAMPLES_SHOWN]) or "(empty in the first rows)",
            body,
            role=f"First rows of {header}",
            hint_width=420,
        )
        shown.setToolTip("\n".join(samples) or "empty in the first rows")
        box = ColumnBox(header, owners_only, body)
        name.setBuddy(box)
        grid.addWidget(name, row, 0)
        grid.addWidget(shown, row, 1)
        grid.addWidget(box, row, 2)
        self.boxes.append(box)

    def _chosen(self, _box: ColumnBox) -> None:
        self._say_missing()
        self.changed.emit()

    def mapping(self) -> dict[str, str]:
        """{field: header}; a field chosen twice is a problem said (``doubled``), not kept."""
        return {box.key(): box.header for box in self.boxes if box.key()}

    def doubled(self) -> list[str]:
        """Each field chosen for more than one column, in words with its columns."""
        columns: dict[str, list[str]] = {}
        for box in self.boxes:
            if box.key():
                columns.setdefault(box.key(), []).append(box.header)
        return [
            f"{BY_KEY[key].words} ({listed(headers)})"
            for key, headers in columns.items()
            if len(headers) > 1
        ]

    def gaps(self) -> list[str]:
        """What the mapping lacks to import, in words."""
        mapping = self.mapping()
        gaps = missing_fields(mapping)
        if self.owners_sheet is not None and "owner_ref" not in mapping:
            gaps.append("the owner's number that joins the two sheets")
        return gaps

    def ready(self) -> bool:
        return not self.gaps() and not self.doubled()

    def _say_missing(self) -> None:
        lines = []
        if doubled := self.doubled():
            lines.append("One column only for " + listed(doubled) + ".")
        if gaps := self.gaps():
            lines.append("Choose a column for " + listed(gaps) + ".")
        say(self.missing, " ".join(lines))


def listed(words: Sequence[str]) -> str:
    """ "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
