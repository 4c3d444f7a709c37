"""The Kennels area: every kennel with its keeper, class, the most dogs it may keep, the dogs
counted and its license for the year shown (or "due"), and the chosen kennel's roster,
inspections and licenses beneath. Read off the UI thread; the actions a role cannot take
are not offered to it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QModelIndex, QSize, Qt, QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QTableView,
    QWidget,
)

from clerkdesk.errors import ClerkDeskError, EnvironmentProblem
from clerkdesk.rules.roles import Permission
from clerkdesk.services.kennel_views import person_name
from clerkdesk.services.kennels import (
    KennelCard,
    KennelRow,
    kennel_card,
    kennel_list,
)
from clerkdesk.ui.area_stack import tighten
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.rows_to_room import RowsToRoom
from clerkdesk.ui.views.base import AreaView, empty_state
from clerkdesk.ui.views.kennels.column_fit import ColumnFit
from clerkdesk.ui.views.kennels.details import ROSTER_SHOWN, KennelDetails
from clerkdesk.ui.views.kennels.inspection_dialog import InspectionDialog
from clerkdesk.ui.views.kennels.kennel_dialog import KennelDialog
from clerkdesk.ui.views.kennels.keys import (
    ADD_DOG_KEYS,
    LICENSE_KEYS,
    NEW_KEYS,
)
from clerkdesk.ui.views.kennels.license_flow import LicenseFlow
from clerkdesk.ui.views.kennels.offers import ActionButton, KennelButtons, bind_key
from clerkdesk.ui.views.kennels.papers_dialog import KennelPapersDialog, ReprinterFactory
from clerkdesk.ui.views.kennels.record_actions import RecordActions
from clerkdesk.ui.views.kennels.renewals_dialog import RenewalsDialog
from clerkdesk.ui.views.kennels.report_actions import KennelReports
from clerkdesk.ui.views.kennels.roster_dialogs import AddDogDialog, RemoveDogDialog
from clerkdesk.ui.views.kennels.tables import KENNEL_FIT, kennel_model
from clerkdesk.ui.views.kennels.town_words import YearChoice, kennel_rules, shown_years

ROW_HEIGHT = 26
KENNELS_SHOWN = 6


class KennelsView(AreaView):
    """``reprinter`` makes the counter's reprint path for Papers… (handed in by the screens'
    builder, so that the areas do not import one another); without one, Papers… is not
    offered."""

    def __init__(
        self,
        ctx: UiContext,
        parent: QWidget | None = None,
        *,
        reprinter: ReprinterFactory | None = None,
    ) -> None:
        super().__init__(
            "Kennels",
            "Every kennel with its license for the year chosen. Arrows choose one; its "
            "roster, inspections and licenses show beneath.",
            parent,
        )
        tighten(self.body)  # the area fits 1280×720 whole
        self.ctx = ctx
        self.reprinter = reprinter
        today = ctx.clock.today()
        profile = ctx.town.profile if ctx.town is not None else None
        self.years: tuple[YearChoice, ...] = shown_years(profile, today)
        rules = kennel_rules(profile, today)
        self._loading = 0
        self._reads = 0
        self._card_reads = 0
        self.rows: tuple[KennelRow, ...] = ()
        self.wanted: int | None = None  # the kennel to choose once the list is read
        self.dialog: Any = None
        self.flow = LicenseFlow(self, self)
        self.records = RecordActions(self, self)
        self.reports = KennelReports(self, self)
        self.buttons = b = KennelButtons(self)
        self.new_button, self.renewals_button = b.new, b.renewals
        self.license_button, self.inspect_button = b.license, b.inspect
        self.add_dog_button, self.remove_dog_button = b.add_dog, b.remove_dog
        self.papers_button, self.labels_button = b.papers, b.labels
        self.edit_button, self.close_button = b.edit, b.close
        for button, slot in (
            (b.new, self.new_kennel),
            (b.renewals, self.year_end_renewals),
            (b.license, self.license_kennel),
            (b.inspect, self.record_inspection),
            (b.add_dog, self.add_dog),
            (b.remove_dog, self.remove_dog),
            (b.papers, self.papers),
            (b.labels, self.tag_labels),
            (b.edit, self.edit_kennel),
            (b.close, self.close_kennel),
            (b.state_report, self.reports.state_report),
            (b.inspections, self.inspection_record),
        ):
            button.clicked.connect(slot)
        self.body.addLayout(self._top())
        self.notice = QLabel("", self)
        self.notice.setObjectName("CounterNotice")
        self.notice.setWordWrap(True)
        self.notice.setAccessibleName("Message")
        self.notice.setVisible(False)
        self.notice.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.body.addWidget(self.notice)
        self.empty = empty_state("", self)
        self.empty.setAccessibleName("No kennels")
        self.empty.setVisible(False)
        self.body.addWidget(self.empty, 1)
        self.model = kennel_model(self)
        self.table = QTableView(self)
        self.table.setAccessibleName("Kennels")
        self.table.setModel(self.model)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
        # Every column in the width there is; only the long names give way, whole on hover.
        self.fit = ColumnFit(self.table, KENNEL_FIT)
        self.table.selectionModel().currentRowChanged.connect(self._row_changed)
        self.body.addWidget(self.table)
        self.details = KennelDetails(None if rules is None else rules.count_age_months, self)
        self.body.addLayout(self._kennel_buttons())
        # Correcting or closing the record is rarer than the rest: beside the kennel's name.
        self.details.add_heading_actions(
            self.papers_button, self.labels_button, self.edit_button, self.close_button
        )
        self.body.addWidget(self.details, 5)
        # Each kennel listed in view, whole, up to six, and the chosen one's roster up to
        # four, as the window's height allows; the card's other tables take the rest.
        self.rows_to_room = RowsToRoom(self)
        self.rows_to_room.add(self.table, least=2, most=KENNELS_SHOWN)
        self.rows_to_room.add(self.details.roster, least=2, most=ROSTER_SHOWN)
        self.details.roster_counted.connect(
            lambda count: self.rows_to_room.set_count(self.details.roster, count)
        )
        self._chain()
        for button in self.action_buttons():
            bind_key(button, self, lambda reason: self.say(reason, problem=True))
        self._offer_by_role()
        if not self.years:
            self.say("Set up the town's rules first (Settings, F8): no license year is known.",
                     problem=True)  # fmt: skip
        self.reload()

    # building -----------------------------------------------------------------------
    def _top(self) -> QHBoxLayout:
        row = QHBoxLayout()
        caption = QLabel("License &year:", self)
        self.year = QComboBox(self)
        self.year.setAccessibleName("License year")
        self.year.setMinimumWidth(190)
        for year in self.years:
            self.year.addItem(year.caption, year.starts_in)
        caption.setBuddy(self.year)
        self.year.currentIndexChanged.connect(lambda _i: self.reload(self.chosen_id()))
        row.addWidget(caption)
        row.addWidget(self.year)
        row.addStretch(1)
        # The area's own actions here; the chosen kennel's under the list.
        row.addWidget(self.new_button)
        row.addWidget(self.renewals_button)
        row.addWidget(self.buttons.state_report)
        return row

    def _kennel_buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addStretch(1)
        for button in (
            self.license_button,
            self.inspect_button,
            self.buttons.inspections,
            self.add_dog_button,
            self.remove_dog_button,
        ):
            row.addWidget(button)
        return row

    def _chain(self) -> None:
        chain = (
            self.year,
            self.new_button,
            self.renewals_button,
            self.buttons.state_report,
            self.table,
            self.license_button,
            self.inspect_button,
            self.buttons.inspections,
            self.add_dog_button,
            self.remove_dog_button,
            self.papers_button,
            self.labels_button,
            self.edit_button,
            self.close_button,
            self.details.roster,
            self.details.inspections,
            self.details.licenses,
        )
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    def action_buttons(self) -> tuple[ActionButton, ...]:
        return self.buttons.all

    def _offer_by_role(self, has_kennels: bool = True) -> None:
        """A role sees only the actions it may take (the services refuse the rest too); the
        rest say why they wait (no kennel chosen, a closed kennel) on hover and on their key."""
        self.has_kennels = has_kennels
        self._offer_for_chosen()

    def _offer_for_chosen(self) -> None:
        row = self.chosen()
        for button in self.action_buttons():
            button.offer_to(self.ctx.actor, row, getattr(self, "has_kennels", True))
        if self.reprinter is None:
            self.papers_button.setVisible(False)

    # reading ------------------------------------------------------------------------
    def minimumSizeHint(self) -> QSize:
        return self.rows_to_room.least_size(super().minimumSizeHint())

    def busy(self) -> bool:
        busy = self.records.loading > 0 or self.reports.loading > 0
        return self._loading > 0 or self.flow.busy() or busy

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._follow_town()
        # A sale at the counter or a renewal elsewhere may have changed the list.
        self.reload(self.chosen_id())
        QTimer.singleShot(0, self._take_focus)

    def _follow_town(self) -> None:
        """The town's rules may have changed in Settings (or the day turned): the years
        offered follow, keeping the year chosen where it is still offered."""
        profile = self.ctx.town.profile if self.ctx.town is not None else None
        years = shown_years(profile, self.ctx.clock.today())
        if years == self.years:
            return
        chosen = self.chosen_year()
        self.years = years
        self.year.blockSignals(True)
        self.year.clear()
        for year in years:
            self.year.addItem(year.caption, year.starts_in)
        at = self.year.findData(chosen)
        self.year.setCurrentIndex(max(at, 0))
        self.year.blockSignals(False)

    def _take_focus(self) -> None:
        """Coming to the area, the arrows choose a kennel: the list takes the keyboard (not
        the year box that Qt would hand it to first), unless a form is open over it."""
        if not self.isVisible() or (self.dialog is not None and self.dialog.isVisible()):
            return
        if self.table.isVisible():
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        elif (first := next((b for b in self.action_buttons() if b.offered), None)) is not None:
            first.setFocus(Qt.FocusReason.OtherFocusReason)

    def chosen_year(self) -> int | None:
        data = self.year.currentData()
        return None if data is None else int(data)

    def chosen_year_label(self) -> str:
        year = next((y for y in self.years if y.starts_in == self.chosen_year()), None)
        return "" if year is None else year.label

    def chosen(self) -> KennelRow | None:
        index = self.table.currentIndex()
        return self.model.row(index.row()) if index.isValid() else None

    def chosen_id(self) -> int | None:
        row = self.chosen()
        return None if row is None else row.kennel_id

    def reload(self, kennel_id: int | None = None) -> None:
        if not self.years:
            return
        self.wanted = kennel_id if kennel_id is not None else self.wanted
        database, today, year = self.ctx.database, self.ctx.clock.today(), self.chosen_year()
        self._loading += 1
        self._reads += 1
        read = self._reads
        self.ctx.tasks.run(
            lambda: kennel_list(database, year=year, on=today),
            lambda rows: self._listed(rows, read),
            self._failed,
        )

    def _listed(self, rows: list[KennelRow], read: int) -> None:
        self._loading -= 1
        if read != self._reads:  # a newer read is on its way
            return
        self.rows = tuple(rows)
        self.model.set_rows(self.rows)
        self.rows_to_room.set_count(self.table, len(rows))
        label = self.chosen_year_label()
        if self.ctx.actor.may(Permission.EDIT_RECORDS):
            first = f"Add the first with New kennel… ({NEW_KEYS})."
        else:
            first = "The clerk adds kennels; they are listed here once added."
        self.empty.setText(f"No kennels on file yet. {first}")
        self.empty.setVisible(not rows)
        self.table.setVisible(bool(rows))
        self.details.setVisible(bool(rows))
        self._offer_by_role(bool(rows))
        self.table.setAccessibleName(f"Kennels, license year {label}" if label else "Kennels")
        wanted = self.wanted
        at = next((n for n, r in enumerate(self.rows) if r.kennel_id == wanted), 0)
        if self.rows:
            self.table.selectRow(at)
            self.table.setCurrentIndex(self.model.index(at, 0))
            self._offer_for_chosen()
            self._read_card(self.rows[at].kennel_id)
        else:
            self.details.show_card(None)

    def _row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        row = self.model.row(current.row()) if current.isValid() else None
        self._offer_for_chosen()
        if row is not None:
            self.wanted = row.kennel_id
            self._read_card(row.kennel_id)

    def _read_card(self, kennel_id: int) -> None:
        database, today = self.ctx.database, self.ctx.clock.today()
        self._loading += 1
        self._card_reads += 1
        read = self._card_reads
        self.ctx.tasks.run(
            lambda: kennel_card(database, kennel_id, on=today),
            lambda card: self._card_read(card, read),
            self._failed,
        )

    def _card_read(self, card: KennelCard, read: int) -> None:
        self._loading -= 1
        if read == self._card_reads:
            self.details.show_card(card)

    def _failed(self, exc: Exception) -> None:
        self._loading -= 1
        if isinstance(exc, EnvironmentProblem):
            self.say(f"The kennels could not be read: {exc}", problem=True)
            return
        if isinstance(exc, ClerkDeskError):
            self.say(str(exc), problem=True)
            return
        raise exc

    def say(self, text: str, *, problem: bool = False) -> None:
        self.notice.setText(text)
        self.notice.setProperty("problem", problem)
        self.notice.style().unpolish(self.notice)
        self.notice.style().polish(self.notice)
        self.notice.setVisible(bool(text))

    # actions ------------------------------------------------------------------------
    def needs_kennel(self) -> KennelRow | None:
        row = self.chosen()
        if row is None:
            self.say("Choose a kennel in the list first (arrows, then the action).", problem=True)
        return row

    def open_dialog(self, dialog: Any, saved: Callable[[Any], None]) -> None:
        if self.dialog is not None and self.dialog.isVisible():
            return
        self.dialog = dialog
        dialog.saved.connect(saved)
        dialog.finished.connect(lambda _r: self._back_from_dialog())
        dialog.open()
        dialog.activateWindow()

    def _back_from_dialog(self) -> None:
        """The keyboard comes back to this window (and the list, unless it went elsewhere)."""
        self.window().activateWindow()
        focus = self.focusWidget()
        if focus is None or not focus.isVisible():
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def new_kennel(self) -> None:
        if self.new_button.offered:
            self.open_dialog(KennelDialog(self.ctx, self), self._kennel_added)

    def _kennel_added(self, kennel_id: int) -> None:
        self.say("Kennel added. Add its dogs with Add dog… "
                 f"({ADD_DOG_KEYS}); then License / renew… ({LICENSE_KEYS}).")  # fmt: skip
        self.reload(kennel_id)
        self.table.setFocus()

    def add_dog(self) -> None:
        row = self.needs_kennel() if self.add_dog_button.offered else None
        if row is not None:
            dialog = AddDogDialog(self.ctx, row.kennel_id, row.name, self)
            self.open_dialog(dialog, self._roster_changed)

    def remove_dog(self) -> None:
        row = self.needs_kennel() if self.remove_dog_button.offered else None
        if row is None:
            return
        card = self.details.card
        dog_id = self.details.chosen_dog()
        if card is None or dog_id is None:
            self.say("Choose the dog in the roster first (Tab to the roster, then arrows).",
                     problem=True)  # fmt: skip
            self.details.roster.setFocus()
            return
        name = next(d.name for d in card.roster if d.dog_id == dog_id)
        self.open_dialog(
            RemoveDogDialog(self.ctx, row.kennel_id, row.name, dog_id, name, self),
            lambda said: self._roster_changed(said, removed=True),
        )

    def _roster_changed(self, dog_name: str, *, removed: bool = False) -> None:
        kennel = self.chosen()
        where = kennel.name if kennel else "the kennel"
        done = "left" if removed else "is now on"
        self.say(f"{dog_name} {done} {where}'s roster.")
        self.reload(self.chosen_id())

    def record_inspection(self) -> None:
        row = self.needs_kennel() if self.inspect_button.offered else None
        if row is None:
            return
        # The inspector proposed is the person signed in, by the name they go by.
        database, name = self.ctx.database, self.ctx.actor.name
        self._loading += 1
        self.ctx.tasks.run(
            lambda: person_name(database, name),
            lambda inspector: self._inspect(row, inspector),
            self._failed,
        )

    def _inspect(self, row: KennelRow, inspector: str) -> None:
        self._loading -= 1
        if row.kennel_id != self.chosen_id():
            return  # the clerk chose another kennel meanwhile
        # The year the area shows is the one being worked: the inspection is for it.
        dialog = InspectionDialog(
            self.ctx, row.kennel_id, row.name, self.years, self.chosen_year(), self,
            inspector=inspector,
        )  # fmt: skip
        self.open_dialog(dialog, lambda _id: self._inspected(row.name))

    def _inspected(self, name: str) -> None:
        self.say(f"Inspection of {name} recorded.")
        self.reload(self.chosen_id())

    # Correcting, closing and labelling the record: ``RecordActions``.
    def edit_kennel(self) -> None:
        row = self.needs_kennel() if self.edit_button.offered else None
        if row is not None:
            self.records.edit(row)

    def close_kennel(self) -> None:
        row = self.needs_kennel() if self.close_button.offered else None
        if row is not None:
            self.records.close(row)

    def tag_labels(self) -> None:
        row = self.needs_kennel() if self.labels_button.offered else None
        if row is not None:
            self.records.labels(row)

    def inspection_record(self) -> None:
        row = self.needs_kennel() if self.buttons.inspections.offered else None
        if row is not None:
            self.reports.inspection_record(row)

    def papers(self) -> None:
        row = self.needs_kennel() if self.papers_button.offered else None
        if row is not None and self.reprinter is not None:
            dialog = KennelPapersDialog(self.ctx, row.kennel_id, row.name, self.reprinter, self)
            self.dialog = dialog
            dialog.finished.connect(lambda _r: self._back_from_dialog())
            dialog.open()
            dialog.activateWindow()

    def license_kennel(self) -> None:
        row = self.needs_kennel() if self.license_button.offered else None
        if row is not None:
            self.flow.start(row.kennel_id, self.chosen_year())

    def year_end_renewals(self) -> None:
        if not self.renewals_button.offered or not self.years:
            return
        if self.dialog is not None and self.dialog.isVisible():
            return
        # The year the list shows: next year's during its early sale, this year's for the
        # kennels still due after the year began.
        year = next((y for y in self.years if y.starts_in == self.chosen_year()), self.years[-1])
        dialog = RenewalsDialog(self.ctx, year.starts_in, year.label, self)
        dialog.renewed.connect(lambda _result: self.reload(self.chosen_id()))
        dialog.finished.connect(lambda _r: self._back_from_dialog())
        self.dialog = dialog
        dialog.open()
        dialog.activateWindow()
