"""A kennel's card under the list: keeper and premises in a line, then its roster (each dog
counted or not, with its kennel tag), its inspections and its licenses."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.services.kennels import KennelCard
from clerkdesk.ui.elide import ElidedLabel
from clerkdesk.ui.models.rows import RowsModel
from clerkdesk.ui.views.kennels.column_fit import Column, ColumnFit
from clerkdesk.ui.views.kennels.tables import (
    INSPECTION_FIT,
    LICENSE_FIT,
    ROSTER_FIT,
    class_words,
    inspection_model,
    license_model,
    roster_cells,
    roster_model,
)

ROW_HEIGHT = 24
ROSTER_SHOWN = 4


def small_table(
    name: str, model: RowsModel[Any], columns: Sequence[Column], parent: QWidget, rows: int = 1
) -> QTableView:
    """``rows``: how many rows it shows at the least; ``columns``: how each is fitted."""
    table = QTableView(parent)
    table.setAccessibleName(name)
    table.setModel(model)
    table.setAlternatingRowColors(True)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setTabKeyNavigation(False)
    table.verticalHeader().setVisible(False)
    table.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
    # Short columns whole, long ones cut with "…" (and whole on hover) only when narrow.
    ColumnFit(table, columns)
    header = table.horizontalHeader()
    table.setMinimumHeight(header.sizeHint().height() + rows * ROW_HEIGHT + 4)
    return table


def _caption(text: str, parent: QWidget) -> QLabel:
    label = QLabel(text, parent)
    label.setObjectName("SectionCaption")
    return label


class KennelDetails(QWidget):
    """Shows one ``KennelCard``; ``show_card(None)`` says what to do first.

    ``roster_counted`` says how many dogs the roster now lists: the area fits the roster's
    height to them, two rows at the least and ``ROSTER_SHOWN`` at the most (then it
    scrolls), as its height allows (see ui.rows_to_room)."""

    roster_counted = Signal(int)

    def __init__(self, count_age_months: int | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Kennel details")
        self.count_age_months = count_age_months
        self.card: KennelCard | None = None
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(4)
        self.heading = ElidedLabel("", self, role="Kennel")
        self.heading.setObjectName("OwnerName")
        self.facts = QLabel("", self)
        self.facts.setObjectName("OwnerAddress")
        self.facts.setWordWrap(True)
        self.facts.setAccessibleName("Keeper and premises")
        # The kennel's name, with room at its right for the actions on the record itself.
        self.heading_row = QHBoxLayout()
        self.heading_row.addWidget(self.heading, 1)
        outer.addLayout(self.heading_row)
        outer.addWidget(self.facts)
        # The roster across the width; the inspections and licenses side by side below.
        self.roster_caption = _caption("Roster", self)
        self.roster_model = roster_model(self, count_age_months)
        self.roster = small_table("Roster", self.roster_model, ROSTER_FIT, self, rows=2)
        self.roster_caption.setBuddy(self.roster)
        outer.addWidget(self.roster_caption)
        outer.addWidget(self.roster)
        row = QHBoxLayout()
        row.setSpacing(16)
        left, right = QVBoxLayout(), QVBoxLayout()
        for column in (left, right):
            column.setSpacing(outer.spacing())
        # Their newest row at the least (a window 720 high), more as the height allows.
        self.inspections_caption = _caption("Inspections", self)
        self.inspections_model = inspection_model(self)
        self.inspections = small_table("Inspections", self.inspections_model, INSPECTION_FIT, self)
        self.licenses_caption = _caption("Licenses", self)
        self.licenses_model = license_model(self)
        self.licenses = small_table("Licenses", self.licenses_model, LICENSE_FIT, self)
        left.addWidget(self.inspections_caption)
        left.addWidget(self.inspections, 1)
        right.addWidget(self.licenses_caption)
        right.addWidget(self.licenses, 1)
        row.addLayout(left, 1)
        row.addLayout(right, 1)
        # The inspections and licenses take the height the roster leaves.
        outer.addLayout(row, 1)
        self.show_card(None)

    def add_heading_actions(self, *buttons: QWidget) -> None:
        for button in buttons:
            self.heading_row.addWidget(button)

    def show_card(self, card: KennelCard | None) -> None:
        self.card = card
        if card is None:
            self.heading.setText("No kennel chosen")
            self.facts.setText("Choose a kennel in the list above to see its roster.")
            for model in (self.roster_model, self.inspections_model, self.licenses_model):
                model.set_rows(())
            self.roster_counted.emit(0)
            self._counts()
            return
        self.heading.setText(card.name)
        closed = " · CLOSED" if str(card.status) == "closed" else ""
        self.count_age_months = months = card.count_age_months
        self.roster_model.set_cells(lambda dog: roster_cells(dog, months))
        self.facts.setText(
            f"Keeper {card.keeper_name} ({card.keeper_address}) · premises {card.premises} · "
            f"{class_words(card.kennel_class_words, card.category)} · "
            f"at most {card.max_dogs} dogs{closed}"
        )
        self.roster_model.set_rows(card.roster)
        self.roster_counted.emit(len(card.roster))
        self.inspections_model.set_rows(card.inspections)
        self.licenses_model.set_rows(card.licenses)
        self._counts()

    def _counts(self) -> None:
        card = self.card
        if card is None:
            self.roster_caption.setText("Roster")
            self.inspections_caption.setText("Inspections")
            self.licenses_caption.setText("Licenses")
            return
        counted = sum(1 for dog in card.roster if dog.counted)
        young = len(card.roster) - counted
        said = f"Roster: {counted} counted"
        if young:
            under = (
                f"under {self.count_age_months} months" if self.count_age_months else "too young"
            )
            said += f", {young} {under}, not counted"
        self.roster_caption.setText(f"{said} (at most {card.max_dogs})")
        self.inspections_caption.setText(
            f"Inspections ({len(card.inspections)})" if card.inspections else "Inspections: none"
        )
        self.licenses_caption.setText(
            f"Licenses ({len(card.licenses)})" if card.licenses else "Licenses: none yet"
        )

    def chosen_dog(self) -> int | None:
        index = self.roster.currentIndex()
        dog = self.roster_model.row(index.row()) if index.isValid() else None
        return None if dog is None else dog.dog_id
