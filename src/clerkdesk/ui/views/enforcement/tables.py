"""The Enforcement area's tables: frozen rows from the enforcement services, each turned into
its cells by a function; never ORM objects. One table view shape for every tab."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from PySide6.QtCore import QAbstractTableModel, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.enforcement_kinds import ViolationStatus
from clerkdesk.rules.town_time import town_moment
from clerkdesk.services.enforcement.hearing_views import HearingView
from clerkdesk.services.enforcement.impound_views import ImpoundRow
from clerkdesk.services.enforcement.violation_lists import ViolationRow
from clerkdesk.ui.fields import money

ROW_HEIGHT = 26


def record_table(model: QAbstractTableModel, name: str, parent: QWidget) -> QTableView:
    """A read-only list chosen by rows, Tab leaving it; the last column takes the rest."""
    table = QTableView(parent)
    table.setAccessibleName(name)
    table.setModel(model)
    table.setAlternatingRowColors(True)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setTabKeyNavigation(False)
    table.setWordWrap(False)
    table.setTextElideMode(Qt.TextElideMode.ElideRight)
    table.verticalHeader().setVisible(False)
    table.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setStretchLastSection(True)
    table.setMinimumHeight(4 * ROW_HEIGHT)
    return table


def moment(when: dt.datetime) -> str:
    """A stored moment as the town's clock reads it: ``06/01/2026 09:30``."""
    when = town_moment(when)
    return f"{us_date(when.date())} {when:%H:%M}"


# Violations ---------------------------------------------------------------------------
VIOLATION_COLUMNS = ("Ref", "Date", "Owner", "Dogs", "Code", "Offense", "Fine", "Standing")


def violation_standing(row: ViolationRow) -> str:
    if row.status is ViolationStatus.DISMISSED:
        return "dismissed"
    if row.warning:
        return "written warning"
    if row.paid:
        return "paid"
    if row.court_filed_on is not None:
        return f"unpaid; filed with court {us_date(row.court_filed_on)}"
    if row.pay_by is not None:
        return f"unpaid; pay by {us_date(row.pay_by)}"
    return "unpaid"


def violation_cells(row: ViolationRow) -> tuple[str, ...]:
    fine = "warning" if row.warning else money(row.amount)
    return (
        row.label,
        moment(row.occurred_at),
        row.owner_name,
        ", ".join(row.dog_names),
        row.code,
        str(row.offense_number),
        fine,
        violation_standing(row),
    )


# Impounds -----------------------------------------------------------------------------
IMPOUND_COLUMNS = ("Ref", "Taken in", "Dog", "Owner", "Held at", "Days", "10 days end", "Now")


def impound_cells(row: ImpoundRow) -> tuple[str, ...]:
    now = "held" if row.disposition is None else str(row.disposition.value)
    return (
        row.label,
        moment(row.taken_at),
        row.shown_name,
        row.owner_name or "not known",
        row.held_at,
        str(row.days_held),
        us_date(row.ten_day_ends_on),
        now,
    )


# Hearings -----------------------------------------------------------------------------
HEARING_COLUMNS = ("Ref", "Complaint", "Dog", "Owner", "Complainant", "Hearing", "Standing")


def hearing_cells(row: HearingView) -> tuple[str, ...]:
    return (
        row.label,
        us_date(row.complaint_on),
        row.dog_name,
        row.owner_name,
        row.complainant,
        moment(row.hearing_at) if row.hearing_at is not None else "not set",
        row.status,
    )


# The day list -------------------------------------------------------------------------
@dataclass(frozen=True)
class DayLine:
    """One line of the officer's day: what it is, the record Enter opens (``tab`` and
    ``record_id``), and the words of each column."""

    tab: str  # "violations", "impounds" or "hearings"
    record_id: int | None
    what: str
    ref: str
    who: str
    detail: str
    when: str


DAY_COLUMNS = ("Waiting", "Ref", "Who", "What", "When")


def day_cells(line: DayLine) -> tuple[str, ...]:
    return (line.what, line.ref, line.who, line.detail, line.when)
