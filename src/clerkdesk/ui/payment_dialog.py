"""Taking payment: the amount due large, one row per kind of tender, change due large.

Every keystroke plans the tenders with the same ``plan_tenders`` every sale uses, so the
clerk sees what is still missing, and a check for the wrong amount is named beside the check
before anything is saved. Enter completes when the tenders pay exactly what is due.

A payment fee (a card convenience fee) is quoted as soon as an amount is typed on its row,
with the same rules function the sale charges it by (``services.taking_money``); the amount
due then includes it, and the clerk is told what to charge the card in all. Every caller
passes ``fee_for`` (``taking_money.payment_fees_on``), since every sale charges the fee.

The counter's sales, transfers and replacement tags take payment here, and so do kennel
licenses (the Kennels area): one dialog for every receipt, shared beside the areas.
"""

from __future__ import annotations

import contextlib
import itertools
from dataclasses import dataclass
from decimal import Decimal

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import ValidationError
from clerkdesk.rules import QuoteLine
from clerkdesk.rules.kinds import TenderKind
from clerkdesk.services.payments import KIND_WORDS, FeeFor, TenderInput, TenderPlan, plan_tenders
from clerkdesk.ui.fields import (
    BadInput,
    button_row,
    message_label,
    money,
    parse_amount,
    say,
)

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class _RowSpec:
    kind: TenderKind
    label: str
    reference: str | None


ROWS = (
    _RowSpec(TenderKind.CASH, "&Cash tendered", None),
    _RowSpec(TenderKind.CHECK, "Chec&k", "Check number"),
    _RowSpec(TenderKind.MONEY_ORDER, "&Money order", "Money order number"),
    _RowSpec(TenderKind.CARD, "C&ard", "Card authorization reference"),
)


class _AmountEdit(QLineEdit):
    """An exact tender's amount: entering it empty offers what is still due, selected."""

    offer = Signal()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        if not self.text():
            self.offer.emit()


class _Row:
    def __init__(self, dialog: PaymentDialog, grid: QGridLayout, spec: _RowSpec) -> None:
        self.spec = spec
        row = grid.rowCount()
        plain = spec.label.replace("&", "")
        self.caption = QLabel(spec.label, dialog)
        self.amount = _AmountEdit(dialog)
        self.amount.setAccessibleName(f"{plain} amount")
        self.amount.setPlaceholderText("0.00")
        self.amount.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.caption.setBuddy(self.amount)
        grid.addWidget(self.caption, row, 0)
        grid.addWidget(self.amount, row, 1)
        self.reference: QLineEdit | None = None
        if spec.reference is not None:
            self.reference = QLineEdit(dialog)
            self.reference.setAccessibleName(spec.reference)
            self.reference.setPlaceholderText(spec.reference)
            self.reference.setMinimumWidth(260)
            grid.addWidget(self.reference, row, 2)
            self.amount.offer.connect(lambda: dialog.offer_remaining(self))
        # Under the row, as wide as its fields: beside them a message had a narrow column
        # and was cut off once it wrapped.
        self.message = message_label(dialog, plain)
        grid.addWidget(self.message, row + 1, 1, 1, 3)

    def tender(self) -> TenderInput | None:
        reference = self.reference.text().strip() if self.reference is not None else ""
        try:
            amount = parse_amount(self.amount.text())
        except BadInput as exc:
            raise BadInput(str(exc), self.spec.kind.value) from None
        if amount is None and not reference:
            return None
        # A check number alone pays what is still due (offered=None).
        return TenderInput(self.spec.kind, amount, reference or None)


