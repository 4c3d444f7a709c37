"""The Money area: every receipt, newest first, fifty at a time from the database, filtered
by business day, user, tender and fee code; Open (Enter) shows one whole, Reprint sends it
through the recorded reprint path, Void… reverses it (only for a role that may).

The row of actions keeps room at its end for the day's close-out, added beside them.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import QModelIndex, Qt, QTimer
from PySide6.QtGui import QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QTableView,
    QWidget,
)

from clerkdesk.errors import ClerkDeskError
from clerkdesk.rules.kinds import PrintedKind, TenderKind
from clerkdesk.rules.roles import Permission
from clerkdesk.services.receipt_list import (
    PAGE_SIZE,
    Choices,
    ReceiptDetail,
    ReceiptFilter,
    ReceiptPage,
    ReceiptRow,
    filter_choices,
    receipt_detail,
    receipt_page,
)
from clerkdesk.services.voids import VoidResult, check_voidable
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.elide import ElidedLabel
from clerkdesk.ui.fields import BadInput, message_label, money, parse_date, tell
from clerkdesk.ui.views.base import AreaView
from clerkdesk.ui.views.money.closeout_dialog import open_closeout
from clerkdesk.ui.views.money.receipt_dialog import REPRINT_KEYS, VOID_KEYS, ReceiptDialog
from clerkdesk.ui.views.money.receipts_table import (
    WIDTHS,
    ReceiptsModel,
    chosen_caption,
    describe_row,
)
from clerkdesk.ui.views.money.void_dialog import VoidDialog

OPEN_KEYS = "Enter"
PREVIOUS_KEYS = "Ctrl+PgUp"
NEXT_KEYS = "Ctrl+PgDown"
CLOSEOUT_KEYS = "Ctrl+Shift+D"
ALL = "All"
TENDERS = (
    (TenderKind.CASH, "Cash"),
    (TenderKind.CHECK, "Check"),
    (TenderKind.MONEY_ORDER, "Money order"),
    (TenderKind.CARD, "Card"),
)


class Reprints(Protocol):
    """The counter's recorded reprint path (``ui.counter.reprint_job.Reprinter``), handed
    in by the screens' builder so that the areas do not import one another."""

    busy: bool

    def start(self, kind: PrintedKind, document_id: int, reason: str | None) -> None: ...


# Given the view (the preview's parent) and where to say how the reprint went.
ReprinterFactory = Callable[[QWidget, Callable[[str, bool], None]], Reprints]


def _button(text: str, name: str, keys: str | None, parent: QWidget) -> QPushButton:
    button = QPushButton(text, parent)
    button.setAccessibleName(name)
    button.setAutoDefault(False)
    if keys:
        button.setShortcut(QKeySequence(keys))
    return button


