"""One receipt whole: its fee lines with the rule and citation behind each, its tenders,
and its void; Reprint and Void… from here as from the list."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.town_time import town_day
from clerkdesk.services.receipt_list import ReceiptDetail, TenderDetail, tender_words
from clerkdesk.ui.fields import money
from clerkdesk.ui.views.money.receipts_table import local_time

LINE_COLUMNS = ("Fee", "Amount", "Account", "Rule")
REPRINT_KEYS = "Ctrl+P"
VOID_KEYS = "Ctrl+D"


def tender_text(tender: TenderDetail) -> str:
    said = f"{tender_words(tender.kind, tender.reference)}: {money(tender.amount)}"
    if tender.tendered is not None and tender.change_due:
        said += f" (handed {money(tender.tendered)}, change {money(tender.change_due)})"
    return said


def void_text(detail: ReceiptDetail) -> str:
    void = detail.void
    if void is None:
        return "Not voided."
    where = f" at {void.workstation}" if void.workstation else ""
    return (
        f"Voided {us_date(town_day(void.voided_at))} by {void.voided_by}{where}: {void.reason} "
        f"({money(void.amount)} reversed on {us_date(void.business_day)})."
    )


def line_rule(detail_line: object, *, with_source: bool = False) -> str:
    """The bylaw or law a line comes from, as a clerk reads it; ``with_source`` adds where
    the town's rules say it (the profile's key), for the tooltip an auditor hovers."""
    citation = getattr(detail_line, "citation", "")
    source = getattr(detail_line, "rule_source", "") if with_source or not citation else ""
    waived = getattr(detail_line, "waiver_reason", None)
    said = " — ".join(part for part in (citation, source) if part)
    return f"{said}; waived: {waived}" if waived else said


class ReceiptDialog(QDialog):
    def __init__(
        self,
        detail: ReceiptDetail,
        *,
        may_void: bool,
        may_reprint: bool,
        reprint: Callable[[], None],
        void: Callable[[], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        row = detail.row
        self.detail = detail
        title = f"Receipt {row.label}"
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.setModal(True)
        self.setMinimumWidth(820)
        layout = QVBoxLayout(self)
        heading = QLabel(title + ("  — VOID" if row.voided else ""), self)
        heading.setObjectName("DialogTitle")
        layout.addWidget(heading)
        station = f" at {detail.workstation}" if detail.workstation else ""
        self.about = QLabel(
            f"{row.payer} · business day {us_date(row.business_day)} · written "
            f"{us_date(town_day(row.issued_at))} {local_time(row.issued_at)} by "
            f"{row.issued_by}{station} · total {money(row.total)}",
            self,
        )
        self.about.setWordWrap(True)
        self.about.setAccessibleName("Receipt")
        layout.addWidget(self.about)
        self.lines = QTableWidget(len(detail.lines), len(LINE_COLUMNS), self)
        self.lines.setAccessibleName("Fee lines")
        self.lines.setHorizontalHeaderLabels(LINE_COLUMNS)
        self.lines.verticalHeader().setVisible(False)
        self.lines.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.lines.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.lines.setTabKeyNavigation(False)
        self.lines.setWordWrap(True)
        for number, line in enumerate(detail.lines):
            cells = (line.description, money(line.amount), line.account, line_rule(line))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(line_rule(line, with_source=True) if column == 3 else text)
                if column == 1:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.lines.setItem(number, column, item)
        header = self.lines.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.lines.setColumnWidth(1, 80)
        self.lines.setColumnWidth(2, 130)
        # A line's height follows its columns' widths, known only once the dialog is laid
        # out (and again whenever it is resized): until then a wrapped fee's row is too tall
        # or too short.
        header.sectionResized.connect(lambda *_a: self.lines.resizeRowsToContents())
        layout.addWidget(self.lines, 1)
        tenders = "; ".join(tender_text(t) for t in detail.tenders) or "none"
        self.tenders = QLabel(f"Paid by {tenders}.", self)
        self.tenders.setWordWrap(True)
        self.tenders.setAccessibleName("Tenders")
        layout.addWidget(self.tenders)
        self.void_label = QLabel(void_text(detail), self)
        self.void_label.setWordWrap(True)
        self.void_label.setAccessibleName("Void")
        if detail.void is not None:
            self.void_label.setObjectName("FieldError")
        layout.addWidget(self.void_label)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.reprint_button = QPushButton(f"Reprint  {REPRINT_KEYS}", self)
        self.reprint_button.setAccessibleName("Reprint the receipt")
        self.reprint_button.setShortcut(QKeySequence(REPRINT_KEYS))
        self.reprint_button.setAutoDefault(False)
        self.reprint_button.clicked.connect(lambda: self._then(reprint))
        # Hidden for a role that may not reprint (the treasurer reads, and prints the list).
        self.reprint_button.setVisible(may_reprint)
        buttons.addWidget(self.reprint_button)
        self.void_button = QPushButton(f"Void…  {VOID_KEYS}", self)
        self.void_button.setAccessibleName("Void the receipt")
        self.void_button.setShortcut(QKeySequence(VOID_KEYS))
        self.void_button.setAutoDefault(False)
        self.void_button.clicked.connect(lambda: self._then(void))
        # Hidden for a role that may not void; a voided receipt cannot be voided again.
        self.void_button.setVisible(may_void and not row.voided)
        buttons.addWidget(self.void_button)
        close = QPushButton("Close  Esc", self)
        close.setAccessibleName("Close")
        close.setDefault(True)
        close.clicked.connect(self.reject)
        buttons.addWidget(close)
        layout.addLayout(buttons)
        self.resize(880, 460)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.lines.resizeRowsToContents()
        self.fit_lines()

    def fit_lines(self) -> None:
        """Tall enough to show every fee line whole, up to the screen's height (then the
        lines scroll)."""
        table = self.lines
        more = sum(table.rowHeight(row) for row in range(table.rowCount()))
        more -= table.viewport().height()
        if more <= 0:
            return
        screen = self.screen().availableGeometry()
        frame = self.frameGeometry().height() - self.height()
        self.resize(self.width(), min(self.height() + more, screen.height() - frame))

    def _then(self, action: Callable[[], None]) -> None:
        """Close, then act: the reprint's preview or the void's form takes the keyboard."""
        self.accept()
        action()