class PaymentDialog(QDialog):
    """``paid`` carries the tenders (a tuple of TenderInput) when the clerk completes."""

    paid = Signal(object)

    def __init__(
        self,
        total: Decimal,
        title: str,
        parent: QWidget | None = None,
        *,
        fee_for: FeeFor | None,
        purpose: str = "",
        back: tuple[str, str] = ("Cancel  Esc", "Cancel payment"),
    ) -> None:
        """``fee_for`` quotes a tender's payment fee (``total`` is before any); it has no
        default, so that no payment screen forgets the fee its sale charges (``None``: a
        payment no fee can apply to). ``purpose`` says in words what is paid for and by whom
        (a transfer names the new owner); ``back`` is the Esc button's text and accessible
        name."""
        super().__init__(parent)
        self.total = total
        self.fee_for = fee_for
        self.plan: TenderPlan | None = None
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.setModal(True)
        self.setMinimumWidth(720)
        outer = QVBoxLayout(self)
        caption = QLabel("Amount due", self)
        caption.setObjectName("DialogTitle")
        self.due = QLabel(money(total), self)
        self.due.setObjectName("AmountDue")
        self.due.setAccessibleName("Amount due")
        top = QHBoxLayout()
        top.addWidget(caption)
        top.addStretch(1)
        top.addWidget(self.due)
        outer.addLayout(top)
        self.purpose = QLabel(purpose, self)
        self.purpose.setObjectName("PaymentPurpose")
        self.purpose.setWordWrap(True)
        self.purpose.setAccessibleName("What is paid for")
        self.purpose.setVisible(bool(purpose))
        outer.addWidget(self.purpose)
        grid = QGridLayout()
        grid.setColumnStretch(3, 1)
        grid.setHorizontalSpacing(10)
        outer.addLayout(grid)
        self.rows = {spec.kind: _Row(self, grid, spec) for spec in ROWS}
        self.fees = QLabel("", self)
        self.fees.setObjectName("PaymentFees")
        self.fees.setAccessibleName("Payment fees")
        self.fees.setWordWrap(True)
        self.fees.setVisible(False)
        outer.addWidget(self.fees)
        change_row = QHBoxLayout()
        change_caption = QLabel("Change due", self)
        change_caption.setObjectName("DialogTitle")
        self.change = QLabel(money(ZERO), self)
        self.change.setObjectName("ChangeDue")
        self.change.setAccessibleName("Change due")
        change_row.addWidget(change_caption)
        change_row.addStretch(1)
        change_row.addWidget(self.change)
        outer.addLayout(change_row)
        self.summary = QLabel("", self)
        self.summary.setObjectName("PaymentSummary")
        self.summary.setAccessibleName("What is still missing")
        self.summary.setWordWrap(True)
        outer.addWidget(self.summary)
        buttons, self.complete, cancel = button_row(
            self, ("Complete  Enter", "Complete payment"), back
        )
        self.complete.clicked.connect(self.finish)
        cancel.clicked.connect(self.reject)
        outer.addLayout(buttons)
        chain: list[QWidget] = []
        for tender_row in self.rows.values():
            chain.append(tender_row.amount)
            if tender_row.reference is not None:
                chain.append(tender_row.reference)
            tender_row.amount.textChanged.connect(self.replan)
            if tender_row.reference is not None:
                tender_row.reference.textChanged.connect(self.replan)
        chain += [self.complete, cancel]
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)
        self.rows[TenderKind.CASH].amount.setFocus()
        self.replan()

    def row(self, kind: TenderKind) -> _Row:
        return self.rows[kind]

    def tenders(self) -> tuple[TenderInput, ...]:
        found = (row.tender() for row in self.rows.values())
        return tuple(t for t in found if t is not None)

    def remaining(self) -> Decimal:
        """What is due beyond the exact tenders already entered (cash is not counted)."""
        left = self.total
        for row in self.rows.values():
            if row.spec.kind is TenderKind.CASH:
                continue
            try:
                amount = parse_amount(row.amount.text())
            except BadInput:
                continue
            left -= amount or ZERO
        cash = self.rows[TenderKind.CASH]
        with contextlib.suppress(BadInput):
            left -= parse_amount(cash.amount.text()) or ZERO
        return max(left, ZERO)

    def offer_remaining(self, row: _Row) -> None:
        left = self.remaining()
        if left > ZERO:
            row.amount.setText(f"{left:.2f}")
            row.amount.selectAll()

    def replan(self) -> None:
        for row in self.rows.values():
            say(row.message, "")
        self.plan = None
        try:
            self.plan = plan_tenders(self.total, list(self.tenders()), self.fee_for)
        except BadInput as exc:
            self._problem(exc.field, str(exc))
        except ValidationError as exc:
            self._problem(exc.field, exc.message)
        self._show_fees()
        if self.plan is not None:
            self.change.setText(money(self.plan.change_due))
            self._summary(
                "Paid in full." if self.total else "Nothing is due: Enter completes.", ok=True
            )
            self.complete.setText("Complete  Enter")
        self._fit()

    def _fit(self) -> None:
        """Grow to show a message that appeared; never shrink while the clerk types."""
        layout = self.layout()
        if layout is None:
            return
        layout.activate()
        wanted = layout.totalHeightForWidth(self.width())
        if wanted > self.height():
            self.resize(self.width(), wanted)

    def quoted_fees(self) -> list[tuple[TenderKind, QuoteLine, Decimal | None]]:
        """Each payment fee with its tender and what that tender is charged in all (``None``
        until the tenders pay the total): from the plan, or else from the amounts typed."""
        if self.plan is not None:
            return [(t.kind, t.fee, t.amount) for t in self.plan.tenders if t.fee is not None]
        found: list[tuple[TenderKind, QuoteLine, Decimal | None]] = []
        if self.fee_for is None:
            return found
        for kind, row in self.rows.items():
            if kind is TenderKind.CASH:
                continue
            try:
                amount = parse_amount(row.amount.text())
                fee = self.fee_for(kind, amount) if amount is not None else None
            except (BadInput, ValidationError):
                continue
            if fee is not None:
                found.append((kind, fee, None))
        return found

    def _show_fees(self) -> None:
        fees = self.quoted_fees()
        lines = []
        for kind, fee, charged in fees:
            text = fee.description + (f" ({fee.citation})" if fee.citation else "")
            if charged is not None:
                text += f". Charge the {KIND_WORDS[kind].lower()} {money(charged)} in all."
            lines.append(text)
        self.fees.setText("\n".join(lines))
        self.fees.setVisible(bool(lines))
        self.due.setText(money(self.total + sum((f.amount for _k, f, _c in fees), ZERO)))

    def _summary(self, text: str, *, ok: bool = False) -> None:
        self.summary.setProperty("ok", ok)
        self.summary.style().unpolish(self.summary)
        self.summary.style().polish(self.summary)
        self.summary.setText(text)

    def _problem(self, field: str | None, text: str) -> None:
        self.change.setText(money(ZERO))
        for kind, row in self.rows.items():
            if field == kind.value:
                say(row.message, text)
                self._summary("")
                self.complete.setText(f"Fix {kind.value.replace('_', ' ')} first")
                self._fit()
                return
        self._summary(text)
        self.complete.setText(text.removesuffix(".") if "still due" in text else "Complete  Enter")

    def show_problem(self, field: str | None, text: str) -> None:
        """A refusal from checkout, shown where it belongs."""
        self._problem(field, text)

    def finish(self) -> None:
        if self.plan is None:
            self.replan()
        if self.plan is None:
            return
        self.paid.emit(self.tenders())
        self.accept()
