"""The lists on the Town rules page: the rules tree, the fee schedules and the history.

Each list's columns share its width so that every rule, value, citation and note reads whole
at 1280×800, wrapped on a few lines where it must (``RULES_FIT`` and the others)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QAbstractItemView, QTreeWidget, QTreeWidgetItem, QWidget

from clerkdesk.rules import TownProfile
from clerkdesk.rules.town_time import town_moment
from clerkdesk.services.town import ProfileVersionInfo
from clerkdesk.services.town_changes import first_license_year_under
from clerkdesk.ui.views.settings.rule_rows import RuleRow, schedule_in_force, schedule_status
from clerkdesk.ui.wrapped_columns import SHORT, Column

KEY_ROLE = Qt.ItemDataRole.UserRole
EXAMPLE_COLOR = QColor("#8a4b00")
EXAMPLE_NOTE = "example"
# Rule, value, citation: each whole, on one line where there is room; a long rule's words
# ("Tethering or confinement violation (first offense: …)"), a late fee's reach ("a dog not
# licensed in this town last license year") or a citation with its regulation's date take
# two or three lines.
RULES_FIT = (
    Column(weight=3, floor=150, lines=3),
    Column(weight=3, floor=120, lines=3),
    Column(weight=2, floor=100, lines=3),
)
SCHEDULES_FIT = (SHORT, Column(weight=1, floor=120, lines=2))
# Version, saved, by, note: a note (up to 200 characters) on as many lines as it takes; a
# long user name gives way (whole on hover).
HISTORY_FIT = (
    SHORT,
    SHORT,
    Column(weight=1, floor=60, most=100),
    Column(weight=3, floor=120, lines=12),
)


def select_row(view: QTreeWidget, row: int) -> None:
    item = view.topLevelItem(row)
    if item is not None:
        view.setCurrentItem(item)


def make_list(
    parent: QWidget, name: str, headers: Sequence[str], *, tree: bool = False
) -> QTreeWidget:
    view = QTreeWidget(parent)
    view.setAccessibleName(name)
    view.setHeaderLabels(list(headers))
    view.setRootIsDecorated(tree)
    view.setAlternatingRowColors(True)
    view.setUniformRowHeights(True)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.header().setStretchLastSection(True)
    return view


def fill_rules(view: QTreeWidget, rows: Sequence[RuleRow]) -> None:
    """The rules, opened all the way down except for replaced schedules, the revenue
    accounts and the town's names."""
    view.clear()
    items = [_rule_item(row) for row in rows]
    view.addTopLevelItems(items)
    for row, item in zip(rows, items, strict=True):
        closed = row.key in ("accounts", "town") or row.value.endswith("replaced")
        if not closed:
            _expand(item)
    select_row(view, 0)


def _expand(item: QTreeWidgetItem) -> None:
    item.setExpanded(True)
    for index in range(item.childCount()):
        child = item.child(index)
        if child is not None:
            _expand(child)


def _rule_item(row: RuleRow) -> QTreeWidgetItem:
    value = row.value
    if row.example and not row.children:
        value = f"{value} — {EXAMPLE_NOTE}" if value else EXAMPLE_NOTE
    item = QTreeWidgetItem([row.label, value, row.citation])
    item.setData(0, KEY_ROLE, row.key)
    item.setToolTip(0, row.key)
    item.setToolTip(1, value)
    item.setToolTip(2, row.citation)
    if row.example:
        tip = "An example value, not yet confirmed by the clerk"
        for column in range(3):
            item.setForeground(column, QBrush(EXAMPLE_COLOR))
        item.setToolTip(1, f"{value}: {tip}")
    for child in row.children:
        item.addChild(_rule_item(child))
    return item


def fill_schedules(view: QTreeWidget, profile: TownProfile, today: dt.date) -> None:
    view.clear()
    in_force = schedule_in_force(profile, today)
    items = []
    for index, schedule in enumerate(profile.schedules):
        first = first_license_year_under(profile, schedule.effective)
        item = QTreeWidgetItem(
            [
                f"{schedule.effective:%b %-d, %Y}",
                schedule_status(profile, index, in_force),
            ]
        )
        item.setToolTip(0, schedule.citation)
        item.setData(0, KEY_ROLE, f"schedules[{index}]")
        item.setToolTip(1, f"License years from {first}")
        items.append(item)
    view.addTopLevelItems(items)


def fill_history(view: QTreeWidget, versions: Sequence[ProfileVersionInfo]) -> None:
    view.clear()
    items = []
    for number, version in enumerate(versions):
        saved = f"{town_moment(version.saved_at):%m/%d/%Y %H:%M}"
        label = f"{version.version_id}" + (" (in force)" if number == 0 else "")
        item = QTreeWidgetItem([label, saved, version.saved_by, version.note or ""])
        item.setData(0, KEY_ROLE, version.version_id)
        item.setToolTip(2, version.saved_by)
        item.setToolTip(3, version.note or "")
        items.append(item)
    view.addTopLevelItems(items)
    select_row(view, 0)
