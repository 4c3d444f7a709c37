"""What a batch of kennel renewals is made of: each kennel's one tender as the clerk sets it,
the list handed to ``renew_kennels``, and the progress it reports from its thread."""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from PySide6.QtCore import QObject, Signal

from clerkdesk.rules.kinds import TenderKind
from clerkdesk.services.kennel_licensing import KennelDue, KennelRenewal
from clerkdesk.services.payments import KIND_WORDS, REFERENCE_WORDS, TenderInput
from clerkdesk.services.progress import Cancelled

ZERO = Decimal("0.00")
# A check first: year-end renewals come by mail.
TENDERS = (TenderKind.CHECK, TenderKind.CASH, TenderKind.MONEY_ORDER, TenderKind.CARD)


@dataclass
class ChosenTender:
    kind: TenderKind = TenderKind.CHECK
    reference: str = ""

    def words(self) -> str:
        number = f" {self.reference}" if self.reference else ""
        return f"{KIND_WORDS[self.kind]}{number}"

    @property
    def needs_number(self) -> bool:
        return self.kind in REFERENCE_WORDS and not self.reference

    def tender(self, amount: Decimal | None) -> TenderInput:
        # A check, money order or card pays what is due (None); cash is handed over exactly.
        offered = (amount or Decimal("0.00")) if self.kind is TenderKind.CASH else None
        return TenderInput(self.kind, offered, self.reference or None)


NOTHING_DUE = "nothing due"


def free(due: KennelDue) -> bool:
    """A kennel licensed free (a domestic charitable corporation's): it takes no tender."""
    return due.amount is not None and due.amount == 0


def tender_words(due: KennelDue, tenders: Mapping[int, ChosenTender]) -> str:
    return NOTHING_DUE if free(due) else tenders[due.kennel_id].words()


def needs_number(due: KennelDue, tenders: Mapping[int, ChosenTender]) -> bool:
    return not free(due) and tenders[due.kennel_id].needs_number


def renewals(
    due: Iterable[KennelDue], ticked: set[int], tenders: Mapping[int, ChosenTender]
) -> tuple[KennelRenewal, ...]:
    """The ticked kennels, in the list's order, each with its tender (no money for a free
    one: nothing is taken)."""
    return tuple(
        KennelRenewal(
            d.kennel_id,
            TenderInput(TenderKind.CASH, ZERO)
            if free(d)
            else tenders[d.kennel_id].tender(d.amount),
        )
        for d in due
        if d.kennel_id in ticked
    )


class Progress(QObject):
    """Said from the worker thread, heard on the main thread; Stop takes effect before the
    next kennel (those renewed already keep their licenses)."""

    moved = Signal(int, int, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.stop = threading.Event()

    def step(self, done: int, total: int, words: str) -> None:
        # The last step says the batch is done: nothing is left to stop.
        if self.stop.is_set() and done < total:
            raise Cancelled("Stopped: the kennels not yet renewed were left as they were.")
        self.moved.emit(done, total, words)