class MoneyView(AreaView):
    def __init__(
        self, ctx: UiContext, reprinter: ReprinterFactory, parent: QWidget | None = None
    ) -> None:
        super().__init__(
            "Money",
            "Every receipt, newest first. Enter opens the one chosen; a voided receipt stays "
            "listed, marked VOID. Filter by business day (MM/DD/YYYY), user, tender or fee.",
            parent,
        )
        self.ctx = ctx
        self.page: ReceiptPage | None = None
        self.offset = 0
        self._loading = 0
        self._asked = 0
        self.dialog: Any = None
        self.notice = ""
        self.reprinter = reprinter(self, self._said)
        self.body.addLayout(self._filters())
        self.body.addLayout(self._actions())
        self.message = message_label(self, "Money")
        self.message.setAccessibleName("Money: message")
        self.body.addWidget(self.message)
        self.model = ReceiptsModel(self)
        self.table = QTableView(self)
        self.table.setAccessibleName("Receipts")
        self.table.setModel(self.model)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(26)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for column, width in enumerate(WIDTHS):
            self.table.setColumnWidth(column, width)
        self.table.activated.connect(self._activated)
        self.table.selectionModel().currentRowChanged.connect(lambda *_a: self._show_chosen())
        self.body.addWidget(self.table, 1)
        self.body.addLayout(self._paging())
        chain = (
            self.day_from,
            self.day_to,
            self.user,
            self.tender,
            self.fee,
            self.open_button,
            self.reprint_button,
            self.void_button,
            self.table,
            self.previous_button,
            self.next_button,
        )
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    # building -----------------------------------------------------------------------
    def _filters(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.day_from = self._date_box("&From", "From business day", row)
        self.day_to = self._date_box("&To", "To business day", row)
        self.user = self._combo("&User", "User", row)
        self.tender = self._combo("Te&nder", "Tender", row)
        for kind, words in TENDERS:
            self.tender.addItem(words, kind)
        self.fee = self._combo("F&ee", "Fee code", row)
        row.addStretch(1)
        return row

    def _date_box(self, caption: str, name: str, row: QHBoxLayout) -> QLineEdit:
        label = QLabel(caption, self)
        label.setMinimumWidth(label.sizeHint().width())
        box = QLineEdit(self)
        box.setAccessibleName(name)
        box.setPlaceholderText("MM/DD/YYYY")
        box.setMaximumWidth(110)
        label.setBuddy(box)
        box.editingFinished.connect(self.first_page)
        row.addWidget(label)
        row.addWidget(box)
        return box

    def _combo(self, caption: str, name: str, row: QHBoxLayout) -> QComboBox:
        label = QLabel(caption, self)
        label.setMinimumWidth(label.sizeHint().width())
        box = QComboBox(self)
        box.setAccessibleName(name)
        box.addItem(ALL, None)
        box.setMinimumWidth(120)
        label.setBuddy(box)
        box.currentIndexChanged.connect(lambda _i: self.first_page())
        row.addWidget(label)
        row.addWidget(box)
        return box

    def _actions(self) -> QHBoxLayout:
        self.action_row = QHBoxLayout()
        self.open_button = _button(f"Open  {OPEN_KEYS}", "Open the receipt", None, self)
        self.open_button.clicked.connect(self.open_current)
        self.reprint_button = _button(
            f"Reprint  {REPRINT_KEYS}", "Reprint the receipt", REPRINT_KEYS, self
        )
        self.reprint_button.clicked.connect(self.reprint_current)
        self.void_button = _button(f"Void…  {VOID_KEYS}", "Void the receipt", VOID_KEYS, self)
        self.void_button.clicked.connect(self.void_current)
        # Only a role that may void sees the action at all (the service checks again).
        self.void_button.setVisible(self.ctx.actor.may(Permission.VOID))
        self.reprint_button.setVisible(self.ctx.actor.may(Permission.REPRINT))
        # The chosen receipt in words gives way (…) to the buttons; the tooltip keeps it whole.
        self.chosen = ElidedLabel("", self, role="Chosen receipt", hint_width=420)
        self.chosen.setObjectName("ViewHint")
        self.chosen.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        for widget in (self.open_button, self.reprint_button, self.void_button):
            self.action_row.addWidget(widget)
        self.action_row.addWidget(self.chosen, 1)
        self.closeout_button = _button(
            f"Close out the day…  {CLOSEOUT_KEYS}", "Close out the day", CLOSEOUT_KEYS, self
        )
        self.closeout_button.clicked.connect(self.close_out)
        self.action_row.addWidget(self.closeout_button)
        return self.action_row

    def _paging(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.count = QLabel("", self)
        self.count.setAccessibleName("Receipts found")
        row.addWidget(self.count)
        row.addStretch(1)
        self.where = QLabel("", self)
        self.where.setAccessibleName("Page")
        row.addWidget(self.where)
        self.previous_button = _button(
            f"◀ Previous  {PREVIOUS_KEYS}", "Previous page", PREVIOUS_KEYS, self
        )
        self.previous_button.clicked.connect(self.previous_page)
        self.next_button = _button(f"Next ▶  {NEXT_KEYS}", "Next page", NEXT_KEYS, self)
        self.next_button.clicked.connect(self.next_page)
        row.addWidget(self.previous_button)
        row.addWidget(self.next_button)
        return row

    # loading ------------------------------------------------------------------------
    def busy(self) -> bool:
        return self._loading > 0 or self.reprinter.busy

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Sales and voids happen elsewhere: each showing reads the list again.
        self._load_choices()
        self.reload()
        if not event.spontaneous():  # not the window coming back from the taskbar
            # After the window moves the cursor to this page's first box (a filter).
            QTimer.singleShot(0, self._take_focus)

    def _take_focus(self) -> None:
        # F6 is "to the receipts": Up and Down move through them at once, whatever had the
        # keyboard before (another area's list, or a filter box left from an earlier visit).
        if self.isVisible():
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def _load_choices(self) -> None:
        database = self.ctx.database
        self._loading += 1
        self.ctx.tasks.run(lambda: filter_choices(database), self._choices, self._failed)

    def _choices(self, choices: Choices) -> None:
        self._loading -= 1
        for box, values in ((self.user, choices.users), (self.fee, choices.fee_codes)):
            keep = box.currentData()
            box.blockSignals(True)
            box.clear()
            box.addItem(ALL, None)
            for value in values:
                box.addItem(value, value)
            box.setCurrentIndex(max(0, box.findData(keep)) if keep else 0)
            box.blockSignals(False)

    def filters(self) -> ReceiptFilter:
        """What the filter boxes say; ``BadInput`` for a date that cannot be read."""
        return ReceiptFilter(
            day_from=parse_date(self.day_from.text()),
            day_to=parse_date(self.day_to.text()),
            user=self.user.currentData(),
            tender=self.tender.currentData(),
            fee_code=self.fee.currentData(),
        )

    def first_page(self) -> None:
        self.offset = 0
        self.reload()

    def next_page(self) -> None:
        if self.page is not None and self.page.more:
            self.offset += PAGE_SIZE
            self.reload()

    def previous_page(self) -> None:
        if self.offset > 0:
            self.offset = max(0, self.offset - PAGE_SIZE)
            self.reload()

    def reload(self) -> None:
        try:
            filters = self.filters()
        except BadInput as exc:
            tell(self.message, str(exc), problem=True)
            return
        database, offset = self.ctx.database, self.offset
        self._loading += 1
        self._asked += 1
        asked = self._asked
        self.ctx.tasks.run(
            lambda: receipt_page(database, filters, offset=offset),
            lambda page: self._loaded(page, asked),
            self._failed,
        )

    def _loaded(self, page: ReceiptPage, asked: int) -> None:
        self._loading -= 1
        if asked != self._asked:
            return  # a page asked for before the latest one
        self.page = page
        self.model.set_rows(page.rows)
        if page.rows:
            first = page.offset + 1
            self.where.setText(f"{first:,}–{first + len(page.rows) - 1:,}")
            self.table.selectRow(0)
        else:
            self.where.setText("")
        empty = "" if page.rows else "No receipts match these filters."
        tell(self.message, self.notice or empty, problem=False)
        self.notice = ""
        self.count.setText(f"{page.total_count:,} receipt{'s' if page.total_count != 1 else ''}")
        self.previous_button.setEnabled(page.offset > 0)
        self.next_button.setEnabled(page.more)
        self._show_chosen()

    def _failed(self, exc: Exception) -> None:
        self._loading -= 1
        if isinstance(exc, ClerkDeskError):
            tell(self.message, str(exc), problem=True)
            return
        raise exc

    # actions ------------------------------------------------------------------------
    def current(self) -> ReceiptRow | None:
        index = self.table.currentIndex()
        if not index.isValid():
            return None
        return self.model.row(index.row())

    def _show_chosen(self) -> None:
        row = self.current()
        self.chosen.setText(chosen_caption(row) if row else "")
        # The whole sentence (the day and who issued it too) for a screen reader.
        self.chosen.setAccessibleDescription(describe_row(row) if row else "")
        self.void_button.setEnabled(row is not None and not row.voided)
        self.reprint_button.setEnabled(row is not None)
        self.open_button.setEnabled(row is not None)

    def _activated(self, index: QModelIndex) -> None:
        if index.isValid():
            self.open_current()

    def _said(self, text: str, problem: bool) -> None:
        tell(self.message, text, problem=problem)

    def open_current(self) -> None:
        row = self.current()
        if row is None:
            return
        database, receipt_id = self.ctx.database, row.receipt_id
        self._loading += 1
        self.ctx.tasks.run(lambda: receipt_detail(database, receipt_id), self._opened, self._failed)

    def _opened(self, detail: ReceiptDetail) -> None:
        self._loading -= 1
        row = detail.row
        self.dialog = ReceiptDialog(
            detail,
            may_void=self.ctx.actor.may(Permission.VOID),
            may_reprint=self.ctx.actor.may(Permission.REPRINT),
            reprint=lambda: self._reprint(row),
            void=lambda: self._void(row),
            parent=self,
        )
        self.dialog.open()
        self.dialog.activateWindow()

    def reprint_current(self) -> None:
        row = self.current()
        if row is not None and self.ctx.actor.may(Permission.REPRINT):
            self._reprint(row)

    def _reprint(self, row: ReceiptRow) -> None:
        self.reprinter.start(PrintedKind.RECEIPT, row.receipt_id, None)

    def void_current(self) -> None:
        row = self.current()
        if row is not None and not row.voided and self.ctx.actor.may(Permission.VOID):
            self._void(row)

    def _void(self, row: ReceiptRow) -> None:
        """A refusal that is certain (a locked month, a void already made) is said before
        the clerk types a reason and confirms; otherwise the form opens."""
        database, actor, receipt_id = self.ctx.database, self.ctx.actor, row.receipt_id
        self._loading += 1
        self.ctx.tasks.run(
            lambda: check_voidable(database, receipt_id, actor=actor),
            lambda _none: self._void_form(row),
            self._failed,
        )

    def _void_form(self, row: ReceiptRow) -> None:
        self._loading -= 1
        self.dialog = VoidDialog(self.ctx, row, self)
        self.dialog.saved.connect(self._voided)
        self.dialog.open()
        self.dialog.activateWindow()

    def close_out(self) -> None:
        """The day's close-out; a role that may not close out still reads the day."""
        self.dialog = open_closeout(self.ctx, self)
        self.dialog.finished.connect(lambda _code: self.reload())

    def _voided(self, result: VoidResult) -> None:
        undone = "; ".join(result.undone)
        said = f"Receipt {result.receipt_label} voided: {money(result.amount)} reversed."
        # Said once the list is read again, which clears the message line otherwise.
        self.notice = said + (f" {undone[0].upper()}{undone[1:]}." if undone else "")
        self.ctx.money_events.changed.emit()
        self.reload()
